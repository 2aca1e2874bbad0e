// The step API on the simulator and a real MCP server (the official SDK, in memory): a loop
// driven one step at a time, its state stored as JSON between every two steps, sends the
// requests runToolLoop sends; a crashed tool step re-runs with the same idempotency key; a
// resumed loop runs only the calls that have no result.
import { Image } from '@crosswire/content-image';
import {
  AbortedError,
  type ToolDefinition,
  ToolLoopError,
  WIRE_FORMATS,
  type WireFormat,
} from '@crosswire/core';
import type { ChatMessage } from '@crosswire/dialects';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TOOLS } from '../../../../test-support/dialect-conversation.js';
import { parseToolLoopState, serializeToolLoopState } from '../durable/tool-loop-state.js';
import { createEngine, type Engine } from '../engine/engine.js';
import type { ToolRoster } from '../mcp/gather.js';
import {
  connectInMemory,
  createLedgerServer,
  type LedgerEntry,
  PNG_BASE64,
} from '../mcp/test-support/fixture-servers.js';
import { ENGINE_PROVIDERS } from '../test-support/durable-conversation.js';
import { recordedEngine } from '../test-support/recorded-engine.js';
import {
  nextToolLoopStep,
  recordToolResult,
  runModelStep,
  runnableToolLoopSteps,
  runToolStep,
  startToolLoop,
  type ToolLoopState,
  ToolLoopStepError,
} from './tool-loop-steps.js';

/** Tools offered without a server (for model steps that run no tool). */
const ROSTER: ToolRoster = { tools: TOOLS as unknown as ToolDefinition[], route: () => undefined };

let simulator: Simulator;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await simulator.close();
});

function engine(wire: WireFormat, lane: string): Engine {
  const created = createEngine({
    ...ENGINE_PROVIDERS[wire],
    apiKey: 'k',
    baseUrl: simulator.baseUrl(wire, lane),
    retry: { maxRetries: 0 },
    // The requests compared are the chat requests; model discovery is tested on its own.
    discover: false,
  });
  closers.push(() => created.close());
  return created;
}

async function ledgerServer(): Promise<{ client: Client; ledger: LedgerEntry[] }> {
  const { server, ledger } = createLedgerServer();
  const client = await connectInMemory(server);
  closers.push(() => client.close());
  return { client, ledger };
}

/** Three parallel calls (one a side effect, one an image), one more call, then the answer. */
const SCRIPT: readonly SimulatorStep[] = [
  {
    type: 'tool_calls',
    text: 'Working on it.',
    calls: [
      { name: 'charge', arguments: { amount: 5 } },
      { name: 'lookup', arguments: { word: 'sky' } },
      { name: 'photo' },
    ],
  },
  { type: 'tool_calls', calls: [{ name: 'lookup', arguments: { word: 'sea' } }] },
  { type: 'text', text: 'All done.' },
];

const input = (): ChatMessage[] => [
  { role: 'system', content: 'You run errands.' },
  {
    role: 'user',
    content: [
      'Charge 5, look up sky and take a photo.',
      Image.fromBase64(PNG_BASE64, { mediaType: 'image/png' }),
    ],
  },
];

/** The stored form of a state, as a database row would hold it. */
const store = (state: ToolLoopState) => JSON.stringify(serializeToolLoopState(state));

/**
 * Drives a loop to its end one step at a time, storing the state as JSON after every step
 * and loading it back before the next. Returns the final state and the keys of the steps run.
 */
async function driveStepwise(
  wire: WireFormat,
  lane: string,
  client: Client,
  loopId: string,
): Promise<{ state: ToolLoopState; keys: string[] }> {
  const created = engine(wire, lane);
  let stored = store(startToolLoop(input(), { loopId }));
  const keys: string[] = [];
  for (;;) {
    const state = parseToolLoopState(stored);
    const step = nextToolLoopStep(state);
    if (step.kind === 'done') return { state, keys };
    keys.push(step.key);
    const next =
      step.kind === 'model'
        ? await runModelStep(created, state, { mcpServers: [client] })
        : await runToolStep(state, step.callId, { mcpServers: [client] });
    stored = store(next);
  }
}

const bodies = (lane: string) =>
  simulator.received(lane).map((request) => {
    expect(request.violations).toEqual([]);
    return JSON.stringify(request.body);
  });

describe('a loop driven step by step', () => {
  test.each(WIRE_FORMATS)(
    '%s: stored between every two steps, it sends the requests runToolLoop sends',
    async (wire) => {
      const looped = await ledgerServer();
      simulator.script(`${wire}-loop`, SCRIPT);
      // The step-driven loop's id is its prompt_cache_key; the run gets the same key.
      const result = await engine(wire, `${wire}-loop`).runToolLoop(input(), {
        mcpServers: [looped.client],
        promptCache: { key: 'L7' },
      });

      const stepped = await ledgerServer();
      simulator.script(`${wire}-steps`, SCRIPT);
      const { state, keys } = await driveStepwise(wire, `${wire}-steps`, stepped.client, 'L7');

      expect(bodies(`${wire}-steps`)).toEqual(bodies(`${wire}-loop`));
      expect(bodies(`${wire}-loop`)).toHaveLength(3);
      expect(state.text).toBe('All done.');
      expect(result.text).toBe('All done.');
      expect(state.iteration).toBe(3);
      expect(state.usage).toEqual(result.usage);
      // The same tools ran with the same arguments; only the stepped loop sent keys.
      const runs = (ledger: LedgerEntry[]) =>
        ledger.map(({ tool, arguments: args }) => JSON.stringify({ tool, args })).sort();
      expect(runs(stepped.ledger)).toEqual(runs(looped.ledger));
      expect(looped.ledger.map((entry) => entry.key)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      const ids = result.turns.flatMap((turn) =>
        turn.toolCalls.map((call, index) => `${turn.iteration}:call:${call.id || `cw-${index}`}`),
      );
      expect(keys).toEqual([
        'L7:1:model',
        ...ids.slice(0, 3).map((id) => `L7:${id}`),
        'L7:2:model',
        `L7:${ids[3]}`,
        'L7:3:model',
      ]);
      // The stepped loop runs one call at a time, in reply order.
      expect(stepped.ledger.map((entry) => entry.key)).toEqual(
        keys.filter((key) => !key.endsWith(':model')),
      );
      expect(stepped.ledger.map((entry) => entry.tool)).toEqual([
        'charge',
        'lookup',
        'photo',
        'lookup',
      ]);
    },
  );
});

describe('crashes and resumes', () => {
  test.each(WIRE_FORMATS)(
    '%s: a tool step that ran but was not saved runs again with the same idempotency key',
    async (wire) => {
      const { client, ledger } = await ledgerServer();
      const lane = `${wire}-crash`;
      simulator.script(lane, SCRIPT);
      const created = engine(wire, lane);
      const saved = store(
        await runModelStep(created, startToolLoop(input(), { loopId: 'crash' }), {
          mcpServers: [client],
        }),
      );
      const step = nextToolLoopStep(parseToolLoopState(saved));
      expect(step).toMatchObject({ kind: 'tool', iteration: 1, call: { name: 'charge' } });
      if (step.kind !== 'tool') throw new Error('expected a tool step');
      // The worker runs the call, then dies before the new state is stored.
      await runToolStep(parseToolLoopState(saved), step.callId, { mcpServers: [client] });
      // Another worker picks the step up from the stored state.
      const after = await runToolStep(parseToolLoopState(saved), step.callId, {
        mcpServers: [client],
      });
      expect(ledger).toEqual([
        { tool: 'charge', arguments: { amount: 5 }, key: step.key },
        { tool: 'charge', arguments: { amount: 5 }, key: step.key },
      ]);
      expect(step.key).toBe(`crash:1:call:${step.callId}`);
      // The result recorded is the one of the run whose state was stored.
      const answered = after.pendingCalls.find((pending) => pending.callId === step.callId);
      expect(answered?.result?.content).toEqual([{ type: 'text', text: 'charged 5 (#2)' }]);
    },
  );

  test.each(WIRE_FORMATS)(
    '%s: a loop resumed with some calls answered runs only the others, each once',
    async (wire) => {
      const { client, ledger } = await ledgerServer();
      const lane = `${wire}-resume`;
      simulator.script(lane, SCRIPT);
      const created = engine(wire, lane);
      let stored = store(
        await runModelStep(created, startToolLoop(input(), { loopId: 'resume' }), {
          mcpServers: [client],
        }),
      );
      const [first, second, third] = runnableToolLoopSteps(parseToolLoopState(stored));
      for (const step of [first, second]) {
        if (step?.kind !== 'tool') throw new Error('expected a tool step');
        stored = store(
          await runToolStep(parseToolLoopState(stored), step.callId, { mcpServers: [client] }),
        );
      }
      // A restart: only the stored state is left.
      const resumed = parseToolLoopState(stored);
      expect(runnableToolLoopSteps(resumed)).toEqual([third]);
      // Running an answered call again is a no-op: the server is not asked.
      if (first?.kind !== 'tool') throw new Error('expected a tool step');
      expect(await runToolStep(resumed, first.callId, { mcpServers: [client] })).toBe(resumed);
      let state = resumed;
      for (
        let step = nextToolLoopStep(state);
        step.kind !== 'done';
        step = nextToolLoopStep(state)
      ) {
        state =
          step.kind === 'model'
            ? await runModelStep(created, parseToolLoopState(store(state)), {
                mcpServers: [client],
              })
            : await runToolStep(parseToolLoopState(store(state)), step.callId, {
                mcpServers: [client],
              });
      }
      expect(state.text).toBe('All done.');
      expect(ledger.map((entry) => entry.tool)).toEqual(['charge', 'lookup', 'photo', 'lookup']);
      expect(new Set(ledger.map((entry) => entry.key)).size).toBe(4);
    },
  );
});

describe('steps out of order and the loop rules', () => {
  test('a model step refuses while calls have no result, and after the answer', async () => {
    const { client } = await ledgerServer();
    simulator.script('order', SCRIPT);
    const created = engine('openai', 'order');
    const pending = await runModelStep(created, startToolLoop('go', { loopId: 'o' }), {
      mcpServers: [client],
    });
    const refused = await runModelStep(created, pending, { mcpServers: [client] }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ToolLoopStepError);
    expect(refused).toMatchObject({
      code: 'tool_step_out_of_order',
      message:
        'loop o: the model step of iteration 2 needs a result for every call of iteration 1 first; unanswered: call_1_0, call_1_1, call_1_2',
    });
    expect(simulator.received('order')).toHaveLength(1);
    const unknown = await runToolStep(pending, 'call_9_9', { mcpServers: [client] }).catch(
      (error: unknown) => error,
    );
    expect(unknown).toMatchObject({
      code: 'unknown_tool_step',
      message:
        'loop o has no pending call "call_9_9" at iteration 1 (pending: call_1_0, call_1_1, call_1_2)',
    });
    const done = {
      ...startToolLoop('x', { loopId: 'd' }),
      iteration: 1,
      text: 'the answer',
    } satisfies ToolLoopState;
    expect(nextToolLoopStep(done)).toEqual({ kind: 'done', text: 'the answer' });
    await expect(runModelStep(created, done, { mcpServers: [client] })).rejects.toMatchObject({
      code: 'tool_step_out_of_order',
      message: 'loop d is done: there is no model step after its final answer',
    });
  });

  test('a result is recorded once: the same again is a no-op, a different one a conflict', async () => {
    const { client } = await ledgerServer();
    simulator.script('record', SCRIPT);
    const state = await runModelStep(
      engine('openai', 'record'),
      startToolLoop('go', { loopId: 'r' }),
      { mcpServers: [client] },
    );
    const result = new ToolResult({
      name: 'charge',
      id: 'call_1_0',
      content: [{ type: 'text', text: 'charged elsewhere' }],
    });
    const recorded = recordToolResult(state, 'call_1_0', result);
    expect(recorded.pendingCalls[0]?.result).toBe(result);
    expect(recordToolResult(recorded, 'call_1_0', result)).toBe(recorded);
    expect(() =>
      recordToolResult(
        recorded,
        'call_1_0',
        new ToolResult({ name: 'charge', id: 'call_1_0', content: [{ type: 'text', text: 'no' }] }),
      ),
    ).toThrow(
      expect.objectContaining({
        code: 'tool_result_conflict',
        message: 'loop r: call call_1_0 of iteration 1 already has a different result',
      }),
    );
    expect(() => recordToolResult(state, 'call_1_1', result)).toThrow(
      expect.objectContaining({
        code: 'tool_result_conflict',
        message:
          'loop r: call call_1_1 is lookup (id "call_1_1"), but the result answers charge (id "call_1_0")',
      }),
    );
  });

  test('maxIterations: a reply on the last allowed iteration that asks for tools throws', async () => {
    const { client, ledger } = await ledgerServer();
    simulator.script('max', SCRIPT);
    const error = await runModelStep(engine('openai', 'max'), startToolLoop('go'), {
      mcpServers: [client],
      maxIterations: 1,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolLoopError);
    expect(error).toMatchObject({
      code: 'tool_loop_max_iterations',
      message:
        'tool loop reached maxIterations (1) and the model still asks for tools: charge, lookup, photo',
    });
    expect(ledger).toEqual([]);
  });

  test('a model step beyond maxIterations (lowered between steps) sends nothing', async () => {
    const engine = recordedEngine('openai', () => 'parallel-calls');
    const state = await runModelStep(engine, startToolLoop('go', { loopId: 'm' }), {
      roster: ROSTER,
    });
    const answered = state.pendingCalls.reduce(
      (current, pending) =>
        recordToolResult(
          current,
          pending.callId,
          new ToolResult({ name: pending.call.name, id: pending.call.id, content: [] }),
        ),
      state,
    );
    await expect(
      runModelStep(engine, answered, { roster: ROSTER, maxIterations: 1 }),
    ).rejects.toMatchObject({
      code: 'tool_loop_max_iterations',
      message: 'tool loop reached maxIterations (1)',
    });
    expect(engine.sent).toHaveLength(1);
  });

  test('calls without an id get cw-<n>, never the id of another call of the reply', async () => {
    const body = {
      model: 'llama3.2',
      message: {
        role: 'assistant',
        content: '',
        tool_calls: [
          { function: { name: 'get_weather', arguments: { city: 'Oslo' } } },
          { id: 'cw-0', function: { name: 'get_weather', arguments: { city: 'Rome' } } },
          { function: { name: 'get_weather', arguments: { city: 'Lima' } } },
        ],
      },
      done: true,
      done_reason: 'stop',
    };
    const state = await runModelStep(
      recordedEngine('ollama', () => body),
      startToolLoop('go', { loopId: 'ids' }),
      { roster: ROSTER },
    );
    expect(state.pendingCalls.map((pending) => [pending.callId, pending.call.id])).toEqual([
      ['cw-0-', ''],
      ['cw-0', 'cw-0'],
      ['cw-2', ''],
    ]);
    expect(runnableToolLoopSteps(state).map((step) => step.kind === 'tool' && step.key)).toEqual([
      'ids:1:call:cw-0-',
      'ids:1:call:cw-0',
      'ids:1:call:cw-2',
    ]);
  });

  test('a call that cannot be answered is dropped with a warning, and stays out of the echo', async () => {
    const body = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'gpt-6.1-sol',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_a',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
              },
              {
                id: 'call_a',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Rome"}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    };
    const warnings: string[] = [];
    const engine = recordedEngine('openai', (iteration) => (iteration === 1 ? body : 'text'));
    const state = await runModelStep(engine, startToolLoop('go', { loopId: 'w' }), {
      roster: ROSTER,
      onWarning: (warning) => warnings.push(warning.code),
    });
    expect(warnings).toEqual(['tool_call_dropped']);
    expect(state.pendingCalls.map((pending) => pending.callId)).toEqual(['call_a']);
    const answered = recordToolResult(
      parseToolLoopState(store(state)),
      'call_a',
      new ToolResult({
        name: 'get_weather',
        id: 'call_a',
        content: [{ type: 'text', text: 'ok' }],
      }),
    );
    await runModelStep(engine, answered, { roster: ROSTER });
    const sent = JSON.parse(engine.sent[1]?.body ?? '{}');
    expect(sent.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_a',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'ok' },
    ]);
  });

  test('an aborted signal rejects a step with AbortedError, and no tool runs', async () => {
    const { client, ledger } = await ledgerServer();
    simulator.script('abort', SCRIPT);
    const created = engine('openai', 'abort');
    const state = await runModelStep(created, startToolLoop('go'), { mcpServers: [client] });
    const controller = new AbortController();
    controller.abort();
    await expect(
      runToolStep(state, 'call_1_0', { mcpServers: [client], signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortedError);
    await expect(
      runModelStep(created, startToolLoop('go'), {
        mcpServers: [client],
        signal: controller.signal,
      }),
    ).rejects.toBeInstanceOf(AbortedError);
    expect(ledger).toEqual([]);
  });

  test('startToolLoop checks its input', () => {
    expect(() => startToolLoop('hi', { loopId: '' })).toThrow(
      expect.objectContaining({ code: 'invalid_tool_loop_start' }),
    );
    // 'a:1' would give loop 'a' iteration 1's keys: `a:1:1:model` is ambiguous.
    expect(() => startToolLoop('hi', { loopId: 'a:1' })).toThrow(
      expect.objectContaining({
        code: 'invalid_tool_loop_start',
        message: `startToolLoop: loopId must not contain ':' (it separates the parts of step keys), got "a:1"`,
      }),
    );
    expect(startToolLoop('hi', { loopId: 'a' })).toEqual({
      loopId: 'a',
      iteration: 0,
      messages: [{ role: 'user', content: 'hi' }],
      reply: undefined,
      pendingCalls: [],
      text: undefined,
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    });
    expect(startToolLoop('hi').loopId).toMatch(/^[0-9a-f-]{36}$/);
    expect(nextToolLoopStep(startToolLoop('hi', { loopId: 'a' }))).toEqual({
      kind: 'model',
      iteration: 1,
      key: 'a:1:model',
    });
  });
});
