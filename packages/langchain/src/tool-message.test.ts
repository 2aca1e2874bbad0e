import type { CrosswireWarning } from '@crosswire/core';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { tool } from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mcpToolMessage, toolMessageContent } from './index.js';
import { RESULT_ARTIFACT } from './read-content.js';
import { runAgent, toolTurn } from './test-support/agent-run.js';
import { type Mcp, PDF, PNG, SNAPSHOT, startMcp } from './test-support/mcp-fixture.js';

const PLACEHOLDERS =
  'page title: Example\n[image] image/png (852 bytes)\n[resource] application/pdf <file:///reports/q3.pdf> (191 bytes)';
const CALL = { name: 'snapshot', toolCallId: 'call_1' };

function collect() {
  const warnings: CrosswireWarning[] = [];
  return { warnings, onWarning: (warning: CrosswireWarning) => warnings.push(warning) };
}

describe('toolMessageContent', () => {
  it('without a provider: the text form with placeholders, which every integration sends', () => {
    const { warnings, onWarning } = collect();
    expect(toolMessageContent(SNAPSHOT, { ...CALL, onWarning })).toBe(PLACEHOLDERS);
    expect(warnings).toEqual([]);
  });

  it('without a provider: a payload in the structured content is replaced, told to onWarning', () => {
    const { warnings, onWarning } = collect();
    const content = toolMessageContent(
      { ...SNAPSHOT, structuredContent: { thumbnail: `data:image/png;base64,${PNG}` } },
      { ...CALL, onWarning },
    );
    expect(content).not.toContain(PNG);
    expect(warnings.map((warning) => warning.code)).toEqual(['structured_content_media_replaced']);
  });

  it('anthropic: the tool_result content blocks, image and PDF native', () => {
    expect(
      toolMessageContent(SNAPSHOT, { ...CALL, provider: 'anthropic', model: 'claude-sonnet-5-5' }),
    ).toEqual([
      { type: 'text', text: 'page title: Example' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF } },
    ]);
  });

  it('openai-responses: input_text, input_image and input_file parts', () => {
    expect(
      toolMessageContent(SNAPSHOT, { ...CALL, provider: 'openai-responses', model: 'gpt-6.1-sol' }),
    ).toEqual([
      { type: 'input_text', text: 'page title: Example' },
      { type: 'input_image', image_url: `data:image/png;base64,${PNG}` },
      { type: 'input_file', filename: 'q3.pdf', file_data: `data:application/pdf;base64,${PDF}` },
    ]);
  });

  it('a wire whose tool message is text: placeholders, and a warning that names the middleware', () => {
    for (const [provider, model] of [
      ['openai', 'gpt-6.1-sol'],
      ['gemini', 'gemini-3-flash-preview'],
      ['ollama', 'qwen2.5vl'],
    ] as const) {
      const { warnings, onWarning } = collect();
      expect(toolMessageContent(SNAPSHOT, { ...CALL, provider, model, onWarning })).toBe(
        PLACEHOLDERS,
      );
      expect(warnings.map((warning) => [warning.code, warning.details])).toEqual([
        [
          'tool_result_image_placeholder',
          { toolName: 'snapshot', callId: 'call_1', model, wire: provider },
        ],
      ]);
    }
  });

  it('an unknown model: placeholders and unknown_model', () => {
    const { warnings, onWarning } = collect();
    expect(
      toolMessageContent(SNAPSHOT, { ...CALL, provider: 'anthropic', model: 'no-such', onWarning }),
    ).toEqual([
      { type: 'text', text: 'page title: Example' },
      { type: 'text', text: '[image] image/png (852 bytes)' },
      { type: 'text', text: '[resource] application/pdf <file:///reports/q3.pdf> (191 bytes)' },
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual([
      'unknown_model',
      'tool_result_image_placeholder',
    ]);
  });

  it("reads the adapters' content blocks too", () => {
    const adapters = [
      { type: 'text', text: 'page title: Example' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
    ];
    expect(
      toolMessageContent(adapters, { provider: 'anthropic', model: 'claude-sonnet-5-5' }),
    ).toEqual([
      { type: 'text', text: 'page title: Example' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
    ]);
  });
});

describe('mcpToolMessage', () => {
  it('a ToolMessage answering the call, with the MCP result as its artifact', () => {
    const message = mcpToolMessage(SNAPSHOT, CALL);
    expect({
      content: message.content,
      tool_call_id: message.tool_call_id,
      name: message.name,
      status: message.status,
      artifact: message.artifact,
      metadata: message.metadata,
    }).toEqual({
      content: PLACEHOLDERS,
      tool_call_id: 'call_1',
      name: 'snapshot',
      status: 'success',
      artifact: { content: SNAPSHOT.content, isError: false },
      metadata: { crosswire: RESULT_ARTIFACT },
    });
  });

  it('a failed call: status error', () => {
    const message = mcpToolMessage(
      { isError: true, content: [{ type: 'text', text: 'no browser' }] },
      { name: 'browse', toolCallId: 'call_9' },
    );
    expect([message.status, message.content]).toEqual(['error', 'no browser']);
  });
});

describe('a tool that returns mcpToolMessage, in an agent with the middleware', () => {
  let simulator: Simulator;
  let mcp: Mcp;
  beforeAll(async () => {
    simulator = await startSimulator();
    mcp = await startMcp();
  });
  afterAll(async () => {
    await mcp.close();
    await simulator.close();
  });

  it('Chat Completions: rendered again from the artifact, so the image follows in a user message', async () => {
    const snapshot = tool(
      async (_input, runtime) =>
        mcpToolMessage(await mcp.client.callTool({ name: 'snapshot', arguments: {} }), {
          name: 'snapshot',
          toolCallId: runtime.toolCall?.id ?? '',
        }),
      { name: 'snapshot', description: 'A page snapshot', schema: z.object({}) },
    );
    const run = await runAgent(simulator, 'ChatOpenAI gpt-6.1-sol (Chat Completions)', [snapshot], {
      middleware: true,
      script: [
        { type: 'tool_calls', calls: [{ name: 'snapshot', arguments: {}, id: 'call_1' }] },
        { type: 'text', text: 'done' },
      ],
    });
    expect(run.answer).toBe('done');
    expect(run.requests.map((request) => request.violations)).toEqual([[], []]);
    expect(toolTurn(run.requests[1])).toEqual([
      { role: 'tool', content: PLACEHOLDERS, name: 'snapshot', tool_call_id: 'call_1' },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'The tool results above returned 1 image(s), attached here in order: snapshot (call_1).',
          },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
        ],
      },
    ]);
  });
});
