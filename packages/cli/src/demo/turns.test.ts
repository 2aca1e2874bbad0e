import type { ToolLoopTurn } from '@crosswire/engines';
import { describe, expect, it } from 'vitest';
import { turnCell } from './render.js';
import { turnsOf } from './turns.js';

const COST = {
  total: 0.0016032,
  input: 0.000006,
  output: 0.00033,
  cacheRead: 0.0002222,
  cacheWrite: 0.001045,
  currency: 'USD' as const,
  source: 'https://example.test/prices',
  date: '2026-12-01',
};

function turn(usage: ToolLoopTurn['usage'], cost?: ToolLoopTurn['cost']): ToolLoopTurn {
  return {
    iteration: 1,
    status: 200,
    attempts: 1,
    requestMs: 0,
    prepareMs: 0,
    toolsMs: 0,
    finishReason: 'end_turn',
    usage,
    ...(cost === undefined ? {} : { cost }),
    toolCalls: [],
  };
}

describe('the demo per turn', () => {
  it('cache share is cache reads over all input tokens, as a rounded percentage', () => {
    const turns = turnsOf({
      turns: [
        // 1111 read of 1532 input (the recorded Anthropic reply): 72.5 % -> 73.
        turn({ inputTokens: 1532, cacheReadTokens: 1111, cacheWriteTokens: 418 }, COST),
        turn({ inputTokens: 200 }),
        turn(undefined),
      ],
    });
    expect(turns).toEqual([
      { inputTokens: 1532, cacheReadTokens: 1111, cacheSharePercent: 73, cost: COST },
      { inputTokens: 200, cacheReadTokens: null, cacheSharePercent: 0, cost: null },
      { inputTokens: null, cacheReadTokens: null, cacheSharePercent: null, cost: null },
    ]);
    expect(turns.map(turnCell)).toEqual([
      '1: 1532 in, 73% cached, $0.001603',
      '2: 200 in, 0% cached, no price',
      '3: ? in, ? cached, no price',
    ]);
  });
});
