// The step API's model turn as the user sees it: the state a final answer leaves (text,
// structured object, empty answer), the extra object turn of the two-step form after a tool
// turn, the prompt cache a step asks for, usage summed over steps, and the exact errors of
// maxIterations, aborts, recorded results and unknown calls.
import { AbortedError, type ToolDefinition, type WireFormat } from '@crosswire/core';
import { type ChatResponse, parseResponse } from '@crosswire/dialects';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as z from 'zod';
import { TOOLS } from '../../../../test-support/dialect-conversation.js';
import type {
  ChatExchange,
  ChatInput,
  ChatOptions,
  ToolLoopEngine,
} from '../engine/chat-options.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { FINAL_OBJECT_PROMPT } from '../engine/structured-exchange.js';
import type { ToolRoster } from '../mcp/gather.js';
import { connectInMemory, createFixtureServer } from '../mcp/test-support/fixture-servers.js';
import {
  recordToolResult,
  runModelStep,
  runToolStep,
  startToolLoop,
  type ToolLoopState,
} from './tool-loop-steps.js';

/** Tools offered without a server: a call routes nowhere. */
const ROSTER: ToolRoster = { tools: TOOLS as unknown as ToolDefinition[], route: () => undefined };

const Trip = z.object({ city: z.string(), sights: z.array(z.string()) });
const OUTPUT = { schema: Trip, name: 'trip' } as const;
const TRIP = { city: 'Oslo', sights: ['Opera'] };

let simulator: Simulator;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  simulator = await startSimulator({
    providers: { 'groq-two-step': 'groq', 'groq-two-step-empty': 'groq' },
  });
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await simulator.close();
});

/** The warnings the engines of these tests gave, as `code provider model`. */
const heard: string[] = [];

function simulated(
  lane: string,
  setup: { wire: WireFormat; provider: string; model: string; mode?: 'tool' },
): Engine {
  const created = createEngine({
    onWarning: (warning) => heard.push(`${warning.code} ${setup.provider} ${setup.model}`),
    ...(setup.mode === undefined ? {} : { dialect: { structuredOutput: setup.mode } }),
    provider: setup.provider,
    model: setup.model,
    apiKey: 'k',
    baseUrl: simulator.baseUrl(setup.wire, lane),
    retry: { maxRetries: 0 },
    discover: false,
  });
  closers.push(() => created.close());
  return created;
}

const OPENAI = { wire: 'openai', provider: 'openai', model: 'gpt-6.1-sol' } as const;

async function fixtureClient(): Promise<Client> {
  const client = await connectInMemory(createFixtureServer());
  closers.push(() => client.close());
  return client;
}

/** What one turn of {@link scriptedEngine} was asked. */
interface Sent {
  readonly input: ChatInput;
  readonly options: ChatOptions;
  readonly iteration: number;
}

/** A reply body of the engine's wire, and the object the engine read from it (if any). */
interface Answer {
  readonly body: unknown;
  readonly object?: unknown;
}

interface ScriptedEngine extends ToolLoopEngine {
  readonly sent: Sent[];
}

/**
 * A tool-loop engine on `wire` (Chat Completions by default): its n-th exchange answers `answers[n]`
 * (called with what the turn was asked), and every exchange is kept in `sent`.
 */
function scriptedEngine(
  answers: readonly ((sent: Sent) => Answer)[],
  wire: WireFormat = 'openai',
): ScriptedEngine {
  const sent: Sent[] = [];
  return {
    sent,
    toolWireFormat: wire,
    dialectOptions: {},
    async exchange(input, options = {}, iteration = 0): Promise<ChatExchange> {
      const turn = { input, options, iteration };
      const answer = answers[sent.length];
      sent.push(turn);
      if (!answer) throw new Error(`no answer scripted for exchange ${sent.length}`);
      const { body, object } = answer(turn);
      const parsed = parseResponse(wire, body);
      // The object a structured turn read from the reply (`StructuredChatResponse.object`).
      const response = object === undefined ? parsed : ({ ...parsed, object } as ChatResponse);
      return {
        response,
        url: 'http://127.0.0.1/',
        status: 200,
        attempts: 1,
        durationMs: 1,
        prepareMs: 0,
      };
    },
  };
}

type ReplyUsage = Record<string, unknown>;

const textReply = (
  text: string,
  usage: ReplyUsage = { prompt_tokens: 3, completion_tokens: 2 },
) => ({
  id: 'chatcmpl-t',
  object: 'chat.completion',
  model: 'gpt-6.1-sol',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
  usage,
});

const callReply = (usage: ReplyUsage = { prompt_tokens: 10, completion_tokens: 5 }) => ({
  id: 'chatcmpl-c',
  object: 'chat.completion',
  model: 'gpt-6.1-sol',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_w',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Berlin"}' },
          },
          {
            id: 'call_s',
            type: 'function',
            function: { name: 'screenshot', arguments: '{"url":"https://example.com"}' },
          },
        ],
      },
    },
  ],
  usage,
});

/** Every pending call of `state` answered with an empty result. */
const answerAll = (state: ToolLoopState): ToolLoopState =>
  state.pendingCalls.reduce(
    (current, pending) =>
      recordToolResult(
        current,
        pending.callId,
        new ToolResult({ name: pending.call.name, id: pending.call.id, content: [] }),
      ),
    state,
  );

/** The state after loop `loopId`'s first reply: calls call_w (get_weather) and call_s (screenshot) pending. */
const pendingState = (loopId: string): Promise<ToolLoopState> =>
  runModelStep(scriptedEngine([() => ({ body: callReply() })]), startToolLoop('go', { loopId }), {
    roster: ROSTER,
  });

interface Failure {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  readonly details: unknown;
}

/** The error `promise` rejects with (a resolved promise fails the test). */
const failure = (promise: Promise<unknown>): Promise<Failure> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Failure,
  );

const errorFacts = (error: Failure) => ({
  name: error.name,
  code: error.code,
  message: error.message,
  details: error.details,
});

describe('the state a final answer leaves', () => {
  test('a text answer on the last allowed iteration: done, no calls, the answer closes the conversation', async () => {
    simulator.script('final-text', [{ type: 'text', text: 'All done.' }]);
    const state = await runModelStep(
      simulated('final-text', OPENAI),
      startToolLoop('go', { loopId: 'ft' }),
      { roster: ROSTER, maxIterations: 1 },
    );
    expect(state).toStrictEqual({
      loopId: 'ft',
      iteration: 1,
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: 'All done.' },
      ],
      reply: undefined,
      pendingCalls: [],
      text: 'All done.',
      usage: { inputTokens: 10, outputTokens: 11, totalTokens: 21 },
    });
  });

  test('an empty answer adds nothing to the conversation', async () => {
    const engine = scriptedEngine([() => ({ body: textReply('') })]);
    const state = await runModelStep(engine, startToolLoop('go', { loopId: 'fe' }), {
      roster: ROSTER,
    });
    expect(state).toStrictEqual({
      loopId: 'fe',
      iteration: 1,
      messages: [{ role: 'user', content: 'go' }],
      reply: undefined,
      pendingCalls: [],
      text: '',
      usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
    });
  });

  test('a structured answer carried by the synthetic tool: its JSON stands in for the empty text', async () => {
    simulator.script('final-tool-object', [{ type: 'object', value: TRIP }]);
    const engine = simulated('final-tool-object', {
      wire: 'anthropic',
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      mode: 'tool',
    });
    const state = await runModelStep(engine, startToolLoop('Plan', { loopId: 'fo' }), {
      mcpServers: [await fixtureClient()],
      output: OUTPUT,
    });
    expect(state).toStrictEqual({
      loopId: 'fo',
      iteration: 1,
      messages: [
        { role: 'user', content: 'Plan' },
        { role: 'assistant', content: '{"city":"Oslo","sights":["Opera"]}' },
      ],
      reply: undefined,
      pendingCalls: [],
      text: '',
      object: { city: 'Oslo', sights: ['Opera'] },
      usage: { inputTokens: 10, outputTokens: 24, totalTokens: 34 },
    });
  });

  test('a structured answer with text: the text goes into the conversation as the model wrote it', async () => {
    const written = '{ "sights": ["Opera"], "city": "Oslo" }';
    simulator.script('final-text-object', [{ type: 'object', text: written }]);
    const state = await runModelStep(
      simulated('final-text-object', OPENAI),
      startToolLoop('Plan', { loopId: 'fw' }),
      { roster: ROSTER, output: OUTPUT },
    );
    expect([state.text, state.object, state.messages]).toStrictEqual([
      written,
      { city: 'Oslo', sights: ['Opera'] },
      [
        { role: 'user', content: 'Plan' },
        { role: 'assistant', content: written },
      ],
    ]);
  });
});

describe('the two-step form: after the tool turns, one turn without tools asks for the object', () => {
  const GROQ = { wire: 'openai', provider: 'groq', model: 'openai/gpt-oss-120b' } as const;
  const ECHO: SimulatorStep = {
    type: 'tool_calls',
    calls: [{ name: 'echo', arguments: { text: 'Oslo' } }],
  };

  async function streamedTwoStep(lane: string, answer: string) {
    simulator.script(lane, [ECHO, { type: 'text', text: answer }, { type: 'object', value: TRIP }]);
    const result = await simulated(lane, GROQ)
      .streamWithTools('Plan', { mcpServers: [await fixtureClient()], output: OUTPUT })
      .finalResult();
    const sent = simulator.received(lane).map((request) => {
      expect(request.violations).toEqual([]);
      return request.body as Record<string, unknown>;
    });
    return { result, sent };
  }

  /** The conversation up to the echo call's result, as every turn after the first sends it. */
  const TOOL_TURN = [
    { role: 'user', content: 'Plan' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_1_0',
          type: 'function',
          function: { name: 'echo', arguments: '{"text":"Oslo"}' },
        },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1_0', content: 'Oslo' },
  ];

  /** Which parts each request carried: tools, tool_choice, response_format. */
  const parts = (sent: Record<string, unknown>[]) =>
    sent.map((body) => ['tools', 'tool_choice', 'response_format'].filter((key) => key in body));

  test('streamed on groq: the answer of the tool turn, then the prompt for the object', async () => {
    const { result, sent } = await streamedTwoStep('groq-two-step', 'Oslo it is.');
    expect(parts(sent)).toEqual([['tools'], ['tools'], ['response_format']]);
    expect(sent[1]?.messages).toEqual(TOOL_TURN);
    expect(sent[2]?.messages).toEqual([
      ...TOOL_TURN,
      { role: 'assistant', content: 'Oslo it is.' },
      { role: 'user', content: FINAL_OBJECT_PROMPT },
    ]);
    // The object turn belongs to the loop: the same prompt cache key as its tool turns.
    expect(sent.map((body) => body.prompt_cache_key === sent[0]?.prompt_cache_key)).toEqual([
      true,
      true,
      true,
    ]);
    expect(result.object).toEqual({ city: 'Oslo', sights: ['Opera'] });
    expect(result.text).toBe('{"city":"Oslo","sights":["Opera"]}');
    // Usage counts all three replies, the object turn's included.
    expect(result.usage).toStrictEqual({ inputTokens: 60, outputTokens: 67, totalTokens: 127 });
  });

  test('streamed on groq: an empty answer of the tool turn is not sent', async () => {
    const { result, sent } = await streamedTwoStep('groq-two-step-empty', '');
    expect(parts(sent)).toEqual([['tools'], ['tools'], ['response_format']]);
    expect(sent[2]?.messages).toEqual([
      ...TOOL_TURN,
      { role: 'user', content: FINAL_OBJECT_PROMPT },
    ]);
    expect(result.object).toEqual({ city: 'Oslo', sights: ['Opera'] });
    expect(result.usage).toStrictEqual({ inputTokens: 60, outputTokens: 64, totalTokens: 124 });
  });

  test('the object turn sends the turn without its tools and tool choice, in the same iteration', async () => {
    const engine = scriptedEngine([
      () => ({ body: textReply('Oslo it is.', { prompt_tokens: 7, completion_tokens: 3 }) }),
      () => ({
        body: textReply('{"city":"Oslo","sights":["Opera"]}', {
          prompt_tokens: 12,
          completion_tokens: 9,
        }),
        object: TRIP,
      }),
    ]);
    const state = await runModelStep(engine, startToolLoop('Plan', { loopId: 'two' }), {
      roster: ROSTER,
      output: OUTPUT,
      toolChoice: 'auto',
      maxTokens: 99,
    });
    expect(engine.sent.map((turn) => [turn.iteration, Object.keys(turn.options).sort()])).toEqual([
      [1, ['loopId', 'maxTokens', 'output', 'promptCache', 'toolChoice', 'tools']],
      [1, ['loopId', 'maxTokens', 'output', 'promptCache']],
    ]);
    expect(engine.sent[1]?.options).toEqual({
      maxTokens: 99,
      output: OUTPUT,
      promptCache: { key: 'two' },
      loopId: 'two',
    });
    expect(engine.sent[1]?.input).toEqual([
      { role: 'user', content: 'Plan' },
      { role: 'assistant', content: 'Oslo it is.' },
      { role: 'user', content: FINAL_OBJECT_PROMPT },
    ]);
    expect(state).toStrictEqual({
      loopId: 'two',
      iteration: 1,
      messages: [
        { role: 'user', content: 'Plan' },
        { role: 'assistant', content: '{"city":"Oslo","sights":["Opera"]}' },
      ],
      reply: undefined,
      pendingCalls: [],
      text: '{"city":"Oslo","sights":["Opera"]}',
      object: { city: 'Oslo', sights: ['Opera'] },
      usage: { inputTokens: 19, outputTokens: 12, totalTokens: 31 },
    });
  });

  test('without tools on offer there is no tool turn, so no object turn either', async () => {
    const engine = scriptedEngine([() => ({ body: textReply('no object here') })]);
    const state = await runModelStep(engine, startToolLoop('Plan', { loopId: 'none' }), {
      roster: { tools: [], route: () => undefined },
      output: OUTPUT,
    });
    expect(engine.sent.map((turn) => turn.options)).toEqual([
      { tools: [], output: OUTPUT, promptCache: { key: 'none' }, loopId: 'none' },
    ]);
    expect([state.text, 'object' in state]).toEqual(['no object here', false]);
  });

  test('a reply that already has its object needs no object turn', async () => {
    const engine = scriptedEngine([
      () => ({ body: textReply('{"city":"Oslo","sights":["Opera"]}'), object: TRIP }),
    ]);
    const state = await runModelStep(engine, startToolLoop('Plan', { loopId: 'has' }), {
      roster: ROSTER,
      output: OUTPUT,
    });
    expect([engine.sent.length, state.object]).toEqual([1, { city: 'Oslo', sights: ['Opera'] }]);
  });
});

describe('the prompt cache a model step asks for', () => {
  test.each([
    ['unset', undefined, { key: 'pc' }],
    ['auto', 'auto', { key: 'pc' }],
    ['off', 'off', 'off'],
    ['options without a key', { ttl: '1h' }, { ttl: '1h', key: 'pc' }],
    ['an explicit key', { key: 'mine', retention: '24h' }, { key: 'mine', retention: '24h' }],
  ] as const)('%s: the loop id is the default key', async (_name, setting, asked) => {
    const engine = scriptedEngine([() => ({ body: textReply('ok') })]);
    await runModelStep(engine, startToolLoop('go', { loopId: 'pc' }), {
      roster: ROSTER,
      ...(setting === undefined ? {} : { promptCache: setting }),
    });
    expect(engine.sent.map((turn) => turn.options.promptCache)).toStrictEqual([asked]);
  });
});

describe('usage summed over model steps', () => {
  test('cache reads and writes are summed over the replies that report them, absent otherwise', async () => {
    const engine = scriptedEngine([
      () => ({ body: callReply({ prompt_tokens: 10, completion_tokens: 5 }) }),
      () => ({
        body: callReply({
          prompt_tokens: 20,
          completion_tokens: 4,
          total_tokens: 30,
          prompt_tokens_details: { cached_tokens: 8 },
        }),
      }),
      () => ({ body: textReply('done', { prompt_tokens: 25, completion_tokens: 1 }) }),
    ]);
    const first = await runModelStep(engine, startToolLoop('go', { loopId: 'u' }), {
      roster: ROSTER,
    });
    expect(first.usage).toStrictEqual({ inputTokens: 10, outputTokens: 5, totalTokens: 15 });
    const second = await runModelStep(engine, answerAll(first), { roster: ROSTER });
    expect(second.usage).toStrictEqual({
      inputTokens: 30,
      outputTokens: 9,
      totalTokens: 45,
      cacheReadTokens: 8,
    });
    // A reply without cache counts keeps the sum so far.
    const third = await runModelStep(engine, answerAll(second), { roster: ROSTER });
    expect(third.usage).toStrictEqual({
      inputTokens: 55,
      outputTokens: 10,
      totalTokens: 71,
      cacheReadTokens: 8,
    });
  });

  test('anthropic: a cache write, then a cache read, each summed on its own', async () => {
    const message = (content: unknown[], stop: string, usage: ReplyUsage) => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      content,
      stop_reason: stop,
      usage,
    });
    const engine = scriptedEngine(
      [
        () => ({
          body: message(
            [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } }],
            'tool_use',
            { input_tokens: 5, output_tokens: 2, cache_creation_input_tokens: 100 },
          ),
        }),
        () => ({
          body: message([{ type: 'text', text: 'Sunny.' }], 'end_turn', {
            input_tokens: 3,
            output_tokens: 1,
            cache_read_input_tokens: 100,
          }),
        }),
      ],
      'anthropic',
    );
    const first = await runModelStep(engine, startToolLoop('go', { loopId: 'a' }), {
      roster: ROSTER,
    });
    expect(first.usage).toStrictEqual({
      inputTokens: 105,
      outputTokens: 2,
      totalTokens: 107,
      cacheWriteTokens: 100,
    });
    const second = await runModelStep(engine, answerAll(first), { roster: ROSTER });
    expect(second.usage).toStrictEqual({
      inputTokens: 208,
      outputTokens: 3,
      totalTokens: 211,
      cacheReadTokens: 100,
      cacheWriteTokens: 100,
    });
  });
});

describe('maxIterations', () => {
  test('a reply on the last allowed iteration that asks for tools: the error names the calls', async () => {
    const engine = scriptedEngine([() => ({ body: callReply() })]);
    const error = await failure(
      runModelStep(engine, startToolLoop('go', { loopId: 'mx' }), {
        roster: ROSTER,
        maxIterations: 1,
      }),
    );
    expect(errorFacts(error)).toEqual({
      name: 'ToolLoopError',
      code: 'tool_loop_max_iterations',
      message:
        'tool loop reached maxIterations (1) and the model still asks for tools: get_weather, screenshot',
      details: { maxIterations: 1, pendingCalls: ['get_weather', 'screenshot'], turns: [] },
    });
  });

  test('a model step beyond maxIterations sends nothing and names no calls', async () => {
    const engine = scriptedEngine([() => ({ body: callReply() })]);
    const state = await runModelStep(engine, startToolLoop('go', { loopId: 'mb' }), {
      roster: ROSTER,
      maxIterations: 2,
    });
    const error = await failure(
      runModelStep(engine, answerAll(state), { roster: ROSTER, maxIterations: 1 }),
    );
    expect(errorFacts(error)).toEqual({
      name: 'ToolLoopError',
      code: 'tool_loop_max_iterations',
      message: 'tool loop reached maxIterations (1)',
      details: { maxIterations: 1, pendingCalls: [], turns: [] },
    });
    expect(engine.sent).toHaveLength(1);
  });
});

describe('aborts name the step they stopped', () => {
  const stop = () => new Error('stop');

  test('while waiting for the provider', async () => {
    const controller = new AbortController();
    const engine = scriptedEngine([
      () => {
        controller.abort(stop());
        return { body: textReply('too late') };
      },
    ]);
    const error = await failure(
      runModelStep(engine, startToolLoop('go'), { roster: ROSTER, signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(errorFacts(error)).toEqual({
      name: 'AbortedError',
      code: 'aborted',
      message: 'aborted while waiting for the provider (iteration 1): stop',
      details: { during: 'waiting for the provider (iteration 1)' },
    });
  });

  test('while waiting for the object turn of the two-step form', async () => {
    const controller = new AbortController();
    const engine = scriptedEngine([
      () => ({ body: textReply('Oslo it is.') }),
      () => {
        controller.abort(stop());
        return {
          body: textReply('{"city":"Oslo","sights":[]}'),
          object: { city: 'Oslo', sights: [] },
        };
      },
    ]);
    const error = await failure(
      runModelStep(engine, startToolLoop('Plan'), {
        roster: ROSTER,
        output: OUTPUT,
        signal: controller.signal,
      }),
    );
    expect(errorFacts(error)).toEqual({
      name: 'AbortedError',
      code: 'aborted',
      message: 'aborted while waiting for the provider (iteration 1): stop',
      details: { during: 'waiting for the provider (iteration 1)' },
    });
    expect(engine.sent).toHaveLength(2);
  });

  test('a model step whose options fail after the signal fired is an abort', async () => {
    const engine = scriptedEngine([]);
    const error = await failure(
      runModelStep(engine, startToolLoop('go'), {
        roster: ROSTER,
        maxIterations: 0,
        signal: AbortSignal.abort(stop()),
      }),
    );
    expect(errorFacts(error)).toEqual({
      name: 'AbortedError',
      code: 'aborted',
      message: 'aborted while running a model step: stop',
      details: { during: 'running a model step' },
    });
    expect(engine.sent).toEqual([]);
  });

  test('a tool step with a signal that already fired', async () => {
    const error = await failure(
      runToolStep(await pendingState('ab'), 'call_w', {
        roster: ROSTER,
        signal: AbortSignal.abort(stop()),
      }),
    );
    expect(errorFacts(error)).toEqual({
      name: 'AbortedError',
      code: 'aborted',
      message: 'aborted while running tool step call_w: stop',
      details: { during: 'running tool step call_w' },
    });
  });

  test('a tool step whose roster fails once the signal fired is an abort; without the abort, the failure', async () => {
    const state = await pendingState('ab');
    const controller = new AbortController();
    const broken = (abort: boolean): ToolRoster => ({
      tools: ROSTER.tools,
      route: () => {
        if (abort) controller.abort(stop());
        throw new Error('the route table is gone');
      },
    });
    const aborted = await failure(
      runToolStep(state, 'call_s', { roster: broken(true), signal: controller.signal }),
    );
    expect(errorFacts(aborted)).toEqual({
      name: 'AbortedError',
      code: 'aborted',
      message: 'aborted while running tool step call_s: stop',
      details: { during: 'running tool step call_s' },
    });
    const plain = await failure(
      runToolStep(state, 'call_s', { roster: broken(false), signal: new AbortController().signal }),
    );
    expect(plain.message).toBe('the route table is gone');
  });
});

describe('recorded results and unknown calls', () => {
  const weather = (name: string, text: string) =>
    new ToolResult({ name, id: 'call_w', content: [{ type: 'text', text }] });

  test('a result for another tool under the call id is refused, with the loop, iteration and call', async () => {
    const state = await pendingState('rc');
    expect(() => recordToolResult(state, 'call_w', weather('screenshot', 'x'))).toThrow(
      expect.objectContaining({
        code: 'tool_result_conflict',
        message:
          'loop rc: call call_w is get_weather (id "call_w"), but the result answers screenshot (id "call_w")',
        details: { loopId: 'rc', iteration: 1, callId: 'call_w' },
      }),
    );
  });

  test('a second, different result is refused, with the loop, iteration and call', async () => {
    const recorded = recordToolResult(
      await pendingState('rc'),
      'call_w',
      weather('get_weather', 'sunny'),
    );
    expect(() => recordToolResult(recorded, 'call_w', weather('get_weather', 'rain'))).toThrow(
      expect.objectContaining({
        code: 'tool_result_conflict',
        message: 'loop rc: call call_w of iteration 1 already has a different result',
        details: { loopId: 'rc', iteration: 1, callId: 'call_w' },
      }),
    );
  });

  test('an unknown call: the message lists the pending calls, and says nothing of them when there are none', async () => {
    const state = await pendingState('rc');
    const unknown = await failure(runToolStep(state, 'call_x', { roster: ROSTER }));
    expect(errorFacts(unknown)).toEqual({
      name: 'ToolLoopStepError',
      code: 'unknown_tool_step',
      message: 'loop rc has no pending call "call_x" at iteration 1 (pending: call_w, call_s)',
      details: { loopId: 'rc', iteration: 1, callId: 'call_x' },
    });
    const fresh = await failure(
      runToolStep(startToolLoop('go', { loopId: 'nc' }), 'call_w', { roster: ROSTER }),
    );
    expect(errorFacts(fresh)).toEqual({
      name: 'ToolLoopStepError',
      code: 'unknown_tool_step',
      message: 'loop nc has no pending call "call_w" at iteration 0',
      details: { loopId: 'nc', iteration: 0, callId: 'call_w' },
    });
    expect(() =>
      recordToolResult(
        startToolLoop('go', { loopId: 'nc' }),
        'call_w',
        weather('get_weather', 'x'),
      ),
    ).toThrow(
      expect.objectContaining({
        code: 'unknown_tool_step',
        message: 'loop nc has no pending call "call_w" at iteration 0',
      }),
    );
  });
});

describe('warnings', () => {
  test('only the two-step notice of the groq lane, once per engine that used it', () => {
    expect(new Set(heard)).toEqual(
      new Set(['structured_output_two_step groq openai/gpt-oss-120b']),
    );
  });
});
