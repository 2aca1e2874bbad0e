// What the wire builders share about a turn: the system text, results answering calls, echoed
// call items, and the options a tool result is rendered with.
import { emitWarning, type ToolCall, type WarningHandler, type WireFormat } from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import type { DialectOptions } from '../dialect-types.js';
import type { ChatMessage } from '../messages.js';

/** The system messages' texts joined by a blank line; undefined when there is none. */
export function systemText(messages: readonly ChatMessage[]): string | undefined {
  // A plain loop: this reads every message of every request, and `flatMap` made an array per
  // message.
  let text: string | undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as ChatMessage;
    if (message.role !== 'system' || message.content === '') continue;
    text = text === undefined ? message.content : `${text}\n\n${message.content}`;
  }
  return text;
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

/**
 * Removes from the array `container[key]` the located structures of `calls` (compared as
 * JSON, after `locate` maps an item to the structure the calls were located as), one item a
 * call: of a call repeated word for word, the later copies go. Leaves a missing or non-array
 * entry alone.
 */
export function dropCallItems(
  container: Record<string, unknown>,
  key: string,
  calls: readonly ToolCall[],
  locate: (item: unknown) => unknown = (item) => item,
): void {
  const items = container[key];
  if (!Array.isArray(items)) return;
  const drop = lastMatches(
    calls.map((call) => [JSON.stringify(call.raw)]),
    items.map((item) => [JSON.stringify(locate(item))]),
  );
  container[key] = items.filter((_, index) => !drop.has(index));
}

/**
 * Pairs the items of a reply with the calls to drop, one item a call, from the last item back
 * (a repeated call keeps its first copy), and gives the positions of the items that took one.
 * Calls and items are given by their keys; they match when they share one. Linear in the keys.
 */
export function lastMatches(
  callKeys: readonly (readonly string[])[],
  itemKeys: readonly (readonly string[])[],
): Set<number> {
  /** For each key, the calls having it; taken calls are popped as they are met. */
  const byKey = new Map<string, number[]>();
  callKeys.forEach((keys, call) => {
    for (const key of keys) {
      const calls = byKey.get(key);
      if (calls === undefined) byKey.set(key, [call]);
      else calls.push(call);
    }
  });
  const taken = new Set<number>();
  const positions = new Set<number>();
  for (let item = itemKeys.length - 1; item >= 0; item--) {
    for (const key of itemKeys[item] ?? []) {
      const calls = byKey.get(key) ?? [];
      // A call listed under two keys may have been taken through the other one.
      while (taken.has(calls.at(-1) ?? -1)) calls.pop();
      const call = calls.pop();
      if (call === undefined) continue;
      taken.add(call);
      positions.add(item);
      break;
    }
  }
  return positions;
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
