// The tool loop one step at a time: a stored state, the next step it needs, and one function
// per kind of step. `runToolLoop` drives these same functions, so the two cannot drift apart.
import { randomUUID } from 'node:crypto';
import {
  CrosswireError,
  deepFreeze,
  type ToolCall,
  ToolLoopError,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import type { ChatResponse, PromptCache, Usage } from '@crosswire/dialects';
import {
  answerableCalls,
  type ChatMessage,
  type ConversationMessage,
  canonicalMessages,
  DIALECTS,
  type DialectOptions,
  TOOL_COUNT_LIMITS,
  toolLoopCalls,
  toolNameMap,
  wireNamedResults,
} from '@crosswire/dialects';
import type { ToolResult } from '@crosswire/tool-result';
import { settleWithin, throwIfAborted, typedAbort } from '../abortable.js';
import type {
  ChatExchange,
  ChatInput,
  ChatOptions,
  ChatWithToolsOptions,
  ToolLoopEngine,
} from '../engine/chat-options.js';
import type { LoopObserveOptions } from '../engine/observe.js';
import { loopOutput } from '../engine/structured.js';
import { FINAL_OBJECT_PROMPT } from '../engine/structured-exchange.js';
import { callTool, type ToolOutput } from '../mcp/call.js';
import { gatherTools, rosterForWire, type ToolRoster } from '../mcp/gather.js';
import type { McpToolServer } from '../mcp/server.js';
import {
  type ApprovalDecision,
  type ApprovalPolicy,
  type ApprovalRequest,
  approvalRecord,
  approvalRequestFor,
  checkApprovalPolicy,
  checkDecision,
  decidedCall,
  denialResult,
  type PendingApproval,
  sameDecision,
} from './approval.js';
import { loopStart, observedCall, observedRun } from './loop-events.js';

/**
 * The `_meta` key of a tool step's `tools/call` request that carries its idempotency key
 * (`runToolStep`). A server that keeps results by this key can answer a repeated step with
 * the result it already gave instead of running the tool twice.
 */
export const IDEMPOTENCY_KEY_META = 'dev.crosswire/idempotency-key';

/** Token counts summed over a loop's model steps. */
export interface ToolLoopUsage {
  /** All input tokens, cache reads and writes included. */
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
  /** Summed over the replies that reported cache reads; absent when none did. */
  readonly cacheReadTokens?: number;
  /** Summed over the replies that reported cache writes; absent when none did. */
  readonly cacheWriteTokens?: number;
  /** The one-hour part of the writes, summed where a reply said (Anthropic); else absent. */
  readonly cacheWrite1hTokens?: number;
}

/** One call of the last reply, with its result once its tool step ran. */
export interface PendingToolCall {
  /**
   * The call's name in the step API, unique within the turn: the call's own id, or `cw-<n>`
   * (its 0-based place in the reply) for a call the wire sent without one.
   */
  readonly callId: string;
  readonly call: ToolCall;
  /** The call's one result; undefined until its tool step ran. */
  readonly result: ToolResult | undefined;
  /**
   * Present when the loop's approval policy asks a person about this call: its approval id,
   * and the decision once recorded (`recordApproval`). The call runs only once approved.
   */
  readonly approval?: PendingApproval;
}

/** The reply whose calls are being answered: the assistant echo is built from its body. */
export interface ToolLoopReply {
  readonly wire: WireFormat;
  /** The reply body (calls that get no result already taken out). */
  readonly body: unknown;
}

/**
 * Where a tool loop stands, as plain data: store it between steps with
 * `serializeToolLoopState` (or `saveToolLoopState`) and carry on from the stored copy.
 */
export interface ToolLoopState {
  /** Names the loop in every step key. */
  readonly loopId: string;
  /** Model replies received so far (0 before the first model step). */
  readonly iteration: number;
  /**
   * The conversation as the last model step sent it (the input before the first). The next
   * model step sends it with the assistant echo of `reply` and the results of
   * `pendingCalls` appended in the wire's shape.
   */
  readonly messages: readonly ConversationMessage[];
  /** The last reply while its calls are being answered; undefined otherwise. */
  readonly reply: ToolLoopReply | undefined;
  /** The calls of `reply`, in reply order, each with its result once it has one. */
  readonly pendingCalls: readonly PendingToolCall[];
  /** The final answer, once the model replied without calls; undefined until then. */
  readonly text: string | undefined;
  /** The final answer's validated object, when the loop runs with `output`. */
  readonly object?: unknown;
  readonly usage: ToolLoopUsage;
}

/** What a loop needs next (see {@link nextToolLoopStep}). */
export type ToolLoopStep =
  | {
      readonly kind: 'model';
      /** The iteration this model step is (1-based). */
      readonly iteration: number;
      /** `${loopId}:${iteration}:model` */
      readonly key: string;
    }
  | {
      /** A call that waits for a person's decision (`recordApproval`) before its tool step. */
      readonly kind: 'approval';
      /** The iteration whose reply asked for the call. */
      readonly iteration: number;
      readonly callId: string;
      readonly call: ToolCall;
      readonly approvalId: string;
      /** `${loopId}:${iteration}:approval:${callId}` */
      readonly key: string;
    }
  | {
      readonly kind: 'tool';
      /** The iteration whose reply asked for the call. */
      readonly iteration: number;
      readonly callId: string;
      readonly call: ToolCall;
      /** `${loopId}:${iteration}:call:${callId}` */
      readonly key: string;
    }
  | { readonly kind: 'done'; readonly text: string };

/** Codes of {@link ToolLoopStepError}. */
export type ToolLoopStepErrorCode =
  | 'invalid_tool_loop_start'
  | 'unknown_tool_step'
  | 'tool_step_out_of_order'
  | 'tool_result_conflict'
  | 'tool_approval_pending'
  | 'tool_approval_conflict'
  | 'tool_approval_not_requested';

/** A step asked of a state that cannot take it; the message says which and why. */
export class ToolLoopStepError extends CrosswireError {
  declare readonly code: ToolLoopStepErrorCode;
}

export interface StartToolLoopOptions {
  /** Names the loop in every step key. Default: a random UUID. */
  readonly loopId?: string;
}

/**
 * The state of a loop that has not sent anything yet: `messages` (a prompt, or messages
 * where a string is a user message) at iteration 0. Messages are checked as `chat` checks
 * them.
 */
export function startToolLoop(
  messages: ChatInput,
  options: StartToolLoopOptions = {},
): ToolLoopState {
  const loopId = options.loopId ?? randomUUID();
  if (typeof loopId !== 'string' || loopId === '') {
    throw new ToolLoopStepError(
      'invalid_tool_loop_start',
      `startToolLoop: loopId must be a non-empty string, got ${JSON.stringify(loopId)}`,
    );
  }
  if (loopId.includes(':')) {
    // Step keys are `loopId:iteration:model` and `loopId:iteration:call:callId`: a ':' in the
    // loop id would make two loops' keys collide.
    throw new ToolLoopStepError(
      'invalid_tool_loop_start',
      `startToolLoop: loopId must not contain ':' (it separates the parts of step keys), got ${JSON.stringify(loopId)}`,
    );
  }
  if (typeof messages !== 'string' && !Array.isArray(messages)) {
    throw new ToolLoopStepError(
      'invalid_tool_loop_start',
      'startToolLoop takes a prompt or an array of messages',
    );
  }
  return initialState(loopId, inputMessages(messages));
}

/** A prompt or messages as the loop's conversation (the same conversion as the engine's). */
export function inputMessages(input: ChatInput): ChatMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  // A loop's conversation has no string entries: it is read (on every request) without a copy.
  if (!input.some((message) => typeof message === 'string')) {
    return canonicalMessages(input as readonly ConversationMessage[]);
  }
  return canonicalMessages(
    input.map((message) =>
      typeof message === 'string' ? { role: 'user' as const, content: message } : message,
    ),
  );
}

/** The state of loop `loopId` before its first step, on `messages` as they are. */
export function initialState(
  loopId: string,
  messages: readonly ConversationMessage[],
): ToolLoopState {
  return {
    loopId,
    iteration: 0,
    messages: [...messages],
    reply: undefined,
    pendingCalls: [],
    text: undefined,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  };
}

/** The key of the model step that will be iteration `iteration` of loop `loopId`. */
export function modelStepKey(loopId: string, iteration: number): string {
  return `${loopId}:${iteration}:model`;
}

/** The key of the tool step that answers call `callId` of iteration `iteration`. */
export function toolStepKey(loopId: string, iteration: number, callId: string): string {
  return `${loopId}:${iteration}:call:${callId}`;
}

/** The key of the approval step of call `callId` of iteration `iteration`. */
export function approvalStepKey(loopId: string, iteration: number, callId: string): string {
  return `${loopId}:${iteration}:approval:${callId}`;
}

/**
 * Every step the loop can run now: for each call of the last reply that has no result yet (in
 * reply order; they may run concurrently, in any order), its `approval` step while it waits
 * for a decision, else its `tool` step; else the next model step, else the `done` step with
 * the final text. Never empty.
 */
export function runnableToolLoopSteps(state: ToolLoopState): ToolLoopStep[] {
  if (state.text !== undefined) return [{ kind: 'done', text: state.text }];
  const unanswered = state.pendingCalls.filter((pending) => pending.result === undefined);
  if (unanswered.length > 0) {
    return unanswered.map((pending): ToolLoopStep => {
      const { loopId, iteration } = state;
      const { callId, call, approval } = pending;
      return approval !== undefined && approval.decision === undefined
        ? {
            kind: 'approval',
            iteration,
            callId,
            call,
            approvalId: approval.approvalId,
            key: approvalStepKey(loopId, iteration, callId),
          }
        : { kind: 'tool', iteration, callId, call, key: toolStepKey(loopId, iteration, callId) };
    });
  }
  const iteration = state.iteration + 1;
  return [{ kind: 'model', iteration, key: modelStepKey(state.loopId, iteration) }];
}

/**
 * The step the loop needs next: the first call without a result (`approval` while it waits
 * for a decision, else `tool`), else a `model` step (when every call has its result, that
 * step first appends them), else `done`.
 */
export function nextToolLoopStep(state: ToolLoopState): ToolLoopStep {
  return runnableToolLoopSteps(state)[0] as ToolLoopStep;
}

/**
 * Options of {@link runModelStep}: the loop's options (`approval` marks the calls a person
 * decides on; the decisions come through `recordApproval`), and tools already listed.
 */
export interface ModelStepOptions
  extends Omit<ChatWithToolsOptions, 'onApproval' | 'approvalTimeoutMs'> {
  /** The tools to offer, from `gatherTools`; default: listed from `mcpServers` on every step. */
  readonly roster?: ToolRoster;
}

/** Options of {@link runToolStep}; its hooks are told the step and its call. */
export interface ToolStepOptions extends LoopObserveOptions {
  /** The servers to run the call on (`roster` instead saves the `tools/list` requests). */
  readonly mcpServers?: readonly McpToolServer[];
  /** The tools from `gatherTools`, routed to their servers. */
  readonly roster?: ToolRoster;
  /** Per call. Default 60 000 ms. */
  readonly toolTimeoutMs?: number;
  /** The whole listing from `mcpServers`, every page of every server. Default 30 000 ms. */
  readonly listToolsTimeoutMs?: number;
  /** Tools kept per server when listing from `mcpServers`. Default 1 000. */
  readonly maxToolsPerServer?: number;
  /** The largest result forwarded, in bytes; larger becomes an error result. Default 16 MiB. */
  readonly maxToolResultBytes?: number;
  readonly signal?: AbortSignal;
  readonly onWarning?: WarningHandler;
}

/** What a run of the loop shares between its steps. */
export interface LoopSettings {
  readonly wire: WireFormat;
  readonly dialectOptions: DialectOptions;
  readonly chatOptions: ChatOptions;
  readonly maxIterations: number;
  readonly roster: ToolRoster;
  readonly options: ModelStepOptions;
  readonly exchange: ToolLoopEngine['exchange'];
  /** Which calls wait for a decision (default `'never'`). */
  readonly approval: ApprovalPolicy;
}

/** The public methods that run the loop, as a refusal names the one the caller called. */
export type LoopMethod =
  | 'chatWithTools'
  | 'runToolLoop'
  | 'streamWithTools'
  | 'runModelStep'
  | 'runToolStep';

/** Checks the loop options and lists the tools (unless given), as `runToolLoop` does. */
export async function loopSettings(
  engine: ToolLoopEngine,
  options: ModelStepOptions,
  exchange: ToolLoopEngine['exchange'] = engine.exchange.bind(engine),
  method: LoopMethod = 'runModelStep',
): Promise<LoopSettings> {
  const approval = checkApprovalPolicy(options.approval);
  const maxIterations = options.maxIterations ?? 10;
  if (!Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new ToolLoopError(
      'invalid_max_iterations',
      `maxIterations must be a positive integer, got ${String(maxIterations)}`,
    );
  }
  const listed = options.roster ?? (await listTools(options, method));
  // What the engine learns on first use (a local server's model metadata) decides how tool
  // results render, so it is settled before the loop reads the dialect settings.
  await engine.discover?.(options.signal ? { signal: options.signal } : {});
  const roster = rosterForWire(listed, engine.toolWireFormat, options.onWarning);
  checkToolCount(roster, engine.toolWireFormat, options.maxToolsPerRequest);
  const dialectOptions = options.onWarning
    ? { ...engine.dialectOptions, onWarning: options.onWarning }
    : engine.dialectOptions;
  const chatOptions: ChatOptions = {
    tools: roster.tools,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options.toolChoice !== undefined ? { toolChoice: options.toolChoice } : {}),
    ...(options.extra ? { extra: options.extra } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    // The schema is read once, when the loop starts: every turn sends the same frozen copy.
    ...(options.output ? { output: loopOutput(options.output) } : {}),
  };
  return {
    wire: engine.toolWireFormat,
    dialectOptions,
    chatOptions,
    maxIterations,
    roster,
    options,
    exchange,
    approval,
  };
}

/**
 * Refuses, before any request is sent, a tool set larger than `max` (default: the wire's
 * documented limit): the provider would refuse the request, after a body of every tool.
 */
function checkToolCount(roster: ToolRoster, wire: WireFormat, max: number | undefined): void {
  const limit = max ?? TOOL_COUNT_LIMITS[wire];
  if (limit === undefined || roster.tools.length <= limit) return;
  throw new ToolLoopError(
    'too_many_tools',
    `the MCP servers offer ${roster.tools.length} tools and one ${wire} request may offer at most ${limit}${max === undefined ? " (the wire's documented limit)" : ' (maxToolsPerRequest)'}; nothing was sent`,
    { details: { tools: roster.tools.length, limit, wire } },
  );
}

function listTools(options: ToolStepOptions, method: LoopMethod): Promise<ToolRoster> {
  if (!options.mcpServers || options.mcpServers.length === 0) {
    throw new ToolLoopError(
      'no_mcp_servers',
      `${method} needs at least one MCP server in mcpServers`,
      { details: { method } },
    );
  }
  return gatherTools(options.mcpServers, {
    signal: options.signal,
    timeoutMs: options.listToolsTimeoutMs,
    maxToolsPerServer: options.maxToolsPerServer,
    onWarning: options.onWarning,
  });
}

/** What one model step did: the new state, and the round trip's facts for turn records. */
export interface ModelTurn {
  readonly state: ToolLoopState;
  readonly exchanged: ChatExchange;
  readonly reply: ChatResponse;
  readonly calls: readonly ToolCall[];
  /** True when the reply asks for tools on the last allowed iteration. */
  readonly exhausted: boolean;
  /** The calls the approval policy asks about, in reply order (their pending calls carry the ids). */
  readonly approvals: readonly ApprovalRequest[];
}

/**
 * Sends the conversation (with the pending turn's echo and results appended) and reads the
 * reply: the calls that can be answered become the new pending calls; no calls means done.
 */
export async function modelTurn(state: ToolLoopState, settings: LoopSettings): Promise<ModelTurn> {
  const iteration = state.iteration + 1;
  if (state.text !== undefined) {
    throw new ToolLoopStepError(
      'tool_step_out_of_order',
      `loop ${state.loopId} is done: there is no model step after its final answer`,
    );
  }
  const unanswered = state.pendingCalls.filter((pending) => pending.result === undefined);
  if (unanswered.length > 0) {
    throw new ToolLoopStepError(
      'tool_step_out_of_order',
      `loop ${state.loopId}: the model step of iteration ${iteration} needs a result for every call of iteration ${state.iteration} first; unanswered: ${unanswered.map((pending) => pending.callId).join(', ')}`,
    );
  }
  if (iteration > settings.maxIterations) {
    throw maxIterationsError(settings.maxIterations, [], []);
  }
  const { options, wire, dialectOptions } = settings;
  const conversation = sentConversation(state, dialectOptions, settings.roster);
  const during = `waiting for the provider (iteration ${iteration})`;
  const chatOptions: ChatOptions = {
    ...settings.chatOptions,
    promptCache: loopPromptCache(settings.options.promptCache, state.loopId),
    loopId: state.loopId,
  };
  let exchanged = await settleWithin(settings.exchange(conversation, chatOptions, iteration), {
    signal: options.signal,
    during,
  });
  let usage = addUsage(state.usage, exchanged.response.usage);
  if (needsObjectTurn(settings, exchanged)) {
    // The two-step form, streamed: the tool turn went without `output`; one more turn
    // without tools asks for the object.
    const { tools: _tools, toolChoice: _choice, ...withoutTools } = chatOptions;
    const answer = exchanged.response.content;
    exchanged = await settleWithin(
      settings.exchange(
        [
          ...conversation,
          ...(answer === '' ? [] : [{ role: 'assistant' as const, content: answer }]),
          { role: 'user', content: FINAL_OBJECT_PROMPT },
        ],
        withoutTools,
        iteration,
      ),
      { signal: options.signal, during },
    );
    usage = addUsage(usage, exchanged.response.usage);
  }
  const object = (exchanged.response as { object?: unknown }).object;
  const reply = answerableCalls(wire, exchanged.response, {
    dialectOptions,
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
  const { calls, data } = toolLoopCalls(reply, reply.raw, {
    wire,
    dialectOptions,
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
  const base = { loopId: state.loopId, iteration, messages: conversation, usage };
  // A finished loop's conversation ends with the model's answer, so that appending a user
  // message continues it on any wire (an empty answer is nothing a wire can carry).
  // A structured answer carried by a synthetic tool (anthropic) has no text: its JSON stands in.
  const said =
    reply.content === '' && object !== undefined ? JSON.stringify(object) : reply.content;
  const answered: readonly ConversationMessage[] =
    said === '' ? conversation : [...conversation, { role: 'assistant', content: said }];
  const exhausted = calls.length > 0 && iteration >= settings.maxIterations;
  // Calls that will never run (the loop ends at maxIterations) are not asked about; without a
  // policy (the default) a turn costs nothing more than before.
  const approvals =
    exhausted || settings.approval === 'never'
      ? []
      : await Promise.all(
          calls.map((call) =>
            approvalRequestFor(
              settings.approval,
              call,
              settings.roster.route(call.name),
              iteration,
              randomUUID,
            ),
          ),
        );
  const next: ToolLoopState =
    calls.length === 0
      ? {
          ...base,
          messages: answered,
          reply: undefined,
          pendingCalls: [],
          text: reply.content,
          ...(object === undefined ? {} : { object }),
        }
      : {
          ...base,
          reply: { wire, body: data },
          pendingCalls: toPendingCalls(calls, approvals),
          text: undefined,
        };
  return {
    state: next,
    exchanged,
    reply,
    calls,
    exhausted,
    approvals: approvals.filter((request) => request !== undefined),
  };
}

/** True when a reply without calls still owes the structured answer (a streamed two-step turn). */
function needsObjectTurn(settings: LoopSettings, exchanged: ChatExchange): boolean {
  return (
    settings.chatOptions.output !== undefined &&
    exchanged.response.toolCalls.length === 0 &&
    (exchanged.response as { object?: unknown }).object === undefined &&
    (settings.chatOptions.tools?.length ?? 0) > 0
  );
}

/**
 * A loop's prompt caching: `'auto'` unless told otherwise, with the loop id as the
 * `prompt_cache_key` (an explicit `key` wins).
 */
export function loopPromptCache(setting: PromptCache | undefined, loopId: string): PromptCache {
  if (setting === 'off') return 'off';
  const explicit = setting === undefined || setting === 'auto' ? {} : setting;
  return { ...explicit, key: explicit.key ?? loopId };
}

/**
 * The conversation a model step sends: the messages, then the pending turn in the wire's shape.
 * The results answer calls under their tools' own names; the wire's echo names them as the
 * reply did, so the results go out under the same wire names (the map of the tool set).
 */
function sentConversation(
  state: ToolLoopState,
  dialectOptions: DialectOptions,
  roster: ToolRoster,
): ConversationMessage[] {
  if (state.reply === undefined) return [...state.messages];
  const results = state.pendingCalls.map((pending) => pending.result as ToolResult);
  // The turn's messages are the loop's own (the echo is a copy of the reply), frozen all the
  // way down: every later request sends them again unchanged, and the passes over a body
  // (preflight, image checks, cache placement, serialising) remember what they found in a
  // deeply frozen message, so a growing conversation is read once per message.
  const turn = DIALECTS[state.reply.wire].formatToolResults(
    state.reply.body,
    wireNamedResults(results, toolNameMap(roster.tools, state.reply.wire)),
    dialectOptions,
  );
  return [...state.messages, ...turn.map((message) => deepFreeze(message))];
}

/**
 * Step ids for the calls: their own ids, `cw-<n>` for the ones without (never a repeat); a
 * call the policy asks about (`approvals[i]`, in call order) waits for its decision.
 */
function toPendingCalls(
  calls: readonly ToolCall[],
  approvals: readonly (ApprovalRequest | undefined)[],
): PendingToolCall[] {
  const taken = new Set(calls.map((call) => call.id).filter((id) => id !== ''));
  return calls.map((call, index) => {
    let callId = call.id;
    if (callId === '') {
      callId = `cw-${index}`;
      while (taken.has(callId)) callId = `${callId}-`;
      taken.add(callId);
    }
    const request = approvals[index];
    return request === undefined
      ? { callId, call, result: undefined }
      : {
          callId,
          call,
          result: undefined,
          approval: { approvalId: request.approvalId, decision: undefined },
        };
  });
}

/** The error of a loop whose reply on the last allowed iteration still asks for tools. */
export function maxIterationsError(
  maxIterations: number,
  calls: readonly ToolCall[],
  turns: readonly unknown[],
): ToolLoopError {
  return new ToolLoopError(
    'tool_loop_max_iterations',
    calls.length === 0
      ? `tool loop reached maxIterations (${maxIterations})`
      : `tool loop reached maxIterations (${maxIterations}) and the model still asks for tools: ${calls.map((call) => call.name).join(', ')}`,
    { details: { maxIterations, pendingCalls: calls.map((call) => call.name), turns } },
  );
}

/** The sum of two counts, absent when neither is reported. */
function addCount(total: number | undefined, count: number | undefined): number | undefined {
  return total === undefined && count === undefined ? undefined : (total ?? 0) + (count ?? 0);
}

export function addUsage(total: ToolLoopUsage, usage: Usage | undefined): ToolLoopUsage {
  if (!usage) return total;
  const cacheReadTokens = addCount(total.cacheReadTokens, usage.cacheReadTokens);
  const cacheWriteTokens = addCount(total.cacheWriteTokens, usage.cacheWriteTokens);
  const cacheWrite1hTokens = addCount(total.cacheWrite1hTokens, usage.cacheWrite1hTokens);
  return {
    inputTokens: total.inputTokens + (usage.inputTokens ?? 0),
    outputTokens: total.outputTokens + (usage.outputTokens ?? 0),
    totalTokens:
      total.totalTokens +
      (usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0)),
    ...(cacheReadTokens === undefined ? {} : { cacheReadTokens }),
    ...(cacheWriteTokens === undefined ? {} : { cacheWriteTokens }),
    ...(cacheWrite1hTokens === undefined ? {} : { cacheWrite1hTokens }),
  };
}

/**
 * One model step: sends the conversation (first appending the assistant echo and the
 * results of the last reply's calls in the wire's shape) with the tools of the MCP servers,
 * and returns the state after the reply: its answerable calls pending, or done with the
 * reply's text. The loop's rules apply as in `runToolLoop` (`tool_call_dropped` and
 * truncation warnings, `maxIterations`, `AbortedError`). With `approval`, each new call the
 * policy asks about waits for a decision (`approval` step, `recordApproval`) before its tool
 * step. The options (servers, maxIterations, timeouts, onWarning) default to the engine's.
 * Throws `ToolLoopStepError` `tool_step_out_of_order` when a call still has no result or the
 * loop is done.
 */
export async function runModelStep(
  engine: ToolLoopEngine,
  state: ToolLoopState,
  options: ModelStepOptions = {},
): Promise<ToolLoopState> {
  const effective = engine.toolLoopOptions ? engine.toolLoopOptions(options) : options;
  const merged: ModelStepOptions = options.roster
    ? { ...effective, roster: options.roster }
    : effective;
  const iteration = state.iteration + 1;
  const step = { kind: 'model', iteration, key: modelStepKey(state.loopId, iteration) } as const;
  return observedRun(
    merged,
    loopStart(state.loopId, step, engine),
    async () => {
      try {
        const settings = await loopSettings(engine, merged);
        const turn = await modelTurn(state, settings);
        if (turn.exhausted) throw maxIterationsError(settings.maxIterations, turn.calls, []);
        return turn.state;
      } catch (error) {
        throw typedAbort(error, options.signal, 'running a model step');
      }
    },
    (next) => ({ result: undefined, state: next }),
  );
}

/**
 * One tool step: runs the pending call `callId` on the MCP servers (by the same rules as the
 * loop: an unknown tool, bad arguments, a timeout or a server failure become an error result)
 * and returns the state with its result recorded. The `tools/call` request carries the
 * step's key as `_meta["dev.crosswire/idempotency-key"]`. A call that already has a result
 * is not run again: the state comes back unchanged. A call the approval policy asked about
 * runs only once approved (with the decided arguments); a denied one gets its denial result
 * without any server being asked; one still waiting for its decision throws
 * `ToolLoopStepError` `tool_approval_pending`. Throws `unknown_tool_step` for a call id the
 * state does not hold.
 */
export async function runToolStep(
  state: ToolLoopState,
  callId: string,
  options: ToolStepOptions = {},
): Promise<ToolLoopState> {
  const pending = findPending(state, callId);
  if (pending.result !== undefined) return state;
  const key = toolStepKey(state.loopId, state.iteration, callId);
  const step = { kind: 'tool', iteration: state.iteration, key, callId } as const;
  return observedRun(
    options,
    loopStart(state.loopId, step, undefined),
    async () => {
      try {
        throwIfAborted(options.signal, `running tool step ${callId}`);
        // A denied call needs no server: its denial is recorded without listing tools.
        const decided = awaitedDecision(state, pending);
        const roster =
          decided?.approved === false
            ? EMPTY_ROSTER
            : (options.roster ?? (await listTools(options, 'runToolStep')));
        const output = await runPendingCall(state, pending, roster, options, true);
        return recordToolResult(state, callId, output.result);
      } catch (error) {
        throw typedAbort(error, options.signal, `running tool step ${callId}`);
      }
    },
    (next) => ({ result: undefined, state: next }),
  );
}

/** The roster of a denied call's step: its denial is recorded without asking any server. */
const EMPTY_ROSTER: ToolRoster = { tools: [], route: () => undefined };

/**
 * Runs one pending call; with `keyed`, its `tools/call` carries the idempotency key. An
 * approved call runs with the decided arguments; a denied one is answered with its denial
 * (no server is asked).
 */
export async function runPendingCall(
  state: ToolLoopState,
  pending: PendingToolCall,
  roster: ToolRoster,
  options: ToolStepOptions,
  keyed: boolean,
): Promise<ToolOutput> {
  const decision = awaitedDecision(state, pending);
  const start = {
    loopId: state.loopId,
    iteration: state.iteration,
    callId: pending.callId,
    toolCall: pending.call,
  };
  const approval = decision === undefined ? undefined : approvalRecord(pending.call, decision);
  return observedCall(
    options,
    start,
    async () => {
      if (decision?.approved === false) {
        return {
          result: denialResult(pending.call, decision.reason),
          call: pending.call,
          failure: 'denied',
          server: undefined,
          durationMs: 0,
        };
      }
      return callTool(roster, decidedCall(pending.call, decision), {
        timeoutMs: options.toolTimeoutMs,
        signal: options.signal,
        maxToolResultBytes: options.maxToolResultBytes,
        onWarning: options.onWarning,
        ...(keyed
          ? {
              meta: {
                [IDEMPOTENCY_KEY_META]: toolStepKey(state.loopId, state.iteration, pending.callId),
              },
            }
          : {}),
      });
    },
    approval,
  );
}

/**
 * The recorded decision of a call the policy asked about (undefined for a call it did not);
 * throws `tool_approval_pending` while the decision is still to come.
 */
function awaitedDecision(
  state: ToolLoopState,
  pending: PendingToolCall,
): ApprovalDecision | undefined {
  const approval = pending.approval;
  if (approval === undefined) return undefined;
  if (approval.decision === undefined) {
    throw new ToolLoopStepError(
      'tool_approval_pending',
      `loop ${state.loopId}: call ${pending.callId} (tool ${pending.call.name}) of iteration ${state.iteration} waits for a decision (approval ${approval.approvalId}); record it with recordApproval first`,
      {
        details: {
          loopId: state.loopId,
          iteration: state.iteration,
          callId: pending.callId,
          approvalId: approval.approvalId,
        },
      },
    );
  }
  return approval.decision;
}

/**
 * The state with `decision` recorded for pending call `callId`, which the approval policy
 * asked about (else `ToolLoopStepError` `tool_approval_not_requested`). Recording the same
 * decision again changes nothing; a different decision for a decided call is refused
 * (`tool_approval_conflict`): the call may already have run, or its denial been sent. A
 * decision that is not `{ approved: true, arguments? }` or `{ approved: false, reason? }`
 * throws `ValidationError` `invalid_tool_approval`. The call's next step is its `tool` step:
 * it runs with the decided arguments, or records the denial without running.
 */
export function recordApproval(
  state: ToolLoopState,
  callId: string,
  decision: ApprovalDecision,
): ToolLoopState {
  const pending = findPending(state, callId);
  const checked = checkDecision(decision);
  const approval = pending.approval;
  const details = { loopId: state.loopId, iteration: state.iteration, callId };
  if (approval === undefined) {
    throw new ToolLoopStepError(
      'tool_approval_not_requested',
      `loop ${state.loopId}: call ${callId} (tool ${pending.call.name}) of iteration ${state.iteration} was not asked about (the approval policy let it run); there is no decision to record`,
      { details },
    );
  }
  if (approval.decision !== undefined) {
    if (sameDecision(approval.decision, checked)) return state;
    throw new ToolLoopStepError(
      'tool_approval_conflict',
      `loop ${state.loopId}: call ${callId} (approval ${approval.approvalId}) of iteration ${state.iteration} was already ${approval.decision.approved ? 'approved' : 'denied'} with another decision; the first one stands`,
      { details: { ...details, approvalId: approval.approvalId } },
    );
  }
  return {
    ...state,
    pendingCalls: state.pendingCalls.map((entry) =>
      entry === pending ? { ...entry, approval: { ...approval, decision: checked } } : entry,
    ),
  };
}

/**
 * The state with `result` recorded for pending call `callId` (for a tool step run
 * elsewhere, such as a child job). Recording the same result again changes nothing; a
 * different result for a call that has one is refused (`tool_result_conflict`): the first
 * one may already have been seen. The result's name and id are the call's. A call waiting
 * for its decision takes no result (`tool_approval_pending`); a denied call takes only its
 * denial (`tool_result_conflict`).
 */
export function recordToolResult(
  state: ToolLoopState,
  callId: string,
  result: ToolResult,
): ToolLoopState {
  const pending = findPending(state, callId);
  const details = { loopId: state.loopId, iteration: state.iteration, callId };
  if (pending.result !== undefined) {
    if (JSON.stringify(pending.result) === JSON.stringify(result)) return state;
    throw new ToolLoopStepError(
      'tool_result_conflict',
      `loop ${state.loopId}: call ${callId} of iteration ${state.iteration} already has a different result`,
      { details },
    );
  }
  if (result.name !== pending.call.name || result.id !== pending.call.id) {
    throw new ToolLoopStepError(
      'tool_result_conflict',
      `loop ${state.loopId}: call ${callId} is ${pending.call.name} (id ${JSON.stringify(pending.call.id)}), but the result answers ${result.name} (id ${JSON.stringify(result.id)})`,
      { details },
    );
  }
  const decision = awaitedDecision(state, pending);
  if (
    decision?.approved === false &&
    JSON.stringify(result) !== JSON.stringify(denialResult(pending.call, decision.reason))
  ) {
    throw new ToolLoopStepError(
      'tool_result_conflict',
      `loop ${state.loopId}: call ${callId} of iteration ${state.iteration} was denied; its only result is the denial, not a result of the tool`,
      { details },
    );
  }
  return {
    ...state,
    pendingCalls: state.pendingCalls.map((entry) =>
      entry === pending ? { ...entry, result } : entry,
    ),
  };
}

function findPending(state: ToolLoopState, callId: string): PendingToolCall {
  const pending = state.pendingCalls.find((entry) => entry.callId === callId);
  if (!pending) {
    throw new ToolLoopStepError(
      'unknown_tool_step',
      `loop ${state.loopId} has no pending call ${JSON.stringify(callId)} at iteration ${state.iteration}${state.pendingCalls.length > 0 ? ` (pending: ${state.pendingCalls.map((entry) => entry.callId).join(', ')})` : ''}`,
      { details: { loopId: state.loopId, iteration: state.iteration, callId } },
    );
  }
  return pending;
}
