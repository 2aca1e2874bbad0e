// The tool loop one step at a time: a stored state, the next step it needs, and one function
// per kind of step. `runToolLoop` drives these same functions, so the two cannot drift apart.
import { randomUUID } from 'node:crypto';
import {
  CrosswireError,
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
import { FINAL_OBJECT_PROMPT } from '../engine/structured-exchange.js';
import { callTool, type ToolOutput } from '../mcp/call.js';
import { gatherTools, type ToolRoster } from '../mcp/gather.js';
import type { McpToolServer } from '../mcp/server.js';

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
  | 'tool_result_conflict';

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

/**
 * Every step the loop can run now: each call of the last reply that has no result yet (in
 * reply order; they may run concurrently, in any order), else the next model step, else the
 * `done` step with the final text. Never empty.
 */
export function runnableToolLoopSteps(state: ToolLoopState): ToolLoopStep[] {
  if (state.text !== undefined) return [{ kind: 'done', text: state.text }];
  const unanswered = state.pendingCalls.filter((pending) => pending.result === undefined);
  if (unanswered.length > 0) {
    return unanswered.map((pending) => ({
      kind: 'tool',
      iteration: state.iteration,
      callId: pending.callId,
      call: pending.call,
      key: toolStepKey(state.loopId, state.iteration, pending.callId),
    }));
  }
  const iteration = state.iteration + 1;
  return [{ kind: 'model', iteration, key: modelStepKey(state.loopId, iteration) }];
}

/**
 * The step the loop needs next: the first call without a result (`tool`), else a `model`
 * step (when every call has its result, that step first appends them), else `done`.
 */
export function nextToolLoopStep(state: ToolLoopState): ToolLoopStep {
  return runnableToolLoopSteps(state)[0] as ToolLoopStep;
}

/** Options of {@link runModelStep}: the loop's options, and tools already listed. */
export interface ModelStepOptions extends ChatWithToolsOptions {
  /** The tools to offer, from `gatherTools`; default: listed from `mcpServers` on every step. */
  readonly roster?: ToolRoster;
}

/** Options of {@link runToolStep}. */
export interface ToolStepOptions {
  /** The servers to run the call on (`roster` instead saves the `tools/list` requests). */
  readonly mcpServers?: readonly McpToolServer[];
  /** The tools from `gatherTools`, routed to their servers. */
  readonly roster?: ToolRoster;
  /** Per call. Default 60 000 ms. */
  readonly toolTimeoutMs?: number;
  /** Per `tools/list` request when listing from `mcpServers`. Default 30 000 ms. */
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
  readonly options: ChatWithToolsOptions;
  readonly exchange: ToolLoopEngine['exchange'];
}

/** Checks the loop options and lists the tools (unless given), as `runToolLoop` does. */
export async function loopSettings(
  engine: ToolLoopEngine,
  options: ModelStepOptions,
  exchange: ToolLoopEngine['exchange'] = engine.exchange.bind(engine),
): Promise<LoopSettings> {
  const maxIterations = options.maxIterations ?? 10;
  if (!Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new ToolLoopError(
      'invalid_max_iterations',
      `maxIterations must be a positive integer, got ${String(maxIterations)}`,
    );
  }
  const roster = options.roster ?? (await listTools(options));
  // What the engine learns on first use (a local server's model metadata) decides how tool
  // results render, so it is settled before the loop reads the dialect settings.
  await engine.discover?.();
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
    ...(options.output ? { output: options.output } : {}),
  };
  return {
    wire: engine.toolWireFormat,
    dialectOptions,
    chatOptions,
    maxIterations,
    roster,
    options,
    exchange,
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

function listTools(options: ToolStepOptions): Promise<ToolRoster> {
  if (!options.mcpServers || options.mcpServers.length === 0) {
    throw new ToolLoopError(
      'no_mcp_servers',
      'chatWithTools needs at least one MCP server in mcpServers',
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
          pendingCalls: toPendingCalls(calls),
          text: undefined,
        };
  return {
    state: next,
    exchanged,
    reply,
    calls,
    exhausted: calls.length > 0 && iteration >= settings.maxIterations,
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
  return [
    ...state.messages,
    ...DIALECTS[state.reply.wire].formatToolResults(
      state.reply.body,
      wireNamedResults(results, toolNameMap(roster.tools, state.reply.wire)),
      dialectOptions,
    ),
  ];
}

/** Step ids for the calls: their own ids, `cw-<n>` for the ones without (never a repeat). */
function toPendingCalls(calls: readonly ToolCall[]): PendingToolCall[] {
  const taken = new Set(calls.map((call) => call.id).filter((id) => id !== ''));
  return calls.map((call, index) => {
    let callId = call.id;
    if (callId === '') {
      callId = `cw-${index}`;
      while (taken.has(callId)) callId = `${callId}-`;
      taken.add(callId);
    }
    return { callId, call, result: undefined };
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
 * truncation warnings, `maxIterations`, `AbortedError`). The options (servers, maxIterations,
 * timeouts, onWarning) default to the engine's. Throws `ToolLoopStepError`
 * `tool_step_out_of_order` when a call still has no result or the loop is done.
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
  try {
    const settings = await loopSettings(engine, merged);
    const turn = await modelTurn(state, settings);
    if (turn.exhausted) throw maxIterationsError(settings.maxIterations, turn.calls, []);
    return turn.state;
  } catch (error) {
    throw typedAbort(error, options.signal, 'running a model step');
  }
}

/**
 * One tool step: runs the pending call `callId` on the MCP servers (by the same rules as the
 * loop: an unknown tool, bad arguments, a timeout or a server failure become an error result)
 * and returns the state with its result recorded. The `tools/call` request carries the
 * step's key as `_meta["dev.crosswire/idempotency-key"]`. A call that already has a result
 * is not run again: the state comes back unchanged. Throws `ToolLoopStepError`
 * `unknown_tool_step` for a call id the state does not hold.
 */
export async function runToolStep(
  state: ToolLoopState,
  callId: string,
  options: ToolStepOptions = {},
): Promise<ToolLoopState> {
  const pending = findPending(state, callId);
  if (pending.result !== undefined) return state;
  try {
    throwIfAborted(options.signal, `running tool step ${callId}`);
    const roster = options.roster ?? (await listTools(options));
    const output = await runPendingCall(state, pending, roster, options, true);
    return recordToolResult(state, callId, output.result);
  } catch (error) {
    throw typedAbort(error, options.signal, `running tool step ${callId}`);
  }
}

/** Runs one pending call; with `keyed`, its `tools/call` carries the idempotency key. */
export function runPendingCall(
  state: ToolLoopState,
  pending: PendingToolCall,
  roster: ToolRoster,
  options: ToolStepOptions,
  keyed: boolean,
): Promise<ToolOutput> {
  return callTool(roster, pending.call, {
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
}

/**
 * The state with `result` recorded for pending call `callId` (for a tool step run
 * elsewhere, such as a child job). Recording the same result again changes nothing; a
 * different result for a call that has one is refused (`tool_result_conflict`): the first
 * one may already have been seen. The result's name and id are the call's.
 */
export function recordToolResult(
  state: ToolLoopState,
  callId: string,
  result: ToolResult,
): ToolLoopState {
  const pending = findPending(state, callId);
  if (pending.result !== undefined) {
    if (JSON.stringify(pending.result) === JSON.stringify(result)) return state;
    throw new ToolLoopStepError(
      'tool_result_conflict',
      `loop ${state.loopId}: call ${callId} of iteration ${state.iteration} already has a different result`,
      { details: { loopId: state.loopId, iteration: state.iteration, callId } },
    );
  }
  if (result.name !== pending.call.name || result.id !== pending.call.id) {
    throw new ToolLoopStepError(
      'tool_result_conflict',
      `loop ${state.loopId}: call ${callId} is ${pending.call.name} (id ${JSON.stringify(pending.call.id)}), but the result answers ${result.name} (id ${JSON.stringify(result.id)})`,
      { details: { loopId: state.loopId, iteration: state.iteration, callId } },
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
