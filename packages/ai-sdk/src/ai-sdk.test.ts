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

describe('a text-only model', () => {
  it('deepseek-chat (openai-compatible): the tool message has placeholders, no image follows, and a warning says so', async () => {
    const lane = 'text-only';
    simulator.script(lane, [
      { type: 'tool_calls', calls: [{ name: 'snapshot', arguments: {}, id: 'call_1' }] },
      { type: 'text', text: 'done' },
    ]);
    const warnings: CrosswireWarning[] = [];
    const model = wrapLanguageModel({
      model: createOpenAICompatible({
        name: 'deepseek',
        apiKey: 'k',
        baseURL: `${simulator.baseUrl('openai', lane)}/v1`,
      }).chatModel('deepseek-chat'),
      middleware: crosswireMiddleware({ onWarning: (warning) => warnings.push(warning) }),
    });
    await generateText({
      model,
      tools: { snapshot: snapshotTool(mcp.client) },
      prompt: 'Look at the page.',
      stopWhen: stepCountIs(3),
    });
    const [, second] = simulator.received(lane);
    const messages = ((second?.body ?? {}) as { messages: unknown[] }).messages;
    expect(messages.slice(2)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content:
          'page title: Example\n[image] image/png (68 bytes)\n[resource] application/pdf <file:///reports/q3.pdf> (191 bytes)',
      },
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual(['tool_result_image_placeholder']);
    expect(warnings[0]?.details).toEqual({
      toolName: 'snapshot',
      callId: 'call_1',
      model: 'deepseek-chat',
      wire: 'openai',
    });
  });
});

describe('without the middleware (the AI SDK on its own, documented)', () => {
  it('openai.chat: the MCP result goes as JSON text with the PNG and PDF base64 inside the tool message', async () => {
    const { second } = await run('openai.chat gpt-4o', { middleware: false });
    const tool = (
      (second?.body ?? {}) as { messages: { role: string; content: string }[] }
    ).messages.find((message) => message.role === 'tool');
    expect(tool?.content).toContain(PIXEL_PNG);
    expect(tool?.content).toContain(TINY_PDF);
  });

  it('openai.chat with mcpToModelOutput but no middleware: the AI SDK still JSON-encodes the file parts', async () => {
    const { second } = await run('openai.chat gpt-4o', { middleware: false, toModelOutput: true });
    const tool = (
      (second?.body ?? {}) as { messages: { role: string; content: string }[] }
    ).messages.find((message) => message.role === 'tool');
    expect(JSON.parse(tool?.content ?? '[]')[1]).toEqual({
      type: 'file',
      mediaType: 'image/png',
      data: { type: 'data', data: PIXEL_PNG },
    });
  });
});

describe('mcpToModelOutput with the middleware', () => {
  it('openai.chat: the same tool turn as the MCP json output', async () => {
    const viaJson = await run('openai.chat gpt-4o', { middleware: true });
    const viaContent = await run('openai.chat gpt-4o', { middleware: true, toModelOutput: true });
    const turn = (request: typeof viaJson.second) =>
      ((request?.body ?? {}) as { messages: unknown[] }).messages.slice(2);
    // A content output's file part carries only a filename, so the PDF's URI is file:///q3.pdf.
    expect(JSON.stringify(turn(viaContent.second))).toBe(
      JSON.stringify(turn(viaJson.second)).replace('file:///reports/q3.pdf', 'file:///q3.pdf'),
    );
    expect(turn(viaJson.second)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content:
          'page title: Example\n[image] image/png (68 bytes)\n[resource] application/pdf <file:///reports/q3.pdf> (191 bytes)',
      },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'The tool results above returned 1 image(s), attached here in order: snapshot (call_1).',
          },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL_PNG}` } },
        ],
      },
    ]);
  });
});
