// Readers of untrusted JSON: each returns the value when it has the expected type, else
// undefined, so a reader never throws on a provider's odd or hostile reply.

import { LEARNED_LIMITS } from './limits.js';

export type JsonObject = Readonly<Record<string, unknown>>;

export function object(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

/**
 * The array cut to one entry more than a listing keeps, so the caller sees that it was
 * longer (and says so) without walking a hostile reply's millions of entries; undefined when
 * the value is no array.
 */
export function list(value: unknown): readonly unknown[] | undefined {
  return Array.isArray(value) ? value.slice(0, LEARNED_LIMITS.models + 1) : undefined;
}

/** A non-empty string, else undefined. Its length and characters are checked by the caller. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** A positive safe integer (a token count), else undefined. */
export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function flag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** The strings of an array (others dropped), at most `limit` of them. */
export function strings(value: unknown, limit = 256): readonly string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.slice(0, limit).filter((item): item is string => typeof item === 'string');
}

const DAY = /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))(?:$|[T ])/;

/**
 * The calendar day, YYYY-MM-DD, of an ISO date or RFC 3339 date-time string (`2026-10-23`,
 * `2026-07-24T00:00:00Z`), or of a Unix time in seconds; undefined for anything else, and for
 * the epoch itself (Anthropic's "release date unknown").
 */
export function day(value: unknown): string | undefined {
  if (typeof value === 'string') return DAY.exec(value.slice(0, 40))?.[1];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) {
    const date = new Date(value * 1000);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
  }
  return undefined;
}

/**
 * A price per token as a listing writes it (`"0.00000015"`, a string or a number) in USD per
 * million tokens (0.15), rounded to a billionth so binary noise does not show; undefined for a
 * negative, non-finite or absent price (OpenRouter's `-1` means "varies").
 */
export function perMillion(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || number < 0 || (typeof value === 'string' && value.trim() === ''))
    return undefined;
  const million = Math.round(number * 1e15) / 1e9;
  return Number.isFinite(million) ? million : undefined;
}
