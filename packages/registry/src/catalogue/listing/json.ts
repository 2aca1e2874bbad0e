// Readers of untrusted JSON: each returns the value when it has the expected type, else
// undefined, so a reader never throws on a provider's odd or hostile reply.

export type JsonObject = Readonly<Record<string, unknown>>;

export function object(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

/** The array, cut to `limit` entries (a listing is bounded). */
export function array(value: unknown, limit = 5000): readonly unknown[] {
  return Array.isArray(value) ? value.slice(0, limit) : [];
}

/** A non-empty string of at most 256 characters (an id or a name), else undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : undefined;
}

/** A positive safe integer (a token count), else undefined. */
export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function flag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** The strings of an array (others dropped). */
export function strings(value: unknown, limit = 256): readonly string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.slice(0, limit).filter((item): item is string => typeof item === 'string');
}
