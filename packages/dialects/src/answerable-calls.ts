import {
  emitWarning,
  extractToolCall,
  HERMES_DEFAULTS,
  locateToolCallItems,
  type ToolCall,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import { DIALECTS, type DialectOptions } from './dialect.js';
import type { ChatResponse } from './response.js';

/**
 * Every call echoed in the next request must get exactly one result, or the provider refuses
 * that request. Three kinds of call in a reply cannot be answered as they are, so they are
 * left out of the echo (and not run), with one `tool_call_dropped` warning per turn naming
 * them: a call without a name (or an OpenAI `function: null`), and a call that repeats the id
 * of an earlier call of the same reply (the first one runs). A call whose arguments are an
 * object that does not decode (nested too deep, an array) stays, answered with an error
 * result, but its echo carries `{}` as arguments: the raw value is what the provider would
 * refuse, or what could not be copied. Returns the reply with only the calls that get a
 * result and, as `raw`, the body to build the echo from (copied only when something changes;
 * `reply` and its body are never changed).
 */
export function answerableCalls(
  wire: WireFormat,
  reply: ChatResponse,
  options: { readonly dialectOptions: DialectOptions; readonly onWarning?: WarningHandler },
): ChatResponse {
  const body = reply.raw;
  const drop = new Set<unknown>();
  const nameless = locateToolCallItems(wire, body, {
    callTag: options.dialectOptions.hermes?.callTag ?? HERMES_DEFAULTS.callTag,
    thinkFilter: options.dialectOptions.thinkTagFilter === true,
  }).filter((raw) => extractToolCall(wire, raw) === undefined);
  for (const raw of nameless) drop.add(raw);
  const seenIds = new Set<string>();
  const duplicates: ToolCall[] = [];
  const kept: ToolCall[] = [];
  for (const call of reply.toolCalls) {
    if (call.id !== '' && seenIds.has(call.id)) {
      duplicates.push(call);
      continue;
    }
    seenIds.add(call.id);
    kept.push(call);
  }
  for (const call of duplicates) drop.add(call.raw);
  const emptied = new Set<unknown>(
    kept
      .filter((call) => call.argumentsUndecodable && isObject(call.rawArguments))
      .map((call) => call.rawArguments),
  );
  if (drop.size === 0 && emptied.size === 0) return reply;
  if (drop.size > 0) {
    const names = [
      ...nameless.map(() => '(no name)'),
      ...duplicates.map((call) => `${call.name} (${call.id}, a repeated id)`),
    ];
    emitWarning(options.onWarning ?? options.dialectOptions.onWarning, {
      code: 'tool_call_dropped',
      message: `${wire}: ${names.length} tool call(s) of the reply cannot be answered and are left out of the conversation: ${names.join(', ')}`,
      details: { calls: names },
    });
  }
  let pruned = copyWithout(body, drop, emptied);
  // Wires whose calls are not located as items of the body (Hermes tags) drop them by content.
  const unlocated = duplicates.filter((call) => !containsItem(body, call.raw));
  if (unlocated.length > 0) {
    pruned = DIALECTS[wire].withoutToolCalls(pruned, unlocated, options.dialectOptions);
  }
  return { ...reply, toolCalls: kept, raw: pruned };
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/**
 * A copy of `value` without the array items in `drop` and with each object in `emptied`
 * replaced by `{}`. Copies iteratively (a reply may nest deeper than the call stack allows),
 * never descending into what it drops or empties.
 */
function copyWithout(value: unknown, drop: ReadonlySet<unknown>, emptied: ReadonlySet<unknown>) {
  if (!isObject(value)) return value;
  const root: { value?: unknown } = {};
  const stack: { source: unknown; assign: (copy: unknown) => void }[] = [
    { source: value, assign: (copy) => (root.value = copy) },
  ];
  while (stack.length > 0) {
    const { source, assign } = stack.pop() as (typeof stack)[number];
    if (!isObject(source)) {
      assign(source);
    } else if (emptied.has(source)) {
      assign({});
    } else if (Array.isArray(source)) {
      const items = source.filter((item) => !drop.has(item));
      const copy: unknown[] = new Array(items.length);
      assign(copy);
      items.forEach((item, index) => {
        stack.push({ source: item, assign: (inner) => (copy[index] = inner) });
      });
    } else {
      const copy: Record<string, unknown> = {};
      assign(copy);
      // Pushed last to first, so the keys are defined (popped) in the order the reply has them.
      for (const [key, inner] of Object.entries(source).reverse()) {
        stack.push({
          source: inner,
          // defineProperty: a "__proto__" key of a reply stays a plain key.
          assign: (item) =>
            Object.defineProperty(copy, key, {
              value: item,
              enumerable: true,
              writable: true,
              configurable: true,
            }),
        });
      }
    }
  }
  return root.value;
}

/** True when `item` is an object held somewhere in `value` (by identity). */
function containsItem(value: unknown, item: unknown): boolean {
  if (!isObject(item)) return false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === item) return true;
    if (isObject(current)) for (const inner of Object.values(current)) stack.push(inner);
  }
  return false;
}
