import { deepFreeze } from './deep-freeze.js';
import { ToolArgumentsError, ValidationError } from './errors.js';
import type { WireFormat } from './wire-format.js';

/**
 * One tool call the model asked for, read off a reply of any wire. Immutable.
 *
 * `arguments` is always an object: the decoded arguments, or `{}` when they did not decode
 * (then `argumentsUndecodable` is true and `argumentsError` reads
 * `arguments are not valid JSON: REASON`).
 */
export interface ToolCall {
  /** The provider's call id (`tool_call_id`, `tool_use_id`, `call_id`); may be ''. */
  readonly id: string;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The arguments as the wire carried them: a JSON string or an object. */
  readonly rawArguments: unknown;
  readonly argumentsUndecodable: boolean;
  readonly argumentsError: string | undefined;
  /** The wire the call was read from. */
  readonly wire: WireFormat;
  /** The raw call structure as located in the reply body. */
  readonly raw: unknown;
}

/**
 * A {@link ToolCall} that also destructures as a `[name, arguments]` pair:
 * `const [name, args] = extractToolCall(wire, raw)`. The iterator is not enumerable, so the
 * value still equals (and serializes as) the plain call.
 */
export type DestructurableToolCall = ToolCall & Iterable<unknown>;

/** Freezes `call` and gives it the `[name, arguments]` iterator. */
export function sealToolCall(call: ToolCall): DestructurableToolCall {
  Object.defineProperty(call, Symbol.iterator, {
    value: function* nameAndArguments() {
      yield call.name;
      yield call.arguments;
    },
    enumerable: false,
  });
  return Object.freeze(call) as DestructurableToolCall;
}

/** The outcome of decoding a call's raw arguments. */
export interface DecodedArguments {
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly undecodable: boolean;
  /** `arguments are not valid JSON: REASON` when undecodable. */
  readonly error: string | undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function copyJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJson);
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    // defineProperty, not assignment: a "__proto__" key from JSON stays a plain key.
    for (const [key, inner] of Object.entries(value)) {
      Object.defineProperty(copy, key, {
        value: copyJson(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}

/**
 * How deep decoded tool-call arguments may nest (objects and arrays). Deeper arguments are
 * undecodable (`arguments are not valid JSON: nested deeper than 256 levels`): no tool takes
 * such input, and copying, validating or re-encoding it would overflow the call stack.
 */
export const MAX_TOOL_ARGUMENTS_DEPTH = 256;

/** True when `value` nests objects or arrays more than `limit` levels deep. Iterative. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > limit) return true;
    for (const inner of Object.values(current)) {
      if (typeof inner === 'object' && inner !== null) stack.push([inner, depth + 1]);
    }
  }
  return false;
}

const undecodable = (reason: string): DecodedArguments => ({
  arguments: Object.freeze({}),
  undecodable: true,
  error: `arguments are not valid JSON: ${reason}`,
});

/**
 * Decodes the arguments of a tool call as a wire carries them: an object is taken as is
 * (copied and frozen), a JSON string is parsed, and missing arguments or an empty string
 * mean `{}`. A string that is not JSON, JSON that is not an object (an array, a number), or
 * an object nested deeper than {@link MAX_TOOL_ARGUMENTS_DEPTH} levels is undecodable: `arguments` is `{}` and `error` reads `arguments are not valid JSON: REASON`.
 */
export function decodeToolArguments(raw: unknown): DecodedArguments {
  if (raw === undefined || raw === null) {
    return { arguments: Object.freeze({}), undecodable: false, error: undefined };
  }
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') {
      return { arguments: Object.freeze({}), undecodable: false, error: undefined };
    }
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return undecodable(error instanceof Error ? error.message : String(error));
    }
  }
  if (!isPlainObject(value)) return undecodable(`expected a JSON object, got ${kindOf(value)}`);
  if (nestsDeeperThan(value, MAX_TOOL_ARGUMENTS_DEPTH)) {
    return undecodable(`nested deeper than ${MAX_TOOL_ARGUMENTS_DEPTH} levels`);
  }
  return {
    arguments: deepFreeze(copyJson(value) as Record<string, unknown>),
    undecodable: false,
    error: undefined,
  };
}

/** What {@link createToolCall} takes. */
export interface ToolCallInit {
  readonly name: string;
  /** Default ''. */
  readonly id?: string;
  /** An object, or a JSON string as the wire carried it (decoded as the wires do). */
  readonly arguments?: unknown;
  /** The wire the call came from. Default `openai`. */
  readonly wire?: WireFormat;
  /** The raw structure; default: none. */
  readonly raw?: unknown;
}

/**
 * Builds a frozen {@link ToolCall} by hand (a streamed call put together by an engine, a
 * call in a test). `arguments` is decoded like a wire's (a JSON string is parsed).
 * Throws {@link ValidationError} when `name` is empty.
 */
export function createToolCall(init: ToolCallInit): DestructurableToolCall {
  if (typeof init.name !== 'string' || init.name === '') {
    throw new ValidationError('a tool call needs a non-empty name', {
      path: 'name',
      code: 'invalid_tool_call',
    });
  }
  const decoded = decodeToolArguments(init.arguments);
  return sealToolCall({
    id: init.id ?? '',
    name: init.name,
    arguments: decoded.arguments,
    rawArguments: init.arguments,
    argumentsUndecodable: decoded.undecodable,
    argumentsError: decoded.error,
    wire: init.wire ?? 'openai',
    raw: init.raw,
  });
}

/**
 * The decoded arguments of `call`; throws {@link ToolArgumentsError} (its message is the
 * call's `argumentsError`) when they did not decode.
 */
export function requireToolArguments(call: ToolCall): Readonly<Record<string, unknown>> {
  if (call.argumentsUndecodable) {
    throw new ToolArgumentsError(call.argumentsError ?? 'arguments are not valid JSON', {
      toolName: call.name,
      callId: call.id,
      rawArguments: call.rawArguments,
    });
  }
  return call.arguments;
}
