import { describe, expect, it } from 'vitest';
import { parseRateLimit, parseResetDuration } from './rate-limit.js';

// The rate-limit headers as OpenAI (`x-ratelimit-*`, Go durations) and Anthropic
// (`anthropic-ratelimit-*`, RFC 3339 instants) document them; expected values by hand.

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('parseRateLimit', () => {
  it('keeps every rate-limit header, lower-cased and joined, and nothing else', () => {
    const parsed = parseRateLimit(
      {
        'X-RateLimit-Limit-Requests': '60',
        RateLimit: 'limit=10, remaining=9',
        'ratelimit-policy': '10;w=60',
        'Retry-After': ['3', '4'],
        'x-other': '1',
        'anthropic-ratelimit-tokens-limit': undefined,
      },
      NOW,
    );
    expect(parsed?.headers).toStrictEqual({
      'x-ratelimit-limit-requests': '60',
      ratelimit: 'limit=10, remaining=9',
      'ratelimit-policy': '10;w=60',
      'retry-after': '3, 4',
    });
    expect(parsed?.requests).toEqual({ limit: 60, remaining: undefined, resetMs: undefined });
    expect(parsed?.receivedAt).toBe(NOW);
  });

  it("reads Anthropic's limit and remaining headers alone, for every bucket", () => {
    const parsed = parseRateLimit(
      {
        'anthropic-ratelimit-requests-limit': '50',
        'anthropic-ratelimit-tokens-remaining': '70',
        'anthropic-ratelimit-input-tokens-limit': '40',
        'anthropic-ratelimit-output-tokens-remaining': '8',
      },
      NOW,
    );
    expect(parsed).toMatchObject({
      requests: { limit: 50, remaining: undefined, resetMs: undefined },
      tokens: { limit: undefined, remaining: 70, resetMs: undefined },
      inputTokens: { limit: 40, remaining: undefined, resetMs: undefined },
      outputTokens: { limit: undefined, remaining: 8, resetMs: undefined },
    });
  });

  it('is undefined for a reply without rate-limit headers', () => {
    expect(parseRateLimit({ 'content-type': 'application/json', 'x-request-id': 'r' }, NOW)).toBe(
      undefined,
    );
    expect(parseRateLimit({}, NOW)).toBeUndefined();
  });

  it('reads numbers trimmed, and an unreadable number as absent', () => {
    const parsed = parseRateLimit(
      {
        'x-ratelimit-limit-tokens': ' 1000 ',
        'x-ratelimit-remaining-tokens': 'lots',
        'x-ratelimit-limit-requests': 'Infinity',
      },
      NOW,
    );
    expect(parsed?.tokens).toEqual({ limit: 1000, remaining: undefined, resetMs: undefined });
    expect(parsed?.requests).toBeUndefined();
  });

  it("OpenAI's headers come before Anthropic's for the same bucket", () => {
    const parsed = parseRateLimit(
      {
        'x-ratelimit-limit-tokens': '500',
        'anthropic-ratelimit-tokens-limit': '900',
        'x-ratelimit-remaining-tokens': '400',
        'anthropic-ratelimit-tokens-remaining': '800',
        'x-ratelimit-reset-tokens': '2s',
        'anthropic-ratelimit-tokens-reset': '2026-01-01T00:00:30Z',
      },
      NOW,
    );
    expect(parsed?.tokens).toEqual({ limit: 500, remaining: 400, resetMs: 2000 });
  });

  it('an Anthropic reset instant counts from now, never below 0; seconds are read too', () => {
    const parsed = parseRateLimit(
      {
        'anthropic-ratelimit-requests-reset': '2025-12-31T23:59:00Z',
        'anthropic-ratelimit-tokens-reset': '2026-01-01T00:00:05Z',
        'anthropic-ratelimit-input-tokens-reset': '30',
        'anthropic-ratelimit-output-tokens-reset': 'soon',
      },
      NOW,
    );
    expect(parsed?.requests).toEqual({ limit: undefined, remaining: undefined, resetMs: 0 });
    expect(parsed?.tokens?.resetMs).toBe(5000);
    expect(parsed?.inputTokens?.resetMs).toBe(30_000);
    expect(parsed?.outputTokens).toBeUndefined();
  });

  it('the wait asked for comes from retry-after-ms first, then retry-after', () => {
    expect(
      parseRateLimit({ 'retry-after-ms': '1200', 'retry-after': '5' }, NOW)?.retryAfterMs,
    ).toBe(1200);
    expect(parseRateLimit({ 'retry-after': '5' }, NOW)?.retryAfterMs).toBe(5000);
  });
});

describe('parseResetDuration', () => {
  it('rounds to whole milliseconds', () => {
    expect(parseResetDuration('0.0004s')).toBe(0);
    expect(parseResetDuration('1.0006')).toBe(1001);
    expect(parseResetDuration('1.5ms')).toBe(2);
    expect(parseResetDuration('2h')).toBe(7_200_000);
    expect(parseResetDuration('v12')).toBeUndefined();
    expect(parseResetDuration('1.5.2')).toBeUndefined();
  });
});
