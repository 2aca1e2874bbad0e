/**
 * When to try a provider request again, and how long to wait first. Pure functions, so the
 * transport's policy is testable without a clock.
 */

/** HTTP statuses worth a second attempt: rate limited, or a server-side failure. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status === 409 || status >= 500;
}

/**
 * Parses a `Retry-After` value: delta seconds (`"2"`, `"0.5"`) or an HTTP-date
 * (`"Wed, 21 Oct 2026 07:28:00 GMT"`). Returns milliseconds from `now` (never negative),
 * or `undefined` for an absent or unreadable value.
 */
export function parseRetryAfter(
  value: string | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP-date always names a weekday or month; refusing bare numbers-with-junk keeps
  // Date.parse from reading "12abc" as a year.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * The server's requested wait from response headers: OpenAI's `retry-after-ms` first (more
 * precise), then `retry-after`.
 */
export function retryAfterFromHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  now: number = Date.now(),
): number | undefined {
  const precise = headerValue(headers, 'retry-after-ms');
  if (precise !== undefined && /^\d+(\.\d+)?$/.test(precise.trim())) {
    return Math.round(Number(precise.trim()));
  }
  return parseRetryAfter(headerValue(headers, 'retry-after'), now);
}

/** Backoff settings of one transport. */
export interface RetryPolicy {
  /** Attempts after the first; 0 disables retries. */
  readonly maxRetries: number;
  /** The first backoff step in ms; doubles each attempt. */
  readonly baseDelayMs: number;
  /** No single wait (computed or asked for by `Retry-After`) is longer than this. */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
});

/**
 * The wait before retry number `attempt` (0-based): the server's `Retry-After` when given,
 * else exponential backoff with "equal jitter" (half fixed, half random) so many clients
 * do not retry in lockstep. Always within [0, maxDelayMs]. Returns `undefined` when the
 * server asks for a longer wait than the policy allows: waiting is then the caller's call.
 */
export function retryDelay(
  attempt: number,
  policy: RetryPolicy,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number | undefined {
  if (retryAfterMs !== undefined) {
    return retryAfterMs > policy.maxDelayMs ? undefined : retryAfterMs;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const half = ceiling / 2;
  return Math.round(half + random() * half);
}

/** One header as a string (first value when repeated), case-insensitive name. */
export function headerValue(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  if (Array.isArray(value)) return value[0];
  return value;
}
