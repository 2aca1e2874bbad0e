// Bytes of a streamed reply to typed events, on every wire: the framing (SSE read by the
// specification's rules in sse.ts, NDJSON, or AWS's binary event stream in eventstream.ts), the
// wire's stream state, the tag filter, and at the end the reply body put together and parsed by
// the wire's own non-streaming parser.
import {
  base64ToBytes,
  CrosswireError,
  HERMES_DEFAULTS,
  ProviderError,
  parseHermesToolCalls,
  type WireFormat,
} from '@crosswire/core';
import type { DialectOptions } from './dialect-types.js';
import type { ChatResponse } from './response.js';
import { createSseReader } from './sse.js';
import { type FilteredPiece, TagFilter, TextBuilder, TextDigest } from './stream-text.js';
import type {
  StreamEmitter,
  StreamEvent,
  StreamFrame,
  StreamFraming,
  WireStream,
} from './stream-types.js';
import {
  createEventStreamReader,
  type EventStreamMessage,
  eventStreamError,
} from './support/eventstream.js';
import { DIALECTS, STREAMS } from './wires/index.js';

/** Options of a stream decoder: the engine's dialect options plus a frame size bound. */
export interface StreamDecoderOptions extends DialectOptions {
  /**
   * The largest single frame (an SSE event or an NDJSON line) accepted, in characters. A
   * longer one fails the stream with `stream_frame_too_large` instead of growing memory
   * without bound. Default 16 MiB.
   */
  readonly maxFrameSize?: number;
  /**
   * The most a whole streamed reply may be, in bytes (characters for text chunks). More fails
   * the stream with `provider_response_too_large`, as a reply that is not streamed does.
   * Default 64 MiB.
   */
  readonly maxStreamBytes?: number;
  /**
   * How the bytes are framed when the endpoint frames them otherwise than the wire's own
   * (default: the wire's): `aws-eventstream` for Claude on Bedrock's
   * InvokeModelWithResponseStream, whose `chunk` events carry Anthropic's stream events.
   */
  readonly framing?: StreamFraming;
}

export const DEFAULT_MAX_FRAME_SIZE = 16 * 1024 * 1024;
/** The default bound of a whole streamed reply: the bound of a reply that is not streamed. */
export const DEFAULT_MAX_STREAM_BYTES = 64 * 1024 * 1024;
/** How much of a body that is not a stream an error message quotes. */
const QUOTED = 200;

/** Reads one reply's bytes, chunk by chunk, into events. */
export interface StreamDecoder {
  /** Reads the next chunk of bytes (or text) and returns the events it completes. */
  push(chunk: Uint8Array | string): StreamEvent[];
  /**
   * The stream ended: returns the last events, `tool-call-end`s, `usage` and `finish` (or an
   * `error`, `stream_truncated` when the wire's end marker never came).
   */
  end(): StreamEvent[];
  /**
   * True once `finish` or `error` was returned: `finish` comes as soon as the wire's last frame
   * arrives (`message_stop`, `[DONE]`, `response.completed`, `done: true`), so a reader stops
   * there; bytes after it are not read.
   */
  readonly done: boolean;
}

interface FrameReader {
  feed(text: string): void;
  end(): void;
}

function sseReader(onFrame: (frame: StreamFrame) => void, maxFrameSize: number): FrameReader {
  const reader = createSseReader(onFrame, maxFrameSize, () => {
    throw frameTooLarge(maxFrameSize, undefined);
  });
  return { feed: (text) => reader.feed(text), end: () => reader.end() };
}

function ndjsonReader(onFrame: (frame: StreamFrame) => void, maxFrameSize: number): FrameReader {
  let pending = '';
  const line = (text: string) => {
    if (text.length > maxFrameSize) throw frameTooLarge(maxFrameSize, undefined);
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

const utf8 = new TextDecoder('utf-8');

/**
 * An event-stream message as a frame: an exception or error message as the typed error it
 * stands for; a `chunk` event's base64 `bytes` (InvokeModelWithResponseStream) as the frame
 * they hold; any other event as its `:event-type` and payload.
 */
function eventStreamFrame(message: EventStreamMessage): StreamFrame {
  const error = eventStreamError(message);
  if (error !== undefined) throw error;
  const event = message.headers[':event-type'];
  const data = utf8.decode(message.payload);
  if (event === 'chunk') {
    let bytes: unknown;
    try {
      bytes = (JSON.parse(data) as { bytes?: unknown }).bytes;
    } catch {
      bytes = undefined;
    }
    if (typeof bytes === 'string') {
      return { event: undefined, data: utf8.decode(base64ToBytes(bytes)) };
    }
  }
  return { event: typeof event === 'string' ? event : undefined, data };
}

function eventStreamReader(
  onFrame: (frame: StreamFrame) => void,
  maxFrameSize: number,
): { feed(bytes: Uint8Array): void; end(): void } {
  return createEventStreamReader(
    (message) => onFrame(eventStreamFrame(message)),
    maxFrameSize,
    () => {
      throw frameTooLarge(maxFrameSize, undefined);
    },
  );
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
  /** The calls the non-streaming parser finds in one Hermes block, in order. */
  const readCalls =
    callTag === undefined
      ? undefined
      : (block: string) =>
          parseHermesToolCalls(`<${callTag}>${block}</${callTag}>`, {
            callTag,
            thinkFilter: false,
          });
  const filter = new TagFilter({ think, callTag, trim: think || callTag !== undefined, readCalls });
  const textDecoder = new TextDecoder('utf-8');
  let events: StreamEvent[] = [];
  let pieces: FilteredPiece[] = [];
  let callCount = 0;
  const emitted = new TextDigest();
  let done = false;
  /** The wire's last frame arrived: later frames are not read, the reply finishes. */
  let ended = false;

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
      // The final reply leaves a nameless call out; its index must not shift the others'.
      if (name === '') return -1;
      const index = callCount++;
      events.push({ type: 'tool-call-start', index, id, name });
      return index;
    },
    toolDelta(index, argumentsDelta) {
      if (index >= 0 && argumentsDelta !== '') {
        events.push({ type: 'tool-call-delta', index, argumentsDelta });
      }
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
        for (const call of piece.calls ?? readCalls?.(piece.text) ?? []) {
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
    if (ended) return;
    frameCount++;
    if (stream.doneData !== undefined && frame.data.trim() === stream.doneData) {
      state.frame(frame.event, undefined, emitter);
    } else {
      let data: unknown;
      try {
        data = JSON.parse(frame.data);
      } catch (error) {
        throw badChunk(wire, frame.data, error);
      }
      state.frame(frame.event, data, emitter);
    }
    if (state.ended?.() === true) ended = true;
  };
  const framing = options.framing ?? stream.framing;
  const binary =
    framing === 'aws-eventstream' ? eventStreamReader(onFrame, maxFrameSize) : undefined;
  const frames =
    framing === 'sse' ? sseReader(onFrame, maxFrameSize) : ndjsonReader(onFrame, maxFrameSize);
  const maxStreamBytes = options.maxStreamBytes ?? DEFAULT_MAX_STREAM_BYTES;
  let received = 0;
  /** The start of the body, quoted when it turns out not to be a stream. */
  let head = '';
  let frameCount = 0;
  /**
   * `sniff` until the first character that is not whitespace: a JSON value there (where
   * server-sent events were asked for) is a reply that was not streamed, read `whole`.
   */
  let mode: 'sniff' | 'frames' | 'whole' = framing === 'ndjson' ? 'frames' : 'sniff';
  const whole = new TextBuilder();

  const read = (text: string): void => {
    if (head.length < QUOTED) head += text.slice(0, QUOTED - head.length);
    if (mode === 'sniff') {
      const first = /\S/.exec(text);
      if (first === null) return; // leading blank lines dispatch nothing in SSE either
      const char = text[first.index];
      mode = char === '{' || char === '[' ? 'whole' : 'frames';
    }
    if (mode === 'whole') whole.append(text);
    else if (!ended) frames.feed(text);
  };

  /**
   * Binary framing: the first byte tells a reply that was not streamed (a JSON body starts with
   * `{` or whitespace; a message starts with the high byte of its length, 0 below 16 MiB).
   */
  const readBytes = (bytes: Uint8Array): void => {
    if (mode === 'sniff' && bytes.length > 0) {
      const first = bytes[0] as number;
      mode =
        first === 0x7b || first === 0x5b || first === 0x20 || first === 0x0a ? 'whole' : 'frames';
    }
    if (mode === 'frames') {
      if (!ended) binary?.feed(bytes);
      if (head === '') head = `<${bytes.length} bytes of event stream>`;
      return;
    }
    read(textDecoder.decode(bytes, { stream: true }));
  };

  /** The frames are over (the bytes ended, or the wire's last frame came): the reply settles. */
  const endFrames = (): void => {
    filter.end(pieces);
    flushPieces();
    finish();
  };

  const notAStream = (cause: unknown): ProviderError =>
    new ProviderError(
      `${wire} reply to a streamed request is not a stream (${framing === 'sse' ? 'server-sent events were' : 'an AWS event stream was'} asked for); it began: ${JSON.stringify(head)}`,
      { code: 'stream_not_sse', cause, details: { wire, head } },
    );

  /** A reply that was not streamed: its parse, handed on as the events a stream of it gives. */
  const readWhole = (): void => {
    let body: unknown;
    try {
      body = JSON.parse(whole.toString());
    } catch (error) {
      throw notAStream(error);
    }
    if (Array.isArray(body)) {
      // A JSON array of stream chunks (Gemini's streamGenerateContent without alt=sse).
      for (const chunk of body) {
        frameCount++;
        state.frame(undefined, chunk, emitter);
      }
      filter.end(pieces);
      flushPieces();
      finish();
      return;
    }
    const response = DIALECTS[wire].parseResponse(body, options);
    if (response.reasoning !== undefined && response.reasoning !== '') {
      emitter.reasoning(response.reasoning);
    }
    if (response.content !== '') {
      emitted.append(response.content);
      events.push({ type: 'text-delta', text: response.content });
    }
    response.toolCalls.forEach((call, index) => {
      events.push({ type: 'tool-call-start', index, id: call.id, name: call.name });
      const args =
        typeof call.rawArguments === 'string'
          ? call.rawArguments
          : JSON.stringify(call.rawArguments ?? call.arguments);
      if (args !== '') events.push({ type: 'tool-call-delta', index, argumentsDelta: args });
    });
    settle(response);
  };

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
      // Bytes but no frame: not a stream (a JSON array of no chunks is one, cut short).
      if (frameCount === 0 && mode !== 'whole' && head.trim() !== '') throw notAStream(undefined);
      throw new ProviderError(
        `${wire} stream ended before the reply was complete (no end marker); the connection was cut or the server stopped`,
        { code: 'stream_truncated', details: { wire } },
      );
    }
    settle(DIALECTS[wire].parseResponse(state.body(), options));
  };

  /** The reply is complete: the text it has beyond what streamed, the call ends, usage, finish. */
  const settle = (response: ChatResponse): void => {
    // Whatever the final text has beyond what streamed (a refusal, text a malformed tag held back).
    if (response.content.length > emitted.length && emitted.prefixOf(response.content)) {
      events.push({ type: 'text-delta', text: response.content.slice(emitted.length) });
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
        received += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
        if (received > maxStreamBytes) {
          throw new ProviderError(
            `${wire} streamed reply exceeds the limit of ${maxStreamBytes} bytes (maxStreamBytes); the stream was stopped`,
            { code: 'provider_response_too_large', details: { wire, maxStreamBytes } },
          );
        }
        if (binary !== undefined) {
          readBytes(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
        } else {
          read(typeof chunk === 'string' ? chunk : textDecoder.decode(chunk, { stream: true }));
        }
        if (ended) endFrames();
      } catch (error) {
        fail(error);
      }
      return take();
    },
    end() {
      if (done) return [];
      try {
        const tail = textDecoder.decode();
        if (tail !== '') read(tail);
        if (mode === 'whole') readWhole();
        else {
          if (binary !== undefined) binary.end();
          else frames.end();
          endFrames();
        }
      } catch (error) {
        fail(error);
      }
      return take();
    },
  };
}

/**
 * The events of a whole streamed reply read from `source` (byte or text chunks, e.g. a fetch
 * body or a recorded stream). Yields the `error` event and then throws its error. Stops reading
 * `source` once the reply is complete (its `finish`), even when more chunks would follow.
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
