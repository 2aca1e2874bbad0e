import { DIALECTS } from '@crosswire/dialects';
import type { Pricing } from '@crosswire/registry';
import { resolve } from '@crosswire/registry';
import fc from 'fast-check';
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

  it('prices one-hour cache writes at the one-hour rate on a recorded Claude reply', () => {
    // The usage of a recorded claude-sonnet-4-6 reply (a Claude Code session transcript in the
    // public repository Gabbyzzzzz/EcomCRM, request req_011CYGcYYrVKGAWdFZvP2AB1; the numbers
    // only): 1 uncached, 26,315 read, 1,969 written for one hour, 1 output token.
    const body = {
      id: 'msg_01UJ9xBFPkUmbFb4wSUx8Xnm',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      content: [{ type: 'text', text: 'The existing files exist and are readable.' }],
      stop_reason: 'end_turn',
      usage: {
        input_tokens: 1,
        cache_creation_input_tokens: 1969,
        cache_read_input_tokens: 26315,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 1969 },
        output_tokens: 1,
        service_tier: 'standard',
      },
    };
    const usage = DIALECTS.anthropic.parseResponse(body, {}).usage;
    expect(usage).toEqual({
      inputTokens: 28_285,
      outputTokens: 1,
      totalTokens: 28_286,
      cacheReadTokens: 26_315,
      cacheWriteTokens: 1969,
      cacheWrite5mTokens: 0,
      cacheWrite1hTokens: 1969,
    });
    // Sonnet 4.6: $3 in, $15 out, $0.30 read, $6 for a one-hour write (twice the input price):
    // 1 x 3 + 26,315 x 0.3 + 1,969 x 6 + 1 x 15 = 3 + 7,894.5 + 11,814 + 15 = 19,726.5e-6.
    const pricing = resolve({ provider: 'anthropic', model: 'claude-sonnet-4-6' }).pricing;
    expect(costOf(usage, pricing)).toMatchObject({
      input: 0.000003,
      cacheRead: 0.0078945,
      cacheWrite: 0.011814,
      output: 0.000015,
      total: 0.0197265,
    });
    // At the five-minute rate ($3.75) it would be 0.01529625: the 22 % the issue found missing.
    expect(costOf({ ...usage, cacheWrite1hTokens: 0 }, pricing)?.total).toBe(0.01529625);
  });

  it('five-minute and one-hour writes of one reply are priced apart; unsplit writes at the 5m rate', () => {
    const hour: Pricing = { ...SONNET, cacheWrite1h: 4 };
    // 1,000 written: 600 for an hour x $4 = $0.0024, 400 for 5 minutes x $2.50 = $0.001.
    expect(
      costOf(
        { inputTokens: 1000, outputTokens: 0, cacheWriteTokens: 1000, cacheWrite1hTokens: 600 },
        hour,
      ),
    ).toMatchObject({ cacheWrite: 0.0034, input: 0, total: 0.0034 });
    // Without a one-hour price, one-hour writes cost what other writes do.
    expect(
      costOf({ inputTokens: 1000, cacheWriteTokens: 1000, cacheWrite1hTokens: 600 }, SONNET),
    ).toMatchObject({ cacheWrite: 0.0025 });
  });

  it('hostile counts never give a negative or non-finite cost (issue 39)', () => {
    // Negative input: not counted; the output alone is priced.
    expect(costOf({ inputTokens: -50_000_000, outputTokens: 100 }, SONNET)).toMatchObject({
      input: 0,
      output: 0.001,
      total: 0.001,
    });
    // 1e308 is no token count: only the output is priced.
    expect(costOf({ inputTokens: 1e308, outputTokens: 1e308 }, SONNET)).toBeUndefined();
    expect(costOf({ inputTokens: 1e308, outputTokens: 10 }, SONNET)?.total).toBe(0.0001);
    // Fractional counts are not counted.
    expect(costOf({ inputTokens: 10.5, outputTokens: 2.5 }, SONNET)).toBeUndefined();
    // Cache reads above the input: at most the input is read from the cache.
    expect(costOf({ inputTokens: 100, cacheReadTokens: 1000 }, SONNET)).toMatchObject({
      input: 0,
      cacheRead: 0.00002,
      total: 0.00002,
    });
    // A negative or non-finite price is no price.
    expect(costOf({ inputTokens: 10 }, { ...SONNET, input: -1 })).toBeUndefined();
    expect(
      costOf({ inputTokens: 10 }, { ...SONNET, output: Number.POSITIVE_INFINITY }),
    ).toBeUndefined();
    // Counts at the top of the safe integers at a finite price stay finite.
    expect(
      costOf(
        { inputTokens: Number.MAX_SAFE_INTEGER, outputTokens: 0 },
        { ...SONNET, input: 1e300 },
      ),
    ).toBeUndefined();
  });

  it('for any numbers at all, a cost is undefined or finite and not negative (property)', () => {
    const number = fc.oneof(
      fc.integer({ min: -1_000_000, max: 10_000_000 }),
      fc.double(),
      fc.constantFrom(Number.MAX_SAFE_INTEGER, 1e308, -1, 0.5),
    );
    const count = fc.option(number, { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          inputTokens: count,
          outputTokens: count,
          totalTokens: count,
          cacheReadTokens: count,
          cacheWriteTokens: count,
          cacheWrite1hTokens: count,
        }),
        fc.record({
          input: number,
          output: number,
          cacheRead: number,
          cacheWrite: number,
          cacheWrite1h: number,
        }),
        (usage, prices) => {
          const cost = costOf(usage, { ...prices, currency: 'USD', source: 's', date: 'd' });
          if (cost === undefined) return;
          for (const part of [
            cost.total,
            cost.input,
            cost.output,
            cost.cacheRead,
            cost.cacheWrite,
          ]) {
            expect(Number.isFinite(part) && part >= 0).toBe(true);
          }
        },
      ),
    );
  });
});
