// A streamed reply as the engine hands it over: an async iterable of typed events, pulled from
// the connection one chunk at a time, with the helpers for the final text and response.
import { CrosswireError, ProviderError, type WireFormat } from '@crosswire/core';
import type { ChatResponse, StreamEvent } from '@crosswire/dialects';
import { createStreamDecoder, type StreamDecoderOptions } from '@crosswire/dialects';
import type { EngineResponse } from '../cost/cost.js';
import type { ChatStreamEvent } from './structured-stream.js';

/**
 * A stream of events that ends in one final value: iterated once (`for await`), or read to
 * the end by `final()`, which also works during or after the iteration. Breaking out of the
 * loop stops the producer (and closes its connection).
 */
export class EventStream<Event, Final> implements AsyncIterable<Event> {
  readonly #source: () => AsyncGenerator<Event, void, undefined>;
  readonly #finalOf: (event: Event) => Final | undefined;
  #started = false;
  #resolve!: (value: Final) => void;
  #reject!: (error: unknown) => void;
  readonly #final: Promise<Final>;

  constructor(
    source: () => AsyncGenerator<Event, void, undefined>,
    finalOf: (event: Event) => Final | undefined,
  ) {
    this.#source = source;
    this.#finalOf = finalOf;
    this.#final = new Promise<Final>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // Nobody may ask for the final value; its failure is reported by the iteration then.
    this.#final.catch(() => undefined);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Event, void, undefined> {
    if (this.#started) {
      throw new CrosswireError(
        'stream_already_read',
        'a stream can be iterated once; use its final-value helpers after that',
      );
    }
    this.#started = true;
    let finished = false;
    try {
      for await (const event of this.#source()) {
        const value = this.#finalOf(event);
        if (value !== undefined) {
          finished = true;
          this.#resolve(value);
        }
        yield event;
      }
    } catch (error) {
      this.#reject(error);
      throw error;
    } finally {
      if (!finished) {
        this.#reject(
          new CrosswireError('stream_closed', 'the stream was closed before it was complete'),
        );
      }
    }
  }

  /** The final value (reads the stream to the end when nobody iterates it). */
  protected async final(): Promise<Final> {
    if (!this.#started) for await (const _event of this) void _event;
    return this.#final;
  }
}

/**
 * One streamed reply. Iterate it (`for await (const event of stream)`) for the events, or
 * call `finalText()` / `finalResponse()`, which read it to the end. It can be iterated once;
 * the helpers work during or after that iteration too. Breaking out of the loop closes the
 * connection.
 */
export class ChatStream extends EventStream<ChatStreamEvent, ChatResponse> {
  #facts: StreamFacts | undefined;

  /** `source` reads the reply; it calls `opened` once the reply's headers are in. */
  constructor(
    source: (
      opened: (facts: StreamFacts) => void,
    ) => AsyncGenerator<ChatStreamEvent, void, undefined>,
  ) {
    super(
      () =>
        source((facts) => {
          this.#facts = facts;
        }),
      (event) => (event.type === 'finish' ? event.response : undefined),
    );
  }

  /** The HTTP facts of the reply once its headers arrived (undefined before). */
  get facts(): StreamFacts | undefined {
    return this.#facts;
  }

  /** The whole reply, as `engine.chat` returns it. */
  finalResponse(): Promise<EngineResponse> {
    return this.final();
  }

  /** The reply's final text. */
  async finalText(): Promise<string> {
    return (await this.final()).content;
  }

  /** Only the text deltas, as they come. */
  async *textStream(): AsyncGenerator<string, void, undefined> {
    for await (const event of this) if (event.type === 'text-delta') yield event.text;
  }
}

/** The HTTP facts of a streamed reply, known once its headers arrived. */
export interface StreamFacts {
  readonly url: string;
  readonly status: number;
  /** Attempts made before the stream opened (retries of 429/5xx/network failures included). */
  readonly attempts: number;
  /** Time from sending to the reply's headers, retries included. */
  readonly openMs: number;
  /** Time spent fetching URL images and building the body. */
  readonly prepareMs: number;
}

/** What {@link readEventStream} reads: a byte source that can be destroyed at once. */
export interface ByteSource extends AsyncIterable<unknown> {
  destroy(error?: Error): unknown;
}

export interface ReadEventStreamOptions extends StreamDecoderOptions {
  readonly provider: string;
  readonly signal?: AbortSignal | undefined;
  /** The longest wait for the next chunk before the stream fails (`stream_idle_timeout`). */
  readonly idleTimeoutMs: number;
}

/**
 * The events of a reply body read chunk by chunk: the next chunk is read only when the
 * consumer asks for the next event (a slow consumer slows the socket, nothing piles up). An
 * abort, an idle gap longer than `idleTimeoutMs`, an error event or an early stop destroys
 * the connection at once. Every failure is the last event (`{ type: 'error', error }`, for a
 * typed error) and then thrown.
 */
export async function* readEventStream(
  wire: WireFormat,
  body: ByteSource,
  options: ReadEventStreamOptions,
): AsyncGenerator<StreamEvent, void, undefined> {
  const decoder = createStreamDecoder(wire, options);
  const iterator = body[Symbol.asyncIterator]();
  let complete = false;
  /** The reply finished at the wire's last frame, before the body ended. */
  let endedEarly = false;
  const onAbort = () => body.destroy(abortReason(options.signal));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    options.signal?.throwIfAborted();
    for (;;) {
      let step: IteratorResult<unknown>;
      try {
        step = await nextChunk(iterator, body, options);
      } catch (error) {
        // A reset, an idle gap: the last event, then the iteration throws it.
        if (error instanceof CrosswireError) yield { type: 'error', error };
        throw error;
      }
      if (step.done) break;
      for (const event of decoder.push(step.value as Uint8Array)) {
        yield event;
        if (event.type === 'error') throw event.error;
      }
      if (decoder.done) {
        endedEarly = true;
        break;
      }
    }
    for (const event of decoder.end()) {
      yield event;
      if (event.type === 'error') throw event.error;
    }
    complete = true;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    // Stopped early (abort, error, the consumer broke out, the reply ended before the body):
    // close the connection now.
    if (!complete || endedEarly) body.destroy();
  }
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('This operation was aborted', 'AbortError');
}

async function nextChunk(
  iterator: AsyncIterator<unknown>,
  body: ByteSource,
  options: ReadEventStreamOptions,
): Promise<IteratorResult<unknown>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new ProviderError(
        `${options.provider} sent nothing for ${options.idleTimeoutMs} ms in the middle of a stream; the connection was closed`,
        { code: 'stream_idle_timeout', details: { idleTimeoutMs: options.idleTimeoutMs } },
      );
      body.destroy(error);
      reject(error);
    }, options.idleTimeoutMs);
  });
  try {
    return await Promise.race([iterator.next(), idle]);
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof CrosswireError) throw error;
    throw new ProviderError(
      `${options.provider} stream broke off before the reply was complete: ${error instanceof Error ? error.message : String(error)}`,
      { code: 'stream_truncated', cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}
