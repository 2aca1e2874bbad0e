// The rules of a streamed reply that the engine relies on, checked on readEventStream and
// ChatStream directly: when the connection is destroyed (and when not), what an abort, a cut,
// an idle gap yields, and what the final-value helpers report for a stream closed early.
import { CrosswireError, ProviderError } from '@crosswire/core';
import type { ChatResponse, StreamEvent } from '@crosswire/dialects';
import { describe, expect, it } from 'vitest';
import {
  type ByteSource,
  ChatStream,
  readEventStream,
  type StreamFacts,
} from '../src/engine/chat-stream.js';
import { DONE, END, FRAME } from '../src/engine/test-support/chat-chunks.js';
import type { ChatStreamEvent } from '../src/index.js';

type After = 'end' | 'hang' | Error;

/** A body handing out `chunks`, then ending, hanging until destroyed, or failing. */
function fakeBody(chunks: readonly string[], after: After) {
  const destroyed: (Error | undefined)[] = [];
  let failPending: ((error: Error) => void) | undefined;
  let index = 0;
  const body: ByteSource = {
    destroy(error?: Error) {
      destroyed.push(error);
      failPending?.(error ?? new Error('destroyed'));
    },
    [Symbol.asyncIterator]() {
      return {
        next(): Promise<IteratorResult<unknown>> {
          if (index < chunks.length) {
            const value = new TextEncoder().encode(chunks[index++]);
            return Promise.resolve({ done: false, value });
          }
          if (after === 'end') return Promise.resolve({ done: true, value: undefined });
          if (after instanceof Error) return Promise.reject(after);
          return new Promise((_resolve, reject) => {
            failPending = reject;
          });
        },
      };
    },
  };
  return { body, destroyed };
}

async function collect(
  iterable: AsyncIterable<StreamEvent>,
  onEvent: (event: StreamEvent) => void = () => undefined,
): Promise<{ events: StreamEvent[]; error: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of iterable) {
      events.push(event);
      onEvent(event);
    }
  } catch (error) {
    return { events, error };
  }
  return { events, error: undefined };
}

const opts = (signal?: AbortSignal, idleTimeoutMs = 60_000) => ({
  provider: 'openai',
  idleTimeoutMs,
  ...(signal === undefined ? {} : { signal }),
});

describe('readEventStream and the connection', () => {
  it('a reply read to the end of its body leaves the connection alone', async () => {
    const { body, destroyed } = fakeBody([FRAME, END], 'end');
    const controller = new AbortController();
    const { events, error } = await collect(
      readEventStream('openai', body, opts(controller.signal)),
    );
    expect(error).toBeUndefined();
    expect(events.filter((event) => event.type === 'text-delta')).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
    ]);
    expect(events.at(-1)?.type).toBe('finish');
    // An abort after the reply is complete no longer reaches the connection.
    controller.abort(new Error('too late'));
    expect(destroyed).toEqual([]);
  });

  it('the idle timer of a read chunk is cleared: a finished reply is not destroyed later', async () => {
    const { body, destroyed } = fakeBody([FRAME, END], 'end');
    const { error } = await collect(readEventStream('openai', body, opts(undefined, 5)));
    expect(error).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(destroyed).toEqual([]);
  });

  it('a reply that finishes before its body ends closes the connection without waiting', async () => {
    const { body, destroyed } = fakeBody([FRAME + END + DONE], 'hang');
    const { events, error } = await collect(readEventStream('openai', body, opts()));
    expect(error).toBeUndefined();
    expect(events.at(-1)?.type).toBe('finish');
    expect(destroyed).toEqual([undefined]);
  });

  it('an abort while waiting destroys the body with the reason and throws the reason, no error event', async () => {
    const { body, destroyed } = fakeBody([FRAME], 'hang');
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const { events, error } = await collect(
      readEventStream('openai', body, opts(controller.signal)),
      (event) => {
        if (event.type === 'text-delta') setTimeout(() => controller.abort(reason), 0);
      },
    );
    expect(error).toBe(reason);
    expect(events).toEqual([{ type: 'text-delta', text: 'Hel' }]);
    expect(destroyed[0]).toBe(reason);
  });

  it('an abort with a reason that is not an Error destroys the body with an AbortError', async () => {
    const { body, destroyed } = fakeBody([FRAME], 'hang');
    const controller = new AbortController();
    const { events, error } = await collect(
      readEventStream('openai', body, opts(controller.signal)),
      (event) => {
        if (event.type === 'text-delta') setTimeout(() => controller.abort('stop'), 0);
      },
    );
    expect(error).toBe('stop');
    expect(events).toEqual([{ type: 'text-delta', text: 'Hel' }]);
    const first = destroyed[0];
    expect(first).toBeInstanceOf(DOMException);
    expect({ name: first?.name, message: first?.message }).toEqual({
      name: 'AbortError',
      message: 'This operation was aborted',
    });
  });

  it('a body that breaks off is stream_truncated, the last event and then thrown', async () => {
    const { body, destroyed } = fakeBody([FRAME], new Error('socket hang up'));
    const { events, error } = await collect(readEventStream('openai', body, opts()));
    expect(error).toBeInstanceOf(ProviderError);
    const failure = error as ProviderError;
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: 'stream_truncated',
      message: 'openai stream broke off before the reply was complete: socket hang up',
    });
    expect(events).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'error', error },
    ]);
    expect(destroyed).toEqual([undefined]);
  });

  it('a body silent past idleTimeoutMs is stream_idle_timeout with the limit in its details', async () => {
    const { body, destroyed } = fakeBody([FRAME], 'hang');
    const { events, error } = await collect(readEventStream('openai', body, opts(undefined, 10)));
    expect(error).toBeInstanceOf(ProviderError);
    const failure = error as ProviderError;
    expect({ code: failure.code, details: failure.details, message: failure.message }).toEqual({
      code: 'stream_idle_timeout',
      details: { idleTimeoutMs: 10 },
      message: 'openai sent nothing for 10 ms in the middle of a stream; the connection was closed',
    });
    expect(events).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'error', error },
    ]);
    expect(destroyed[0]).toBe(error);
  });
});

const RESPONSE = { content: 'Hello' } as ChatResponse;
const FACTS: StreamFacts = {
  url: 'http://127.0.0.1/v1/chat/completions',
  status: 200,
  attempts: 1,
  openMs: 3,
  prepareMs: 1,
};

function chatStream(events: readonly ChatStreamEvent[]): ChatStream {
  return new ChatStream(async function* (opened) {
    opened(FACTS);
    yield* events;
  });
}

describe('ChatStream', () => {
  it('knows the HTTP facts once the reply opened, none before', async () => {
    const stream = chatStream([
      { type: 'text-delta', text: 'Hello' },
      { type: 'finish', response: RESPONSE } as ChatStreamEvent,
    ]);
    expect(stream.facts).toBeUndefined();
    expect(await stream.finalText()).toBe('Hello');
    expect(stream.facts).toEqual(FACTS);
  });

  it('a loop left before the finish makes the final helpers fail with stream_closed', async () => {
    const stream = chatStream([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { type: 'finish', response: RESPONSE } as ChatStreamEvent,
    ]);
    for await (const event of stream) {
      expect(event).toEqual({ type: 'text-delta', text: 'Hel' });
      break;
    }
    const error = await stream.finalResponse().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CrosswireError);
    const failure = error as CrosswireError;
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: 'stream_closed',
      message: 'the stream was closed before it was complete',
    });
  });

  it('a second iteration is refused with stream_already_read', async () => {
    const stream = chatStream([{ type: 'finish', response: RESPONSE } as ChatStreamEvent]);
    expect(await stream.finalResponse()).toBe(RESPONSE);
    const error = await (async () => {
      for await (const _event of stream) void _event;
    })().catch((caught: unknown) => caught);
    const failure = error as CrosswireError;
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: 'stream_already_read',
      message: 'a stream can be iterated once; use its final-value helpers after that',
    });
  });
});
