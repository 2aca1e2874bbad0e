import { type Simulator, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine/engine.js';
import { connectInMemory, createFixtureServer } from '../mcp/test-support/fixture-servers.js';
import type { ToolLoopStreamEvent } from './tool-loop-stream.js';

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

function engine(lane: string): Engine {
  const created = createEngine({
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    apiKey: 'k',
    baseUrl: simulator.baseUrl('anthropic', lane),
    retry: { maxRetries: 0 },
    onWarning: () => undefined,
  });
  engines.push(created);
  return created;
}

describe('engine.streamWithTools', () => {
  it('streams each turn and reports runs, results and turn boundaries in order', async () => {
    simulator.script('events', [
      {
        type: 'tool_calls',
        text: 'Let me check.',
        calls: [
          { name: 'echo', arguments: { text: 'hi' } },
          { name: 'nope', arguments: {} },
        ],
      },
      { type: 'text', text: 'All done.', stream: { pieceSize: 4 } },
    ]);
    const events: ToolLoopStreamEvent[] = [];
    const stream = engine('events').streamWithTools('go', { mcpServers: [fixture] });
    for await (const event of stream) events.push(event);
    const outline = events
      .filter((event) => event.type !== 'text-delta' && event.type !== 'tool-call-delta')
      .map((event) => {
        const iteration = 'iteration' in event ? event.iteration : '-';
        if (event.type === 'tool-call-run' || event.type === 'tool-result') {
          return `${iteration} ${event.type} ${event.toolCall.name}`;
        }
        return `${iteration} ${event.type}`;
      });
    expect(outline).toEqual([
      '1 turn-start',
      '1 tool-call-start',
      '1 tool-call-start',
      '1 tool-call-end',
      '1 tool-call-end',
      '1 usage',
      '1 finish',
      '1 tool-call-run echo',
      '1 tool-call-run nope',
      '1 tool-result echo',
      '1 tool-result nope',
      '1 turn-end',
      '2 turn-start',
      '2 usage',
      '2 finish',
      '2 turn-end',
      '- loop-finish',
    ]);
    const results = events.flatMap((event) => (event.type === 'tool-result' ? [event] : []));
    expect(results.map((event) => [event.result.isError, event.record.failure])).toEqual([
      [false, undefined],
      [true, 'unknown_tool'],
    ]);
    const texts = events.flatMap((event) =>
      event.type === 'text-delta' ? [`${event.iteration}:${event.text}`] : [],
    );
    expect(texts).toEqual(['1:Let me c', '1:heck.', '2:All ', '2:done', '2:.']);
    const result = await stream.finalResult();
    expect(result.text).toBe('All done.');
    expect(result.turns.map((turn) => turn.toolCalls.length)).toEqual([2, 0]);
    // The provider got exactly one result per call.
    expect(simulator.received('events')[1]?.toolResults.map((result) => result.name)).toEqual([
      'echo',
      'nope',
    ]);
  });

  it('breaking out of the iteration stops the run: no further request, the connection closed', async () => {
    simulator.script('early', [
      {
        type: 'text',
        text: 'z'.repeat(2000),
        stream: { pieceSize: 10, chunkDelayMs: 20 },
      },
    ]);
    const stream = engine('early').streamWithTools('go', { mcpServers: [fixture] });
    for await (const event of stream) {
      if (event.type === 'text-delta') break;
    }
    await expect.poll(() => simulator.received('early')[0]?.stream?.ended).toBe('client');
    await expect(stream.finalResult()).rejects.toMatchObject({ code: 'stream_closed' });
    expect(simulator.received('early')).toHaveLength(1);
  });

  it('a provider error mid-stream ends the run with that typed error', async () => {
    simulator.script('broken', [
      {
        type: 'text',
        text: 'Hello there',
        stream: {
          pieceSize: 2,
          fail: { afterChunks: 3, mode: 'error-event', message: 'Overloaded' },
        },
      },
    ]);
    await expect(
      engine('broken')
        .streamWithTools('go', { mcpServers: [fixture] })
        .finalText(),
    ).rejects.toMatchObject({
      name: 'ProviderError',
      message: expect.stringContaining('Overloaded'),
    });
  });
});
