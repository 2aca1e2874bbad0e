import { setMaxListeners } from 'node:events';
import { CrosswireError, type ToolCall, type WarningHandler } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import * as z from 'zod/mini';
import {
  abortedError,
  childController,
  settleWithin,
  throwIfAborted,
  turnSignal,
} from '../abortable.js';
import type { RoutedTool, ToolRoster } from './gather.js';
import { malformedResultReason } from './malformed-responses.js';
import { DEFAULT_MAX_TOOL_RESULT_BYTES, exceedsBytes } from './result-size.js';
import type { McpCallToolParams, McpRequestOptions } from './server.js';

/** What one call produced: always exactly one per call. */
export interface ToolOutput {
  /** The result to send back, answering `call` (same name and id). */
  readonly result: ToolResult;
  readonly call: ToolCall;
  /** Why the loop answered with an error itself (the tool did not run or did not return a usable result). */
  readonly failure: ToolFailure | undefined;
  /** The label of the server that ran it, when one did. */
  readonly server: string | undefined;
  /** Wall time of the `callTool` request; 0 when no server was asked. */
  readonly durationMs: number;
}

/** The loop's own reasons for an error result. */
export type ToolFailure =
  | 'unknown_tool'
  | 'arguments_not_json'
  | 'timeout'
  | 'mcp_error'
  | 'malformed_result'
  | 'result_too_large'
  | 'threw'
  /** A person denied the call (tool approval): it did not run, its result is the denial. */
  | 'denied';

export interface CallToolsOptions {
  /** Per call; the server's request is cancelled after it. Default 60 000 ms. */
  readonly timeoutMs?: number | undefined;
  /**
   * Aborting it rejects the whole turn at once with `AbortedError` (its cause is the signal's
   * reason), even while a server ignores the cancellation; it is not turned into error results.
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * The largest result forwarded, in bytes (its JSON size, counted up to the cap): a larger
   * one becomes an error result that says so (failure `result_too_large`), and none of its
   * output is forwarded. Default {@link DEFAULT_MAX_TOOL_RESULT_BYTES} (16 MiB).
   */
  readonly maxToolResultBytes?: number | undefined;
  readonly onWarning?: WarningHandler | undefined;
}

/**
 * The result schema `callTool` is given: any object. The SDK's default schema rejects the
 * whole result for one block it does not know (a future block type, a malformed image), and
 * it would then be lost; with this one the SDK still runs its own checks (a tool's
 * `outputSchema`, task-only tools) and core parses the blocks one by one, so the valid blocks
 * survive and a bad one becomes a placeholder with an `unknown_content_block` warning. The
 * tool runs once: there is no second request that would run it again.
 */
export const LOOSE_CALL_TOOL_RESULT_SCHEMA = z.looseObject({});

/** The error result text of an unknown tool: `unknown tool NAME`. */
export function unknownToolMessage(name: string): string {
  return `unknown tool ${name}`;
}

/**
 * Runs the calls of one turn concurrently and returns one output per call, in call order.
 * Nothing a server does can leave a call without its output: an unknown tool, undecodable
 * arguments, an `McpError` (an `outputSchema` mismatch too), a timeout, a result that is not
 * an object (or fails the schema of a client that ignores ours: `ZodError`), and a thrown
 * error each become an error output for that call only. A result with some unknown or
 * malformed blocks is no failure: those blocks become placeholders, the others go through.
 */
export function callTools(
  roster: ToolRoster,
  calls: readonly ToolCall[],
  options: CallToolsOptions = {},
): Promise<ToolOutput[]> {
  if (!options.signal) return Promise.all(calls.map((call) => callTool(roster, call, options)));
  const turn = turnSignal(options.signal);
  const turnOptions = { ...options, signal: turn.signal };
  return Promise.all(calls.map((call) => callTool(roster, call, turnOptions))).finally(
    turn.release,
  );
}

/** Options of one call: {@link CallToolsOptions} and the request's `_meta`. */
export interface CallToolOptions extends CallToolsOptions {
  /** Sent as `_meta` of the `tools/call` request (the step API's idempotency key). */
  readonly meta?: Readonly<Record<string, unknown>> | undefined;
}

/** One call of {@link callTools}: always exactly one output, by the same rules. */
export async function callTool(
  roster: ToolRoster,
  call: ToolCall,
  options: CallToolOptions,
): Promise<ToolOutput> {
  if (call.argumentsUndecodable) {
    return failed(
      call,
      undefined,
      'arguments_not_json',
      call.argumentsError ?? 'arguments are not valid JSON: undecodable',
      0,
    );
  }
  const route = roster.route(call.name);
  if (!route) return failed(call, undefined, 'unknown_tool', unknownToolMessage(call.name), 0);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const started = performance.now();
  const parent = options.signal;
  // One listener on the caller's signal per call, removed when the call ends: the SDK's
  // request (which never removes its own listener) and the race below listen on the call's
  // signal. A task polls with one request per status check, each adding a listener to it, so
  // a task's signal takes any number (a plain call's has two: no need to pay for the setting).
  const { controller, release } = childController(parent);
  if (route.taskRequired) setMaxListeners(0, controller.signal);
  let raw: unknown;
  const during = `calling tool ${call.name}`;
  try {
    throwIfAborted(parent, during);
    const params: McpCallToolParams = {
      name: call.name,
      arguments: { ...call.arguments },
      ...(options.meta ? { _meta: { ...options.meta } } : {}),
    };
    const request = { timeout: timeoutMs, signal: controller.signal };
    raw = await settleWithin(
      Promise.resolve().then(() =>
        route.taskRequired
          ? callAsTask(route, params, request)
          : route.server.callTool(params, LOOSE_CALL_TOOL_RESULT_SCHEMA, request),
      ),
      {
        signal: controller.signal,
        during,
        timeoutMs,
        onTimeout: () => {
          const timedOut = new ToolTimeout(timeoutMs);
          controller.abort(timedOut);
          return timedOut;
        },
      },
    );
  } catch (error) {
    if (parent?.aborted) throw abortedError(parent, during);
    return failed(
      call,
      route.serverLabel,
      ...describeFailure(call.name, error, timeoutMs),
      performance.now() - started,
    );
  } finally {
    release();
  }
  const durationMs = performance.now() - started;
  const maxBytes = options.maxToolResultBytes ?? DEFAULT_MAX_TOOL_RESULT_BYTES;
  if (exceedsBytes(raw, maxBytes)) {
    return failed(
      call,
      route.serverLabel,
      'result_too_large',
      `tool ${call.name} returned a result larger than ${maxBytes} bytes (maxToolResultBytes); it is not forwarded`,
      durationMs,
    );
  }
  try {
    const result = ToolResult.fromCallToolResult({ name: call.name, id: call.id }, raw, {
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    });
    return { result, call, failure: undefined, server: route.serverLabel, durationMs };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return failed(
      call,
      route.serverLabel,
      'malformed_result',
      `tool ${call.name} returned a malformed result: ${reason}`,
      durationMs,
    );
  }
}

/**
 * Runs a task-only tool through the SDK's task API: the task is created, polled and its
 * result read by `callToolStream`, which ends with a `result` or an `error` message; the
 * call's timeout and signal bound it as they bound a plain call.
 */
async function callAsTask(
  route: RoutedTool,
  params: McpCallToolParams,
  request: McpRequestOptions,
): Promise<unknown> {
  const tasks = route.server.experimental?.tasks;
  if (!tasks) throw new Error(`${route.serverLabel} offers no task API for tool ${params.name}`);
  for await (const message of tasks.callToolStream(params, LOOSE_CALL_TOOL_RESULT_SCHEMA, {
    ...request,
    task: {},
  })) {
    if (message.type === 'result') return message.result;
    if (message.type === 'error') throw message.error;
  }
  throw new Error(`the task of tool ${params.name} ended without a result`);
}

class ToolTimeout extends CrosswireError {
  constructor(timeoutMs: number) {
    super('tool_timeout', `timed out after ${timeoutMs} ms`);
  }
}

/** MCP's JSON-RPC code for a request the client gave up on (`ErrorCode.RequestTimeout`). */
const MCP_REQUEST_TIMEOUT = -32001;

function describeFailure(name: string, error: unknown, timeoutMs: number): [ToolFailure, string] {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof ToolTimeout || code === MCP_REQUEST_TIMEOUT) {
    return ['timeout', `tool ${name} timed out after ${timeoutMs} ms`];
  }
  const malformed = malformedResultReason(error);
  if (malformed !== undefined) {
    return ['malformed_result', `tool ${name} returned a malformed result: ${malformed}`];
  }
  if (isZodError(error)) {
    return ['malformed_result', `tool ${name} returned a malformed result: ${zodSummary(error)}`];
  }
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'number' && (error as { name?: unknown }).name === 'McpError') {
    return ['mcp_error', `tool ${name} failed: ${message}`];
  }
  return ['threw', `tool ${name} failed: ${message}`];
}

interface ZodLikeError {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}

function isZodError(error: unknown): error is ZodLikeError {
  return (
    typeof error === 'object' &&
    error !== null &&
    // zod 4's core error (what the SDK throws) is named `$ZodError`, classic zod's `ZodError`.
    /^\$?ZodError$/.test(String((error as { name?: unknown }).name)) &&
    Array.isArray((error as { issues?: unknown }).issues)
  );
}

function zodSummary(error: ZodLikeError): string {
  return error.issues
    .slice(0, 5)
    .map(
      (issue) =>
        `${issue.path.length ? issue.path.map(String).join('.') : '(result)'}: ${issue.message}`,
    )
    .join('; ');
}

function failed(
  call: ToolCall,
  server: string | undefined,
  failure: ToolFailure,
  text: string,
  durationMs: number,
): ToolOutput {
  const result = new ToolResult({
    name: call.name,
    id: call.id,
    content: [{ type: 'text', text }],
    isError: true,
  });
  return { result, call, failure, server, durationMs };
}
