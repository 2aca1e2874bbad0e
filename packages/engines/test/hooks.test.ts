// The engine's hook points (issue 47): a tool loop's start and end, each tool call's start and
// end, and the request events that name their loop; for the loop, the streamed loop and the
// step API, with the real MCP SDK and the simulator.

import { type Simulator, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type EngineOptions } from '../src/engine/engine.js';
import type {
  LoopEndEvent,
  LoopStartEvent,
  RequestEvent,
  ResponseEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
} from '../src/engine/observe.js';
import {
  modelStepKey,
  runModelStep,
  runToolStep,
  startToolLoop,
  toolStepKey,
} from '../src/loop/tool-loop-steps.js';
import { connectInMemory, createFixtureServer } from '../src/mcp/test-support/fixture-servers.js';

let simulator: Simulator;
let fixture: Client;
beforeAll(async () => {
  simulator = await startSimulator();
  fixture = await connectInMemory(createFixtureServer());
});
afterAll(async () => {
  await fixture.close();
  await simulator.close();
});

type Told =
  | ['request', RequestEvent]
  | ['response', ResponseEvent]
  | ['loop-start', LoopStartEvent]
  | ['loop-end', LoopEndEvent]
  | ['tool-start', ToolCallStartEvent]
  | ['tool-end', ToolCallEndEvent];

function recorded(lane: string, options: Partial<EngineOptions> = {}) {
  const told: Told[] = [];
  const engine = createEngine({
    provider: 'openai',
    model: 'gpt-5.4',
    apiKey: 'k',
    baseUrl: simulator.baseUrl('openai', lane),
    retry: { maxRetries: 0 },
    mcpServers: [fixture],
    onRequest: (event) => told.push(['request', event]),
    onResponse: (event) => told.push(['response', event]),
    onLoopStart: (event) => told.push(['loop-start', event]),
    onLoopEnd: (event) => told.push(['loop-end', event]),
    onToolCallStart: (event) => told.push(['tool-start', event]),
    onToolCallEnd: (event) => told.push(['tool-end', event]),
    ...options,
  });
  return { engine, told };
}

const TWO_TURNS = [
  {
    type: 'tool_calls',
    calls: [
      { name: 'echo', arguments: { text: 'ping' }, id: 'call_a' },
      { name: 'nope', arguments: {}, id: 'call_b' },
    ],
  },
  { type: 'text', text: 'done' },
] as const;

describe.each([
  ['runToolLoop', false],
  ['streamWithTools', true],
] as const)('%s', (mode, streamed) => {
  it('tells the loop, each request and each tool call, in order, with one loop id', async () => {
    const lane = `hooks-${mode}`;
    simulator.script(lane, TWO_TURNS);
    const { engine, told } = recorded(lane);
    const result = streamed
      ? await engine.streamWithTools('go').finalResult()
      : await engine.runToolLoop('go');
    expect(result.text).toBe('done');
    expect(told.map(([kind]) => kind)).toEqual([
      'loop-start',
      'request',
      'response',
      'tool-start',
      'tool-start',
      'tool-end',
      'tool-end',
      'request',
      'response',
      'loop-end',
    ]);
    const [, start] = told[0] as ['loop-start', LoopStartEvent];
    const loopId = start.loopId;
    expect(loopId).toMatch(/^[0-9a-f-]{36}$/);
    expect(start).toEqual({
      loopId,
      step: undefined,
      provider: 'openai',
      model: 'gpt-5.4',
      wire: 'openai',
    });
    const requests = told.filter(([kind]) => kind === 'request').map(([, event]) => event);
    const responses = told.filter(([kind]) => kind === 'response').map(([, event]) => event);
    expect(requests.map((event) => [event.loopId, (event as RequestEvent).iteration])).toEqual([
      [loopId, 1],
      [loopId, 2],
    ]);
    expect(requests.map((event) => (event as RequestEvent).stream)).toEqual([streamed, streamed]);
    // Each response carries its request's id; the two round trips have different ids.
    expect(responses.map((event) => (event as ResponseEvent).requestId)).toEqual(
      requests.map((event) => (event as RequestEvent).requestId),
    );
    expect(new Set(requests.map((event) => (event as RequestEvent).requestId)).size).toBe(2);
    const toolStarts = told.filter(([kind]) => kind === 'tool-start').map(([, event]) => event);
    expect(toolStarts).toEqual([
      {
        loopId,
        iteration: 1,
        callId: 'call_a',
        toolCall: expect.objectContaining({ name: 'echo', id: 'call_a' }),
      },
      {
        loopId,
        iteration: 1,
        callId: 'call_b',
        toolCall: expect.objectContaining({ name: 'nope', id: 'call_b' }),
      },
    ]);
    // The calls run at once: each ends when it ends (the unknown tool at once), so by call id.
    const toolEnds = told
      .filter(([kind]) => kind === 'tool-end')
      .map(([, event]) => event as ToolCallEndEvent)
      .sort((a, b) => a.callId.localeCompare(b.callId));
    expect(
      toolEnds.map(({ callId, isError, failure, server, error }) => ({
        callId,
        isError,
        failure,
        server,
        error,
      })),
    ).toEqual([
      {
        callId: 'call_a',
        isError: false,
        failure: undefined,
        server: '"fixture" (mcpServers[0])',
        error: undefined,
      },
      {
        callId: 'call_b',
        isError: true,
        failure: 'unknown_tool',
        server: undefined,
        error: undefined,
      },
    ]);
    expect(toolEnds[0]?.result?.content).toEqual([{ type: 'text', text: 'ping' }]);
    expect(toolEnds[1]?.durationMs).toBe(0);
    expect('approval' in (toolEnds[0] as object)).toBe(false);
    const [, end] = told.at(-1) as ['loop-end', LoopEndEvent];
    expect(end).toMatchObject({ loopId, step: undefined, error: undefined, state: undefined });
    expect(end.result).toBe(result);
    expect(end.durationMs).toBeGreaterThanOrEqual(0);
    await engine.close();
  });
});

describe('the end events of a run that fails', () => {
  it('a loop that reaches maxIterations ends with the error it throws', async () => {
    simulator.script('hooks-max', [
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'a' } }] },
    ]);
    const { engine, told } = recorded('hooks-max');
    const error = await engine
      .runToolLoop('go', { maxIterations: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'tool_loop_max_iterations' });
    const [, end] = told.at(-1) as ['loop-end', LoopEndEvent];
    expect(end).toMatchObject({ result: undefined, state: undefined, error });
    await engine.close();
  });

  it('a tool call stopped by the caller ends with the abort, and so does the loop', async () => {
    const controller = new AbortController();
    simulator.script('hooks-abort', [
      { type: 'tool_calls', calls: [{ name: 'slow', arguments: {} }] },
    ]);
    const { engine, told } = recorded('hooks-abort', {
      onToolCallStart: () => setTimeout(() => controller.abort(new Error('user left')), 5),
      onToolCallEnd: (event) => told.push(['tool-end', event]),
    });
    await expect(engine.runToolLoop('go', { signal: controller.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
    const toolEnd = told.find(([kind]) => kind === 'tool-end')?.[1] as ToolCallEndEvent;
    expect(toolEnd).toMatchObject({ result: undefined, isError: true, durationMs: 0 });
    expect(toolEnd.error).toMatchObject({ code: 'aborted' });
    expect(told.at(-1)?.[1]).toMatchObject({ error: { code: 'aborted' } });
    await engine.close();
  });

  it('a hook that throws changes nothing', async () => {
    simulator.script('hooks-throw', TWO_TURNS);
    const broken = () => {
      throw new Error('logger down');
    };
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-5.4',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('openai', 'hooks-throw'),
      mcpServers: [fixture],
      onRequest: broken,
      onResponse: broken,
      onLoopStart: broken,
      onLoopEnd: broken,
      onToolCallStart: broken,
      onToolCallEnd: broken,
    });
    expect(await engine.chatWithTools('go')).toBe('done');
    await engine.close();
  });

  it("a loop's own hooks replace the engine's", async () => {
    simulator.script('hooks-own', TWO_TURNS);
    const { engine, told } = recorded('hooks-own');
    const own: string[] = [];
    await engine.runToolLoop('go', {
      onToolCallEnd: (event) => own.push(event.callId),
      onLoopStart: () => own.push('start'),
    });
    expect(own[0]).toBe('start');
    expect(own.slice(1).sort()).toEqual(['call_a', 'call_b']);
    expect(told.filter(([kind]) => kind === 'tool-end' || kind === 'loop-start')).toEqual([]);
    expect(told.filter(([kind]) => kind === 'loop-end')).toHaveLength(1);
    await engine.close();
  });
});

describe('a call that went through approval', () => {
  it('ends with the decision: denied with its reason, approved with edited arguments', async () => {
    simulator.script('hooks-approval', [
      {
        type: 'tool_calls',
        calls: [
          { name: 'echo', arguments: { text: 'one' }, id: 'call_deny' },
          { name: 'echo', arguments: { text: 'two' }, id: 'call_edit' },
        ],
      },
      { type: 'text', text: 'done' },
    ]);
    const { engine, told } = recorded('hooks-approval');
    await engine.runToolLoop('go', {
      approval: 'always',
      onApproval: async (request) =>
        request.toolCall.id === 'call_deny'
          ? { approved: false, reason: 'not today' }
          : { approved: true, arguments: { text: 'edited' } },
    });
    const ends = told
      .filter(([kind]) => kind === 'tool-end')
      .map(([, event]) => event as ToolCallEndEvent);
    const byId = Object.fromEntries(ends.map((event) => [event.callId, event]));
    expect(byId.call_deny).toMatchObject({
      isError: true,
      failure: 'denied',
      server: undefined,
      approval: { approved: false, reason: 'not today', edited: false },
    });
    expect(byId.call_edit).toMatchObject({
      isError: false,
      approval: { approved: true, edited: true },
    });
    await engine.close();
  });

  it('a call the policy does not ask about ends with no decision', async () => {
    simulator.script('hooks-no-approval', TWO_TURNS);
    const { engine, told } = recorded('hooks-no-approval');
    await engine.runToolLoop('go');
    const ends = told.filter(([kind]) => kind === 'tool-end');
    expect(ends).toHaveLength(2);
    for (const [, event] of ends) expect('approval' in event).toBe(false);
    await engine.close();
  });
});

describe('the step API', () => {
  it('each step is a run with its step, its requests and calls name the loop', async () => {
    simulator.script('hooks-steps', TWO_TURNS);
    const { engine, told } = recorded('hooks-steps');
    let state = startToolLoop('go', { loopId: 'loop-7' });
    state = await runModelStep(engine, state);
    const toolTold: Told[] = [];
    for (const pending of state.pendingCalls) {
      state = await runToolStep(state, pending.callId, {
        mcpServers: [fixture],
        onLoopStart: (event) => toolTold.push(['loop-start', event]),
        onLoopEnd: (event) => toolTold.push(['loop-end', event]),
        onToolCallStart: (event) => toolTold.push(['tool-start', event]),
        onToolCallEnd: (event) => toolTold.push(['tool-end', event]),
      });
    }
    state = await runModelStep(engine, state);
    expect(state.text).toBe('done');
    expect(told.map(([kind, event]) => [kind, (event as { step?: unknown }).step])).toEqual([
      ['loop-start', { kind: 'model', iteration: 1, key: modelStepKey('loop-7', 1) }],
      ['request', undefined],
      ['response', undefined],
      ['loop-end', { kind: 'model', iteration: 1, key: 'loop-7:1:model' }],
      ['loop-start', { kind: 'model', iteration: 2, key: 'loop-7:2:model' }],
      ['request', undefined],
      ['response', undefined],
      ['loop-end', { kind: 'model', iteration: 2, key: 'loop-7:2:model' }],
    ]);
    expect(told[1]?.[1]).toMatchObject({ loopId: 'loop-7', iteration: 1 });
    expect(told[3]?.[1]).toMatchObject({ state: { iteration: 1 }, result: undefined });
    const toolStep = {
      kind: 'tool',
      iteration: 1,
      key: toolStepKey('loop-7', 1, 'call_a'),
      callId: 'call_a',
    };
    expect(toolTold.map(([kind]) => kind)).toEqual([
      'loop-start',
      'tool-start',
      'tool-end',
      'loop-end',
      'loop-start',
      'tool-start',
      'tool-end',
      'loop-end',
    ]);
    expect(toolTold[0]?.[1]).toEqual({
      loopId: 'loop-7',
      step: toolStep,
      provider: undefined,
      model: undefined,
      wire: undefined,
    });
    expect(toolTold[1]?.[1]).toMatchObject({ loopId: 'loop-7', iteration: 1, callId: 'call_a' });
    await engine.close();
  });
});

it('a plain chat: no loop id, and the bodies are summarised copies made on first read', async () => {
  simulator.script('hooks-chat', [{ type: 'text', text: 'hello' }]);
  const { engine, told } = recorded('hooks-chat');
  await engine.chat('hi', { loopId: 'mine' });
  const [[, request], [, response]] = told as [
    ['request', RequestEvent],
    ['response', ResponseEvent],
  ];
  expect(request).toMatchObject({ loopId: 'mine', iteration: undefined, stream: false });
  expect(request.messages).toEqual([{ role: 'user', content: 'hi' }]);
  expect(request.body).toMatchObject({
    model: 'gpt-5.4',
    messages: [{ role: 'user', content: 'hi' }],
  });
  expect(response).toMatchObject({
    status: 200,
    finishReason: 'stop',
    cost: expect.objectContaining({ currency: 'USD' }),
    response: { content: 'hello', finishReason: 'stop' },
    error: undefined,
  });
  expect(JSON.parse(JSON.stringify(response))).toMatchObject({ body: { model: 'gpt-5.4' } });
  await engine.close();
});
