/**
 * Every public engine call ends with core's typed `AbortedError` when the caller's signal
 * fires (the signal's reason kept as `cause`), never with the platform's bare `DOMException`
 * or the reason itself: `chat`, `exchange`, `buildRequest`, `stream` (iteration and helpers),
 * `chatWithTools`, `runToolLoop` and `streamWithTools`.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { denyPrivateHosts, Image } from '@crosswire/content-image';
import { AbortedError, type WireFormat } from '@crosswire/core';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type EngineOptions } from '../src/engine/engine.js';
import type { ResponseEvent } from '../src/engine/observe.js';
import type { McpToolServer } from '../src/mcp/server.js';

const LANES: readonly { wire: WireFormat; provider: string; model: string }[] = [
  { wire: 'openai', provider: 'openai', model: 'gpt-6.1-sol' },
  { wire: 'anthropic', provider: 'anthropic', model: 'claude-sonnet-5-5' },
  { wire: 'gemini', provider: 'gemini', model: 'gemini-2.5-flash-lite' },
  { wire: 'ollama', provider: 'ollama', model: 'llama3.2' },
  { wire: 'responses', provider: 'openai-responses', model: 'gpt-6.1-sol' },
  { wire: 'hermes', provider: 'nousresearch', model: 'Hermes-4-405B' },
];

let simulator: Simulator;
let imageServer: Server;
let imageOrigin: string;
const heldImages: ServerResponse[] = [];
const engines: Engine[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
  // An image server that never answers: the request hangs until the caller aborts.
  imageServer = createServer((_request, response) => {
    heldImages.push(response);
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  imageOrigin = `http://images.example.test:${(imageServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await simulator.close();
  imageServer.closeAllConnections();
  await new Promise((resolve) => imageServer.close(resolve));
});

function engineFor(
  lane: (typeof LANES)[number],
  name: string,
  options: Partial<EngineOptions> = {},
): Engine {
  const engine = createEngine({
    provider: lane.provider,
    model: lane.model,
    apiKey: 'sk-abort',
    baseUrl: simulator.baseUrl(lane.wire, name),
    retry: { maxRetries: 0 },
    onWarning: () => undefined,
    ...options,
  });
  engines.push(engine);
  return engine;
}

/**
 * Scripts lane `name` to abort `controller` with `reason` as soon as the request has arrived,
 * then to answer only after five seconds: the abort always lands while the request is in flight.
 */
function abortOnArrival(name: string, controller: AbortController, reason?: unknown): void {
  simulator.script(name, () => {
    controller.abort(reason);
    return { type: 'text', text: 'late', delayMs: 5000 };
  });
}

function expectAborted(error: unknown, cause: unknown, during: string): void {
  expect(error).toBeInstanceOf(AbortedError);
  expect(error).toMatchObject({ code: 'aborted', cause, during });
}

const echoServer: McpToolServer = {
  listTools: async () => ({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }),
  callTool: async () => ({ content: [{ type: 'text', text: 'echoed' }] }),
};

describe.each(LANES)('an abort on $wire', (lane) => {
  it('chat rejects with AbortedError while the provider request is in flight', async () => {
    const name = `${lane.wire}-chat`;
    const responses: ResponseEvent[] = [];
    const engine = engineFor(lane, name, { onResponse: (event) => responses.push(event) });
    const controller = new AbortController();
    const reason = new Error('user stop');
    abortOnArrival(name, controller, reason);
    const error = await engine
      .chat('hi', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expectAborted(error, reason, 'waiting for the provider');
    expect((error as Error).message).toBe('aborted while waiting for the provider: user stop');
    // The hook sees the same typed error.
    expect(responses.map((event) => event.error)).toEqual([error]);
  });

  it('stream rejects with AbortedError mid-stream, in the iteration and the helpers', async () => {
    const name = `${lane.wire}-stream`;
    simulator.script(name, [
      { type: 'text', text: 'x'.repeat(4000), stream: { pieceSize: 10, chunkDelayMs: 20 } },
    ]);
    const controller = new AbortController();
    const stream = engineFor(lane, name).stream('go', { signal: controller.signal });
    const reason = new Error('user pressed stop');
    let texts = 0;
    const error = await (async () => {
      for await (const event of stream) {
        if (event.type === 'text-delta' && ++texts === 2) controller.abort(reason);
      }
    })().catch((caught: unknown) => caught);
    expectAborted(error, reason, 'streaming the reply');
    await expect(stream.finalResponse()).rejects.toBe(error);
    await expect(stream.finalText()).rejects.toBe(error);
  });
});

describe('an abort of the other engine calls', () => {
  const openai = LANES[0] as (typeof LANES)[number];

  it('chat with an already aborted signal rejects with AbortedError, the platform reason as cause', async () => {
    const name = 'chat-early';
    simulator.script(name, [{ type: 'text', text: 'never sent' }]);
    const controller = new AbortController();
    controller.abort();
    const error = await engineFor(openai, name)
      .chat('hi', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as AbortedError).cause).toMatchObject({ name: 'AbortError' });
    expect(simulator.received(name)).toHaveLength(0);
  });

  it('chat with AbortSignal.timeout rejects with AbortedError whose cause is the TimeoutError', async () => {
    const name = 'chat-timeout';
    simulator.script(name, [{ type: 'text', text: 'late', delayMs: 5000 }]);
    const error = await engineFor(openai, name)
      .chat('hi', { signal: AbortSignal.timeout(30) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as AbortedError).cause).toMatchObject({ name: 'TimeoutError' });
  });

  it('chat rejects with AbortedError when the signal fires during a retry wait', async () => {
    const name = 'chat-retry-wait';
    simulator.script(name, [
      { type: 'error', status: 503, headers: { 'retry-after': '600' } },
      { type: 'text', text: 'never reached' },
    ]);
    const controller = new AbortController();
    const reason = new Error('user stop');
    const pending = engineFor(openai, name, {
      retry: { maxRetries: 1, maxDelayMs: 600_000 },
      onRetry: () => controller.abort(reason),
    })
      .chat('hi', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expectAborted(await pending, reason, 'waiting for the provider');
    expect(simulator.received(name)).toHaveLength(1);
  });

  it('exchange rejects with AbortedError', async () => {
    const name = 'exchange';
    const controller = new AbortController();
    abortOnArrival(name, controller, 'stop (a string reason)');
    const error = await engineFor(openai, name)
      .exchange('hi', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expectAborted(error, 'stop (a string reason)', 'waiting for the provider');
  });

  it('buildRequest and chat reject with AbortedError while an image the wire needs inline is fetched', async () => {
    const ollama = LANES[3] as (typeof LANES)[number];
    const engine = engineFor(ollama, 'images', {
      // Nothing may be sent while the image is fetched: not even the model's metadata.
      discover: false,
      inlineImages: {
        urlFilter: denyPrivateHosts({
          resolver: async () => [{ address: '127.0.0.1', family: 4 }],
          allow: ['127.0.0.1/32'],
        }),
      },
    });
    for (const [index, call] of [
      (signal: AbortSignal, input: Parameters<Engine['chat']>[0]) =>
        engine.buildRequest(input, { signal }),
      (signal: AbortSignal, input: Parameters<Engine['chat']>[0]) => engine.chat(input, { signal }),
    ].entries()) {
      const held = heldImages.length;
      const controller = new AbortController();
      const reason = new Error(`user stop ${index}`);
      const input = [
        {
          role: 'user' as const,
          content: ['what is this?', Image.fromUrl(`${imageOrigin}/${index}.png`)],
        },
      ];
      const pending = call(controller.signal, input).catch((caught: unknown) => caught);
      await expect.poll(() => heldImages.length).toBe(held + 1);
      controller.abort(reason);
      expectAborted(await pending, reason, 'fetching the images of the request');
    }
    expect(simulator.received('images')).toHaveLength(0);
  });

  it('chatWithTools and runToolLoop reject with AbortedError while the provider request is in flight', async () => {
    for (const run of ['chatWithTools', 'runToolLoop'] as const) {
      const name = `loop-${run}`;
      const controller = new AbortController();
      const reason = new Error('user stop');
      abortOnArrival(name, controller, reason);
      const error = await engineFor(openai, name)
        [run]('go', { mcpServers: [echoServer], signal: controller.signal })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AbortedError);
      expect(error).toMatchObject({ code: 'aborted', cause: reason });
    }
  });

  it('streamWithTools rejects with AbortedError mid-stream, in the iteration and finalResult', async () => {
    const name = 'loop-stream';
    simulator.script(name, [
      { type: 'text', text: 'x'.repeat(4000), stream: { pieceSize: 10, chunkDelayMs: 20 } },
    ]);
    const controller = new AbortController();
    const reason = new Error('user stop');
    const stream = engineFor(openai, name).streamWithTools('go', {
      mcpServers: [echoServer],
      signal: controller.signal,
    });
    let texts = 0;
    const error = await (async () => {
      for await (const event of stream) {
        if (event.type === 'text-delta' && ++texts === 2) controller.abort(reason);
      }
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ code: 'aborted', cause: reason });
    await expect(stream.finalResult()).rejects.toBe(error);
  });
});
