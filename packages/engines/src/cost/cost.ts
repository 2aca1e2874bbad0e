// What a reply or a loop cost, from its token counts and the registry's prices.
import type { ChatResponse, Usage } from '@crosswire/dialects';
import type { Pricing } from '@crosswire/registry/lookup';

/** The cost of some usage at one price list, in US dollars, by kind of token. */
export interface Cost {
  readonly total: number;
  /** Input tokens neither read from nor written to the cache. */
  readonly input: number;
  /** Output tokens (reasoning included). */
  readonly output: number;
  readonly cacheRead: number;
  /** Cache writes of every lifetime (one-hour writes at their own price). */
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

/** A token count costOf can price: a non-negative safe integer (anything else: not counted). */
function tokens(value: number | undefined): number | undefined {
  return value !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** A price costOf can use: finite and not negative. */
function price(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The cost of `usage` at `pricing` (per million tokens, the registry's `resolve(q).pricing`),
 * or `undefined` when there is no price or no token count: never a guessed 0, never a negative
 * or non-finite number.
 *
 * - `inputTokens` counts every input token (Crosswire's `Usage`); the cache reads and writes are
 *   taken out of it and priced at `cacheRead` / `cacheWrite`. Writes for one hour
 *   (`cacheWrite1hTokens`, Anthropic) are priced at `cacheWrite1h`, the rest at `cacheWrite`.
 *   A price list without a cache price charges those tokens at the input price (models.dev
 *   lists a cache price only where the provider has one); without a one-hour price, one-hour
 *   writes cost what other writes do.
 * - Output is what the reply billed: `totalTokens - inputTokens` where both are reported and
 *   that is more than `outputTokens` (Gemini and xAI leave reasoning tokens out of their output
 *   count and in their total), else `outputTokens`.
 * - A count that is not a non-negative safe integer is not counted, a part is never more than
 *   its whole (cache reads and writes at most the input), and a price that is negative or not
 *   finite means no price: `undefined`. The replies the engine reads are checked the same way
 *   at the edge (`usage_invalid`).
 */
export function costOf(usage: Usage | undefined, pricing: Pricing | undefined): Cost | undefined {
  if (usage === undefined || pricing === undefined) return undefined;
  const inputPrice = price(pricing.input);
  const outputPrice = price(pricing.output);
  if (inputPrice === undefined || outputPrice === undefined) return undefined;
  const readPrice = price(pricing.cacheRead) ?? inputPrice;
  const writePrice = price(pricing.cacheWrite) ?? inputPrice;
  const hourPrice = price(pricing.cacheWrite1h) ?? writePrice;
  const reportedInput = tokens(usage.inputTokens);
  const reportedOutput = tokens(usage.outputTokens);
  if (reportedInput === undefined && reportedOutput === undefined) return undefined;
  const inputTokens = reportedInput ?? 0;
  const cacheReadTokens = Math.min(tokens(usage.cacheReadTokens) ?? 0, inputTokens);
  const cacheWriteTokens = Math.min(
    tokens(usage.cacheWriteTokens) ?? 0,
    inputTokens - cacheReadTokens,
  );
  const hourWrites = Math.min(tokens(usage.cacheWrite1hTokens) ?? 0, cacheWriteTokens);
  const uncached = inputTokens - cacheReadTokens - cacheWriteTokens;
  const total = tokens(usage.totalTokens);
  const outputTokens = Math.max(
    reportedOutput ?? 0,
    total !== undefined && reportedInput !== undefined ? total - reportedInput : 0,
  );
  const input = round((uncached * inputPrice) / PER_MILLION);
  const output = round((outputTokens * outputPrice) / PER_MILLION);
  const cacheRead = round((cacheReadTokens * readPrice) / PER_MILLION);
  const cacheWrite = round(
    ((cacheWriteTokens - hourWrites) * writePrice + hourWrites * hourPrice) / PER_MILLION,
  );
  const sum = round(input + output + cacheRead + cacheWrite);
  // Safe-integer counts at finite prices can still overflow (a count near 2^53 at a large price).
  if (![input, output, cacheRead, cacheWrite, sum].every(Number.isFinite)) return undefined;
  return {
    total: sum,
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
