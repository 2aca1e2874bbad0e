// The adapter degrades per result (issue 39, item 7): a malformed resource URI, an over-deep
// result and media inside structuredContent become that result's placeholder or error text
// with a warning; the generation goes on. The last case runs the real AI SDK (generateText)
// against the simulator on 127.0.0.1.
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { CrosswireWarning } from '@crosswire/core';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crosswireMiddleware, mcpToModelOutput } from './index.js';
import { PIXEL_PNG, TINY_PDF } from './test-support/mcp-fixture.js';

type Nested = { a: Nested | number };

/** `{ a: { a: ... { a: 1 } } }`, `depth` objects deep. */
function deep(depth: number): Nested {
  let value: Nested = { a: 1 };
  for (let level = 1; level < depth; level++) value = { a: value };
  return value;
}

function collect() {
  const warnings: CrosswireWarning[] = [];
  return { warnings, onWarning: (warning: CrosswireWarning) => warnings.push(warning) };
}

describe('mcpToModelOutput degrades one result, never throws', () => {
  it('a resource URI that is not well-formed percent-encoding: the filename as written, with a warning', () => {
    const { warnings, onWarning } = collect();
    const output = mcpToModelOutput(
      {
        content: [
          {
            type: 'resource',
            resource: {
              uri: 'file:///reports/%E0%A4%A.pdf',
              mimeType: 'application/pdf',
              blob: TINY_PDF,
            },
          },
        ],
      },
      { toolName: 'report', toolCallId: 'call_1', onWarning },
    );
    expect(output).toEqual({
      type: 'content',
      value: [
        {
          type: 'file',
          mediaType: 'application/pdf',
          data: { type: 'data', data: TINY_PDF },
          filename: '%E0%A4%A.pdf',
        },
      ],
    });
    expect(warnings).toEqual([
      {
        code: 'resource_uri_malformed',
        message:
          'the URI of a resource from tool report is not well-formed percent-encoding; its filename is sent as written',
        details: { toolName: 'report', callId: 'call_1', segment: '%E0%A4%A.pdf' },
      },
    ]);
  });

  it('structuredContent nested past 256 levels: that result is error text, with a warning', () => {
    const { warnings, onWarning } = collect();
    const output = mcpToModelOutput(
      { content: [], structuredContent: deep(300) },
      { toolName: 'tree', toolCallId: 'call_2', onWarning },
    );
    expect(output).toEqual({
      type: 'error-text',
      value:
        'tool tree returned a malformed result: structuredContent nests deeper than 256 levels',
    });
    expect(warnings).toEqual([
      {
        code: 'tool_result_malformed',
        message:
          'tool tree returned a malformed result: structuredContent nests deeper than 256 levels; the model gets this error text in its place',
        details: { toolName: 'tree', callId: 'call_2' },
      },
    ]);
  });

  it('an image inside structuredContent goes as its placeholder, never as base64, as ToolResult sends it', () => {
    const { warnings, onWarning } = collect();
    const output = mcpToModelOutput(
      {
        content: [],
        structuredContent: { page: 'Example', shot: { mimeType: 'image/png', data: PIXEL_PNG } },
      },
      { toolName: 'snapshot', onWarning },
    );
    expect(output).toEqual({
      type: 'json',
      value: {
        page: 'Example',
        shot: { mimeType: 'image/png', data: '[image] image/png (68 bytes)' },
      },
    });
    expect(JSON.stringify(output)).not.toContain(PIXEL_PNG.slice(0, 40));
    expect(warnings.map((warning) => warning.code)).toEqual(['structured_content_media_replaced']);
  });
});

describe('crosswireMiddleware degrades one result, never the generation', () => {
  const model = { provider: 'openai.chat', modelId: 'gpt-4o' } as LanguageModelV4;

  it('an over-deep CallToolResult becomes its error text; the other result is rewritten as usual', async () => {
    const { warnings, onWarning } = collect();
    const params: LanguageModelV4CallOptions = {
      prompt: [
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'deep',
              toolName: 'tree',
              output: {
                type: 'json',
                value: { content: [{ type: 'text', text: 'x' }], structuredContent: deep(300) },
              },
            },
            {
              type: 'tool-result',
              toolCallId: 'fine',
              toolName: 'echo',
              output: { type: 'json', value: { content: [{ type: 'text', text: 'hello' }] } },
            },
          ],
        },
      ],
    };
    const transformed = (await crosswireMiddleware({ onWarning }).transformParams?.({
      type: 'generate',
      params,
      model,
    })) as LanguageModelV4CallOptions;
    expect(transformed.prompt).toEqual([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'deep',
            toolName: 'tree',
            output: {
              type: 'error-text',
              value:
                'tool tree returned a malformed result: structuredContent nests deeper than 256 levels',
            },
          },
          {
            type: 'tool-result',
            toolCallId: 'fine',
            toolName: 'echo',
            output: { type: 'text', value: 'hello' },
          },
        ],
      },
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual(['tool_result_malformed']);
  });

  describe('with the real AI SDK', () => {
    let simulator: Simulator;
    beforeAll(async () => {
      simulator = await startSimulator();
    });
    afterAll(async () => {
      await simulator.close();
    });

    it('generateText finishes when one tool returns a result nested 300 deep', async () => {
      const lane = 'deep-result';
      simulator.script(lane, [
        {
          type: 'tool_calls',
          calls: [
            { name: 'tree', arguments: {}, id: 'call_tree' },
            { name: 'echo', arguments: {}, id: 'call_echo' },
          ],
        },
        { type: 'text', text: 'done' },
      ]);
      const { warnings, onWarning } = collect();
      const base = createOpenAI({
        apiKey: 'k',
        baseURL: `${simulator.baseUrl('openai', lane)}/v1`,
      }).chat('gpt-4o');
      const empty = jsonSchema<Record<string, never>>({ type: 'object', properties: {} });
      const result = await generateText({
        model: wrapLanguageModel({ model: base, middleware: crosswireMiddleware({ onWarning }) }),
        tools: {
          tree: tool({
            inputSchema: empty,
            execute: async () => ({
              content: [{ type: 'text', text: 'tree' }],
              structuredContent: deep(300),
            }),
          }),
          echo: tool({
            inputSchema: empty,
            execute: async () => ({ content: [{ type: 'text', text: 'hello' }] }),
          }),
        },
        prompt: 'go',
        stopWhen: stepCountIs(3),
      });
      expect(result.text).toBe('done');
      const second = simulator.received(lane)[1]?.body as { messages: unknown[] };
      expect(second.messages.slice(2)).toEqual([
        {
          role: 'tool',
          tool_call_id: 'call_tree',
          // The AI SDK's openai provider sends an error-text output as `{"error": ...}`.
          content: JSON.stringify({
            error:
              'tool tree returned a malformed result: structuredContent nests deeper than 256 levels',
          }),
        },
        { role: 'tool', tool_call_id: 'call_echo', content: 'hello' },
      ]);
      expect(warnings.map((warning) => warning.code)).toEqual(['tool_result_malformed']);
    });
  });
});
