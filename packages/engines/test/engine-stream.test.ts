import { ProviderError, type WireFormat } from '@crosswire/core';
import type { ChatResponse } from '@crosswire/dialects';
import { DIALECTS } from '@crosswire/dialects';
import type { SimulatorStep } from '@crosswire/simulator';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import type { ChatStreamEvent } from '../src/index.js';

const LANES: readonly { wire: WireFormat; provider: string; model: string }[] = [
  { wire: 'openai', provider: 'openai', model: 'gpt-6.1-sol' },
  { wire: 'anthropic', provider: 'anthropic', model: 'claude-sonnet-5-5' },
  { wire: 'gemini', provider: 'gemini', model: 'gemini-2.5-flash-lite' },
  { wire: 'ollama', provider: 'ollama', model: 'llama3.2' },
  { wire: 'responses', provider: 'openai-responses', model: 'gpt-6.1-sol' },
  { wire: 'hermes', provider: 'nousresearch', model: 'Hermes-4-405B' },
];

let simulator: Simulator;
const engines: Engine[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await simulator.close();
  await Promise.all(engines.map((engine) => engine.close()));
});

function engineFor(lane: (typeof LANES)[number], name: string, idleTimeoutMs?: number): Engine {
  const engine = createEngine({
    provider: lane.provider,
    model: lane.model,
    apiKey: 'sk-stream',
    baseUrl: simulator.baseUrl(lane.wire, name),
    retry: { maxRetries: 0 },
    // Each lane's first request is the stream under test (model discovery has its own tests).
    discover: false,
    ...(idleTimeoutMs === undefined ? {} : { streamIdleTimeoutMs: idleTimeoutMs }),
    onWarning: () => undefined,
  });
  engines.push(engine);
  return engine;
}

const withoutRaw = ({ raw: _raw, ...rest }: ChatResponse) => rest;
const TOOL = { name: 'weather', description: 'Weather', inputSchema: { type: 'object' } };
const CALLS: SimulatorStep = {
  type: 'tool_calls',
  text: 'Looking that up — één moment 😀.',
  calls: [
    { name: 'weather', arguments: { city: 'Zürich', days: 3 } },
    { name: 'weather', arguments: { city: 'Oslo' } },
  ],
};

describe.each(LANES)('engine.stream on $wire', (lane) => {
  it('streams the reply, split anywhere, to the same response as chat', async () => {
    const name = `${lane.wire}-same`;
    const engine = engineFor(lane, name);
    // Two lanes, so both replies are turn 1 (same ids and counts).
    simulator.script(`${name}-chat`, [CALLS]);
    simulator.script(name, [{ ...CALLS, stream: { chunkBytes: 7, pieceSize: 3 } }]);
    const unstreamed = await engineFor(lane, `${name}-chat`).chat('weather?', { tools: [TOOL] });
    const events: ChatStreamEvent[] = [];
    const stream = engine.stream('weather?', { tools: [TOOL] });
    for await (const event of stream) events.push(event);
    const streamed = await stream.finalResponse();
    expect(withoutRaw(streamed)).toEqual(withoutRaw(unstreamed));
    expect(
      DIALECTS[lane.wire].formatToolResults(streamed.raw, [], { onWarning: () => undefined }),
    ).toEqual(
      DIALECTS[lane.wire].formatToolResults(unstreamed.raw, [], { onWarning: () => undefined }),
    );
    expect(events.filter((event) => event.type === 'tool-call-start')).toHaveLength(2);
    expect(events.at(-1)?.type).toBe('finish');
    expect(simulator.received(name)[0]?.stream).toMatchObject({ ended: 'complete' });
  });

  it('finalText reads the stream to the end without iterating', async () => {
    const name = `${lane.wire}-text`;
    simulator.script(name, [{ type: 'text', text: 'Hello, world.', stream: { chunkBytes: 5 } }]);
    expect(await engineFor(lane, name).stream('hi').finalText()).toBe('Hello, world.');
  });

  it('an abort through the signal stops at once and closes the connection', async () => {
    const name = `${lane.wire}-abort`;
    simulator.script(name, [
      { type: 'text', text: 'x'.repeat(4000), stream: { pieceSize: 10, chunkDelayMs: 20 } },
    ]);
    const controller = new AbortController();
    const stream = engineFor(lane, name).stream('go', { signal: controller.signal });
    let texts = 0;
    const reason = new Error('user pressed stop');
    await expect(
      (async () => {
        for await (const event of stream) {
          if (event.type === 'text-delta' && ++texts === 2) controller.abort(reason);
        }
      })(),
    ).rejects.toMatchObject({ code: 'aborted', cause: reason });
    await expect.poll(() => simulator.received(name)[0]?.stream?.ended).toBe('client');
    const record = simulator.received(name)[0]?.stream;
    expect(record?.chunksSent).toBeLessThan(10);
    await expect(stream.finalResponse()).rejects.toMatchObject({ code: 'aborted', cause: reason });
  });

  it('a silent server past idleTimeoutMs fails with stream_idle_timeout', async () => {
    const name = `${lane.wire}-idle`;
    simulator.script(name, [
      {
        type: 'text',
        text: 'Hello there',
        stream: { pieceSize: 2, fail: { afterChunks: 2, mode: 'stall' } },
      },
    ]);
    const stream = engineFor(lane, name, 150).stream('hi');
    const error = await stream.finalText().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'stream_idle_timeout' });
    expect((error as Error).message).toMatch(/sent nothing for 150 ms in the middle of a stream/);
  });

  it('a provider error event mid-stream is a typed ProviderError', async () => {
    const name = `${lane.wire}-error`;
    simulator.script(name, [
      {
        type: 'text',
        text: 'Hello there',
        stream: {
          pieceSize: 2,
          fail: { afterChunks: 3, mode: 'error-event', message: 'Overloaded' },
        },
      },
    ]);
    const events: ChatStreamEvent[] = [];
    const stream = engineFor(lane, name).stream('hi');
    const error = await (async () => {
      for await (const event of stream) events.push(event);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toContain('Overloaded');
    expect(events.at(-1)).toEqual({ type: 'error', error });
  });

  it.each(['cut', 'reset'] as const)(
    'a stream that breaks off (%s) is stream_truncated',
    async (mode) => {
      const name = `${lane.wire}-truncated-${mode}`;
      simulator.script(name, [
        {
          type: 'text',
          text: 'Hello there',
          stream: { pieceSize: 2, fail: { afterChunks: 3, mode } },
        },
      ]);
      const error = await engineFor(lane, name)
        .stream('hi')
        .finalResponse()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ code: 'stream_truncated' });
    },
  );
});

describe('engine.stream: backpressure', () => {
  it('a consumer that stops reading stops the server writing (nothing piles up)', async () => {
    const lane = LANES[0] as (typeof LANES)[number];
    const name = 'backpressure';
    // About 24 MB of events: far more than the socket buffers hold.
    simulator.script(name, [
      { type: 'text', text: 'y'.repeat(24_000_000), stream: { pieceSize: 16_000 } },
    ]);
    const stream = engineFor(lane, name).stream('hi');
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const record = simulator.received(name)[0]?.stream;
    expect(record?.chunksTotal).toBeGreaterThan(1400);
    expect(record?.chunksSent).toBeLessThan((record?.chunksTotal ?? 0) / 2);
    await iterator.return?.();
    await expect.poll(() => simulator.received(name)[0]?.stream?.ended).toBe('client');
  });
});

describe('engine.stream: iteration', () => {
  it('can be iterated once; a second iteration is refused', async () => {
    const lane = LANES[1] as (typeof LANES)[number];
    simulator.script('once', [{ type: 'text', text: 'one' }]);
    const stream = engineFor(lane, 'once').stream('hi');
    expect(await stream.finalText()).toBe('one');
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toMatchObject({
      code: 'stream_already_read',
    });
  });

  it('textStream gives the text deltas only', async () => {
    const lane = LANES[2] as (typeof LANES)[number];
    simulator.script('texts', [{ type: 'text', text: 'abcdef', stream: { pieceSize: 2 } }]);
    const pieces: string[] = [];
    for await (const text of engineFor(lane, 'texts').stream('hi').textStream()) pieces.push(text);
    expect(pieces).toEqual(['ab', 'cd', 'ef']);
  });
});
