// Bytes of a streamed reply to typed events, on every wire: the framing (SSE through
// eventsource-parser, or NDJSON), the wire's stream state, the tag filter, and at the end the
// reply body put together and parsed by the wire's own non-streaming parser.
import {
  CrosswireError,
  HERMES_DEFAULTS,
  ProviderError,
  parseHermesToolCalls,
  type WireFormat,
} from '@crosswire/core';
import { createParser, type EventSourceParser } from 'eventsource-parser';
import type { DialectOptions } from './dialect-types.js';
import type { ChatResponse } from './response.js';
import { type FilteredPiece, TagFilter, TextBuilder } from './stream-text.js';
import type { StreamEmitter, StreamEvent, StreamFrame, WireStream } from './stream-types.js';
import { DIALECTS, STREAMS } from './wires/index.js';

/** Options of a stream decoder: the engine's dialect options plus a frame size bound. */
export interface StreamDecoderOptions extends DialectOptions {
  /**
   * The largest single frame (an SSE event or an NDJSON line) accepted, in characters. A
   * longer one fails the stream with `stream_frame_too_large` instead of growing memory
   * without bound. Default 16 MiB.
   */
  readonly maxFrameSize?: number;
}

export const DEFAULT_MAX_FRAME_SIZE = 16 * 1024 * 1024;

/** Reads one reply's bytes, chunk by chunk, into events. */
export interface StreamDecoder {
  /** Reads the next chunk of bytes (or text) and returns the events it completes. */
  push(chunk: Uint8Array | string): StreamEvent[];
  /**
   * The stream ended: returns the last events, `tool-call-end`s, `usage` and `finish` (or an
   * `error`, `stream_truncated` when the wire's end marker never came).
   */
  end(): StreamEvent[];
  /** True once `finish` or `error` was returned. */
  readonly done: boolean;
}

interface FrameReader {
  feed(text: string): void;
  end(): void;
}

function sseReader(onFrame: (frame: StreamFrame) => void, maxFrameSize: number): FrameReader {
  let failure: unknown;
  const parser: EventSourceParser = createParser({
    onEvent: (message) => onFrame({ event: message.event, data: message.data }),
    onError: (error) => {
      failure = error;
    },
    maxBufferSize: maxFrameSize,
  });
  const check = () => {
    if (failure === undefined) return;
    const error = failure;
    failure = undefined;
    throw frameTooLarge(maxFrameSize, error);
  };
  return {
    feed(text) {
      parser.feed(text);
      check();
    },
    end() {
      // An event whose final blank line never came still counts: its end marker decides.
      parser.reset({ consume: true });
      check();
    },
  };
}

function ndjsonReader(onFrame: (frame: StreamFrame) => void, maxFrameSize: number): FrameReader {
  let pending = '';
  const line = (text: string) => {
    const trimmed = text.trim();
    if (trimmed !== '') onFrame({ event: undefined, data: trimmed });
  };
  return {
    feed(text) {
      let start = 0;
      for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
        line(pending + text.slice(start, newline));
        pending = '';
        start = newline + 1;
      }
      pending += text.slice(start);
      if (pending.length > maxFrameSize) throw frameTooLarge(maxFrameSize, undefined);
    },
    end() {
      line(pending);
      pending = '';
    },
  };
}

function frameTooLarge(maxFrameSize: number, cause: unknown): ProviderError {
  return new ProviderError(
    `stream frame larger than maxFrameSize (${maxFrameSize} characters); refused`,
    { code: 'stream_frame_too_large', cause, details: { maxFrameSize } },
  );
}

function badChunk(wire: WireFormat, data: string, cause: unknown): ProviderError {
  return new ProviderError(`${wire} stream chunk is not JSON: ${data.slice(0, 200)}`, {
    code: 'stream_bad_chunk',
    cause,
    details: { wire },
  });
}

/**
 * A decoder for one streamed reply of `wire`. Feed it the bytes as they come (any split, even
 * inside a UTF-8 sequence or a tag); the events it returns do not depend on how the bytes
 * were split.
 */
export function createStreamDecoder(
  wire: WireFormat,
  options: StreamDecoderOptions = {},
): StreamDecoder {
  const stream: WireStream = STREAMS[wire];
  const state = stream.start(options);
  const maxFrameSize = options.maxFrameSize ?? DEFAULT_MAX_FRAME_SIZE;
  const callTag = stream.callTags
    ? (options.hermes?.callTag ?? HERMES_DEFAULTS.callTag)
    : undefined;
  const think = options.thinkTagFilter === true;
  const filter = new TagFilter({ think, callTag, trim: think || callTag !== undefined });
  const textDecoder = new TextDecoder('utf-8');
  let events: StreamEvent[] = [];
  let pieces: FilteredPiece[] = [];
  let callCount = 0;
  const emitted = new TextBuilder();
  let done = false;

  const emitter: StreamEmitter = {
    text(text) {
      if (text === '') return;
      if (filter.passthrough) {
        emitted.append(text);
        events.push({ type: 'text-delta', text });
        return;
      }
      filter.push(text, pieces);
      flushPieces();
    },
    reasoning(text) {
      if (text !== '') events.push({ type: 'reasoning-delta', text });
    },
    toolStart(id, name) {
      const index = callCount++;
      events.push({ type: 'tool-call-start', index, id, name });
      return index;
    },
    toolDelta(index, argumentsDelta) {
      if (argumentsDelta !== '') events.push({ type: 'tool-call-delta', index, argumentsDelta });
    },
  };

  const flushPieces = () => {
    for (const piece of pieces) {
      if (piece.kind === 'text') {
        emitted.append(piece.text);
        events.push({ type: 'text-delta', text: piece.text });
      } else if (piece.kind === 'reasoning') {
        events.push({ type: 'reasoning-delta', text: piece.text });
      } else {
        // A Hermes block: the calls the non-streaming parser finds in it, in order.
        const tag = callTag ?? HERMES_DEFAULTS.callTag;
        for (const call of parseHermesToolCalls(`<${tag}>${piece.text}</${tag}>`, {
          callTag: tag,
          thinkFilter: false,
        })) {
          const index = emitter.toolStart('', String(call.name));
          const args = call.arguments;
          emitter.toolDelta(
            index,
            typeof args === 'string' ? args : args === undefined ? '' : JSON.stringify(args),
          );
        }
      }
    }
    pieces = [];
  };

  const onFrame = (frame: StreamFrame) => {
    if (stream.doneData !== undefined && frame.data.trim() === stream.doneData) {
      state.frame(frame.event, undefined, emitter);
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(frame.data);
    } catch (error) {
      throw badChunk(wire, frame.data, error);
    }
    state.frame(frame.event, data, emitter);
  };
  const reader =
    stream.framing === 'sse'
      ? sseReader(onFrame, maxFrameSize)
      : ndjsonReader(onFrame, maxFrameSize);

  const fail = (error: unknown): void => {
    if (!(error instanceof CrosswireError)) throw error;
    done = true;
    events.push({ type: 'error', error });
  };

  const take = (): StreamEvent[] => {
    const taken = events;
    events = [];
    return taken;
  };

  const finish = (): void => {
    if (!state.complete()) {
      throw new ProviderError(
        `${wire} stream ended before the reply was complete (no end marker); the connection was cut or the server stopped`,
        { code: 'stream_truncated', details: { wire } },
      );
    }
    const response: ChatResponse = DIALECTS[wire].parseResponse(state.body(), options);
    // Whatever the final text has beyond what streamed (a refusal, text a malformed tag held back).
    const emittedText = emitted.toString();
    if (response.content !== emittedText && response.content.startsWith(emittedText)) {
      events.push({ type: 'text-delta', text: response.content.slice(emittedText.length) });
    }
    response.toolCalls.forEach((toolCall, index) => {
      events.push({ type: 'tool-call-end', index, toolCall });
    });
    if (response.usage !== undefined) events.push({ type: 'usage', usage: response.usage });
    events.push({ type: 'finish', finishReason: response.finishReason, response });
    done = true;
  };

  return {
    get done() {
      return done;
    },
    push(chunk) {
      if (done) return [];
      try {
        reader.feed(
          typeof chunk === 'string' ? chunk : textDecoder.decode(chunk, { stream: true }),
        );
      } catch (error) {
        fail(error);
      }
      return take();
    },
    end() {
      if (done) return [];
      try {
        const tail = textDecoder.decode();
        if (tail !== '') reader.feed(tail);
        reader.end();
        filter.end(pieces);
        flushPieces();
        finish();
      } catch (error) {
        fail(error);
      }
      return take();
    },
  };
}

/**
 * The events of a whole streamed reply read from `source` (byte or text chunks, e.g. a fetch
 * body or a recorded stream). Yields the `error` event and then throws its error.
 */
export async function* decodeStream(
  wire: WireFormat,
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: StreamDecoderOptions = {},
): AsyncGenerator<StreamEvent, void, undefined> {
  const decoder = createStreamDecoder(wire, options);
  for await (const chunk of source) {
    for (const event of decoder.push(chunk)) {
      yield event;
      if (event.type === 'error') throw event.error;
    }
    if (decoder.done) return;
  }
  for (const event of decoder.end()) {
    yield event;
    if (event.type === 'error') throw event.error;
  }
}
