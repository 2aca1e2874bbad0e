import { randomUUID } from 'node:crypto';
import type { ToolCall, WarningHandler } from '@crosswire/core';
import type { Usage } from '@crosswire/dialects';
import {
  type ChatMessage,
  type ConversationMessage,
  isWireMessage,
  providerMessage,
} from '@crosswire/dialects';
import type { ToolResult } from '@crosswire/tool-result';
import { linkSignals, turnSignal, typedAbort } from '../abortable.js';
import { type Cost, costOf, type EngineResponse } from '../cost/cost.js';
import type { ChatWithToolsOptions, ToolLoopEngine } from '../engine/chat-options.js';
import type { ToolFailure, ToolOutput } from '../mcp/call.js';
import {
  type ApprovalDecision,
  type ApprovalHandler,
  type ApprovalRequest,
  approvalRecord,
  askPerson,
  checkApprovalOptions,
  decidedCall,
  type ToolCallApproval,
} from './approval.js';
import { loopStart, observedRun } from './loop-events.js';
import {
  initialState,
  type LoopMethod,
  type LoopSettings,
  loopSettings,
  maxIterationsError,
  modelTurn,
  type PendingToolCall,
  recordApproval,
  recordToolResult,
  runPendingCall,
  type ToolLoopState,
} from './tool-loop-steps.js';

/** One tool call of a turn, as it ran. */
export interface ToolCallRecord {
  readonly name: string;
  readonly id: string;
  /** The server that ran it (`"name" (mcpServers[i])`); undefined when none did. */
  readonly server: string | undefined;
  readonly isError: boolean;
  /** Why the loop answered with an error itself (`unknown_tool`, `arguments_not_json`, `timeout`...). */
  readonly failure: ToolFailure | undefined;
  readonly durationMs: number;
  /**
   * The person's decision, for a call the approval policy asked about (absent for the
   * others): approved or denied, the reason given, and whether the arguments were edited.
   */
  readonly approval?: ToolCallApproval;
}

/** One round trip of the loop. */
export interface ToolLoopTurn {
  readonly iteration: number;
  readonly status: number;
  readonly attempts: number;
  /** The provider call, retries included. */
  readonly requestMs: number;
  /** Fetching images and building the body. */
  readonly prepareMs: number;
  /** Running the turn's tool calls (concurrently); the wait for decisions is not counted. */
  readonly toolsMs: number;
  readonly finishReason: string | undefined;
  readonly usage: Usage | undefined;
  /** What the turn's reply cost; absent for an unpriced model. */
  readonly cost?: Cost;
  readonly toolCalls: readonly ToolCallRecord[];
}

/** Everything about one `runToolLoop` run. */
export interface ToolLoopResult {
  /** The final text (what `chatWithTools` returns). */
  readonly text: string;
  /** The final reply. */
  readonly response: EngineResponse;
  /** The validated structured answer, when the loop ran with `output`. */
  readonly object?: unknown;
  /**
   * The conversation as sent on the last turn: the input, then each turn's echo and results
   * as provider messages (what `formatToolResults` returns). Pass it back to continue.
   */
  readonly messages: readonly ConversationMessage[];
  readonly turns: readonly ToolLoopTurn[];
  /** Token counts summed over the turns that reported them. */
  readonly usage: Usage;
  /** What the loop's replies cost at the registry's prices; absent for an unpriced model. */
  readonly cost?: Cost;
}

interface LoopOptions extends ChatWithToolsOptions {
  readonly onWarning?: WarningHandler;
}

/** What happens during a run, as the streaming loop reports it (`tool-loop-stream.ts`). */
export type ToolLoopProgress =
  | { readonly type: 'turn-start'; readonly iteration: number }
  | {
      /** A call waits for a decision: sent before `onApproval` is asked. */
      readonly type: 'tool-approval-request';
      readonly iteration: number;
      readonly approvalId: string;
      readonly toolCall: ToolCall;
    }
  | {
      /** The decision came (or `approvalTimeoutMs` passed: denied, `approval timed out`). */
      readonly type: 'tool-approval-decision';
      readonly iteration: number;
      readonly approvalId: string;
      readonly approved: boolean;
      readonly reason?: string;
    }
  | { readonly type: 'tool-call-run'; readonly iteration: number; readonly toolCall: ToolCall }
  | {
      readonly type: 'tool-result';
      readonly iteration: number;
      readonly toolCall: ToolCall;
      /** The one result the call got (an error result for unknown tools, bad JSON, failures). */
      readonly result: ToolResult;
      readonly record: ToolCallRecord;
    }
  | { readonly type: 'turn-end'; readonly iteration: number; readonly turn: ToolLoopTurn };

/**
 * How one run gets its replies and reports its progress: the non-streaming loop uses the
 * engine's `exchange` and reports nothing; the streaming loop streams each turn and reports
 * every step, waiting until the consumer took it.
 */
export interface LoopHooks {
  readonly exchange?: ToolLoopEngine['exchange'];
  readonly report?: (progress: ToolLoopProgress) => Promise<void>;
  /** The method the caller called, named in refusals (default `runToolLoop`). */
  readonly method?: LoopMethod;
}

/**
 * The loop of seed 003. Each turn: send the conversation with the gathered tools; no calls
 * means the reply's text is the answer. Calls cut off by the token limit are dropped with a
 * warning (or the loop fails with `tool call arguments truncated` when none is left); the
 * rest run concurrently, each answered by exactly one result (unknown tool, bad arguments,
 * MCP failures all become error results); the assistant echo and the results are appended in
 * the wire's shape. After `maxIterations` replies that still ask for tools, `ToolLoopError`
 * `tool_loop_max_iterations`. When the caller's signal fires, every await ends at once (even
 * one on a server that never answers) and the loop rejects with `AbortedError`.
 */
export async function runToolLoop(
  engine: ToolLoopEngine,
  messages: readonly ChatMessage[],
  options: LoopOptions,
  hooks: LoopHooks = {},
): Promise<ToolLoopResult> {
  // A fresh id per run: it names the run's prompt cache (`prompt_cache_key`) and its events.
  const loopId = randomUUID();
  return observedRun(
    options,
    loopStart(loopId, undefined, engine),
    () =>
      loop(engine, loopId, messages, options, hooks).catch((error: unknown) => {
        throw typedAbort(error, options.signal, 'running the tool loop');
      }),
    (result) => ({ result, state: undefined }),
  );
}

async function loop(
  engine: ToolLoopEngine,
  loopId: string,
  messages: readonly ChatMessage[],
  options: LoopOptions,
  hooks: LoopHooks,
): Promise<ToolLoopResult> {
  const report = hooks.report ?? (async () => undefined);
  // A policy that can ask with nobody to ask is refused before anything is sent.
  checkApprovalOptions(options);
  const settings = await loopSettings(
    engine,
    options,
    hooks.exchange,
    hooks.method ?? 'runToolLoop',
  );
  let state = initialState(loopId, messages);
  const turns: ToolLoopTurn[] = [];
  for (;;) {
    const iteration = state.iteration + 1;
    await report({ type: 'turn-start', iteration });
    const step = await modelTurn(state, settings);
    const { exchanged, reply, calls } = step;
    state = step.state;
    const turn = {
      iteration,
      status: exchanged.status,
      attempts: exchanged.attempts,
      requestMs: exchanged.durationMs,
      prepareMs: exchanged.prepareMs,
      finishReason: reply.finishReason,
      usage: reply.usage,
      ...(exchanged.response.cost === undefined ? {} : { cost: exchanged.response.cost }),
    };
    if (state.text !== undefined || step.exhausted) {
      const last = { ...turn, toolsMs: 0, toolCalls: [] };
      turns.push(last);
      await report({ type: 'turn-end', iteration, turn: last });
      if (step.exhausted) throw maxIterationsError(settings.maxIterations, calls, turns);
      const cost = costOf(state.usage, engine.pricing);
      return {
        text: state.text ?? '',
        response: exchanged.response,
        ...(state.object === undefined ? {} : { object: state.object }),
        messages: state.messages.map(asProviderMessage),
        turns,
        usage: { ...state.usage },
        ...(cost === undefined ? {} : { cost }),
      };
    }
    // A person decides first (the calls asked about, concurrently); only then do the calls
    // run, so neither the tool timeout nor the turn's tool time counts a person's time.
    if (step.approvals.length > 0) {
      state = await decide(state, step.approvals, options, report);
    }
    for (const pending of state.pendingCalls) {
      if (pending.approval?.decision?.approved === false) continue;
      await report({
        type: 'tool-call-run',
        iteration,
        toolCall: decidedCall(pending.call, pending.approval?.decision),
      });
    }
    const toolsStarted = performance.now();
    // Every call of the turn runs at once, by the rules of a tool step. The turn adds one
    // listener to the caller's signal (removed after the turn), however many calls it runs;
    // each call listens on the turn's signal, so no listener warning reaches the caller.
    const outputs = await runTurnCalls(state, settings, options);
    const toolsMs = performance.now() - toolsStarted;
    state = state.pendingCalls.reduce(
      (current, pending, index) =>
        recordToolResult(current, pending.callId, (outputs[index] as ToolOutput).result),
      state,
    );
    const records = outputs.map((output, index): ToolCallRecord => {
      const pending = state.pendingCalls[index] as PendingToolCall;
      const decision = pending.approval?.decision;
      return {
        name: output.call.name,
        id: output.call.id,
        server: output.server,
        isError: output.result.isError,
        failure: output.failure,
        durationMs: output.durationMs,
        ...(decision === undefined ? {} : { approval: approvalRecord(pending.call, decision) }),
      };
    });
    for (const [index, output] of outputs.entries()) {
      await report({
        type: 'tool-result',
        iteration,
        toolCall: output.call,
        result: output.result,
        record: records[index] as ToolCallRecord,
      });
    }
    const done = { ...turn, toolsMs, toolCalls: records };
    turns.push(done);
    await report({ type: 'turn-end', iteration, turn: done });
  }
}

/** Runs the calls of a turn at once (a denied call is answered without running). */
function runTurnCalls(
  state: ToolLoopState,
  settings: LoopSettings,
  options: LoopOptions,
): Promise<ToolOutput[]> {
  const run = (turnOptions: LoopOptions) =>
    Promise.all(
      state.pendingCalls.map((pending) =>
        runPendingCall(state, pending, settings.roster, turnOptions, false),
      ),
    );
  // Without a caller's signal there is nothing to link (each call has its own controller).
  if (options.signal === undefined) return run(options);
  const calling = turnSignal(options.signal);
  return run({ ...options, signal: calling.signal }).finally(calling.release);
}

/**
 * Asks `onApproval` about every call of the turn that needs it, concurrently, reporting each
 * request before asking and each decision when it comes; returns the state with the
 * decisions recorded. When one ask fails, the others are withdrawn (their signal fires).
 */
async function decide(
  state: ToolLoopState,
  requests: readonly ApprovalRequest[],
  options: LoopOptions,
  report: (progress: ToolLoopProgress) => Promise<void>,
): Promise<ToolLoopState> {
  const onApproval = options.onApproval as ApprovalHandler;
  const withdraw = new AbortController();
  const asking = linkSignals([options.signal, withdraw.signal]);
  try {
    const decisions = await Promise.all(
      requests.map(async (request) => {
        const { approvalId, toolCall, iteration } = request;
        await report({ type: 'tool-approval-request', iteration, approvalId, toolCall });
        const decision = await askPerson(request, onApproval, {
          signal: asking.signal,
          timeoutMs: options.approvalTimeoutMs,
        }).catch((error: unknown) => {
          withdraw.abort(error);
          throw error;
        });
        await report({
          type: 'tool-approval-decision',
          iteration,
          approvalId,
          approved: decision.approved,
          ...(decision.approved || decision.reason === undefined
            ? {}
            : { reason: decision.reason }),
        });
        return decision;
      }),
    );
    return requests.reduce((current, request, index) => {
      const pending = current.pendingCalls.find(
        (entry) => entry.approval?.approvalId === request.approvalId,
      ) as PendingToolCall;
      return recordApproval(current, pending.callId, decisions[index] as ApprovalDecision);
    }, state);
  } finally {
    asking.release();
  }
}

/** A wire-shaped entry as the provider message it carries; other messages as they are. */
function asProviderMessage(message: ConversationMessage): ConversationMessage {
  const chat = message as ChatMessage;
  if (!isWireMessage(chat) || typeof chat.message !== 'object' || chat.message === null) {
    return message;
  }
  // The loop's own turns are frozen (see sentConversation); the caller gets a copy to change.
  const own = Object.isFrozen(chat.message) ? structuredClone(chat.message) : chat.message;
  return providerMessage(chat.wire, own);
}
