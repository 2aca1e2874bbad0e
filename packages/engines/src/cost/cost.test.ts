import type { Pricing } from '@crosswire/registry';
import { resolve } from '@crosswire/registry';
import { describe, expect, it } from 'vitest';
import { costOf } from './cost.js';

// Figures worked out by hand (per million tokens: tokens x price / 1,000,000).
const SONNET: Pricing = {
  input: 2,
  output: 10,
  cacheRead: 0.2,
  cacheWrite: 2.5,
  currency: 'USD',
  source: 'https://example.test/prices',
  date: '2026-12-01',
};

describe('costOf', () => {
  it('prices uncached input, output, cache reads and cache writes apart', () => {
    // 10,000 input of which 6,000 read and 3,000 written: 1,000 uncached x $2 = $0.002;
    // 6,000 x $0.20 = $0.0012; 3,000 x $2.50 = $0.0075; 500 output x $10 = $0.005.
    expect(
      costOf(
        {
          inputTokens: 10_000,
          outputTokens: 500,
          totalTokens: 10_500,
          cacheReadTokens: 6_000,
          cacheWriteTokens: 3_000,
        },
        SONNET,
      ),
    ).toEqual({
      total: 0.0157,
      input: 0.002,
      output: 0.005,
      cacheRead: 0.0012,
      cacheWrite: 0.0075,
      currency: 'USD',
      source: 'https://example.test/prices',
      date: '2026-12-01',
    });
  });

  it('a recorded Anthropic reply (3 + 418 written + 1111 read, 33 out) at Sonnet 5.5 prices', () => {
    // 3 x 2 = 6e-6; 1111 x 0.2 = 222.2e-6; 418 x 2.5 = 1045e-6; 33 x 10 = 330e-6.
    const cost = costOf(
      {
        inputTokens: 1532,
        outputTokens: 33,
        totalTokens: 1565,
        cacheReadTokens: 1111,
        cacheWriteTokens: 418,
      },
      SONNET,
    );
    expect(cost).toMatchObject({
      input: 0.000006,
      cacheRead: 0.0002222,
      cacheWrite: 0.001045,
      output: 0.00033,
      total: 0.0016032,
    });
  });

  it('undefined without a price or without token counts, never a guessed 0', () => {
    expect(costOf({ inputTokens: 10, outputTokens: 5 }, undefined)).toBeUndefined();
    expect(costOf(undefined, SONNET)).toBeUndefined();
    expect(costOf({ reasoningTokens: 3 }, SONNET)).toBeUndefined();
  });

  it('a price list without cache prices charges cache tokens at the input price', () => {
    const flat: Pricing = { input: 1, output: 4, currency: 'USD', source: 's', date: '2026-01-01' };
    // 2,000 input, 1,500 read: 500 x $1 + 1,500 x $1; 100 out x $4.
    expect(
      costOf({ inputTokens: 2000, outputTokens: 100, cacheReadTokens: 1500 }, flat),
    ).toMatchObject({
      input: 0.0005,
      cacheRead: 0.0015,
      cacheWrite: 0,
      output: 0.0004,
      total: 0.0024,
    });
  });

  it('bills the reasoning a wire leaves out of its output count but keeps in its total', () => {
    // Gemini: 17,713 prompt (17,379 cached), 68 candidates, 821 thoughts, total 18,602.
    // Output billed 18,602 - 17,713 = 889 x $10 = $0.00889; 334 x $2; 17,379 x $0.20.
    expect(
      costOf(
        {
          inputTokens: 17_713,
          outputTokens: 68,
          totalTokens: 18_602,
          reasoningTokens: 821,
          cacheReadTokens: 17_379,
        },
        SONNET,
      ),
    ).toMatchObject({ output: 0.00889, input: 0.000668, cacheRead: 0.0034758, total: 0.0130338 });
  });

  it('the registry price of claude-sonnet-5-5 on anthropic gives a cost', () => {
    const pricing = resolve({ provider: 'anthropic', model: 'claude-sonnet-5-5' }).pricing;
    // 1M uncached input at $2 and 1M output at $10 (the model page's prices).
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 1_000_000 }, pricing)).toMatchObject({
      total: 12,
      input: 2,
      output: 10,
      currency: 'USD',
    });
  });
});
