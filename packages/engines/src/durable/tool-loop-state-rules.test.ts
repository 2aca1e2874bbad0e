import { createToolCall } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, test } from 'vitest';
import { startToolLoop, type ToolLoopState } from '../loop/tool-loop-steps.js';
import { type BlobStore, MemoryBlobStore } from './blob-store.js';
import {
  loadToolLoopState,
  parseToolLoopState,
  saveToolLoopState,
  serializeToolLoopState,
  ToolLoopStateError,
} from './tool-loop-state.js';

const weather = () =>
  createToolCall({ name: 'get_weather', id: 'c1', arguments: { city: 'Berlin' } });
const time = () => createToolCall({ name: 'get_time', id: 'c2', arguments: {} });

/** A loop after one reply with two calls, the first one answered. */
function pendingState(): ToolLoopState {
  return {
    ...startToolLoop('hi', { loopId: 'L' }),
    iteration: 1,
    reply: { wire: 'openai', body: { id: 'r1' } },
    pendingCalls: [
      {
        callId: 's1',
        call: weather(),
        result: new ToolResult({
          name: 'get_weather',
          id: 'c1',
          content: [{ type: 'text', text: 'sunny' }],
        }),
      },
      { callId: 's2', call: time(), result: undefined },
    ],
  };
}

/** The stored form of {@link pendingState}, as plain JSON to edit. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON document edited field by field
const storedPending = (): any => JSON.parse(JSON.stringify(serializeToolLoopState(pendingState())));

/** The stored call entries: what a call looks like in a stored conversation. */
const storedCall = (name: string, id: string, args: Record<string, unknown>) => ({
  id,
  name,
  arguments: args,
  rawArguments: args,
  argumentsUndecodable: false,
  wire: 'openai',
});

function refused(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolLoopStateError);
    const { code, path, message } = error as ToolLoopStateError;
    return { code, path, message };
  }
  throw new Error('expected a throw');
}

async function rejected(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolLoopStateError);
    const { code, path, message, details } = error as ToolLoopStateError;
    return { code, path, message, details };
  }
  throw new Error('expected a rejection');
}

const invalid = (path: string, reason: string) => ({
  code: 'invalid_tool_loop_state',
  path,
  message: `the tool-loop state is invalid at ${path}: ${reason}`,
});

describe('the stored form of a state', () => {
  test('a pending turn: reply, calls, results so far and which calls are answered', () => {
    expect(serializeToolLoopState(pendingState())).toStrictEqual({
      format: 'crosswire.tool-loop-state',
      version: 1,
      loopId: 'L',
      iteration: 1,
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
      conversation: {
        format: 'crosswire.conversation',
        version: 1,
        messages: [{ role: 'user', content: 'hi' }],
      },
      pending: {
        calls: [
          { callId: 's1', answered: true },
          { callId: 's2', answered: false },
        ],
        turn: {
          format: 'crosswire.conversation',
          version: 1,
          messages: [
            { role: 'wire', wire: 'openai', message: { id: 'r1' } },
            {
              role: 'assistant',
              content: '',
              toolCalls: [
                storedCall('get_weather', 'c1', { city: 'Berlin' }),
                storedCall('get_time', 'c2', {}),
              ],
            },
            {
              role: 'tool',
              results: [
                {
                  name: 'get_weather',
                  id: 'c1',
                  content: [{ type: 'text', text: 'sunny' }],
                  isError: false,
                },
              ],
            },
          ],
        },
      },
    });
  });

  test('a finished state keeps its text, its object and its cache token counts', () => {
    const object = { answer: 42, cities: ['Berlin'] };
    const state: ToolLoopState = {
      ...startToolLoop('hi', { loopId: 'F' }),
      iteration: 2,
      text: '{"answer":42}',
      object,
      usage: {
        inputTokens: 10,
        outputTokens: 5,
        totalTokens: 15,
        cacheReadTokens: 3,
        cacheWriteTokens: 2,
      },
    };
    const document = serializeToolLoopState(state);
    expect(document).toStrictEqual({
      format: 'crosswire.tool-loop-state',
      version: 1,
      loopId: 'F',
      iteration: 2,
      usage: {
        inputTokens: 10,
        outputTokens: 5,
        totalTokens: 15,
        cacheReadTokens: 3,
        cacheWriteTokens: 2,
      },
      text: '{"answer":42}',
      object: { answer: 42, cities: ['Berlin'] },
      conversation: {
        format: 'crosswire.conversation',
        version: 1,
        messages: [{ role: 'user', content: 'hi' }],
      },
    });
    // The document holds a copy: changing the state's object later does not change it.
    expect(document.object).not.toBe(object);
    const loaded = parseToolLoopState(JSON.stringify(document));
    expect(loaded.object).toEqual({ answer: 42, cities: ['Berlin'] });
    expect(loaded.text).toBe('{"answer":42}');
    expect(loaded.usage).toStrictEqual(document.usage);
  });

  test('an object JSON cannot hold (a schema transform made a BigInt, a cycle) is refused, naming where', () => {
    const cyclic: Record<string, unknown> = { name: 'Berlin' };
    cyclic.self = cyclic;
    expect(
      refused(() => serializeToolLoopState({ ...pendingState(), object: { count: 2n } })),
    ).toEqual({
      code: 'tool_loop_state_not_serializable',
      path: 'object.count',
      message: 'object.count is a BigInt, which JSON cannot hold',
    });
    expect(
      refused(() => serializeToolLoopState({ ...pendingState(), object: { cities: [cyclic] } })),
    ).toEqual({
      code: 'tool_loop_state_not_serializable',
      path: 'object.cities[0].self',
      message: 'object.cities[0].self refers to itself (a cycle), which JSON cannot hold',
    });
  });

  test("an error the object's own toJSON throws reaches the caller as it is", () => {
    const failure = new RangeError('no JSON for this value');
    const object = {
      toJSON() {
        throw failure;
      },
    };
    let thrown: unknown;
    try {
      serializeToolLoopState({ ...pendingState(), object });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(failure);
  });

  test('a state without an object loads without one', () => {
    const loaded = parseToolLoopState(storedPending());
    expect(Object.hasOwn(loaded, 'object')).toBe(false);
    expect(loaded.text).toBeUndefined();
    expect(loaded.pendingCalls.map(({ callId, result }) => [callId, result?.id])).toEqual([
      ['s1', 'c1'],
      ['s2', undefined],
    ]);
  });

  test('what is not a ToolLoopState is refused', () => {
    const wrong = {
      code: 'tool_loop_state_not_serializable',
      path: '',
      message: 'serializeToolLoopState takes a ToolLoopState (from startToolLoop or a step)',
    };
    expect(refused(() => serializeToolLoopState(null as unknown as ToolLoopState))).toEqual(wrong);
    const { pendingCalls: _calls, ...noCalls } = pendingState();
    expect(refused(() => serializeToolLoopState(noCalls as unknown as ToolLoopState))).toEqual(
      wrong,
    );
    const noMessages = { ...pendingState(), messages: 'hi' };
    expect(refused(() => serializeToolLoopState(noMessages as unknown as ToolLoopState))).toEqual(
      wrong,
    );
  });
});

describe('errors of the stored conversations name the part of the state', () => {
  const bigint = () => createToolCall({ name: 'get_weather', id: 'c9', arguments: { n: 1n } });
  const withBadMessages = (): ToolLoopState => ({
    ...startToolLoop('hi', { loopId: 'B' }),
    messages: [{ role: 'assistant', content: '', toolCalls: [bigint()] }],
  });

  test('the conversation, on serialize and on save', async () => {
    const expected = {
      code: 'tool_loop_state_not_serializable',
      path: 'conversation.messages[0].toolCalls[0].arguments.n',
    };
    expect(refused(() => serializeToolLoopState(withBadMessages()))).toMatchObject(expected);
    expect(
      await rejected(() =>
        saveToolLoopState(withBadMessages(), { blobStore: new MemoryBlobStore() }),
      ),
    ).toMatchObject(expected);
  });

  test('the pending turn, on save', async () => {
    const state: ToolLoopState = {
      ...pendingState(),
      pendingCalls: [{ callId: 's1', call: bigint(), result: undefined }],
    };
    expect(
      await rejected(() => saveToolLoopState(state, { blobStore: new MemoryBlobStore() })),
    ).toMatchObject({
      code: 'tool_loop_state_not_serializable',
      path: 'pending.turn.messages[1].toolCalls[0].arguments.n',
    });
  });

  test('the conversation, on load', async () => {
    const document = storedPending();
    document.conversation.messages[0].content = 42;
    const error = await rejected(() =>
      loadToolLoopState(document, { blobStore: new MemoryBlobStore() }),
    );
    expect(error.code).toBe('invalid_tool_loop_state');
    expect(error.path).toBe('conversation.messages[0].content');
    expect(error.message.startsWith('conversation: conversation entry messages[0] (user)')).toBe(
      true,
    );
  });

  test('a conversation that is not one: the error is at the part itself', () => {
    const document = storedPending();
    document.conversation = 'nope';
    expect(refused(() => parseToolLoopState(document))).toEqual({
      code: 'invalid_tool_loop_state',
      path: 'conversation',
      message: 'conversation: the conversation is not JSON',
    });
  });

  test('a missing blob names the part, the entry and the blob', async () => {
    const blobStore = new MemoryBlobStore();
    const long = 'word '.repeat(400);
    const state: ToolLoopState = startToolLoop(long, { loopId: 'M' });
    const document = await saveToolLoopState(state, { blobStore, minBlobBytes: 1024 });
    const blob = (document.conversation.messages[0] as { media: { blob: string }[] }).media[0]
      ?.blob;
    expect(
      await rejected(() => loadToolLoopState(document, { blobStore: new MemoryBlobStore() })),
    ).toEqual({
      code: 'blob_missing',
      path: 'conversation.messages[0].media[0]',
      message: `conversation: messages[0].media[0]: the blob store has no ${blob}`,
      details: { path: 'conversation.messages[0].media[0]', blob },
    });
    expect((await loadToolLoopState(document, { blobStore })).messages).toEqual(state.messages);
  });

  test("a blob store's own failure is not rewritten", async () => {
    const blobStore = new MemoryBlobStore();
    const document = await saveToolLoopState(startToolLoop('word '.repeat(400), { loopId: 'M' }), {
      blobStore,
      minBlobBytes: 1024,
    });
    const failure = new Error('the store is down');
    const broken: BlobStore = {
      put: async () => {},
      get: async () => {
        throw failure;
      },
    };
    await expect(loadToolLoopState(document, { blobStore: broken })).rejects.toBe(failure);
  });
});

describe('loading a state refuses what does not fit together', () => {
  test('a key the format does not have', () => {
    const document = { ...storedPending(), extra: true };
    expect(refused(() => parseToolLoopState(document))).toEqual({
      code: 'invalid_tool_loop_state',
      path: '',
      message: 'the tool-loop state is invalid at (document): Unrecognized key: "extra"',
    });
  });

  test('an empty call id, named with its index', () => {
    const document = storedPending();
    document.pending.calls[1].callId = '';
    expect(refused(() => parseToolLoopState(document))).toEqual(
      invalid('pending.calls[1].callId', 'Too small: expected string to have >=1 characters'),
    );
  });

  test('a text or pending calls at iteration 0', () => {
    const finished = {
      ...JSON.parse(JSON.stringify(serializeToolLoopState(startToolLoop('hi', { loopId: 'Z' })))),
      text: 'early',
    };
    const reason = 'a loop at iteration 0 has no reply yet (no text, no pending calls)';
    expect(refused(() => parseToolLoopState(finished))).toEqual(invalid('iteration', reason));
    const pending = { ...storedPending(), iteration: 0 };
    expect(refused(() => parseToolLoopState(pending))).toEqual(invalid('iteration', reason));
  });

  test('a call id that repeats', () => {
    const document = storedPending();
    document.pending.calls[1].callId = 's1';
    expect(refused(() => parseToolLoopState(document))).toEqual(
      invalid('pending.calls[1].callId', 'call id "s1" repeats'),
    );
  });

  test('a pending turn that is not reply, calls and results', () => {
    const reason =
      'the pending turn holds three entries: the reply (wire), the calls (assistant) and the results (tool)';
    const extra = storedPending();
    extra.pending.turn.messages.push({ role: 'tool', results: [] });
    expect(refused(() => parseToolLoopState(extra))).toEqual(
      invalid('pending.turn.messages', reason),
    );
    const swapped = storedPending();
    const [reply, calls, results] = swapped.pending.turn.messages;
    swapped.pending.turn.messages = [calls, reply, results];
    expect(refused(() => parseToolLoopState(swapped))).toEqual(
      invalid('pending.turn.messages', reason),
    );
    const short = storedPending();
    short.pending.turn.messages.pop();
    expect(refused(() => parseToolLoopState(short))).toEqual(
      invalid('pending.turn.messages', reason),
    );
  });

  test('a calls entry without calls', () => {
    const document = storedPending();
    delete document.pending.turn.messages[1].toolCalls;
    document.pending.calls = [{ callId: 's1', answered: false }];
    document.pending.turn.messages[2].results = [];
    expect(refused(() => parseToolLoopState(document))).toEqual(
      invalid('pending.calls', '1 call ids for 0 calls in pending.turn.messages[1].toolCalls'),
    );
  });

  test('a result that answers another call', () => {
    const otherId = storedPending();
    otherId.pending.turn.messages[2].results[0].id = 'c7';
    expect(refused(() => parseToolLoopState(otherId))).toEqual(
      invalid(
        'pending.calls[0]',
        'call s1 is get_weather (id "c1") but its result answers get_weather (id "c7")',
      ),
    );
    const otherName = storedPending();
    otherName.pending.turn.messages[2].results[0].name = 'get_time';
    expect(refused(() => parseToolLoopState(otherName))).toEqual(
      invalid(
        'pending.calls[0]',
        'call s1 is get_weather (id "c1") but its result answers get_time (id "c1")',
      ),
    );
  });
});
