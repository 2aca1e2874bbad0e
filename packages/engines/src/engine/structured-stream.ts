// A streamed reply to a request with `output`: `object-delta` events with the partial object
// as the JSON arrives, and the `finish` event's response with the validated `object`.
import type { WireFormat } from '@crosswire/core';
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
 * `events` with the structured reply read: `object-delta` while the JSON arrives (from the
 * text, or the synthetic tool's arguments on anthropic), then `finish` with `object`. A refusal
 * or an invalid reply throws `StructuredOutputError` (no `repair` on a stream).
 */
export async function* withObjectEvents(
  events: AsyncIterable<StreamEvent>,
  wire: WireFormat,
  dialectOptions: DialectOptions,
  resolved: ResolvedOutput,
  output: StructuredOutputRequest = resolved.request,
): AsyncGenerator<ChatStreamEvent, void, undefined> {
  const name = output.toolName ?? output.name;
  // In the tool form a root that is not an object rides in one property of the arguments.
  const wrapped = wrapsRoot(output.schema);
  let text = '';
  let parsedAt = 0;
  let toolIndex: number | undefined;
  let last = '{}';
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
    if (event.type === 'tool-call-start' && event.name === name) toolIndex = event.index;
    const grew =
      (event.type === 'text-delta' && toolIndex === undefined) ||
      (event.type === 'tool-call-delta' && event.index === toolIndex);
    if (event.type === 'finish') {
      yield finished(event, wire, dialectOptions, resolved, output, toolIndex !== undefined);
      continue;
    }
    yield event;
    if (grew) {
      text += event.type === 'text-delta' ? event.text : event.argumentsDelta;
      const next = delta();
      if (next) yield next;
    }
  }
}

function finished(
  event: Extract<StreamEvent, { type: 'finish' }>,
  wire: WireFormat,
  dialectOptions: DialectOptions,
  resolved: ResolvedOutput,
  output: StructuredOutputRequest,
  viaTool: boolean,
): StreamEvent {
  const { response } = event;
  const reply = readStructured(wire, response, output, dialectOptions);
  if (reply.refusal !== undefined) throw refusedOutputError(resolved.request.name, reply.refusal);
  if (reply.toolCallId === undefined && response.toolCalls.length > 0) return event;
  const checked = checkStructured(resolved, reply.text);
  if (!checked.ok) throw invalidOutputError(resolved.request.name, reply.text, checked.issues, 1);
  const answered: StructuredChatResponse = {
    ...response,
    ...(viaTool || reply.toolCallId !== undefined ? { toolCalls: [] } : {}),
    object: checked.value,
  };
  return { ...event, response: answered };
}
