import { describe, expect, it } from 'vitest';
import { parseResetDuration } from './rate-limit.js';
import { parseRetryAfter, retryAfterFromHeaders } from './retry.js';

// Issue 27: header values as RFC 9110 §10.2.3 (Retry-After: delay-seconds or an HTTP-date)
// and OpenAI's `retry-after-ms` and `x-ratelimit-reset-*` (Go durations) allow them.

const NOW = Date.parse('2026-10-21T07:28:00.000Z');

describe('Retry-After', () => {
  it('delay seconds may have a fraction of any length', () => {
    expect(parseRetryAfter('0.5', NOW)).toBe(500);
    expect(parseRetryAfter('0.25', NOW)).toBe(250);
    expect(retryAfterFromHeaders({ 'retry-after-ms': '1500.25' }, NOW)).toBe(1500);
  });

  it('is trimmed: surrounding spaces do not hide the value', () => {
    expect(parseRetryAfter('  3  ', NOW)).toBe(3000);
    expect(parseRetryAfter(' Wed, 21 Oct 2026 07:28:02 GMT ', NOW)).toBe(2000);
    expect(parseRetryAfter('   ', NOW)).toBeUndefined();
  });

  it('a number with junk is unreadable, not a date (Date.parse would read "12abc" as a year)', () => {
    expect(parseRetryAfter('12abc', NOW)).toBeUndefined();
    expect(parseRetryAfter('2027', NOW)).toBe(2_027_000);
    expect(parseRetryAfter('2027-01-01', NOW)).toBeUndefined();
    expect(parseRetryAfter('1.5.2', NOW)).toBeUndefined();
  });

  it('a date in the past waits 0', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:00:00 GMT', NOW)).toBe(0);
  });

  it('retry-after-ms must be a number as a whole; otherwise Retry-After is read', () => {
    expect(retryAfterFromHeaders({ 'retry-after-ms': '250ms', 'retry-after': '4' }, NOW)).toBe(
      4000,
    );
    expect(retryAfterFromHeaders({ 'retry-after-ms': 'x20', 'retry-after': '4' }, NOW)).toBe(4000);
    expect(retryAfterFromHeaders({ 'retry-after-ms': ' 20 ' }, NOW)).toBe(20);
  });
});

describe('rate-limit reset durations', () => {
  it('reads Go durations and plain seconds', () => {
    expect(parseResetDuration('6m0s')).toBe(360_000);
    expect(parseResetDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseResetDuration('20ms')).toBe(20);
    expect(parseResetDuration('2.5s')).toBe(2500);
    expect(parseResetDuration(' 12 ')).toBe(12_000);
  });

  it('refuses a duration with junk before, between or after its parts', () => {
    for (const value of ['6m0sXYZ', 'XYZ6m0s', '6m 0s', '6m0s!', '', 'soon', '5d']) {
      expect(parseResetDuration(value)).toBeUndefined();
    }
  });
});
