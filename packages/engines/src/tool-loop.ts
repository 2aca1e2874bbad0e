import { type ToolCall, ToolLoopError, type WarningHandler } from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import { settleWithin, typedAbort } from './abortable.js';
import { answerableCalls } from './answerable-calls.js';
import type { ChatOptions, ChatWithToolsOptions, ToolLoopEngine } from './chat-options.js';
import { DIALECTS, toolLoopCalls } from './dialect.js';
import { callTools, type ToolFailure } from './mcp/call.js';
import { gatherTools } from './mcp/gather.js';
import {
  type ChatMessage,
  type ConversationMessage,
  isWireMessage,
  providerMessage,
} from './messages.js';
import type { ChatResponse, Usage } from './response.js';

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
  /** Running the turn's tool calls (concurrently). */
  readonly toolsMs: number;
  readonly finishReason: string | undefined;
  readonly usage: Usage | undefined;
  readonly toolCalls: readonly ToolCallRecord[];
}

/** Everything about one `runToolLoop` run. */
export interface ToolLoopResult {
  /** The final text (what `chatWithTools` returns). */
  readonly text: string;
  /** The final reply. */
  readonly response: ChatResponse;
  /**
   * The conversation as sent on the last turn: the input, then each turn's echo and results
   * as provider messages (what `formatToolResults` returns). Pass it back to continue.
   */
  readonly messages: readonly ConversationMessage[];
  readonly turns: readonly ToolLoopTurn[];
  /** Token counts summed over the turns that reported them. */
  readonly usage: Usage;
}

interface LoopOptions extends ChatWithToolsOptions {
  readonly onWarning?: WarningHandler;
}

/** What happens during a run, as the streaming loop reports it (`tool-loop-stream.ts`). */
export type ToolLoopProgress =
  | { readonly type: 'turn-start'; readonly iteration: number }
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
  try {
    return await loop(engine, messages, options, hooks);
  } catch (error) {
    throw typedAbort(error, options.signal, 'running the tool loop');
  }
}

async function loop(
  engine: ToolLoopEngine,
  messages: readonly ChatMessage[],
  options: LoopOptions,
  hooks: LoopHooks,
): Promise<ToolLoopResult> {
  const exchange = hooks.exchange ?? engine.exchange.bind(engine);
  const report = hooks.report ?? (async () => undefined);
  const maxIterations = options.maxIterations ?? 10;
  if (!Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new ToolLoopError(
      'invalid_max_iterations',
      `maxIterations must be a positive integer, got ${String(maxIterations)}`,
    );
  }
  if (!options.mcpServers || options.mcpServers.length === 0) {
    throw new ToolLoopError(
      'no_mcp_servers',
      'chatWithTools needs at least one MCP server in mcpServers',
    );
  }
  const roster = await gatherTools(options.mcpServers, {
    signal: options.signal,
    timeoutMs: options.listToolsTimeoutMs,
    onWarning: options.onWarning,
  });
  const wire = engine.toolWireFormat;
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
  };
  const conversation: ChatMessage[] = [...messages];
  const turns: ToolLoopTurn[] = [];
  const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    await report({ type: 'turn-start', iteration });
    const exchanged = await settleWithin(exchange(conversation, chatOptions, iteration), {
      signal: options.signal,
      during: `waiting for the provider (iteration ${iteration})`,
    });
    addUsage(usage, exchanged.response.usage);
    const reply = answerableCalls(wire, exchanged.response, {
      dialectOptions,
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    });
    const { calls, data } = toolLoopCalls(reply, reply.raw, {
      wire,
      dialectOptions,
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    });
    const turn = {
      iteration,
      status: exchanged.status,
      attempts: exchanged.attempts,
      requestMs: exchanged.durationMs,
      prepareMs: exchanged.prepareMs,
      finishReason: reply.finishReason,
      usage: reply.usage,
    };
    if (calls.length === 0) {
      const last = { ...turn, toolsMs: 0, toolCalls: [] };
      turns.push(last);
      await report({ type: 'turn-end', iteration, turn: last });
      return {
        text: reply.content,
        response: exchanged.response,
        messages: conversation.map((message) =>
          isWireMessage(message) && typeof message.message === 'object' && message.message !== null
            ? providerMessage(message.wire, message.message)
            : message,
        ),
        turns,
        usage: { ...usage },
      };
    }
    if (iteration === maxIterations) {
      const last = { ...turn, toolsMs: 0, toolCalls: [] };
      turns.push(last);
      await report({ type: 'turn-end', iteration, turn: last });
      throw new ToolLoopError(
        'tool_loop_max_iterations',
        `tool loop reached maxIterations (${maxIterations}) and the model still asks for tools: ${calls.map((call) => call.name).join(', ')}`,
        { details: { maxIterations, pendingCalls: calls.map((call) => call.name), turns } },
      );
    }
    for (const toolCall of calls) await report({ type: 'tool-call-run', iteration, toolCall });
    const toolsStarted = performance.now();
    const outputs = await callTools(roster, calls, {
      timeoutMs: options.toolTimeoutMs,
      signal: options.signal,
      onWarning: options.onWarning,
    });
    const toolsMs = performance.now() - toolsStarted;
    conversation.push(
      ...DIALECTS[wire].formatToolResults(
        data,
        outputs.map((output) => output.result),
        dialectOptions,
      ),
    );
    const records = outputs.map(
      (output): ToolCallRecord => ({
        name: output.call.name,
        id: output.call.id,
        server: output.server,
        isError: output.result.isError,
        failure: output.failure,
        durationMs: output.durationMs,
      }),
    );
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
  // Unreachable: the last iteration returns or throws.
  throw new ToolLoopError(
    'tool_loop_max_iterations',
    `tool loop reached maxIterations (${maxIterations})`,
  );
}

function addUsage(
  total: { inputTokens: number; outputTokens: number; totalTokens: number },
  usage: Usage | undefined,
): void {
  if (!usage) return;
  total.inputTokens += usage.inputTokens ?? 0;
  total.outputTokens += usage.outputTokens ?? 0;
  total.totalTokens += usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}
