// Real replies recorded by the Vercel AI SDK (Apache-2.0; source and list in
// fixtures/streams/ai-sdk/README.md), replayed through the stream decoder into the reply body
// an unstreamed call would have given. Not exported.
import { readFileSync } from 'node:fs';
import type { WireFormat } from '@crosswire/core';
import { type ChatResponse, createStreamDecoder } from '@crosswire/dialects';

/** The final response of the recorded stream `file` of `wire`. */
export function recordedReply(file: string, wire: WireFormat): ChatResponse {
  const lines = readFileSync(
    new URL(`../packages/dialects/fixtures/streams/ai-sdk/${file}`, import.meta.url),
    'utf8',
  )
    .split('\n')
    .filter((line) => line.trim() !== '');
  const decoder = createStreamDecoder(wire);
  const events = [...lines.flatMap((line) => decoder.push(`data: ${line}\n\n`)), ...decoder.end()];
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error(`${file} did not finish`);
  return last.response;
}
