// The turns a structured reply takes, as the provider sees them, against the strict simulator on
// 127.0.0.1: the repair turns (a text reply and a user message on the text form; the synthetic
// tool's call answered by an error result on anthropic's tool form), the count of attempts, the
// two-step form of a single `chat` on an endpoint that refuses tools with structured output, and
// the anthropic tool form streamed (partial objects from the tool's arguments only). Expected
// bodies and events written by hand.
import type { WireFormat } from '@crosswire/core';
import { defaultRegistry } from '@crosswire/registry';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { modelRequestFeatures } from '../src/engine/model-settings.js';
import { type ChatStreamEvent, FINAL_OBJECT_PROMPT, StructuredOutputError } from '../src/index.js';

const TRIP = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    days: { type: 'integer' },
    sights: { type: 'array', items: { type: 'string' } },
  },
  required: ['city', 'sights'],
  additionalProperties: false,
};
const OUTPUT = { schema: TRIP, name: 'trip' } as const;
const RIGHT = { city: 'Oslo', days: 3, sights: ['Opera', 'Vigeland park'] };
const WRONG = { city: 5, sights: ['Opera'] };
/** What the model is told after WRONG (the repair prompt with WRONG's one issue). */
const REPAIR =
  'Your answer does not match the required JSON schema: $.city: expected string, got integer. Answer again with only the corrected JSON.';
const ECHO_TOOL = {
  name: 'echo',
  description: 'Echoes the text.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string' } },
    required: ['text'],
  },
};

let simulator: Simulator;
const engines: Engine[] = [];
const warnings: string[] = [];

beforeAll(async () => {
  simulator = await startSimulator({
    providers: { 'groq-chat': 'groq', 'groq-chat-empty': 'groq', 'groq-chat-calls': 'groq' },
    modelFeatures: (model, provider) =>
      modelRequestFeatures(defaultRegistry.resolve({ provider: provider ?? 'openai', model })),
  });
});
afterAll(async () => {
  await simulator.close();
  await Promise.all(engines.map((engine) => engine.close()));
});

interface Lane {
  readonly wire: WireFormat;
  readonly provider: string;
  readonly model: string;
  readonly tool?: true;
}
const OPENAI: Lane = { wire: 'openai', provider: 'openai', model: 'gpt-6.1-sol' };
const ANTHROPIC_TOOL: Lane = {
  wire: 'anthropic',
  provider: 'anthropic',
  model: 'claude-sonnet-5-5',
  tool: true,
};
const GROQ: Lane = { wire: 'openai', provider: 'groq', model: 'openai/gpt-oss-120b' };

function engineFor(lane: Lane, name: string, heard: string[] = warnings) {
  const engine = createEngine({
    ...(lane.tool ? { dialect: { structuredOutput: 'tool' as const } } : {}),
    provider: lane.provider,
    model: lane.model,
    apiKey: 'sk-turns',
    baseUrl: simulator.baseUrl(lane.wire, name),
    retry: { maxRetries: 0 },
    discover: false,
    onWarning: (warning) => heard.push(warning.code),
  });
  engines.push(engine);
  return engine;
}

const object = (value: unknown): SimulatorStep => ({ type: 'object', value });
const sentMessages = (name: string, index: number) =>
  ((simulator.received(name)[index]?.body ?? {}) as { messages?: unknown }).messages;

describe('repair on the text form (openai)', () => {
  it('the invalid reply goes back as the assistant turn, the issues as the next user message', async () => {
    simulator.script('repair-text', [object(WRONG), object(RIGHT)]);
    const reply = await engineFor(OPENAI, 'repair-text').chat('Plan a trip', {
      output: { ...OUTPUT, repair: 1 },
    });
    expect(reply.object).toEqual(RIGHT);
    expect(sentMessages('repair-text', 1)).toEqual([
      { role: 'user', content: 'Plan a trip' },
      { role: 'assistant', content: '{"city":5,"sights":["Opera"]}' },
      { role: 'user', content: REPAIR },
    ]);
  });

  it('an empty reply goes back as "(no answer)"', async () => {
    simulator.script('repair-empty', [{ type: 'object', text: '' }, object(RIGHT)]);
    const reply = await engineFor(OPENAI, 'repair-empty').chat('Plan a trip', {
      output: { ...OUTPUT, repair: 1 },
    });
    expect(reply.object).toEqual(RIGHT);
    const messages = sentMessages('repair-empty', 1) as unknown[];
    expect(messages.slice(1, 2)).toEqual([{ role: 'assistant', content: '(no answer)' }]);
    expect(messages[2]).toMatchObject({ role: 'user' });
  });

  it('repair: 2 makes three attempts in all, then the error names them', async () => {
    simulator.script('repair-spent', [object(WRONG), object(WRONG), object(WRONG), object(RIGHT)]);
    const error = await engineFor(OPENAI, 'repair-spent')
      .chat('Plan a trip', { output: { ...OUTPUT, repair: 2 } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect(error).toMatchObject({
      code: 'structured_output_invalid',
      message:
        'the reply does not match output "trip" after 3 attempts: $.city: expected string, got integer',
    });
    expect(simulator.received('repair-spent')).toHaveLength(3);
  });
});

describe('repair on the anthropic tool form', () => {
  it('the synthetic call is answered by an error tool result that says why', async () => {
    simulator.script('repair-tool', [
      { type: 'tool_calls', calls: [{ id: 'toolu_first', name: 'trip', arguments: WRONG }] },
      object(RIGHT),
    ]);
    const reply = await engineFor(ANTHROPIC_TOOL, 'repair-tool').chat('Plan a trip', {
      output: { ...OUTPUT, repair: 1 },
    });
    expect(reply.object).toEqual(RIGHT);
    expect(reply.toolCalls).toEqual([]);
    expect(sentMessages('repair-tool', 1)).toEqual([
      { role: 'user', content: 'Plan a trip' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_first', name: 'trip', input: WRONG }],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_first',
            content: [{ type: 'text', text: REPAIR }],
            is_error: true,
          },
        ],
      },
    ]);
  });
});

describe('the two-step form of one chat turn (groq: no tools beside structured output)', () => {
  it('a turn answered without calls: one more turn without tools asks for the object', async () => {
    const heard: string[] = [];
    simulator.script('groq-chat', [{ type: 'text', text: 'Oslo it is.' }, object(RIGHT)]);
    const reply = await engineFor(GROQ, 'groq-chat', heard).chat('Plan a trip', {
      tools: [ECHO_TOOL],
      output: OUTPUT,
    });
    expect(reply.object).toEqual(RIGHT);
    const sent = simulator
      .received('groq-chat')
      .map((request) => request.body as Record<string, unknown>);
    expect(sent.map((body) => ['tools' in body, 'response_format' in body])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(sent[1]?.messages).toEqual([
      { role: 'user', content: 'Plan a trip' },
      { role: 'assistant', content: 'Oslo it is.' },
      { role: 'user', content: FINAL_OBJECT_PROMPT },
    ]);
    expect(heard).toEqual(['structured_output_two_step']);
  });

  it('a first turn with no text: the object is asked for right after the question', async () => {
    simulator.script('groq-chat-empty', [{ type: 'text', text: '' }, object(RIGHT)]);
    const heard: string[] = [];
    const reply = await engineFor(GROQ, 'groq-chat-empty', heard).chat('Plan a trip', {
      tools: [ECHO_TOOL],
      output: OUTPUT,
    });
    expect(reply.object).toEqual(RIGHT);
    expect(sentMessages('groq-chat-empty', 1)).toEqual([
      { role: 'user', content: 'Plan a trip' },
      { role: 'user', content: FINAL_OBJECT_PROMPT },
    ]);
    expect(heard).toEqual(['structured_output_two_step']);
  });

  it('a turn that calls a tool comes back with the call and no object, after one request', async () => {
    simulator.script('groq-chat-calls', [
      { type: 'tool_calls', calls: [{ id: 'call_1', name: 'echo', arguments: { text: 'Oslo' } }] },
      object(RIGHT),
    ]);
    const heard: string[] = [];
    const reply = await engineFor(GROQ, 'groq-chat-calls', heard).chat('Plan a trip', {
      tools: [ECHO_TOOL],
      output: OUTPUT,
    });
    expect('object' in reply).toBe(false);
    expect(reply.toolCalls).toMatchObject([
      { id: 'call_1', name: 'echo', arguments: { text: 'Oslo' } },
    ]);
    expect(simulator.received('groq-chat-calls')).toHaveLength(1);
    expect(heard).toEqual(['structured_output_two_step']);
  });
});

async function streamed(lane: Lane, name: string, options: Record<string, unknown>) {
  const events: ChatStreamEvent[] = [];
  const stream = engineFor(lane, name).stream('Plan a trip', { output: OUTPUT, ...options });
  let thrown: unknown;
  try {
    for await (const event of stream) events.push(event);
  } catch (error) {
    thrown = error;
  }
  return { events, thrown };
}

describe('the anthropic tool form, streamed', () => {
  it('partial objects come from the tool arguments only, not from text before the call', async () => {
    // With extended thinking the tool choice goes as `auto`, and the model may write first.
    simulator.script('stream-tool', [
      {
        type: 'tool_calls',
        text: 'Here is {the} plan.',
        calls: [{ id: 'toolu_answer', name: 'trip', arguments: RIGHT }],
        stream: { pieceSize: 16 },
      },
    ]);
    const { events, thrown } = await streamed(ANTHROPIC_TOOL, 'stream-tool', {});
    expect(thrown).toBeUndefined();
    // The arguments, 16 characters a piece: '{"city":"Oslo","' 'days":3,"sights"' ... the first
    // parse at 32 characters, the next not before 72 (the arguments are 58).
    expect(events.filter((event) => event.type === 'object-delta')).toEqual([
      { type: 'object-delta', object: { city: 'Oslo', days: 3 } },
    ]);
    const finish = events.at(-1);
    expect(finish).toMatchObject({
      type: 'finish',
      response: { object: RIGHT, toolCalls: [], content: 'Here is {the} plan.' },
    });
  });

  it('a root that is not an object rides in "value": the partial objects are what it holds', async () => {
    const either = {
      anyOf: [
        {
          type: 'object',
          properties: { city: { type: 'string' }, note: { type: 'string' } },
          required: ['city', 'note'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { error: { type: 'string' } },
          required: ['error'],
          additionalProperties: false,
        },
      ],
    };
    const answer = { city: 'Oslo', note: 'abcdefghij' };
    simulator.script('stream-wrapped', [
      {
        type: 'tool_calls',
        calls: [{ id: 'toolu_wrapped', name: 'either', arguments: { value: answer } }],
        stream: { pieceSize: 16 },
      },
    ]);
    const events: ChatStreamEvent[] = [];
    const stream = engineFor(ANTHROPIC_TOOL, 'stream-wrapped').stream('Plan a trip', {
      output: { schema: either, name: 'either' },
    });
    for await (const event of stream) events.push(event);
    // '{"value":{"city"' ':"Oslo","note":"' 'abcdefghij"}}': one parse, at 32 characters.
    expect(events.filter((event) => event.type === 'object-delta')).toEqual([
      { type: 'object-delta', object: { city: 'Oslo', note: '' } },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'finish', response: { object: answer } });
  });

  it('an array root rides in "value" too: no partial object (it is no object), the array at the end', async () => {
    const sights = { type: 'array', items: { type: 'string' } };
    const answer = ['Opera', 'Vigeland park', 'Holmenkollen'];
    simulator.script('stream-array', [
      {
        type: 'tool_calls',
        calls: [{ id: 'toolu_array', name: 'sights', arguments: { value: answer } }],
        stream: { pieceSize: 16 },
      },
    ]);
    const events: ChatStreamEvent[] = [];
    const stream = engineFor(ANTHROPIC_TOOL, 'stream-array').stream('List sights', {
      output: { schema: sights, name: 'sights' },
    });
    for await (const event of stream) events.push(event);
    expect(events.filter((event) => event.type === 'object-delta')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'finish', response: { object: answer } });
  });

  it("a call of the loop's own tool gives no partial object, and comes back without object", async () => {
    simulator.script('stream-other', [
      {
        type: 'tool_calls',
        calls: [
          {
            id: 'toolu_echo',
            name: 'echo',
            arguments: { text: 'a text well over thirty-two characters long' },
          },
        ],
        stream: { pieceSize: 16 },
      },
    ]);
    const { events, thrown } = await streamed(ANTHROPIC_TOOL, 'stream-other', {
      tools: [ECHO_TOOL],
    });
    expect(thrown).toBeUndefined();
    expect(events.filter((event) => event.type === 'object-delta')).toEqual([]);
    const finish = events.at(-1);
    expect(finish?.type).toBe('finish');
    const response = (finish as Extract<ChatStreamEvent, { type: 'finish' }>).response;
    expect('object' in response).toBe(false);
    expect(response.toolCalls).toMatchObject([{ id: 'toolu_echo', name: 'echo' }]);
  });

  it('a stream that fails mid-way: its error event once, last, then thrown', async () => {
    simulator.script('stream-fails', [
      {
        type: 'tool_calls',
        calls: [{ id: 'toolu_answer', name: 'trip', arguments: RIGHT }],
        stream: { pieceSize: 16, fail: { afterChunks: 4, mode: 'error-event' } },
      },
    ]);
    const { events, thrown } = await streamed(ANTHROPIC_TOOL, 'stream-fails', {});
    expect(thrown).toMatchObject({ message: expect.stringContaining('simulated stream failure') });
    expect(events.filter((event) => event.type === 'error')).toEqual([
      { type: 'error', error: thrown },
    ]);
    expect(events.at(-1)).toEqual({ type: 'error', error: thrown });
  });
});

describe('warnings', () => {
  it('none in the runs above', () => {
    expect(warnings).toEqual([]);
  });
});
