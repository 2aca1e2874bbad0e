import type { ChatResponse } from '@crosswire/dialects';
import type { Pricing } from '@crosswire/registry';
import { describe, expect, it } from 'vitest';
import { callFrozen } from '../../../test-support/deep-freeze.js';
import { withCost } from './cost/cost.js';
import { jsonCopy } from './durable/json-copy.js';
import { costOf, summarizePayloads } from './index.js';

// Functions documented to return a copy (or the value unchanged) are called on a deeply frozen
// input (a write throws) and the input compared with a copy taken before.

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** A long pure-base64 payload (Anthropic's `source.data`). */
const LONG = 'QUJD'.repeat(1024);
const PRICES: Pricing = {
  input: 3,
  output: 15,
  cacheRead: 0.3,
  currency: 'USD',
  source: 's',
  date: '2026-01-01',
};

describe('pure: copies for logs, state and cost', () => {
  it('summarizePayloads summarises a copy', () => {
    const event = {
      body: {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: LONG } },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
            ],
          },
        ],
      },
    };
    const summary = callFrozen(event, (frozen) => summarizePayloads(frozen));
    expect(JSON.stringify(summary)).not.toContain(PNG);
    expect(JSON.stringify(summary)).not.toContain(LONG);
  });

  it('jsonCopy copies without writing to the value', () => {
    const state = { turn: 2, calls: [{ id: 'a', arguments: { city: 'Berlin' } }], at: undefined };
    expect(callFrozen(state, (frozen) => jsonCopy(frozen, 'state'))).toEqual({
      turn: 2,
      calls: [{ id: 'a', arguments: { city: 'Berlin' } }],
    });
  });

  it('costOf reads usage and prices without writing to them', () => {
    const cost = callFrozen(
      { usage: { inputTokens: 1000, outputTokens: 10, cacheReadTokens: 500 }, prices: PRICES },
      ({ usage, prices }) => costOf(usage, prices),
    );
    expect(cost?.total).toBe(0.0018);
  });

  it('withCost adds the cost to a copy, and gives the reply itself when there is no price', () => {
    const reply = {
      content: 'hi',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 1000, outputTokens: 10 },
      raw: {},
    } as unknown as ChatResponse;
    const priced = callFrozen(reply, (frozen) => withCost(frozen, PRICES));
    expect(priced.cost?.total).toBe(0.00315);
    expect('cost' in reply).toBe(false);
    expect(withCost(reply, undefined)).toBe(reply);
  });
});
