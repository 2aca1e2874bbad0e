// The stored form of a tool loop's state: a versioned JSON document built on the stored
// conversation form (so media by reference works the same). fixtures/wire/tool-loop-state/
// holds its goldens.
import { type ToolCall, ValidationError } from '@crosswire/core';
import {
  type AssistantMessage,
  type ConversationMessage,
  isRecord,
  type ToolMessage,
  type WireMessage,
  wireMessage,
} from '@crosswire/dialects';
import type { ToolResult } from '@crosswire/tool-result';
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import {
  type ApprovalDecision,
  checkDecision,
  denialResult,
  type PendingApproval,
} from '../loop/approval.js';
import type { PendingToolCall, ToolLoopState } from '../loop/tool-loop-steps.js';
import {
  type ConversationDocument,
  parseConversation,
  serializeConversation,
} from './conversation.js';
import { checkEnvelope } from './envelope.js';
import { ConversationError, ToolLoopStateError, type ToolLoopStateErrorCode } from './errors.js';
import { jsonCopy } from './json-copy.js';

export { ToolLoopStateError, type ToolLoopStateErrorCode } from './errors.js';

import { loadConversation, type SaveConversationOptions, saveConversation } from './media.js';

/** The `format` of every stored tool-loop state. */
export const TOOL_LOOP_STATE_FORMAT = 'crosswire.tool-loop-state';

/**
 * The newest version this release writes and reads. Version 2 added tool approvals
 * (`pending.calls[].approval`); a state without one is still written as version 1, which
 * every release reads, and version 1 documents load as they are.
 */
export const TOOL_LOOP_STATE_VERSION = 2;

/** The longest approval id a stored state may hold (ours are 36-character UUIDs). */
const MAX_APPROVAL_ID_LENGTH = 256;

/**
 * A stored tool-loop state. `conversation` is the state's messages as a stored conversation;
 * `pending` (while the last reply's calls are being answered) holds that turn as a stored
 * conversation of three entries: the reply body (a `wire` entry), the calls (an `assistant`
 * entry) and the results so far (a `tool` entry, in call order), with each call's step id
 * and, for a call the approval policy asked about, its approval id and the decision once made.
 */
export interface ToolLoopStateDocument {
  readonly format: typeof TOOL_LOOP_STATE_FORMAT;
  readonly version: number;
  readonly loopId: string;
  readonly iteration: number;
  readonly usage: {
    inputTokens: number;
    outputTokens: number;
    totalTokens: number;
    cacheReadTokens?: number;
    cacheWriteTokens?: number;
    cacheWrite1hTokens?: number;
  };
  readonly text?: string;
  /** The structured answer of a finished loop run with `output` (a JSON value). */
  readonly object?: unknown;
  readonly conversation: ConversationDocument;
  readonly pending?: {
    readonly calls: readonly {
      readonly callId: string;
      readonly answered: boolean;
      /** Version 2: the call waits for (or has) a person's decision. */
      readonly approval?: { readonly approvalId: string; readonly decision?: ApprovalDecision };
    }[];
    readonly turn: ConversationDocument;
  };
}

const count = z.number().check(z.int(), z.nonnegative());

const documentSchema = z.strictObject({
  format: z.literal(TOOL_LOOP_STATE_FORMAT),
  version: z.union([z.literal(1), z.literal(2)]),
  loopId: z.string().check(z.minLength(1)),
  iteration: count,
  usage: z.strictObject({
    inputTokens: count,
    outputTokens: count,
    totalTokens: count,
    cacheReadTokens: z.optional(count),
    cacheWriteTokens: z.optional(count),
    cacheWrite1hTokens: z.optional(count),
  }),
  text: z.optional(z.string()),
  object: z.optional(z.unknown()),
  conversation: z.unknown(),
  pending: z.optional(
    z.strictObject({
      calls: z
        .array(
          z.strictObject({
            callId: z.string().check(z.minLength(1)),
            answered: z.boolean(),
            approval: z.optional(
              z.strictObject({
                approvalId: z.string().check(z.minLength(1), z.maxLength(MAX_APPROVAL_ID_LENGTH)),
                // Checked by the same rules as recordApproval, in buildState.
                decision: z.optional(z.unknown()),
              }),
            ),
          }),
        )
        .check(z.minLength(1)),
      turn: z.unknown(),
    }),
  ),
});

const englishIssues = { error: en().localeError };

/**
 * The state as a {@link ToolLoopStateDocument}: plain JSON with every payload inline.
 * Throws `ToolLoopStateError` (`tool_loop_state_not_serializable`) naming the field for
 * what JSON cannot hold.
 */
export function serializeToolLoopState(state: ToolLoopState): ToolLoopStateDocument {
  const turn = turnMessages(checkState(state));
  return envelope(
    state,
    fromConversation('conversation', () => serializeConversation(state.messages)),
    turn && fromConversation('pending.turn', () => serializeConversation(turn)),
  );
}

/**
 * `serializeToolLoopState` with large payloads (images, PDFs, long texts; of the messages,
 * the pending reply and the results) written to `blobStore` by content hash, as
 * `saveConversation` does.
 */
export async function saveToolLoopState(
  state: ToolLoopState,
  options: SaveConversationOptions,
): Promise<ToolLoopStateDocument> {
  const turn = turnMessages(checkState(state));
  const conversation = await fromConversationAsync('conversation', () =>
    saveConversation(state.messages, options),
  );
  const saved =
    turn && (await fromConversationAsync('pending.turn', () => saveConversation(turn, options)));
  return envelope(state, conversation, saved);
}

/**
 * The state a document holds (a JSON string or the parsed value). Checks the format, the
 * version and every field with zod; throws `ToolLoopStateError` naming the bad field
 * (`invalid_tool_loop_state`), for a newer version (`unsupported_tool_loop_state_version`),
 * or for payloads kept in a blob store (`blob_store_required`: use `loadToolLoopState`).
 */
export function parseToolLoopState(input: unknown): ToolLoopState {
  const document = checkDocument(input);
  const conversation = fromConversation('conversation', () =>
    parseConversation(document.conversation),
  );
  const turn = document.pending
    ? fromConversation('pending.turn', () => parseConversation(document.pending?.turn))
    : undefined;
  return buildState(document, conversation, turn);
}

/** `parseToolLoopState` for a document whose payloads may be in `blobStore`. */
export async function loadToolLoopState(
  input: unknown,
  options: { readonly blobStore: SaveConversationOptions['blobStore'] },
): Promise<ToolLoopState> {
  const document = checkDocument(input);
  const conversation = await fromConversationAsync('conversation', () =>
    loadConversation(document.conversation, options),
  );
  const turn = document.pending
    ? await fromConversationAsync('pending.turn', () =>
        loadConversation(document.pending?.turn, options),
      )
    : undefined;
  return buildState(document, conversation, turn);
}

function checkState(state: ToolLoopState): ToolLoopState {
  if (!isRecord(state) || !Array.isArray(state.messages) || !Array.isArray(state.pendingCalls)) {
    throw new ToolLoopStateError(
      'tool_loop_state_not_serializable',
      'serializeToolLoopState takes a ToolLoopState (from startToolLoop or a step)',
    );
  }
  return state;
}

/** The pending turn as three conversation entries: the reply, the calls, the results so far. */
function turnMessages(state: ToolLoopState): ConversationMessage[] | undefined {
  if (state.reply === undefined) return undefined;
  return [
    wireMessage(state.reply.wire, state.reply.body),
    {
      role: 'assistant',
      content: '',
      toolCalls: state.pendingCalls.map((pending) => pending.call),
    },
    {
      role: 'tool',
      results: state.pendingCalls
        .filter((pending) => pending.result !== undefined)
        .map((pending) => pending.result as ToolResult),
    },
  ];
}

function envelope(
  state: ToolLoopState,
  conversation: ConversationDocument,
  turn: ConversationDocument | undefined,
): ToolLoopStateDocument {
  // The lowest version that holds the state, so a release that predates approvals reads
  // every state that uses none.
  const usesApproval = turn !== undefined && state.pendingCalls.some((pending) => pending.approval);
  return {
    format: TOOL_LOOP_STATE_FORMAT,
    version: usesApproval ? 2 : 1,
    loopId: state.loopId,
    iteration: state.iteration,
    usage: {
      inputTokens: state.usage.inputTokens,
      outputTokens: state.usage.outputTokens,
      totalTokens: state.usage.totalTokens,
      ...(state.usage.cacheReadTokens === undefined
        ? {}
        : { cacheReadTokens: state.usage.cacheReadTokens }),
      ...(state.usage.cacheWriteTokens === undefined
        ? {}
        : { cacheWriteTokens: state.usage.cacheWriteTokens }),
      ...(state.usage.cacheWrite1hTokens === undefined
        ? {}
        : { cacheWrite1hTokens: state.usage.cacheWrite1hTokens }),
    },
    ...(state.text === undefined ? {} : { text: state.text }),
    ...(state.object === undefined ? {} : { object: jsonValue(state.object) }),
    conversation,
    ...(turn === undefined
      ? {}
      : {
          pending: {
            calls: state.pendingCalls.map((pending) => ({
              callId: pending.callId,
              answered: pending.result !== undefined,
              ...(pending.approval === undefined
                ? {}
                : { approval: storedApproval(pending.approval) }),
            })),
            turn,
          },
        }),
  };
}

function checkDocument(input: unknown): z.infer<typeof documentSchema> {
  const value = checkEnvelope(input, {
    noun: 'tool-loop state',
    format: TOOL_LOOP_STATE_FORMAT,
    version: TOOL_LOOP_STATE_VERSION,
    invalid: 'invalid_tool_loop_state',
    unsupported: 'unsupported_tool_loop_state_version',
    error: ToolLoopStateError,
  });
  const checked = documentSchema.safeParse(value, englishIssues);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const path = joinPath(issue?.path ?? []);
    throw new ToolLoopStateError(
      'invalid_tool_loop_state',
      `the tool-loop state is invalid at ${path || '(document)'}: ${issue?.message ?? 'does not match the schema'}`,
      { path },
    );
  }
  const document = checked.data;
  if (document.text !== undefined && document.pending !== undefined) {
    invalid('pending', 'a finished loop (with text) has no pending calls');
  }
  if (document.iteration === 0 && (document.text !== undefined || document.pending)) {
    invalid('iteration', 'a loop at iteration 0 has no reply yet (no text, no pending calls)');
  }
  const seen = new Set<string>();
  for (const [index, call] of (document.pending?.calls ?? []).entries()) {
    if (seen.has(call.callId)) {
      invalid(`pending.calls[${index}].callId`, `call id ${JSON.stringify(call.callId)} repeats`);
    }
    seen.add(call.callId);
    if (call.approval !== undefined && document.version < 2) {
      invalid(`pending.calls[${index}].approval`, 'approvals are stored from version 2 on');
    }
    if (call.answered && call.approval !== undefined && call.approval.decision === undefined) {
      invalid(
        `pending.calls[${index}]`,
        `call ${call.callId} has a result but no decision, and it waits for one`,
      );
    }
  }
  return document;
}

function buildState(
  document: z.infer<typeof documentSchema>,
  messages: ConversationMessage[],
  turn: ConversationMessage[] | undefined,
): ToolLoopState {
  const base = {
    loopId: document.loopId,
    iteration: document.iteration,
    messages,
    text: document.text,
    ...(document.object === undefined ? {} : { object: document.object }),
    usage: { ...document.usage },
  };
  if (!document.pending || !turn) return { ...base, reply: undefined, pendingCalls: [] };
  const [reply, assistant, tool] = turn as [unknown, unknown, unknown];
  const shape = turn.length === 3 ? [reply, assistant, tool].map(roleOf) : [];
  if (shape.join() !== 'wire,assistant,tool') {
    invalid(
      'pending.turn.messages',
      'the pending turn holds three entries: the reply (wire), the calls (assistant) and the results (tool)',
    );
  }
  const calls: readonly ToolCall[] = (assistant as AssistantMessage).toolCalls ?? [];
  const results = [...(tool as ToolMessage).results];
  const entries = document.pending.calls;
  if (calls.length !== entries.length) {
    invalid(
      'pending.calls',
      `${entries.length} call ids for ${calls.length} calls in pending.turn.messages[1].toolCalls`,
    );
  }
  const answeredCount = entries.filter((entry) => entry.answered).length;
  if (results.length !== answeredCount) {
    invalid(
      'pending.turn.messages[2].results',
      `${results.length} results for ${answeredCount} answered calls`,
    );
  }
  const pendingCalls = entries.map((entry, index): PendingToolCall => {
    const call = calls[index] as ToolCall;
    const result = entry.answered ? (results.shift() as ToolResult) : undefined;
    if (result && (result.name !== call.name || result.id !== call.id)) {
      invalid(
        `pending.calls[${index}]`,
        `call ${entry.callId} is ${call.name} (id ${JSON.stringify(call.id)}) but its result answers ${result.name} (id ${JSON.stringify(result.id)})`,
      );
    }
    if (entry.approval === undefined) return { callId: entry.callId, call, result };
    const path = `pending.calls[${index}].approval.decision`;
    const decision = storedDecision(entry.approval.decision, path);
    // A denied call never ran: its only result is the denial.
    if (
      result !== undefined &&
      decision?.approved === false &&
      JSON.stringify(result) !== JSON.stringify(denialResult(call, decision.reason))
    ) {
      invalid(
        `pending.calls[${index}]`,
        `call ${entry.callId} was denied, yet its result is not the denial`,
      );
    }
    const approval: PendingApproval = { approvalId: entry.approval.approvalId, decision };
    return { callId: entry.callId, call, result, approval };
  });
  return {
    ...base,
    reply: { wire: (reply as WireMessage).wire, body: (reply as WireMessage).message },
    pendingCalls,
  };
}

/** A pending approval as stored: its id, and the decision once made. */
function storedApproval(approval: PendingApproval): {
  approvalId: string;
  decision?: ApprovalDecision;
} {
  return approval.decision === undefined
    ? { approvalId: approval.approvalId }
    : { approvalId: approval.approvalId, decision: approval.decision };
}

/** A stored decision, checked by the rules `recordApproval` applies. */
function storedDecision(value: unknown, path: string): ApprovalDecision | undefined {
  if (value === undefined) return undefined;
  try {
    return checkDecision(value, path);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ToolLoopStateError(
      'invalid_tool_loop_state',
      `the tool-loop state is invalid: ${error.message}`,
      { path: error.path, cause: error },
    );
  }
}

function roleOf(message: unknown): string {
  return isRecord(message) && typeof message.role === 'string' ? message.role : '?';
}

function invalid(path: string, reason: string): never {
  throw new ToolLoopStateError(
    'invalid_tool_loop_state',
    `the tool-loop state is invalid at ${path}: ${reason}`,
    { path },
  );
}

function joinPath(keys: readonly PropertyKey[]): string {
  return keys
    .reduce<string>(
      (path, key) => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${String(key)}`),
      '',
    )
    .replace(/^\./, '');
}

const CODES: Readonly<Record<ConversationError['code'], ToolLoopStateErrorCode>> = {
  invalid_conversation: 'invalid_tool_loop_state',
  unsupported_conversation_version: 'unsupported_tool_loop_state_version',
  conversation_not_serializable: 'tool_loop_state_not_serializable',
  blob_store_required: 'blob_store_required',
  blob_missing: 'blob_missing',
  blob_corrupt: 'blob_corrupt',
};

/** A conversation error as the state's error, its path under `prefix`. */
function rethrown(prefix: string, error: unknown): never {
  if (!(error instanceof ConversationError)) throw error;
  const path = error.path === '' ? prefix : `${prefix}.${error.path}`;
  const message =
    error.code === 'blob_store_required'
      ? `${prefix} keeps payloads in a blob store; load the state with loadToolLoopState(document, { blobStore })`
      : `${prefix}: ${error.message}`;
  throw new ToolLoopStateError(CODES[error.code], message, {
    path,
    cause: error,
    details: { ...(error.details ?? {}), path },
  });
}

function fromConversation<T>(prefix: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    rethrown(prefix, error);
  }
}

async function fromConversationAsync<T>(prefix: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    rethrown(prefix, error);
  }
}

/**
 * A JSON copy of the structured answer. It came from `JSON.parse`, but a schema's transform
 * may have made a value JSON cannot hold (a BigInt, a cycle): refused, naming where.
 */
function jsonValue(value: unknown): unknown {
  try {
    return jsonCopy(value, 'object');
  } catch (error) {
    if (!(error instanceof ConversationError)) throw error;
    throw new ToolLoopStateError('tool_loop_state_not_serializable', error.message, {
      path: error.path,
      cause: error,
    });
  }
}
