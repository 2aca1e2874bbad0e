// Per turn of a loop: the input tokens, the share of them read from the prompt cache, the cost.
import type { ToolLoopResult } from '@crosswire/engines';
import type { DemoTurn } from './report.js';

/** Input tokens, cache share and cost of each turn of a loop. */
export function turnsOf(run: Pick<ToolLoopResult, 'turns'>): DemoTurn[] {
  return run.turns.map((turn) => {
    const input = turn.usage?.inputTokens;
    const read = turn.usage?.cacheReadTokens;
    return {
      inputTokens: input ?? null,
      cacheReadTokens: read ?? null,
      cacheSharePercent:
        input === undefined || input === 0 ? null : Math.round(((read ?? 0) / input) * 100),
      cost: turn.cost ?? null,
    };
  });
}
