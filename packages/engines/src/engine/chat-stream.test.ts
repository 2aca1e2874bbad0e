// readEventStream and the caller's signal: a signal already fired reads nothing; an abort in the
// middle of a read is an abort (the signal's reason), not a stream cut short. The body is a real
// Node stream, destroyed as undici's body is.
import { PassThrough } from 'node:stream';
import { ProviderError } from '@crosswire/core';
import type { StreamEvent } from '@crosswire/dialects';
import { describe, expect, it } from 'vitest';
import { readEventStream } from './chat-stream.js';
import { END as CHUNK_END, DONE, FRAME } from './test-support/chat-chunks.js';

const END = `${CHUNK_END}${DONE}`;

const options = (signal?: AbortSignal) => ({
  provider: 'openai',
  idleTimeoutMs: 60_000,
  ...(signal === undefined ? {} : { signal }),
});

async function collect(
  iterable: AsyncIterable<StreamEvent>,
): Promise<{ events: StreamEvent[]; error: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of iterable) events.push(event);
  } catch (error) {
    return { events, error };
  }
  return { events, error: undefined };
}

describe('readEventStream and abort', () => {
  it('a signal that has already fired stops it before the first chunk is read', async () => {
    const body = new PassThrough();
    body.end(FRAME + END); // a whole reply is there to read
    let reads = 0;
    body.on('data', () => reads++);
    body.pause();
    const reason = new Error('caller gave up');
    const { events, error } = await collect(
      readEventStream('openai', body, options(AbortSignal.abort(reason))),
    );
    expect(error).toBe(reason);
    expect(events).toEqual([]);
    expect(reads).toBe(0);
    expect(body.destroyed).toBe(true);
  });

  it('an abort while waiting for the next chunk surfaces as the abort, not stream_truncated', async () => {
    const body = new PassThrough();
    body.write(FRAME);
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const events: StreamEvent[] = [];
    let error: unknown;
    try {
      for await (const event of readEventStream('openai', body, options(controller.signal))) {
        events.push(event);
        // The first text is in; the reply is not: the caller gives up mid-read.
        if (event.type === 'text-delta') controller.abort(reason);
      }
    } catch (caught) {
      error = caught;
    }
    expect(error).toBe(reason);
    expect(error).not.toBeInstanceOf(ProviderError);
    expect(events).toEqual([{ type: 'text-delta', text: 'Hel' }]);
    expect(body.destroyed).toBe(true);
  });

  it('without an abort the same reply reads to its finish', async () => {
    const body = new PassThrough();
    body.end(FRAME + END);
    const { events, error } = await collect(readEventStream('openai', body, options()));
    expect(error).toBeUndefined();
    expect(events.at(-1)).toMatchObject({ type: 'finish', response: { content: 'Hello' } });
  });
});
