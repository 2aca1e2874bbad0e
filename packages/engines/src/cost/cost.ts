// What a reply or a loop cost, from its token counts and the registry's prices.
import type { ChatResponse, Usage } from '@crosswire/dialects';
import type { Pricing } from '@crosswire/registry';

/** The cost of some usage at one price list, in US dollars, by kind of token. */
export interface Cost {
  readonly total: number;
  /** Input tokens neither read from nor written to the cache. */
  readonly input: number;
  /** Output tokens (reasoning included). */
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly currency: 'USD';
  /** Where the prices come from (the price list's `source`). */
  readonly source: string;
  /** The date of the prices. */
  readonly date: string;
}

const PER_MILLION = 1_000_000;

/** Rounded to a billionth of a dollar, so that sums print cleanly (0.3, not 0.30000000000000004). */
function round(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/**
 * The cost of `usage` at `pricing` (per million tokens, the registry's `resolve(q).pricing`),
 * or `undefined` when there is no price or no token count: never a guessed 0.
 *
 * - `inputTokens` counts every input token (Crosswire's `Usage`); the cache reads and writes are
 *   taken out of it and priced at `cacheRead` / `cacheWrite`. A price list without a cache
 *   price charges those tokens at the input price (models.dev lists a cache price only where
 *   the provider has one).
 * - Output is what the reply billed: `totalTokens - inputTokens` where both are reported and
 *   that is more than `outputTokens` (Gemini and xAI leave reasoning tokens out of their output
 *   count and in their total), else `outputTokens`.
 */
export function costOf(usage: Usage | undefined, pricing: Pricing | undefined): Cost | undefined {
  if (usage === undefined || pricing === undefined) return undefined;
  if (usage.inputTokens === undefined && usage.outputTokens === undefined) return undefined;
  const inputTokens = usage.inputTokens ?? 0;
  const cacheReadTokens = usage.cacheReadTokens ?? 0;
  const cacheWriteTokens = usage.cacheWriteTokens ?? 0;
  const uncached = Math.max(0, inputTokens - cacheReadTokens - cacheWriteTokens);
  const outputTokens = Math.max(
    usage.outputTokens ?? 0,
    usage.totalTokens !== undefined && usage.inputTokens !== undefined
      ? usage.totalTokens - usage.inputTokens
      : 0,
  );
  const input = round((uncached * pricing.input) / PER_MILLION);
  const output = round((outputTokens * pricing.output) / PER_MILLION);
  const cacheRead = round((cacheReadTokens * (pricing.cacheRead ?? pricing.input)) / PER_MILLION);
  const cacheWrite = round(
    (cacheWriteTokens * (pricing.cacheWrite ?? pricing.input)) / PER_MILLION,
  );
  return {
    total: round(input + output + cacheRead + cacheWrite),
    input,
    output,
    cacheRead,
    cacheWrite,
    currency: 'USD',
    source: pricing.source,
    date: pricing.date,
  };
}

/** A reply as an engine returns it: the parsed reply and, for a priced model, its cost. */
export interface EngineResponse extends ChatResponse {
  /** What the reply cost at the registry's prices; absent when the model has no price. */
  readonly cost?: Cost;
}

/** `response` with its `cost` at `pricing` (unchanged when there is no price or usage). */
export function withCost(response: ChatResponse, pricing: Pricing | undefined): EngineResponse {
  const cost = costOf(response.usage, pricing);
  return cost === undefined ? response : { ...response, cost };
}
