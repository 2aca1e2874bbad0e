import { ConversationError } from './errors.js';

/**
 * A fresh copy of `value` as JSON would carry it, in one walk and without encoding it: what
 * `JSON.parse(JSON.stringify(value))` gives (undefined, function and symbol keys dropped, an
 * undefined array item as null, `toJSON` called, a non-finite number as null), but strings
 * are shared, not copied, and a value JSON cannot hold (a BigInt, a cycle) is a
 * `ConversationError` naming where it is. Symbol-keyed properties are not copied. So is a
 * value nested deeper than {@link MAX_JSON_DEPTH} levels, checked before the walk goes deeper
 * (the walk is recursive; without the bound, stored state nested 10,000 deep would end in a
 * bare stack overflow).
 */
export function jsonCopy(value: unknown, path: string): unknown {
  return copy(value, path, new Set(), 0);
}

/** How deep stored JSON may nest (objects and arrays), far beyond any real message or call. */
export const MAX_JSON_DEPTH = 512;

function copy(value: unknown, path: string, open: Set<object>, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'object':
      break;
    case 'bigint':
      throw new ConversationError(
        'conversation_not_serializable',
        `${path} is a BigInt, which JSON cannot hold`,
        { path },
      );
    default:
      return undefined;
  }
  if (value === null) return null;
  if (depth >= MAX_JSON_DEPTH) {
    throw new ConversationError(
      'conversation_not_serializable',
      `${path} is nested deeper than ${MAX_JSON_DEPTH} levels; refused`,
      { path },
    );
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return copy(toJSON.call(value), path, open, depth);
  if (open.has(value)) {
    throw new ConversationError(
      'conversation_not_serializable',
      `${path} refers to itself (a cycle), which JSON cannot hold`,
      { path },
    );
  }
  open.add(value);
  let result: unknown;
  if (Array.isArray(value)) {
    result = value.map((item, index) => copy(item, `${path}[${index}]`, open, depth + 1) ?? null);
  } else {
    const target: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const copied = copy(item, `${path}.${key}`, open, depth + 1);
      if (copied === undefined) continue;
      // defineProperty, not assignment: a "__proto__" key stays a plain key.
      Object.defineProperty(target, key, {
        value: copied,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    result = target;
  }
  open.delete(value);
  return result;
}
