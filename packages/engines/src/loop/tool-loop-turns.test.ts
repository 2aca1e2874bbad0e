// What runToolLoop and streamWithTools hand back and tell, seen from the caller: each turn's
// record (status, attempts, times, finish reason, usage and cost as the response hook saw
// them, each call's record and decision), the run's result (the last reply, the structured
// object, the conversation to continue from), the stream's approval and error events, and a
// consumer that stops early.
import { getEventListeners } from 'node:events';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type EngineOptions } from '../engine/engine.js';
import type { ResponseEvent } from '../engine/observe.js';
import { createAnnotatedServer, type Execution } from '../mcp/test-support/annotated-server.js';
import { connectInMemory } from '../mcp/test-support/fixture-servers.js';
import type { ApprovalDecision } from './approval.js';
import type { ToolLoopStreamEvent } from './tool-loop-stream.js';

let simulator: Simulator;
let files: Client;
let ledger: Execution[];
const engines: Engine[] = [];
let lanes = 0;

beforeAll(async () => {
  simulator = await startSimulator();
  const annotated = createAnnotatedServer('files');
  ledger = annotated.ledger;
  files = await connectInMemory(annotated.server);
});
afterAll(async () => {
  await files.close();
  await Promise.all(engines.map((engine) => engine.close()));
  await simulator.close();
});

/** An openai engine on a fresh lane scripted with `steps`, and the replies its hook saw. */
function scripted(
  steps: readonly SimulatorStep[],
  options: Partial<EngineOptions> = {},
): { engine: Engine; lane: string; responses: ResponseEvent[] } {
  lanes += 1;
  const lane = `loop-turns-${lanes}`;
  simulator.script(lane, [...steps]);
  const responses: ResponseEvent[] = [];
  const engine = createEngine({
    provider: 'openai',
    model: 'gpt-6.1-sol',
    apiKey: 'k',
    baseUrl: simulator.baseUrl('openai', lane),
    retry: { maxRetries: 1, baseDelayMs: 1 },
    discover: false,
    onResponse: (event) => responses.push(event),
    ...options,
  });
  engines.push(engine);
  return { engine, lane, responses };
}

const readB = { name: 'read_file', arguments: { path: 'b.txt' }, id: 'call_read' };
const deleteA = { name: 'delete_file', arguments: { path: 'a.txt' }, id: 'call_delete' };
const email = {
  name: 'send_email',
  arguments: { to: 'ops@example.test', body: 'hi' },
  id: 'call_email',
};
const done: SimulatorStep = { type: 'text', text: 'Done.' };

describe.each([
  { mode: 'runToolLoop', streamed: false },
  { mode: 'streamWithTools', streamed: true },
] as const)('the result of a run ($mode)', ({ streamed }) => {
  const run = (engine: Engine, options: Parameters<Engine['runToolLoop']>[1]) =>
    streamed
      ? engine.streamWithTools('Tidy up.', options).finalResult()
      : engine.runToolLoop('Tidy up.', options);

  it("each turn's record: status, attempts, times, finish reason, usage and cost as the reply had them", async () => {
    const { engine, responses } = scripted([
      { type: 'error', status: 500, message: 'try again' },
      { type: 'tool_calls', calls: [readB] },
      done,
    ]);
    const before = performance.now();
    const result = await run(engine, { mcpServers: [files] });
    const waited = performance.now() - before;
    // The hook saw the failed attempt and both replies.
    const replies = responses.filter((event) => event.status === 200);
    expect(replies).toHaveLength(2);
    expect(
      result.turns.map((turn) => [
        turn.iteration,
        turn.status,
        turn.attempts,
        turn.finishReason,
        turn.toolCalls.length,
      ]),
    ).toEqual([
      [1, 200, 2, 'tool_calls', 1],
      [2, 200, 1, 'stop', 0],
    ]);
    for (const [index, turn] of result.turns.entries()) {
      const reply = replies[index] as ResponseEvent;
      expect(turn.usage).toEqual(reply.usage);
      expect(turn.usage?.inputTokens).toBeGreaterThan(0);
      expect(turn.cost).toEqual(reply.cost);
      expect(turn.cost?.total).toBeGreaterThan(0);
      for (const time of [turn.requestMs, turn.prepareMs, turn.toolsMs]) {
        expect(time).toBeGreaterThanOrEqual(0);
        expect(time).toBeLessThanOrEqual(waited);
      }
    }
    expect(result.turns[1]?.toolsMs).toBe(0);
    // The loop in one process sends no idempotency key (the step API does).
    expect(ledger).toEqual([{ tool: 'read_file', arguments: { path: 'b.txt' }, key: undefined }]);
    ledger.length = 0;
    expect(result.turns[0]?.toolCalls).toEqual([
      {
        name: 'read_file',
        id: 'call_read',
        server: '"files" (mcpServers[0])',
        isError: false,
        failure: undefined,
        durationMs: expect.any(Number),
      },
    ]);
    expect(Object.keys(result.turns[0]?.toolCalls[0] ?? {})).not.toContain('approval');
    // The run: the last reply, usage summed, cost.
    expect(result.text).toBe('Done.');
    expect(result.response.content).toBe('Done.');
    expect(result.usage.inputTokens).toBe(
      (result.turns[0]?.usage?.inputTokens ?? 0) + (result.turns[1]?.usage?.inputTokens ?? 0),
    );
    expect(result.cost?.total).toBeCloseTo(
      (result.turns[0]?.cost?.total ?? 0) + (result.turns[1]?.cost?.total ?? 0),
      12,
    );
    expect(result).not.toHaveProperty('object');
  });

  it("onLoopEnd gets the run's result; no listener is left on the caller's signal", async () => {
    const { engine } = scripted([{ type: 'tool_calls', calls: [deleteA] }, done]);
    const ends: unknown[] = [];
    const controller = new AbortController();
    const result = await run(engine, {
      mcpServers: [files],
      signal: controller.signal,
      approval: 'always',
      onApproval: async () => ({ approved: false }),
      onLoopEnd: (event) => ends.push([event.result, event.state, event.error]),
    });
    expect(ends).toEqual([[result, undefined, undefined]]);
    expect(getEventListeners(controller.signal, 'abort')).toEqual([]);
  });

  it("a turn of many calls adds one listener to the caller's signal, not one per call", async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({
      name: 'read_file',
      arguments: { path: `${index}.txt` },
      id: `call_${index}`,
    }));
    const { engine } = scripted([{ type: 'tool_calls', calls: many }, done]);
    const controller = new AbortController();
    const signal = controller.signal;
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const result = await run(engine, { mcpServers: [files], signal });
    expect(result.turns[0]?.toolCalls).toHaveLength(12);
    ledger.length = 0;
    expect(getEventListeners(signal, 'abort')).toEqual([]);
    // Node warns of a possible leak past ten listeners on one signal.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings).toEqual([]);
  });

  it('an unpriced model: no cost on the turns or the run', async () => {
    const warnings: string[] = [];
    const { engine } = scripted([{ type: 'tool_calls', calls: [readB] }, done], {
      model: 'my-own-finetune',
      onWarning: (warning) => warnings.push(warning.code),
    });
    const result = await run(engine, { mcpServers: [files] });
    expect(result.text).toBe('Done.');
    expect(result).not.toHaveProperty('cost');
    for (const turn of result.turns) expect(turn).not.toHaveProperty('cost');
    expect(warnings).toEqual(['model_unknown']);
  });

  it('with output, the validated object of the last reply', async () => {
    const { engine } = scripted([
      { type: 'tool_calls', calls: [readB] },
      { type: 'object', value: { city: 'Oslo' } },
    ]);
    const result = await run(engine, {
      mcpServers: [files],
      output: {
        name: 'place',
        schema: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
          additionalProperties: false,
        },
      },
    });
    expect(result.object).toEqual({ city: 'Oslo' });
  });

  it("the conversation to continue from: the caller's own copies, in the wire's shape", async () => {
    const { engine } = scripted([{ type: 'tool_calls', calls: [readB] }, done]);
    const result = await run(engine, { mcpServers: [files] });
    expect(result.messages.map((message) => (message as { role: string }).role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    for (const message of result.messages) expect(Object.isFrozen(message)).toBe(false);
    const echo = result.messages[1] as unknown as { tool_calls: { id: string }[] };
    echo.tool_calls[0] = { id: 'changed' };
    expect(echo.tool_calls[0]).toEqual({ id: 'changed' });
  });

  it('every decision in the call records; a denied call never reaches the server', async () => {
    const { engine } = scripted([{ type: 'tool_calls', calls: [readB, deleteA, email] }, done]);
    const decisions: Record<string, ApprovalDecision> = {
      delete_file: { approved: true, arguments: { path: 'c.txt' } },
      send_email: { approved: false, reason: 'not now' },
    };
    const result = await run(engine, {
      mcpServers: [files],
      approval: 'unless-read-only',
      onApproval: async (request) => decisions[request.toolCall.name] as ApprovalDecision,
    });
    expect(
      result.turns[0]?.toolCalls.map((call) => [call.name, call.isError, call.approval]),
    ).toEqual([
      ['read_file', false, undefined],
      ['delete_file', false, { approved: true, edited: true }],
      ['send_email', true, { approved: false, reason: 'not now', edited: false }],
    ]);
    expect(ledger.filter((execution) => execution.tool !== 'read_file')).toEqual([
      expect.objectContaining({ tool: 'delete_file', arguments: { path: 'c.txt' } }),
    ]);
    ledger.length = 0;
  });
});

it('when one question fails, the others of the turn are withdrawn and the loop fails with it', async () => {
  const { engine } = scripted([{ type: 'tool_calls', calls: [deleteA, email] }, done]);
  let emailSignal: AbortSignal | undefined;
  const error = await engine
    .runToolLoop('Tidy up.', {
      mcpServers: [files],
      approval: 'always',
      onApproval: async (request, context) => {
        if (request.toolCall.name === 'send_email') {
          emailSignal = context.signal;
          return new Promise<ApprovalDecision>(() => undefined);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('approval service down');
      },
    })
    .catch((caught: unknown) => caught);
  expect(error).toMatchObject({ code: 'tool_approval_failed' });
  expect(emailSignal?.aborted).toBe(true);
  expect(ledger).toEqual([]);
});

describe('the events of a streamed run', () => {
  const outline = (events: readonly ToolLoopStreamEvent[]) =>
    events
      .filter((event) =>
        [
          'turn-start',
          'tool-approval-request',
          'tool-approval-decision',
          'tool-call-run',
          'tool-result',
          'turn-end',
          'error',
          'loop-finish',
        ].includes(event.type),
      )
      .map((event) => {
        const iteration = 'iteration' in event ? event.iteration : '-';
        switch (event.type) {
          case 'tool-approval-request':
          case 'tool-call-run':
          case 'tool-result':
            return `${iteration} ${event.type} ${event.toolCall.name}`;
          case 'tool-approval-decision':
            return `${iteration} ${event.type} ${JSON.stringify({ approved: event.approved, reason: event.reason })} ${'reason' in event}`;
          default:
            return `${iteration} ${event.type}`;
        }
      });

  it('asks before the calls run, tells each decision (a reason only for a denial with one), runs only the approved', async () => {
    const { engine } = scripted([{ type: 'tool_calls', calls: [deleteA, email, readB] }, done]);
    const decisions: Record<string, ApprovalDecision> = {
      delete_file: { approved: true },
      send_email: { approved: false },
    };
    const events: ToolLoopStreamEvent[] = [];
    for await (const event of engine.streamWithTools('Tidy up.', {
      mcpServers: [files],
      approval: (request) => request.toolCall.name !== 'read_file',
      onApproval: async (request) => decisions[request.toolCall.name] as ApprovalDecision,
    })) {
      events.push(event);
    }
    expect(outline(events)).toEqual([
      '1 turn-start',
      '1 tool-approval-request delete_file',
      '1 tool-approval-request send_email',
      '1 tool-approval-decision {"approved":true} false',
      '1 tool-approval-decision {"approved":false} false',
      '1 tool-call-run delete_file',
      '1 tool-call-run read_file',
      '1 tool-result delete_file',
      '1 tool-result send_email',
      '1 tool-result read_file',
      '1 turn-end',
      '2 turn-start',
      '2 turn-end',
      '- loop-finish',
    ]);
    const requests = events.flatMap((event) =>
      event.type === 'tool-approval-request' ? [event] : [],
    );
    const decided = events.flatMap((event) =>
      event.type === 'tool-approval-decision' ? [event.approvalId] : [],
    );
    expect(decided).toEqual(requests.map((event) => event.approvalId));
    expect(new Set(decided).size).toBe(2);
    ledger.length = 0;
  });

  it('a denial with a reason tells it', async () => {
    const { engine } = scripted([{ type: 'tool_calls', calls: [email] }, done]);
    const events: ToolLoopStreamEvent[] = [];
    for await (const event of engine.streamWithTools('Tidy up.', {
      mcpServers: [files],
      approval: 'always',
      onApproval: async () => ({ approved: false, reason: 'not today' }),
    })) {
      events.push(event);
    }
    expect(outline(events).filter((line) => line.includes('decision'))).toEqual([
      '1 tool-approval-decision {"approved":false,"reason":"not today"} true',
    ]);
  });

  it('a run that fails after its turns ends with one error event of the last iteration, then throws it', async () => {
    const { engine } = scripted([{ type: 'tool_calls', calls: [readB] }]);
    const events: ToolLoopStreamEvent[] = [];
    const failure = await (async () => {
      for await (const event of engine.streamWithTools('Tidy up.', {
        mcpServers: [files],
        maxIterations: 1,
      })) {
        events.push(event);
      }
    })().catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'ToolLoopError', code: 'tool_loop_max_iterations' });
    const last = events.at(-1);
    expect(last).toEqual({ type: 'error', error: failure, iteration: 1 });
    expect(events.filter((event) => event.type === 'error')).toHaveLength(1);
    ledger.length = 0;
  });

  it('a refusal before the first turn is an error event of iteration 0', async () => {
    const { engine } = scripted([done]);
    const events: ToolLoopStreamEvent[] = [];
    const failure = await (async () => {
      for await (const event of engine.streamWithTools('Tidy up.', {
        mcpServers: [files],
        approval: 'always',
      })) {
        events.push(event);
      }
    })().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'approval_handler_required' });
    expect(events).toEqual([{ type: 'error', error: failure, iteration: 0 }]);
  });

  it('a provider error mid-stream is told once, by the turn, with its iteration', async () => {
    const { engine } = scripted([
      { type: 'tool_calls', calls: [readB] },
      {
        type: 'text',
        text: 'Hello there',
        stream: {
          pieceSize: 2,
          fail: { afterChunks: 3, mode: 'error-event', message: 'Overloaded' },
        },
      },
    ]);
    const events: ToolLoopStreamEvent[] = [];
    const failure = await (async () => {
      for await (const event of engine.streamWithTools('Tidy up.', { mcpServers: [files] })) {
        events.push(event);
      }
    })().catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'ProviderError' });
    const errors = events.filter((event) => event.type === 'error');
    expect(errors).toEqual([{ type: 'error', error: failure, iteration: 2 }]);
    ledger.length = 0;
  });

  // Breaking at an event the loop reports itself (not one of a turn's reply) used to leave the
  // run waiting for the event to be taken, and the break never returned.
  it.each([
    'turn-start',
    'tool-approval-request',
    'tool-approval-decision',
    'tool-call-run',
    'tool-result',
    'turn-end',
  ] as const)(
    'a consumer that stops at %s gets its break back; the run stops there',
    async (stopAt) => {
      const { engine, lane } = scripted([{ type: 'tool_calls', calls: [readB] }, done]);
      let signal: AbortSignal | undefined;
      const stream = engine.streamWithTools('Tidy up.', {
        mcpServers: [files],
        approval: 'always',
        onApproval: async (_request, context) => {
          signal = context.signal;
          return { approved: true };
        },
      });
      const seen: string[] = [];
      for await (const event of stream) {
        seen.push(event.type);
        if (event.type === stopAt) break;
      }
      expect(seen.at(-1)).toBe(stopAt);
      await expect(stream.finalResult()).rejects.toMatchObject({ code: 'stream_closed' });
      // No request after the turn it stopped in (none when it stopped before the first one).
      expect(simulator.received(lane)).toHaveLength(stopAt === 'turn-start' ? 0 : 1);
      const ran = ledger.length;
      ledger.length = 0;
      // The call ran only when the consumer stopped after its result.
      expect(ran).toBe(['tool-result', 'turn-end'].includes(stopAt) ? 1 : 0);
      // The question asked after the stop is withdrawn at once, saying why.
      if (stopAt === 'tool-approval-request') {
        expect(signal?.reason).toMatchObject({
          code: 'stream_closed',
          message: 'the tool loop stream was closed early',
        });
      }
    },
  );
});
