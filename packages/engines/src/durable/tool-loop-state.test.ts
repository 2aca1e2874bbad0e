import {
  createToolCall,
  type ToolDefinition,
  WIRE_FORMATS,
  type WireFormat,
} from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, test } from 'vitest';
import { opening, resultFor, TOOLS } from '../../../../test-support/dialect-conversation.js';
import {
  recordApproval,
  recordToolResult,
  runModelStep,
  runToolStep,
  startToolLoop,
  type ToolLoopState,
} from '../loop/tool-loop-steps.js';
import type { ToolRoster } from '../mcp/gather.js';
import { bigPngBase64 } from '../mcp/test-support/fixture-servers.js';
import { golden } from '../test-support/engine-golden.js';
import { recordedEngine } from '../test-support/recorded-engine.js';
import { MemoryBlobStore } from './blob-store.js';
import { ConversationError, StoredDocumentError } from './errors.js';
import {
  loadToolLoopState,
  parseToolLoopState,
  saveToolLoopState,
  serializeToolLoopState,
  TOOL_LOOP_STATE_FORMAT,
  TOOL_LOOP_STATE_VERSION,
  ToolLoopStateError,
} from './tool-loop-state.js';

/** Tools offered without a server (the model steps here only read recorded replies). */
const ROSTER: ToolRoster = { tools: TOOLS as unknown as ToolDefinition[], route: () => undefined };

/** The same tools, routed to a server (never asked: the approvals below need only the route). */
const ROUTED: ToolRoster = {
  tools: ROSTER.tools,
  route: (name) => {
    const tool = ROSTER.tools.find((entry) => entry.name === name);
    return tool === undefined
      ? undefined
      : {
          tool,
          server: { listTools: async () => ({ tools: [] }), callTool: async () => ({}) },
          serverIndex: 0,
          serverLabel: 'mcpServers[0]',
          taskRequired: false,
        };
  },
};

/** The recorded engine answering every turn with the reply `name`; `sent` holds the bodies. */
const recorded = (wire: WireFormat, name: string) => recordedEngine(wire, () => name);

/** A state in the middle of a turn: the recorded parallel calls, the first one answered. */
async function midTurn(wire: WireFormat): Promise<ToolLoopState> {
  const state = await runModelStep(
    recorded(wire, 'parallel-calls'),
    startToolLoop(opening(), { loopId: `golden-${wire}` }),
    { roster: ROSTER },
  );
  const first = state.pendingCalls[0];
  if (!first) throw new Error(`${wire}: the recorded reply has no calls`);
  return recordToolResult(state, first.callId, resultFor(first.call));
}

/** The state with every pending call answered. */
function answered(state: ToolLoopState): ToolLoopState {
  return state.pendingCalls.reduce(
    (current, pending) =>
      pending.result ? current : recordToolResult(current, pending.callId, resultFor(pending.call)),
    state,
  );
}

function thrown(run: () => unknown): ToolLoopStateError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolLoopStateError);
    // Both stored forms' errors share a base, to catch either with its path.
    expect(error).toBeInstanceOf(StoredDocumentError);
    expect(error).not.toBeInstanceOf(ConversationError);
    return error as ToolLoopStateError;
  }
  throw new Error('expected a throw');
}

describe('serializeToolLoopState and parseToolLoopState', () => {
  test.each(WIRE_FORMATS)('%s: a state mid-turn survives save and load', async (wire) => {
    const state = await midTurn(wire);
    expect(state.pendingCalls.length).toBeGreaterThan(0);
    const document = serializeToolLoopState(state);
    expect(document.format).toBe('crosswire.tool-loop-state');
    expect(document.version).toBe(1);
    // The stored form is pinned by a golden (the compatibility promise).
    expect(JSON.parse(JSON.stringify(document))).toEqual(
      golden(`tool-loop-state/v1-${wire}.json`, document),
    );
    const loaded = parseToolLoopState(JSON.stringify(document));
    expect(serializeToolLoopState(loaded)).toEqual(document);
    expect(
      loaded.pendingCalls.map((pending) => [pending.callId, pending.result !== undefined]),
    ).toEqual(state.pendingCalls.map((pending) => [pending.callId, pending.result !== undefined]));

    // The next model step sends the same request from the loaded state as from the original.
    const fromOriginal = recorded(wire, 'text');
    const fromLoaded = recorded(wire, 'text');
    const done = await runModelStep(fromOriginal, answered(state), { roster: ROSTER });
    const doneLoaded = await runModelStep(fromLoaded, answered(loaded), { roster: ROSTER });
    expect(fromLoaded.sent).toEqual(fromOriginal.sent);
    expect(fromOriginal.sent).toHaveLength(1);
    expect(doneLoaded.text).toBe(done.text);
    expect(serializeToolLoopState(doneLoaded)).toEqual(serializeToolLoopState(done));
  });

  test.each(WIRE_FORMATS)(
    '%s: a state with approvals is stored as version 2 and survives save and load',
    async (wire) => {
      let state = await runModelStep(
        recorded(wire, 'parallel-calls'),
        startToolLoop(opening(), { loopId: `golden-approval-${wire}` }),
        { roster: ROUTED, approval: 'always' },
      );
      const [first, second] = state.pendingCalls;
      if (!first || !second)
        throw new Error(`${wire}: the recorded reply has fewer than two calls`);
      // The first call approved with edited arguments and answered, the second denied and
      // answered with its denial, any others still waiting.
      state = recordApproval(state, first.callId, {
        approved: true,
        arguments: { city: 'Potsdam' },
      });
      state = recordToolResult(state, first.callId, resultFor(first.call));
      state = recordApproval(state, second.callId, { approved: false, reason: 'not today' });
      state = await runToolStep(state, second.callId);
      // The ids are random: the golden holds fixed ones.
      state = {
        ...state,
        pendingCalls: state.pendingCalls.map((pending, index) =>
          pending.approval
            ? { ...pending, approval: { ...pending.approval, approvalId: `approval-${index}` } }
            : pending,
        ),
      };
      const document = serializeToolLoopState(state);
      expect(document.version).toBe(2);
      expect(JSON.parse(JSON.stringify(document))).toEqual(
        golden(`tool-loop-state/v2-approval-${wire}.json`, document),
      );
      const loaded = parseToolLoopState(JSON.stringify(document));
      expect(loaded.pendingCalls.map((pending) => pending.approval)).toEqual(
        state.pendingCalls.map((pending) => pending.approval),
      );
      expect(serializeToolLoopState(loaded)).toEqual(document);
    },
  );

  test('a new state and a finished one have no pending part', async () => {
    const start = startToolLoop('hi', { loopId: 'a' });
    // A state without approvals is written as version 1, which releases before approvals read.
    expect(TOOL_LOOP_STATE_VERSION).toBe(2);
    expect(serializeToolLoopState(start)).toEqual({
      format: TOOL_LOOP_STATE_FORMAT,
      version: 1,
      loopId: 'a',
      iteration: 0,
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
      conversation: {
        format: 'crosswire.conversation',
        version: 1,
        messages: [{ role: 'user', content: 'hi' }],
      },
    });
    const done = await runModelStep(recorded('openai', 'text'), start, { roster: ROSTER });
    const document = serializeToolLoopState(done);
    expect(document).toMatchObject({ iteration: 1, text: done.text });
    expect(document.pending).toBeUndefined();
    expect(parseToolLoopState(document)).toEqual(done);
  });

  test('large payloads go to a blob store and come back', async () => {
    const state = await midTurn('anthropic');
    const [, second] = state.pendingCalls;
    if (!second) throw new Error('expected two calls');
    const big = bigPngBase64(6000);
    const withImage = recordToolResult(
      state,
      second.callId,
      new ToolResult({
        name: second.call.name,
        id: second.call.id,
        content: [{ type: 'image', data: big, mimeType: 'image/png' }],
      }),
    );
    const blobStore = new MemoryBlobStore();
    const document = await saveToolLoopState(withImage, { blobStore, minBlobBytes: 1024 });
    const text = JSON.stringify(document);
    expect(text).not.toContain(big);
    expect(blobStore.size).toBe(1);
    const error = thrown(() => parseToolLoopState(text));
    expect(error.code).toBe('blob_store_required');
    expect(error.path).toBe('pending.turn.messages[2]');
    expect(error.message).toBe(
      'pending.turn keeps payloads in a blob store; load the state with loadToolLoopState(document, { blobStore })',
    );
    const loaded = await loadToolLoopState(text, { blobStore });
    expect(serializeToolLoopState(loaded)).toEqual(serializeToolLoopState(withImage));
    await expect(
      loadToolLoopState(text, { blobStore: new MemoryBlobStore() }),
    ).rejects.toMatchObject({ code: 'blob_missing', path: 'pending.turn.messages[2].media[0]' });
  });
});

describe('loading a bad state names the bad field', () => {
  const stored = async () =>
    JSON.parse(JSON.stringify(serializeToolLoopState(await midTurn('openai'))));

  test.each([
    ['not JSON', () => '{', 'invalid_tool_loop_state', '', 'the tool-loop state is not JSON'],
    [
      'another format',
      () => ({ format: 'crosswire.conversation', version: 1 }),
      'invalid_tool_loop_state',
      'format',
      "not a stored tool-loop state: expected an object with format 'crosswire.tool-loop-state'",
    ],
    [
      'a newer version',
      () => ({ format: 'crosswire.tool-loop-state', version: 3 }),
      'unsupported_tool_loop_state_version',
      'version',
      'the tool-loop state is version 3; this release of @crosswire/engines reads versions up to 2 (upgrade it to load this document)',
    ],
  ])('%s', (_name, make, code, path, message) => {
    const error = thrown(() => parseToolLoopState(make()));
    expect({ code: error.code, path: error.path, message: error.message }).toEqual({
      code,
      path,
      message,
    });
  });

  test('a field of the envelope', async () => {
    const document = await stored();
    document.iteration = -1;
    expect(thrown(() => parseToolLoopState(document))).toMatchObject({
      code: 'invalid_tool_loop_state',
      path: 'iteration',
      message: 'the tool-loop state is invalid at iteration: Too small: expected number to be >=0',
    });
  });

  test('an entry of the conversation', async () => {
    const document = await stored();
    document.conversation.messages[1].content = 42;
    const error = thrown(() => parseToolLoopState(document));
    expect(error.code).toBe('invalid_tool_loop_state');
    expect(error.path).toBe('conversation.messages[1].content');
    expect(error.message).toMatch(
      /^conversation: conversation entry messages\[1\] \(user\) is invalid/,
    );
  });

  test('call ids that do not match the calls, repeat, or sit beside a final text', async () => {
    const fewer = await stored();
    fewer.pending.calls.pop();
    expect(thrown(() => parseToolLoopState(fewer))).toMatchObject({
      path: 'pending.calls',
      message:
        'the tool-loop state is invalid at pending.calls: 2 call ids for 3 calls in pending.turn.messages[1].toolCalls',
    });
    const repeated = await stored();
    repeated.pending.calls[1].callId = repeated.pending.calls[0].callId;
    expect(thrown(() => parseToolLoopState(repeated))).toMatchObject({
      path: 'pending.calls[1].callId',
    });
    const both = await stored();
    both.text = 'done';
    expect(thrown(() => parseToolLoopState(both))).toMatchObject({
      path: 'pending',
      message:
        'the tool-loop state is invalid at pending: a finished loop (with text) has no pending calls',
    });
    const unanswered = await stored();
    unanswered.pending.calls[0].answered = false;
    expect(thrown(() => parseToolLoopState(unanswered))).toMatchObject({
      path: 'pending.turn.messages[2].results',
      message:
        'the tool-loop state is invalid at pending.turn.messages[2].results: 1 results for 0 answered calls',
    });
  });

  test('what JSON cannot hold is refused on save, naming where', () => {
    const call = createToolCall({ name: 'get_weather', id: 'c1', arguments: { n: 1n } });
    const state: ToolLoopState = {
      ...startToolLoop('hi', { loopId: 'b' }),
      iteration: 1,
      reply: { wire: 'openai', body: {} },
      pendingCalls: [{ callId: 'c1', call, result: undefined }],
    };
    expect(thrown(() => serializeToolLoopState(state))).toMatchObject({
      code: 'tool_loop_state_not_serializable',
      path: 'pending.turn.messages[1].toolCalls[0].arguments.n',
    });
  });
});
