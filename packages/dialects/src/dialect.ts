// The wire-independent entry points of the dialects: each looks its wire up in `DIALECTS`.
import type { Image } from '@crosswire/content-image/image';
import {
  type CallToolResultInput,
  emitWarning,
  extractToolCall,
  HERMES_DEFAULTS,
  locateToolCalls,
  type ToolCall,
  ToolLoopError,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import { ToolResult, type ToolResultInit } from '@crosswire/tool-result';
import type { ChatRequest, DialectOptions } from './dialect-types.js';
import type { ChatMessage, ConversationMessage, ProviderMessage } from './messages.js';
import { canonicalMessages, providerMessages, userImages } from './messages.js';
import { type ChatResponse, hitTokenLimit } from './response.js';
import type {
  StructuredMechanism,
  StructuredOutputRequest,
  StructuredReply,
} from './structured/types.js';
import { DIALECTS, messagesFor } from './wires/index.js';

export type {
  ChatRequest,
  Dialect,
  DialectOptions,
  HermesOptions,
  ToolChoice,
} from './dialect-types.js';
export { DIALECTS } from './wires/index.js';

/** A {@link ChatRequest} whose conversation may also hold provider messages (`formatToolResults` output). */
export type ChatRequestInput = Omit<ChatRequest, 'messages'> & {
  readonly messages: readonly ConversationMessage[];
};

/** Builds the request body of `wire` (see {@link Dialect.buildRequest}). */
export function buildRequest(
  wire: WireFormat,
  request: ChatRequestInput,
  options: DialectOptions = {},
): Record<string, unknown> {
  return DIALECTS[wire].buildRequest(
    { ...request, messages: canonicalMessages(request.messages) },
    options,
  );
}

/** Parses a decoded reply body of `wire` (see {@link Dialect.parseResponse}). */
export function parseResponse(
  wire: WireFormat,
  body: unknown,
  options: DialectOptions = {},
): ChatResponse {
  return DIALECTS[wire].parseResponse(body, options);
}

/**
 * Reads one tool-loop turn's reply: the wire's parser, which throws on an error body and on a
 * blocked prompt (`prompt blocked: REASON`); on hermes the `<tool_call>` tags are lifted into
 * `toolCalls` and stripped from `content`.
 */
export function toolLoopResponse(
  wire: WireFormat,
  body: unknown,
  options: DialectOptions = {},
): ChatResponse {
  return DIALECTS[wire].parseResponse(body, options);
}

/**
 * One result for `formatToolResults`: a `ToolResult` (which carries the call's name and id), what
 * its constructor takes (`{ name, id, content, isError, structuredContent }`), or the pair of the
 * call and what the MCP server returned. `toolCall` may be a `ToolCall` or the raw structure
 * `responseToolCalls` located; `result` an MCP `CallToolResult` (or a `ToolResult`, taken as it
 * is).
 */
export type ToolResultInput =
  | ToolResult
  | ToolResultInit
  | {
      readonly toolCall: ToolCall | unknown;
      readonly result: CallToolResultInput | ToolResult;
    };

/**
 * Each input as a `ToolResult`: a pair's result gets its call's name and id (from a
 * `ToolCall`, or read off the raw structure with core's `extractToolCall`).
 */
export function toToolResults(
  wire: WireFormat,
  results: readonly ToolResultInput[],
  options: { readonly onWarning?: WarningHandler } = {},
): ToolResult[] {
  return results.map((item) => {
    if (item instanceof ToolResult) return item;
    if (typeof item !== 'object' || item === null || !('result' in item)) {
      // A plain `{ name, id, content, isError }`: what the ToolResult constructor takes.
      return new ToolResult(item as ToolResultInit, options);
    }
    const pair = item as { toolCall?: unknown; tool_call?: unknown; result?: unknown };
    if (pair.result instanceof ToolResult) return pair.result;
    const rawCall = pair.toolCall ?? pair.tool_call;
    const call = isToolCall(rawCall) ? rawCall : extractToolCall(wire, rawCall);
    return ToolResult.fromCallToolResult({ name: call?.name, id: call?.id }, pair.result, {
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    });
  });
}

function isToolCall(value: unknown): value is ToolCall {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ToolCall).name === 'string' &&
    typeof (value as ToolCall).id === 'string' &&
    typeof (value as ToolCall).argumentsUndecodable === 'boolean'
  );
}

/**
 * The assistant echo of the prior turn (built from the reply body `body`) plus one result block per
 * result, as a list for every wire: the provider's own messages (see {@link ProviderMessage}), to
 * append to the conversation. Each result is a `ToolResult` or a `{ toolCall, result }` pair (see
 * {@link ToolResultInput}).
 */
export function formatToolResults(
  wire: WireFormat,
  body: unknown,
  results: readonly ToolResultInput[],
  options: DialectOptions = {},
): ProviderMessage[] {
  return providerMessages(
    DIALECTS[wire].formatToolResults(
      body,
      toToolResults(wire, results, { onWarning: options.onWarning }),
      options,
    ),
  );
}

/**
 * The raw tool-call structures of a reply body, in reply order, as the wire spells them
 * (hermes: `{ name, arguments }` objects parsed from the text). Calls cut off by the token
 * limit are still returned; a body with an error in it gives its calls or `[]`, never throws
 * for that reason.
 */
export function responseToolCalls(
  wire: WireFormat,
  body: unknown,
  options: DialectOptions = {},
): unknown[] {
  return locateToolCalls(wire, body, {
    callTag: options.hermes?.callTag ?? HERMES_DEFAULTS.callTag,
    thinkFilter: options.thinkTagFilter === true,
  });
}

/**
 * The assistant's final text of a reply body: the content `parseResponse` gives, or for a body it
 * rejects the text read straight off the body, or ''. Never throws.
 */
export function responseTextContent(
  wire: WireFormat,
  body: unknown,
  options: DialectOptions = {},
): string {
  const dialect = DIALECTS[wire];
  try {
    return dialect.parseResponse(body, options).content;
  } catch {
    try {
      return dialect.readText(body, options);
    } catch {
      return '';
    }
  }
}

export interface ToolLoopCallsOptions {
  /** The wire of the reply; read off the calls when unset. Needed only to drop calls from the body. */
  readonly wire?: WireFormat;
  readonly dialectOptions?: DialectOptions;
  readonly onWarning?: WarningHandler;
}

/**
 * What {@link toolLoopCalls} returns: the calls to run and the body (`data`) to build the assistant
 * echo from. `body` is the same value as `data`; it also destructures as a pair:
 * `const [calls, data] = ...`.
 */
export interface ToolLoopCalls extends Iterable<unknown> {
  readonly calls: ToolCall[];
  readonly data: unknown;
  /** The same as `data`. */
  readonly body: unknown;
}

function toolLoopCallsValue(calls: ToolCall[], data: unknown): ToolLoopCalls {
  const value = { calls, data };
  // Not enumerable, so the value equals a plain `{ calls, data }`.
  Object.defineProperties(value, {
    body: { get: () => data, enumerable: false },
    [Symbol.iterator]: {
      value: function* pair() {
        yield calls;
        yield data;
      },
      enumerable: false,
    },
  });
  return value as ToolLoopCalls;
}

/**
 * The calls one tool-loop turn runs, and the body to build its assistant echo from. When the reply
 * hit its token limit (`length`, `max_tokens`, `MAX_TOKENS`, `incomplete`), a call whose arguments
 * do not decode is dropped: with none left this throws `ToolLoopError`
 * `tool_call_arguments_truncated`; otherwise one warning names the dropped calls and the body comes
 * back as a copy without them. Else the calls and body come back unchanged. `body` defaults to
 * `reply.raw`.
 */
export function toolLoopCalls(
  reply: ChatResponse,
  body: unknown = reply.raw,
  options: ToolLoopCallsOptions = {},
): ToolLoopCalls {
  const calls = [...reply.toolCalls];
  if (!hitTokenLimit(reply.finishReason)) return toolLoopCallsValue(calls, body);
  const dropped = calls.filter((call) => call.argumentsUndecodable);
  if (dropped.length === 0) return toolLoopCallsValue(calls, body);
  const kept = calls.filter((call) => !call.argumentsUndecodable);
  const reason = reply.finishReason ?? '';
  if (kept.length === 0) {
    throw new ToolLoopError(
      'tool_call_arguments_truncated',
      `tool call arguments truncated (finish_reason ${reason}); raise maxTokens`,
      { details: { finishReason: reason, calls: dropped.map((call) => call.name) } },
    );
  }
  const wire = options.wire ?? dropped[0]?.wire;
  const onWarning = options.onWarning ?? options.dialectOptions?.onWarning;
  const names = dropped.map((call) => (call.id ? `${call.name} (${call.id})` : call.name));
  emitWarning(onWarning, {
    code: 'tool_call_arguments_truncated',
    message: `dropped ${dropped.length} tool call(s) whose arguments were cut off by the token limit (finish_reason ${reason}): ${names.join(', ')}`,
    details: { finishReason: reason, calls: names },
  });
  const pruned =
    wire === undefined
      ? body
      : DIALECTS[wire].withoutToolCalls(body, dropped, options.dialectOptions ?? {});
  return toolLoopCallsValue(kept, pruned);
}

/**
 * The conversation with every provider message read back into neutral messages
 * (`ChatMessage`s without `wire` entries), as a request of another wire reads them: text,
 * images, calls with their ids and arguments, results with their content and `isError`.
 * Reasoning only its own wire can verify is left out (one `cross_wire_reasoning_dropped`
 * warning per wire), as is anything else the neutral form cannot hold
 * (`cross_wire_content_dropped`). Throws `wire_message_unreadable` for a provider message
 * its wire's reader cannot read.
 */
export function neutralMessages(
  messages: readonly ConversationMessage[],
  options: { readonly onWarning?: WarningHandler } = {},
): ChatMessage[] {
  return messagesFor(undefined, canonicalMessages(messages), options);
}

/** Wires whose body carries images as inline bytes only. */
const WIRES_NEEDING_BYTES: Readonly<Record<WireFormat, 'always' | 'inline-option' | 'never'>> = {
  gemini: 'always',
  ollama: 'always',
  openai: 'inline-option',
  responses: 'inline-option',
  hermes: 'inline-option',
  anthropic: 'never',
  // Converse fetches no image URL (only its own S3 objects): the bytes go in the body.
  bedrock: 'always',
};

/**
 * The images of `messages` that must hold their bytes before `buildRequest` on `wire`:
 * gemini, ollama and bedrock always, openai/responses/hermes with `inlineImages`, anthropic never
 * (it takes URL sources). Each image once, in message order; images that already hold bytes
 * are left out. Fetch them (`image.ensureBase64`) before building the request.
 */
export function imagesNeedingBytes(
  wire: WireFormat,
  messages: readonly ConversationMessage[],
  options: DialectOptions = {},
): Image[] {
  const rule = WIRES_NEEDING_BYTES[wire];
  if (rule === 'never' || (rule === 'inline-option' && !options.inlineImages)) return [];
  const found = new Set<Image>();
  for (const message of messagesFor(wire, canonicalMessages(messages), {
    onWarning: () => {},
  })) {
    if (message.role !== 'user') continue;
    for (const image of userImages(message)) {
      if (!imageHasBytes(image)) found.add(image);
    }
  }
  return [...found];
}

function imageHasBytes(image: Image): boolean {
  return image.hasBase64;
}

/** The mechanism a request of `wire` with `output` uses under `options` (see {@link Dialect.structuredMechanism}). */
export function structuredMechanism(
  wire: WireFormat,
  options: DialectOptions = {},
): StructuredMechanism {
  return DIALECTS[wire].structuredMechanism(options);
}

/**
 * The JSON text of a reply to a request with `output`, or the model's refusal: the reply's
 * text (a Markdown code fence taken off), or on anthropic `tool` mode the synthetic call's
 * input. Never throws; parsing and validating is the caller's.
 */
export function readStructured(
  wire: WireFormat,
  response: ChatResponse,
  output: StructuredOutputRequest,
  options: DialectOptions = {},
): StructuredReply {
  return DIALECTS[wire].readStructured(response, output, options);
}
