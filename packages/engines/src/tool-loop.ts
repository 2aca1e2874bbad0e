import { ToolLoopError, type WarningHandler } from '@crosswire/core';
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
): Promise<ToolLoopResult> {
  try {
    return await loop(engine, messages, options);
  } catch (error) {
    throw typedAbort(error, options.signal, 'running the tool loop');
  }
}

async function loop(
  engine: ToolLoopEngine,
  messages: readonly ChatMessage[],
  options: LoopOptions,
): Promise<ToolLoopResult> {
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
    const exchange = await settleWithin(engine.exchange(conversation, chatOptions, iteration), {
      signal: options.signal,
      during: `waiting for the provider (iteration ${iteration})`,
    });
    addUsage(usage, exchange.response.usage);
    const reply = answerableCalls(wire, exchange.response, {
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
      status: exchange.status,
      attempts: exchange.attempts,
      requestMs: exchange.durationMs,
      prepareMs: exchange.prepareMs,
      finishReason: reply.finishReason,
      usage: reply.usage,
    };
    if (calls.length === 0) {
      turns.push({ ...turn, toolsMs: 0, toolCalls: [] });
      return {
        text: reply.content,
        response: exchange.response,
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
      turns.push({ ...turn, toolsMs: 0, toolCalls: [] });
      throw new ToolLoopError(
        'tool_loop_max_iterations',
        `tool loop reached maxIterations (${maxIterations}) and the model still asks for tools: ${calls.map((call) => call.name).join(', ')}`,
        { details: { maxIterations, pendingCalls: calls.map((call) => call.name), turns } },
      );
    }
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
    turns.push({
      ...turn,
      toolsMs,
      toolCalls: outputs.map((output) => ({
        name: output.call.name,
        id: output.call.id,
        server: output.server,
        isError: output.result.isError,
        failure: output.failure,
        durationMs: output.durationMs,
      })),
    });
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
