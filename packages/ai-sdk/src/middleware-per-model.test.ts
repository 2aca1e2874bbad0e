// One crosswireMiddleware shared by several models of one provider, as an app wires it once,
// with the real AI SDK against @crosswire/simulator on 127.0.0.1 and a real MCP tool: each
// model is sent what it can see. And MCP audio reaches the model as a file part.
import { createOpenAI } from '@ai-sdk/openai';
import type { CrosswireWarning } from '@crosswire/core';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crosswireMiddleware, mcpToModelOutput } from './index.js';
import { PIXEL_PNG, snapshotTool, startMcp } from './test-support/mcp-fixture.js';

let simulator: Simulator;
let mcp: Awaited<ReturnType<typeof startMcp>>;
beforeAll(async () => {
  simulator = await startSimulator();
  mcp = await startMcp();
});
afterAll(async () => {
  await mcp.close();
  await simulator.close();
});

interface ChatBody {
  messages: { role: string; content: unknown }[];
}

describe('one middleware, two models of one provider', () => {
  it('a vision model after a text-only one gets the image, not the placeholder', async () => {
    const warnings: CrosswireWarning[] = [];
    const middleware = crosswireMiddleware({ onWarning: (warning) => warnings.push(warning) });
    const provider = createOpenAI({
      apiKey: 'k',
      baseURL: `${simulator.baseUrl('openai', 'models')}/v1`,
    });
    const ask = async (modelId: string) => {
      simulator.script('models', [
        { type: 'tool_calls', calls: [{ name: 'snapshot', arguments: {}, id: 'call_1' }] },
        { type: 'text', text: 'done' },
      ]);
      const before = simulator.received('models').length;
      const result = await generateText({
        model: wrapLanguageModel({ model: provider.chat(modelId), middleware }),
        tools: { snapshot: snapshotTool(mcp.client) },
        prompt: 'Look at the page.',
        stopWhen: stepCountIs(3),
      });
      expect(result.text).toBe('done');
      const second = simulator.received('models')[before + 1];
      expect(second?.violations).toEqual([]);
      return ((second?.body ?? {}) as ChatBody).messages.slice(2);
    };

    // o3-mini sees no images: the placeholder, and a warning naming it.
    const textOnly = await ask('o3-mini');
    expect(textOnly).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content:
          'page title: Example\n[image] image/png (68 bytes)\n[resource] application/pdf <file:///reports/q3.pdf> (191 bytes)',
      },
    ]);
    expect(warnings.map((warning) => [warning.code, warning.details?.model])).toEqual([
      ['tool_result_image_placeholder', 'o3-mini'],
    ]);

    // gpt-4o sees images: they follow the tool message in a user message.
    const vision = await ask('gpt-4o');
    expect(vision).toHaveLength(2);
    expect(vision[0]?.role).toBe('tool');
    expect(vision[1]?.role).toBe('user');
    expect(JSON.stringify(vision[1]?.content)).toContain(`data:image/png;base64,${PIXEL_PNG}`);
    // No second warning: gpt-4o was not planned as o3-mini.
    expect(warnings).toHaveLength(1);
  });
});

describe('mcpToModelOutput: MCP audio', () => {
  it('an audio item becomes a file part with its media type and bytes', () => {
    const wav = Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt ').toString('base64');
    expect(
      mcpToModelOutput({
        content: [
          { type: 'text', text: 'the recording' },
          { type: 'audio', data: wav, mimeType: 'audio/wav' },
        ],
      }),
    ).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'the recording' },
        { type: 'file', mediaType: 'audio/wav', data: { type: 'data', data: wav } },
      ],
    });
  });
});
