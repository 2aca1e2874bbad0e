import type { McpToolServer } from './server.js';

/**
 * The 1.x SDK `Client` silently drops a JSON-RPC response whose `result` is not an object
 * (a string, a number, null, an array): it fails the SDK's message schema, is reported to
 * `client.onerror` as an unknown message, and the request it answers waits for its timeout.
 * The tool loop watches the transport of a connected SDK client and hands the client such a
 * response as a JSON-RPC error for the same request id instead, so the call ends at once and
 * is reported as `malformed_result`. Every other message passes through untouched. A
 * transport that refuses the line itself before the client sees it (stdio parses each line
 * against the schema) is beyond reach: that call still ends at its timeout.
 */

/** The JSON-RPC code of the error that stands in for a malformed result (JSON-RPC internal error). */
const MALFORMED_RESULT_ERROR_CODE = -32603;
/** `error.data.crosswire` of that error, how {@link malformedResultReason} recognizes it. */
const MALFORMED_RESULT_MARK = 'malformed_result';

const watched = new WeakSet<object>();

type OnMessage = (this: unknown, message: unknown, ...rest: unknown[]) => unknown;

/** Starts watching the transport of `server` when it is a connected SDK client; idempotent. */
export function watchMalformedResponses(server: McpToolServer): void {
  let transport: unknown;
  try {
    transport = (server as { transport?: unknown }).transport;
  } catch {
    return;
  }
  if (typeof transport !== 'object' || transport === null || watched.has(transport)) return;
  const holder = transport as { onmessage?: unknown };
  const original = holder.onmessage;
  if (typeof original !== 'function') return;
  watched.add(transport);
  holder.onmessage = function onmessage(this: unknown, message: unknown, ...rest: unknown[]) {
    return (original as OnMessage).call(this, standInForMalformedResult(message), ...rest);
  };
}

/**
 * Why the result was malformed, when `error` is what a client raised for a response
 * {@link watchMalformedResponses} replaced; else undefined.
 */
export function malformedResultReason(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const { crosswire, reason } = data as { crosswire?: unknown; reason?: unknown };
  return crosswire === MALFORMED_RESULT_MARK && typeof reason === 'string' ? reason : undefined;
}

function standInForMalformedResult(message: unknown): unknown {
  if (typeof message !== 'object' || message === null) return message;
  const response = message as Record<string, unknown>;
  if (!('id' in response) || !('result' in response) || 'method' in response) return message;
  const result = response.result;
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) return message;
  return {
    jsonrpc: '2.0',
    id: response.id,
    error: {
      code: MALFORMED_RESULT_ERROR_CODE,
      message: `the result is ${kindOf(result)}, not an object`,
      data: {
        crosswire: MALFORMED_RESULT_MARK,
        reason: `the result is ${kindOf(result)}, not an object`,
      },
    },
  };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
