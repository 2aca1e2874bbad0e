// Differential test: the tool turn the AI SDK sends with crosswireMiddleware vs the tool turn
// @crosswire/engines builds for the same conversation (same provider, model and MCP result).
// @crosswire/engines is a devDependency of this test only, never of the package. Every
// difference is one of INTENDED (written down with its reason, also in docs/ai-sdk.md).
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { createToolCall, type WireFormat } from '@crosswire/core';
import { createEngine } from '@crosswire/engines';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crosswireMiddleware } from './index.js';
import { snapshotTool, startMcp } from './test-support/mcp-fixture.js';

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

interface Target {
  readonly wire: WireFormat;
  readonly provider: string;
  readonly model: string;
  readonly aiSdk: (baseUrl: string, model: string) => LanguageModelV4;
  /** The tool turn in a body: the messages after the assistant's call. */
  readonly toolTurn: (body: Record<string, unknown>) => unknown;
}

const after = (list: unknown, predicate: (item: Record<string, unknown>) => boolean) => {
  const items = list as Record<string, unknown>[];
  return items.slice(items.findIndex(predicate) + 1);
};

const TARGETS: Record<string, Target> = {
  openai: {
    wire: 'openai',
    provider: 'openai',
    model: 'gpt-4o',
    aiSdk: (base, model) => createOpenAI({ apiKey: 'k', baseURL: `${base}/v1` }).chat(model),
    toolTurn: (body) => after(body.messages, (message) => message.role === 'assistant'),
  },
  'openai text-only': {
    wire: 'openai',
    provider: 'openai',
    model: 'gpt-3.5-turbo',
    aiSdk: (base, model) => createOpenAI({ apiKey: 'k', baseURL: `${base}/v1` }).chat(model),
    toolTurn: (body) => after(body.messages, (message) => message.role === 'assistant'),
  },
  responses: {
    wire: 'responses',
    provider: 'openai-responses',
    model: 'gpt-4o',
    aiSdk: (base, model) => createOpenAI({ apiKey: 'k', baseURL: `${base}/v1` }).responses(model),
    toolTurn: (body) => after(body.input, (item) => item.type === 'function_call'),
  },
  anthropic: {
    wire: 'anthropic',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    aiSdk: (base, model) => createAnthropic({ apiKey: 'k', baseURL: `${base}/v1` })(model),
    toolTurn: (body) => after(body.messages, (message) => message.role === 'assistant'),
  },
  'gemini-2.5': {
    wire: 'gemini',
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    aiSdk: (base, model) =>
      createGoogleGenerativeAI({ apiKey: 'k', baseURL: `${base}/v1beta` })(model),
    toolTurn: (body) => after(body.contents, (content) => content.role === 'model'),
  },
  'gemini-3': {
    wire: 'gemini',
    provider: 'gemini',
    model: 'gemini-3-pro-preview',
    aiSdk: (base, model) =>
      createGoogleGenerativeAI({ apiKey: 'k', baseURL: `${base}/v1beta` })(model),
    toolTurn: (body) => after(body.contents, (content) => content.role === 'model'),
  },
};

/**
 * The intended differences, per target: the leaf paths (in the tool turn) where the two differ,
 * written by hand from the wire rules; each is explained in docs/ai-sdk.md ("Differences from
 * @crosswire/engines").
 */
const GEMINI_RESPONSE = [
  // The AI SDK writes `response: { name, content }` around the text Crosswire sends as
  // `response: { result }`: the middleware hands the AI SDK the text, its Gemini converter the key.
  '[0].parts[0].functionResponse.response.name',
  '[0].parts[0].functionResponse.response.content',
  '[0].parts[0].functionResponse.response.result',
];
const INTENDED: Record<string, readonly string[]> = {
  openai: [],
  'openai text-only': [],
  responses: [],
  anthropic: [],
  'gemini-2.5': [
    ...GEMINI_RESPONSE,
    // Gemini 2.x: both send the image and the PDF as inlineData beside the functionResponse;
    // engines puts one label naming the call before each kind, the AI SDK's legacy path (which the
    // middleware rides) a fixed sentence after each item.
    '[0].parts[1].inlineData',
    '[0].parts[1].text',
    '[0].parts[2].text',
    '[0].parts[2].inlineData',
    '[0].parts[3].inlineData',
    '[0].parts[3].text',
    '[0].parts[4].text',
    '[0].parts[4].inlineData',
  ],
  'gemini-3': GEMINI_RESPONSE,
};

/** Leaf paths where two JSON values differ. */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return [path];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) =>
    differences(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}${Array.isArray(a) ? `[${key}]` : `.${key}`}`,
    ),
  );
}

describe('the middleware sends the tool turn @crosswire/engines sends', () => {
  for (const [name, target] of Object.entries(TARGETS)) {
    it(name, async () => {
      const lane = `diff-${name.replace(/\W/g, '-')}`;
      simulator.script(lane, [
        { type: 'tool_calls', calls: [{ name: 'snapshot', arguments: {}, id: 'call_1' }] },
        { type: 'text', text: 'done' },
      ]);
      const model = wrapLanguageModel({
        model: target.aiSdk(simulator.baseUrl(target.wire, lane), target.model),
        middleware: crosswireMiddleware({ onWarning: () => {} }),
      });
      await generateText({
        model,
        tools: { snapshot: snapshotTool(mcp.client) },
        prompt: 'Look at the page.',
        stopWhen: stepCountIs(3),
      });
      const [first, second] = simulator.received(lane);
      const callId = second?.toolResults[0]?.id ?? '';
      const mcpResult = await mcp.client.callTool({ name: 'snapshot', arguments: {} });
      const engine = createEngine({
        provider: target.provider,
        model: target.model,
        apiKey: 'k',
        onWarning: () => {},
      });
      const built = (await engine.buildRequest([
        { role: 'user', content: 'Look at the page.' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [createToolCall({ id: callId, name: 'snapshot', arguments: {} })],
        },
        {
          role: 'tool',
          results: [ToolResult.fromCallToolResult({ name: 'snapshot', id: callId }, mcpResult)],
        },
      ])) as Record<string, unknown>;
      expect(first?.violations).toEqual([]);
      const aiSdkTurn = target.toolTurn(second?.body as Record<string, unknown>);
      const enginesTurn = target.toolTurn(JSON.parse(JSON.stringify(built)));
      expect(differences(aiSdkTurn, enginesTurn)).toEqual(INTENDED[name]);
    });
  }
});
