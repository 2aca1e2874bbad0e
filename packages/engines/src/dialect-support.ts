// Helpers shared by the wire files: lenient readers of decoded JSON, the `<think>` filter,
// error bodies, and the ToolCall value built from a located call.
import {
  CrosswireError,
  emitWarning,
  ProviderError,
  type ToolCall,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import type { DialectOptions } from './dialect-types.js';
import { capText } from './http/secrets.js';
import type { ChatMessage, WireMessage } from './messages.js';
import type { Usage } from './response.js';

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown): JsonObject {
  return isRecord(value) ? value : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A usage object without its undefined fields, or undefined when nothing was reported. */
export function usageOf(usage: {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  totalTokens?: number | undefined;
  reasoningTokens?: number | undefined;
}): Usage | undefined {
  const entries = Object.entries(usage).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries) as Usage;
}

/**
 * Text of a message `content` that may be a string, null, or a list of content chunks
 * (Mistral's `[{type:'text', text}]`, OpenAI's output parts): the text chunks joined.
 * Thinking chunks (Mistral `{type:'thinking'}`) are returned apart.
 */
export function contentChunksText(content: unknown): { text: string; thinking: string[] } {
  if (typeof content === 'string') return { text: content, thinking: [] };
  const thinking: string[] = [];
  const texts: string[] = [];
  for (const chunk of asArray(content)) {
    if (typeof chunk === 'string') {
      texts.push(chunk);
      continue;
    }
    const record = asRecord(chunk);
    if (record.type === 'thinking') {
      const inner = record.thinking;
      if (typeof inner === 'string') thinking.push(inner);
      else thinking.push(contentChunksText(inner).text);
      continue;
    }
    const text = asString(record.text);
    if (text !== undefined && (record.type === undefined || /text$/.test(String(record.type)))) {
      texts.push(text);
    }
  }
  return { text: texts.join(''), thinking };
}

const THINK_BLOCK = /<think>([\s\S]*?)<\/think>/g;

/**
 * Splits `<think>...</think>` out of a text. Also handles a reply whose chat template opened
 * the tag in the prompt (text starts inside the thinking, so only `</think>` appears) and a
 * reply cut off inside an unclosed `<think>`.
 */
export function splitThinkTags(text: string): { content: string; thinking: string[] } {
  const thinking: string[] = [];
  let rest = text;
  const firstOpen = rest.indexOf('<think>');
  const firstClose = rest.indexOf('</think>');
  if (firstClose !== -1 && (firstOpen === -1 || firstClose < firstOpen)) {
    thinking.push(rest.slice(0, firstClose));
    rest = rest.slice(firstClose + '</think>'.length);
  }
  rest = rest.replace(THINK_BLOCK, (_match, inner: string) => {
    thinking.push(inner);
    return '';
  });
  const unclosed = rest.indexOf('<think>');
  if (unclosed !== -1) {
    thinking.push(rest.slice(unclosed + '<think>'.length));
    rest = rest.slice(0, unclosed);
  }
  return {
    content: thinking.length > 0 ? rest.trim() : rest,
    thinking: thinking.map((part) => part.trim()),
  };
}

/** Joins reasoning pieces; undefined when there is none. */
export function joinReasoning(pieces: readonly (string | undefined)[]): string | undefined {
  const kept = pieces.filter((piece): piece is string => typeof piece === 'string' && piece !== '');
  return kept.length > 0 ? kept.join('\n') : undefined;
}

/**
 * Throws `ProviderError` for an error body in a 200 reply: `{ error: {...} }` (OpenAI and
 * compatibles, Gemini), `{ error: 'text' }` (Ollama), `{ type: 'error', error }` (Anthropic).
 */
export function throwIfErrorBody(wire: WireFormat, body: unknown): void {
  if (!isRecord(body)) return;
  // vLLM and other OpenAI-compatible servers: the error fields at the top level.
  const error = body.object === 'error' && body.error === undefined ? body : body.error;
  if (error === undefined || error === null) return;
  if (typeof error === 'string') {
    throw new ProviderError(`${wire} provider error: ${capText(error)}`, {
      providerMessage: capText(error),
    });
  }
  if (!isRecord(error)) return;
  const spoken = asString(error.message);
  const providerMessage = spoken === undefined ? undefined : capText(spoken);
  // Prefer a spelled-out code ('rate_limit_exceeded', 'overloaded_error', 'INVALID_ARGUMENT')
  // over Gemini's numeric one, which is the HTTP status.
  const rawCode =
    [error.code, error.type, error.status].find((value) => typeof value === 'string') ?? error.code;
  const providerCode = rawCode === undefined || rawCode === null ? undefined : String(rawCode);
  const status = asNumber(error.code);
  throw new ProviderError(
    `${wire} provider error${providerCode ? ` ${providerCode}` : ''}: ${providerMessage ?? capText(JSON.stringify(error))}`,
    {
      ...(providerCode === undefined ? {} : { providerCode }),
      ...(providerMessage === undefined ? {} : { providerMessage }),
      ...(status !== undefined && status >= 400 && status < 600 ? { status } : {}),
      details: { error },
    },
  );
}

/** Throws when a body is not a JSON object (a reply the parser cannot read). */
export function requireObject(wire: WireFormat, body: unknown): JsonObject {
  if (!isRecord(body)) {
    throw new ProviderError(`${wire} reply is not a JSON object`, {
      code: 'unreadable_response',
      details: { body: typeof body },
    });
  }
  return body;
}

/** Wraps wire-shaped messages for a conversation list. */
export function wrap(wire: WireFormat, messages: readonly unknown[]): WireMessage[] {
  return messages.map((message) => ({ role: 'wire' as const, wire, message }));
}

/**
 * The message of a `WireMessage` when it is of `wire`; a clear error otherwise. `DIALECTS`
 * reads other wires' messages back before a wire's builder runs, so only a wire's own
 * builder called directly meets another wire's message here.
 */
export function unwrapWireMessage(wire: WireFormat, message: WireMessage): unknown {
  if (message.wire !== wire) {
    throw new CrosswireError(
      'wire_message_mismatch',
      `a ${message.wire} wire message cannot go into a ${wire} request as it is (build it through DIALECTS or buildRequest, which read it back for ${wire})`,
      { details: { expected: wire, got: message.wire } },
    );
  }
  return message.message;
}

/** The system messages' texts joined by a blank line; undefined when there is none. */
export function systemText(messages: readonly ChatMessage[]): string | undefined {
  const texts = messages.flatMap((message) =>
    message.role === 'system' && message.content !== '' ? [message.content] : [],
  );
  return texts.length > 0 ? texts.join('\n\n') : undefined;
}

/**
 * Checks that the results answer the echoed calls one to one (by id where both have one, by
 * count otherwise) and warns when they do not: the provider rejects a turn with a call left
 * unanswered, so the caller should know before it does.
 */
export function checkResultsAnswerCalls(
  wire: WireFormat,
  callIds: readonly string[],
  results: readonly ToolResult[],
  onWarning: WarningHandler | undefined,
): void {
  const resultIds = results.map((result) => result.id ?? '');
  const unanswered = callIds.filter((id) => id !== '' && !resultIds.includes(id));
  const unknown = resultIds.filter(
    (id) => id !== '' && callIds.length > 0 && !callIds.includes(id),
  );
  if (callIds.length === results.length && unanswered.length === 0 && unknown.length === 0) return;
  emitWarning(onWarning, {
    code: 'tool_results_mismatch',
    message: `${wire}: ${results.length} tool result(s) for ${callIds.length} call(s) in the reply${unanswered.length ? `; unanswered: ${unanswered.join(', ')}` : ''}${unknown.length ? `; results for unknown calls: ${unknown.join(', ')}` : ''}`,
    details: { calls: [...callIds], results: resultIds },
  });
}

/** A structural check for JSON-serialisable deep copies of reply bodies. */
/**
 * Removes from the array `container[key]` the located structures of `calls` (compared as
 * JSON, after `locate` maps an item to the structure the calls were located as). Leaves a
 * missing or non-array entry alone.
 */
export function dropCallItems(
  container: Record<string, unknown>,
  key: string,
  calls: readonly ToolCall[],
  locate: (item: unknown) => unknown = (item) => item,
): void {
  const items = container[key];
  if (!Array.isArray(items)) return;
  const dropped = new Set(calls.map((call) => JSON.stringify(call.raw)));
  container[key] = items.filter((item) => !dropped.has(JSON.stringify(locate(item))));
}

export function cloneJson<T>(value: T): T {
  return structuredClone(value);
}

/** The `ToolResult.to` options a dialect's settings give. */
export function resultOptions(options: DialectOptions) {
  return {
    imageInput: options.imageInput === true,
    ...(options.nativePdf === undefined ? {} : { nativePdf: options.nativePdf }),
    ...(options.sourceBlocks === undefined ? {} : { sourceBlocks: options.sourceBlocks }),
    ...(options.hermes?.responseTag === undefined
      ? {}
      : { responseTag: options.hermes.responseTag }),
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
  };
}
