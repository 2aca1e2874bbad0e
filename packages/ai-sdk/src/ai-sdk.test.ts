// The middleware with the real AI SDK (ai@7 generateText / streamText and the official provider
// packages) against @crosswire/simulator on 127.0.0.1, with a real MCP tool (official SDK)
// returning text, a PNG and a PDF. Every request must pass the simulator's strict rules.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { CrosswireWarning, WireFormat } from '@crosswire/core';
import { containsBase64Payload, type Simulator, startSimulator } from '@crosswire/simulator';
import { generateText, stepCountIs, streamText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crosswireMiddleware, mcpToModelOutput } from './index.js';
import { PIXEL_PNG, snapshotTool, startMcp, TINY_PDF } from './test-support/mcp-fixture.js';

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
  readonly model: (baseUrl: string) => LanguageModelV4;
}

const TARGETS = {
  'openai.chat gpt-4o': {
    wire: 'openai',
    model: (base) => createOpenAI({ apiKey: 'k', baseURL: `${base}/v1` }).chat('gpt-4o'),
  },
  'openai.responses gpt-4o': {
    wire: 'responses',
    model: (base) => createOpenAI({ apiKey: 'k', baseURL: `${base}/v1` }).responses('gpt-4o'),
  },
  'anthropic claude-sonnet-4-5': {
    wire: 'anthropic',
    model: (base) => createAnthropic({ apiKey: 'k', baseURL: `${base}/v1` })('claude-sonnet-4-5'),
  },
  'google gemini-2.5-flash': {
    wire: 'gemini',
    model: (base) =>
      createGoogleGenerativeAI({ apiKey: 'k', baseURL: `${base}/v1beta` })('gemini-2.5-flash'),
  },
  'google gemini-3-pro-preview': {
    wire: 'gemini',
    model: (base) =>
      createGoogleGenerativeAI({ apiKey: 'k', baseURL: `${base}/v1beta` })('gemini-3-pro-preview'),
  },
  'openrouter (openai-compatible) openai/gpt-4o': {
    wire: 'openai',
    model: (base) =>
      createOpenAICompatible({ name: 'openrouter', apiKey: 'k', baseURL: `${base}/v1` }).chatModel(
        'openai/gpt-4o',
      ),
  },
} as const satisfies Record<string, Target>;

let laneCount = 0;

async function run(
  name: keyof typeof TARGETS,
  options: { middleware: boolean; stream?: boolean; toModelOutput?: boolean },
) {
  const target: Target = TARGETS[name];
  const lane = `lane${++laneCount}`;
  simulator.script(lane, [
    { type: 'tool_calls', calls: [{ name: 'snapshot', arguments: {}, id: 'call_1' }] },
    { type: 'text', text: 'done' },
  ]);
  const warnings: CrosswireWarning[] = [];
  const base = target.model(simulator.baseUrl(target.wire, lane));
  const model = options.middleware
    ? wrapLanguageModel({
        model: base,
        middleware: crosswireMiddleware({ onWarning: (warning) => warnings.push(warning) }),
      })
    : base;
  const tools = {
    snapshot: snapshotTool(
      mcp.client,
      options.toModelOutput ? (output) => mcpToModelOutput(output) : undefined,
    ),
  };
  const call = { model, tools, prompt: 'Look at the page.', stopWhen: stepCountIs(3) };
  if (options.stream) {
    const result = streamText(call);
    expect(await result.text).toBe('done');
  } else {
    expect((await generateText(call)).text).toBe('done');
  }
  const requests = simulator.received(lane);
  return { requests, second: requests[1], warnings };
}

function bodyText(body: unknown): string {
  return JSON.stringify(body);
}

/** Keys whose string values a model reads as text (never a media field like `image_url` or `data`). */
const TEXT_KEYS = new Set(['text', 'content', 'output', 'result', 'response']);

/** The text strings inside a wire block, wherever they nest. */
function textsOf(value: unknown, key = 'content'): string[] {
  if (typeof value === 'string') return TEXT_KEYS.has(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => textsOf(item, key));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, item]) => textsOf(item, name));
}

describe('crosswireMiddleware with the real AI SDK, against the simulator', () => {
  for (const name of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
    for (const stream of [false, true]) {
      it(`${name} (${stream ? 'streamText' : 'generateText'}): strict rules pass, no base64 text, the image reaches the model`, async () => {
        const { requests, second, warnings } = await run(name, { middleware: true, stream });
        expect(requests).toHaveLength(2);
        for (const request of requests) expect(request.violations).toEqual([]);
        // The tool result's text never holds a base64 payload.
        for (const result of second?.toolResults ?? []) {
          expect(textsOf(result.block).filter(containsBase64Payload)).toEqual([]);
        }
        // The PNG is somewhere the model sees it: a native part or the user message after.
        expect(bodyText(second?.body)).toContain(PIXEL_PNG);
        expect(warnings).toEqual([]);
      });
    }
  }
});
