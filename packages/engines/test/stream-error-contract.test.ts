// The streaming error contract: every failure in the middle of a stream (a reset, a cut, an
// idle gap, the size cap, a provider error frame) is the last event, `{ type: 'error', error }`,
// and then the same error is thrown by the iterator and by finalText() / finalResponse(); the
// streamed tool loop reports a failing turn the same way.
import { CrosswireError, type WireFormat } from '@crosswire/core';
import type { SimulatorStep } from '@crosswire/simulator';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamOptions } from '../src/engine/chat-options.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import type { ChatStreamEvent } from '../src/index.js';
import { connectInMemory, createFixtureServer } from '../src/mcp/test-support/fixture-servers.js';

const LANES: readonly { wire: WireFormat; provider: string; model: string }[] = [
  { wire: 'openai', provider: 'openai', model: 'gpt-5.1' },
  { wire: 'anthropic', provider: 'anthropic', model: 'claude-sonnet-4-5' },
  { wire: 'gemini', provider: 'gemini', model: 'gemini-2.5-flash' },
  { wire: 'ollama', provider: 'ollama', model: 'llama3.2' },
  { wire: 'responses', provider: 'openai-responses', model: 'gpt-5.1' },
  { wire: 'hermes', provider: 'nousresearch', model: 'Hermes-4-405B' },
];

let simulator: Simulator;
let fixture: Client;
const engines: Engine[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
  fixture = await connectInMemory(createFixtureServer());
});
afterAll(async () => {
  await fixture.close();
  await simulator.close();
  await Promise.all(engines.map((engine) => engine.close()));
});

function engineFor(lane: (typeof LANES)[number], name: string): Engine {
  const engine = createEngine({
    provider: lane.provider,
    model: lane.model,
    apiKey: 'sk-contract',
    baseUrl: simulator.baseUrl(lane.wire, name),
    retry: { maxRetries: 0 },
    streamIdleTimeoutMs: 150,
    onWarning: () => undefined,
  });
  engines.push(engine);
  return engine;
}

const FAILURES: readonly {
  name: string;
  code: string;
  step: SimulatorStep;
  options?: ChatStreamOptions;
}[] = [
  {
    name: 'reset',
    code: 'stream_truncated',
    step: {
      type: 'text',
      text: 'Hello there',
      stream: { pieceSize: 2, fail: { afterChunks: 3, mode: 'reset' } },
    },
  },
  {
    name: 'cut',
    code: 'stream_truncated',
    step: {
      type: 'text',
      text: 'Hello there',
      stream: { pieceSize: 2, fail: { afterChunks: 3, mode: 'cut' } },
    },
  },
  {
    name: 'idle',
    code: 'stream_idle_timeout',
    step: {
      type: 'text',
      text: 'Hello there',
      stream: { pieceSize: 2, fail: { afterChunks: 2, mode: 'stall' } },
    },
  },
  {
    name: 'cap',
    code: 'provider_response_too_large',
    step: { type: 'text', text: 'x'.repeat(20_000), stream: { pieceSize: 100 } },
    options: { maxStreamBytes: 4096 },
  },
];

describe.each(LANES)('the stream error contract on $wire', (lane) => {
  it.each(FAILURES)(
    '$name: the last event is the error, then thrown everywhere',
    async (failure) => {
      const name = `${lane.wire}-${failure.name}`;
      simulator.script(name, [failure.step]);
      const stream = engineFor(lane, name).stream('hi', failure.options);
      const events: ChatStreamEvent[] = [];
      const thrown = await (async () => {
        for await (const event of stream) events.push(event);
      })().catch((caught: unknown) => caught);
      expect(thrown).toBeInstanceOf(CrosswireError);
      expect(thrown).toMatchObject({ code: failure.code });
      expect(events.at(-1)).toEqual({ type: 'error', error: thrown });
      expect(events.filter((event) => event.type === 'error')).toHaveLength(1);
      await expect(stream.finalResponse()).rejects.toBe(thrown);
      await expect(stream.finalText()).rejects.toBe(thrown);
    },
  );
});

describe('the streamed tool loop', () => {
  it('a turn that breaks off is the last event, then thrown', async () => {
    const lane = LANES[1] as (typeof LANES)[number];
    simulator.script('loop-reset', [
      {
        type: 'tool_calls',
        text: 'Checking.',
        calls: [{ name: 'echo', arguments: { text: 'a' } }],
      },
      {
        type: 'text',
        text: 'Never whole',
        stream: { pieceSize: 2, fail: { afterChunks: 3, mode: 'reset' } },
      },
    ]);
    const stream = engineFor(lane, 'loop-reset').streamWithTools('go', { mcpServers: [fixture] });
    const events: { type: string; error?: unknown; iteration?: number }[] = [];
    const thrown = await (async () => {
      for await (const event of stream) events.push(event);
    })().catch((caught: unknown) => caught);
    expect(thrown).toMatchObject({ code: 'stream_truncated' });
    expect(events.at(-1)).toEqual({ type: 'error', error: thrown, iteration: 2 });
    expect(events.filter((event) => event.type === 'error')).toHaveLength(1);
    await expect(stream.finalText()).rejects.toBe(thrown);
  });

  it('a loop failure outside a turn is the last event too', async () => {
    const lane = LANES[1] as (typeof LANES)[number];
    const call = {
      type: 'tool_calls',
      calls: [{ name: 'echo', arguments: { text: 'a' } }],
    } as const;
    simulator.script('loop-limit', [call, call, call]);
    const stream = engineFor(lane, 'loop-limit').streamWithTools('go', {
      mcpServers: [fixture],
      maxIterations: 1,
    });
    const events: { type: string; error?: unknown }[] = [];
    const thrown = await (async () => {
      for await (const event of stream) events.push(event);
    })().catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(CrosswireError);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: thrown });
  });
});
