// A streamed reply to a request with `output`: `object-delta` events with the partial object
// as the JSON arrives, and the `finish` event's response with the validated `object`.
import { CrosswireError, type WireFormat } from '@crosswire/core';
import {
  type DialectOptions,
  isRecord,
  partialJsonObject,
  readStructured,
  type StreamEvent,
  type StructuredOutputRequest,
  WRAPPED_ROOT_PROPERTY,
  wrapsRoot,
} from '@crosswire/dialects';
import { MAX_STRUCTURED_DEPTH } from './json-schema-check.js';
import {
  checkStructured,
  invalidOutputError,
  type ResolvedOutput,
  refusedOutputError,
} from './structured.js';
import type { StructuredChatResponse } from './structured-exchange.js';

/** The partial object of a streamed structured reply, as far as its JSON has arrived. */
export interface ObjectDeltaEvent {
  readonly type: 'object-delta';
  readonly object: Readonly<Record<string, unknown>>;
}

/** The events `engine.stream` gives: the wire's events, and `object-delta` with `output`. */
export type ChatStreamEvent = StreamEvent | ObjectDeltaEvent;

// The partial JSON is parsed again only once it has grown by a quarter (and 32 characters)
// since the last parse: the parses cost a bounded multiple of the reply's length in all.
const GROWTH = 1.25;
const MIN_STEP = 32;

/**
 * How deep the JSON read so far nests, piece by piece: one pass over each piece, strings and
 * their escapes skipped. A reply deeper than {@link MAX_STRUCTURED_DEPTH} is refused before
 * its partial object is built (JSON.stringify of one 10,000 deep is a RangeError).
 */
class NestingDepth {
  #inString = false;
  #escaped = false;
  #depth = 0;
  deepest = 0;
  push(piece: string): void {
    for (let index = 0; index < piece.length; index++) {
      const code = piece.charCodeAt(index);
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (code === 0x5c) this.#escaped = true;
        else if (code === 0x22) this.#inString = false;
      } else if (code === 0x22) this.#inString = true;
      else if (code === 0x7b || code === 0x5b) {
        this.#depth++;
        if (this.#depth > this.deepest) this.deepest = this.#depth;
      } else if ((code === 0x7d || code === 0x5d) && this.#depth > 0) this.#depth--;
    }
  }
}

/**
 * `events` with the structured reply read: `object-delta` while the JSON arrives (from the
 * text, or the synthetic tool's arguments on anthropic), then `finish` with `object`. A refusal,
 * an invalid reply or one nested deeper than {@link MAX_STRUCTURED_DEPTH} is the last event
 * (`{ type: 'error', error }`) and then thrown as `StructuredOutputError` (no `repair` on a
 * stream).
 */
export async function* withObjectEvents(
  events: AsyncIterable<StreamEvent>,
  wire: WireFormat,
  dialectOptions: DialectOptions,
  resolved: ResolvedOutput,
  output: StructuredOutputRequest = resolved.request,
): AsyncGenerator<ChatStreamEvent, void, undefined> {
  let errorSent = false;
  try {
    for await (const event of objectEvents(events, wire, dialectOptions, resolved, output)) {
      errorSent = event.type === 'error';
      yield event;
    }
  } catch (error) {
    // The wire's own failures arrive as their error event first; ours get one here.
    if (!errorSent && error instanceof CrosswireError) yield { type: 'error', error };
    throw error;
  }
}

async function* objectEvents(
  events: AsyncIterable<StreamEvent>,
  wire: WireFormat,
  dialectOptions: DialectOptions,
  resolved: ResolvedOutput,
  output: StructuredOutputRequest,
): AsyncGenerator<ChatStreamEvent, void, undefined> {
  const name = output.toolName ?? output.name;
  // In the tool form a root that is not an object rides in one property of the arguments.
  const wrapped = wrapsRoot(output.schema);
  let text = '';
  let parsedAt = 0;
  let toolIndex: number | undefined;
  let last = '{}';
  let depth = new NestingDepth();
  const delta = (): ObjectDeltaEvent | undefined => {
    if (text.length < parsedAt * GROWTH + MIN_STEP) return undefined;
    parsedAt = text.length;
    const start = text.indexOf('{');
    if (start < 0) return undefined;
    const parsed = partialJsonObject(text.slice(start));
    const inner = toolIndex !== undefined && wrapped ? parsed[WRAPPED_ROOT_PROPERTY] : parsed;
    if (!isRecord(inner)) return undefined;
    const object = inner;
    const shown = JSON.stringify(object);
    if (shown === last) return undefined;
    last = shown;
    return { type: 'object-delta', object };
  };
  for await (const event of events) {
    if (event.type === 'tool-call-start' && event.name === name) {
      toolIndex = event.index;
      // The call's arguments are the JSON: text the model wrote before the call is not part
      // of it (with the tool choice relaxed to `auto`, a preface may hold braces).
      text = '';
      parsedAt = 0;
      depth = new NestingDepth();
    }
    const grew =
      (event.type === 'text-delta' && toolIndex === undefined) ||
      (event.type === 'tool-call-delta' && event.index === toolIndex);
    if (event.type === 'finish') {
      yield await finished(event, wire, dialectOptions, resolved, output);
      continue;
    }
    yield event;
    if (grew) {
      const piece = event.type === 'text-delta' ? event.text : event.argumentsDelta;
      text += piece;
      depth.push(piece);
      if (depth.deepest > MAX_STRUCTURED_DEPTH) {
        throw invalidOutputError(
          name,
          text,
          [{ path: '$', message: `nests deeper than ${MAX_STRUCTURED_DEPTH} levels` }],
          1,
        );
      }
      const next = delta();
      if (next) yield next;
    }
  }
}

async function finished(
  event: Extract<StreamEvent, { type: 'finish' }>,
  wire: WireFormat,
  dialectOptions: DialectOptions,
  resolved: ResolvedOutput,
  output: StructuredOutputRequest,
): Promise<StreamEvent> {
  const { response } = event;
  const reply = readStructured(wire, response, output, dialectOptions);
  if (reply.refusal !== undefined) throw refusedOutputError(resolved.request.name, reply.refusal);
  if (reply.toolCallId === undefined && response.toolCalls.length > 0) return event;
  const checked = await checkStructured(resolved, reply);
  if (!checked.ok) throw invalidOutputError(resolved.request.name, reply.text, checked.issues, 1);
  const answered: StructuredChatResponse = {
    ...response,
    // The synthetic call carried the answer: it is not a call for the loop to run (a reply
    // with other calls went back above, so any calls left are the synthetic one).
    toolCalls: [],
    object: checked.value,
  };
  return { ...event, response: answered };
}
