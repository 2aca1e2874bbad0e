// Test helper: streams written out by hand, and the decoder run over them. Not exported from
// the package.
import type { WireFormat } from '@crosswire/core';
import { createStreamDecoder, type StreamDecoderOptions } from '../stream-decoder.js';
import type { StreamEvent } from '../stream-types.js';

/** Server-sent events: each frame `[event name or undefined, data]`, data as JSON unless a string. */
export const sse = (frames: readonly (readonly [string | undefined, unknown])[], eol = '\n') =>
  frames
    .map(
      ([event, data]) =>
        `${event === undefined ? '' : `event: ${event}${eol}`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}${eol}${eol}`,
    )
    .join('');

/** Newline-delimited JSON, one line a value. */
export const ndjson = (lines: readonly unknown[]) =>
  lines.map((line) => `${JSON.stringify(line)}\n`).join('');

/** Every event the decoder gives for the body, pushed whole or chunk by chunk, then ended. */
export function decode(
  wire: WireFormat,
  body: string | readonly (string | Uint8Array)[],
  options: StreamDecoderOptions = {},
): StreamEvent[] {
  const decoder = createStreamDecoder(wire, options);
  const chunks = typeof body === 'string' ? [body] : body;
  return [...chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.end()];
}
