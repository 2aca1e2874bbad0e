import { headerValue, parseRetryAfter, retryAfterFromHeaders } from './retry.js';

/** One rate-limit bucket (requests, tokens, input or output tokens) as the provider reported it. */
export interface RateLimitBucket {
  readonly limit: number | undefined;
  readonly remaining: number | undefined;
  /** Milliseconds from `RateLimit.receivedAt` until the bucket refills, when the provider says. */
  readonly resetMs: number | undefined;
}

/**
 * The rate-limit state from the last provider reply's headers (`x-ratelimit-*` of OpenAI,
 * Groq, Mistral, xAI and most OpenAI-compatible servers, `anthropic-ratelimit-*`,
 * `retry-after`). Fields are undefined when the provider did not send them; `headers` keeps
 * every rate-limit header verbatim for providers with their own names.
 */
export interface RateLimit {
  readonly requests: RateLimitBucket | undefined;
  readonly tokens: RateLimitBucket | undefined;
  readonly inputTokens: RateLimitBucket | undefined;
  readonly outputTokens: RateLimitBucket | undefined;
  readonly retryAfterMs: number | undefined;
  /** Epoch ms when the reply arrived; `resetMs` counts from here. */
  readonly receivedAt: number;
  readonly headers: Readonly<Record<string, string>>;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const RATE_LIMIT_HEADER = /^(x-ratelimit-|anthropic-ratelimit-|ratelimit|retry-after)/;

/**
 * Reads the rate-limit headers of one reply. Returns `undefined` when it has none, so an
 * engine keeps the last state it saw instead of forgetting it on a reply without headers.
 */
export function parseRateLimit(headers: Headers, now: number = Date.now()): RateLimit | undefined {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!RATE_LIMIT_HEADER.test(lower) || value === undefined) continue;
    kept[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  if (Object.keys(kept).length === 0) return undefined;
  const bucket = (
    openaiSuffix: string | undefined,
    anthropicName: string,
  ): RateLimitBucket | undefined => {
    const limit = numberHeader(
      (openaiSuffix && kept[`x-ratelimit-limit-${openaiSuffix}`]) ||
        kept[`anthropic-ratelimit-${anthropicName}-limit`],
    );
    const remaining = numberHeader(
      (openaiSuffix && kept[`x-ratelimit-remaining-${openaiSuffix}`]) ||
        kept[`anthropic-ratelimit-${anthropicName}-remaining`],
    );
    const openaiReset = openaiSuffix ? kept[`x-ratelimit-reset-${openaiSuffix}`] : undefined;
    const anthropicReset = kept[`anthropic-ratelimit-${anthropicName}-reset`];
    const resetMs =
      openaiReset !== undefined
        ? parseResetDuration(openaiReset)
        : anthropicReset !== undefined
          ? parseResetInstant(anthropicReset, now)
          : undefined;
    if (limit === undefined && remaining === undefined && resetMs === undefined) return undefined;
    return { limit, remaining, resetMs };
  };
  return {
    requests: bucket('requests', 'requests'),
    tokens: bucket('tokens', 'tokens'),
    inputTokens: bucket(undefined, 'input-tokens'),
    outputTokens: bucket(undefined, 'output-tokens'),
    retryAfterMs: retryAfterFromHeaders(headers, now),
    receivedAt: now,
    headers: kept,
  };
}

function numberHeader(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : undefined;
}

const DURATION_UNIT_MS: Readonly<Record<string, number>> = {
  h: 3_600_000,
  m: 60_000,
  s: 1000,
  ms: 1,
};

/**
 * OpenAI-style reset durations: Go duration strings (`"6m0s"`, `"1s"`, `"20ms"`,
 * `"1h2m3.5s"`) or plain seconds (`"12"`, Groq sends `"2.5s"`).
 */
export function parseResetDuration(value: string): number | undefined {
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const pattern = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  for (const match of trimmed.matchAll(pattern)) {
    total += Number(match[1]) * (DURATION_UNIT_MS[match[2] as string] ?? 0);
    consumed += match[0].length;
  }
  return consumed === trimmed.length && consumed > 0 ? Math.round(total) : undefined;
}

/** Anthropic-style resets: an RFC 3339 instant, as ms from `now` (never negative). */
function parseResetInstant(value: string, now: number): number | undefined {
  const at = Date.parse(value);
  if (!Number.isNaN(at)) return Math.max(0, at - now);
  return parseRetryAfter(value, now);
}

export { headerValue };
