// Lenient readers of decoded JSON: a peer's body is untrusted, so every field is read with its
// type checked and a neutral value when it is something else.

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown): JsonObject {
  return isRecord(value) ? value : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Sets an own key; unlike assignment, `__proto__` stays a plain key. */
export function setOwn(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Levels copied by hand before {@link cloneJson} hands the rest to `structuredClone`. */
const HAND_COPY_DEPTH = 64;

/**
 * A deep copy of a JSON-like value (arrays and plain objects copied, other values kept).
 * Several times cheaper than `structuredClone` on the small objects of a reply (the echo of
 * every turn of a tool loop is one); a value deeper than 64 levels, or an object of another
 * kind, is copied by `structuredClone`.
 */
export function cloneJson<T>(value: T): T {
  return copyJson(value, 0) as T;
}

function copyJson(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= HAND_COPY_DEPTH) return structuredClone(value);
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (let index = 0; index < value.length; index++) copy.push(copyJson(value[index], depth + 1));
    return copy;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) {
    const inner = copyJson((value as JsonObject)[key], depth + 1);
    // A "__proto__" key from JSON stays a plain key.
    if (key === '__proto__') setOwn(copy, key, inner);
    else copy[key] = inner;
  }
  return copy;
}
