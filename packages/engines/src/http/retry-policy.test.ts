import { describe, expect, it } from 'vitest';
import { headerValue, isRetryableStatus, retryDelay } from './retry.js';

// The backoff rule as documented on `retryDelay`: the server's wait when given (undefined when
// longer than the ceiling), else equal jitter over min(maxDelayMs, base * 2^attempt).

const POLICY = { maxRetries: 2, baseDelayMs: 100, maxDelayMs: 1000 };

describe('retryDelay', () => {
  it('is half fixed, half random over the doubling step', () => {
    expect(retryDelay(0, POLICY, undefined, () => 0)).toBe(50);
    expect(retryDelay(0, POLICY, undefined, () => 0.5)).toBe(75);
    expect(retryDelay(2, POLICY, undefined, () => 0)).toBe(200);
    expect(retryDelay(2, POLICY, undefined, () => 0.999)).toBe(400);
  });

  it('never goes above maxDelayMs', () => {
    expect(retryDelay(10, POLICY, undefined, () => 0)).toBe(500);
    expect(retryDelay(10, POLICY, undefined, () => 1)).toBe(1000);
  });

  it("takes the server's wait up to maxDelayMs, and gives up beyond it", () => {
    expect(retryDelay(0, POLICY, 0, () => 0.5)).toBe(0);
    expect(retryDelay(0, POLICY, 1000, () => 0.5)).toBe(1000);
    expect(retryDelay(0, POLICY, 1001, () => 0.5)).toBeUndefined();
  });
});

describe('isRetryableStatus', () => {
  it('at the edges', () => {
    expect([407, 408, 409, 410, 428, 429, 430, 499, 500, 599].map(isRetryableStatus)).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('headerValue', () => {
  it('reads the name as given or lower-cased, and the first of repeated values', () => {
    expect(headerValue({ 'retry-after': '3' }, 'Retry-After')).toBe('3');
    expect(headerValue({ 'Retry-After': '4' }, 'Retry-After')).toBe('4');
    expect(headerValue({ 'retry-after': ['5', '6'] }, 'retry-after')).toBe('5');
    expect(headerValue({}, 'retry-after')).toBeUndefined();
  });
});
