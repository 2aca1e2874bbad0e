// The bound on block and item positions in a stream (Anthropic `index`, Responses
// `output_index`): a position is where a block goes in the reply, so one far beyond the blocks
// seen so far would make the reply a sparse array of that length, and reading it would cost
// time in proportion to a number the peer chose. Providers number blocks in order from 0.
import { ProviderError, type WireFormat } from '@crosswire/core';

/** How far beyond the blocks seen so far a position may point (providers send 0 gaps). */
export const MAX_POSITION_GAP = 64;

/**
 * `value` when it is a whole number from 0 to `seen + MAX_POSITION_GAP`; otherwise the chunk
 * is refused with `stream_bad_chunk`.
 */
export function streamPosition(
  wire: WireFormat,
  field: string,
  value: number,
  seen: number,
): number {
  if (Number.isSafeInteger(value) && value >= 0 && value <= seen + MAX_POSITION_GAP) return value;
  throw new ProviderError(
    `${wire} stream chunk has ${field} ${value}, not a position from 0 to ${seen + MAX_POSITION_GAP} (${seen} seen so far); refused`,
    { code: 'stream_bad_chunk', details: { wire, field, value, seen } },
  );
}
