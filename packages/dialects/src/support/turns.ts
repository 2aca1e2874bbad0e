// What the wire builders share about a turn: the system text, results answering calls, echoed
// call items, and the options a tool result is rendered with.
import { emitWarning, type ToolCall, type WarningHandler, type WireFormat } from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import type { DialectOptions } from '../dialect-types.js';
import type { ChatMessage } from '../messages.js';

/** The system messages' texts joined by a blank line; undefined when there is none. */
export function systemText(messages: readonly ChatMessage[]): string | undefined {
  const texts = messages.flatMap((message) =>
    message.role === 'system' && message.content !== '' ? [message.content] : [],
  );
  return texts.length > 0 ? texts.join('\n\n') : undefined;
}

/**
 * Checks that the results answer the echoed calls one to one (by id where both have one, by
 * count otherwise) and warns when they do not: the provider rejects a turn with a call left
 * unanswered, so the caller should know before it does.
 */
export function checkResultsAnswerCalls(
  wire: WireFormat,
  callIds: readonly string[],
  results: readonly ToolResult[],
  onWarning: WarningHandler | undefined,
): void {
  const resultIds = results.map((result) => result.id ?? '');
  const unanswered = callIds.filter((id) => id !== '' && !resultIds.includes(id));
  const unknown = resultIds.filter(
    (id) => id !== '' && callIds.length > 0 && !callIds.includes(id),
  );
  if (callIds.length === results.length && unanswered.length === 0 && unknown.length === 0) return;
  emitWarning(onWarning, {
    code: 'tool_results_mismatch',
    message: `${wire}: ${results.length} tool result(s) for ${callIds.length} call(s) in the reply${unanswered.length ? `; unanswered: ${unanswered.join(', ')}` : ''}${unknown.length ? `; results for unknown calls: ${unknown.join(', ')}` : ''}`,
    details: { calls: [...callIds], results: resultIds },
  });
}

/** A structural check for JSON-serialisable deep copies of reply bodies. */
/**
 * Removes from the array `container[key]` the located structures of `calls` (compared as
 * JSON, after `locate` maps an item to the structure the calls were located as). Leaves a
 * missing or non-array entry alone.
 */
export function dropCallItems(
  container: Record<string, unknown>,
  key: string,
  calls: readonly ToolCall[],
  locate: (item: unknown) => unknown = (item) => item,
): void {
  const items = container[key];
  if (!Array.isArray(items)) return;
  const dropped = new Set(calls.map((call) => JSON.stringify(call.raw)));
  container[key] = items.filter((item) => !dropped.has(JSON.stringify(locate(item))));
}

/** The `ToolResult.to` options a dialect's settings give. */
export function resultOptions(options: DialectOptions) {
  return {
    imageInput: options.imageInput === true,
    ...(options.nativePdf === undefined ? {} : { nativePdf: options.nativePdf }),
    ...(options.sourceBlocks === undefined ? {} : { sourceBlocks: options.sourceBlocks }),
    ...(options.hermes?.responseTag === undefined
      ? {}
      : { responseTag: options.hermes.responseTag }),
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
  };
}
