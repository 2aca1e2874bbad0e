// Error bodies in 200 replies and replies that are not objects, as typed provider errors.
import { ProviderError, type WireFormat } from '@crosswire/core';
import { asNumber, asString, isRecord, type JsonObject } from './json.js';

/** The longest provider text an error message or `providerMessage` carries. */
export const MAX_PROVIDER_TEXT = 1000;

/** `text` cut to `max` characters, with a note of how much was left out. */
export function capText(text: string, max = MAX_PROVIDER_TEXT): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [${text.length - max} more characters]`;
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
      ...(providerCode !== undefined && TRANSIENT_ERROR_TYPES[wire].includes(providerCode)
        ? { retryable: true }
        : {}),
      details: { error },
    },
  );
}

/**
 * Error types a wire's provider documents as transient, sent in a 200 reply or in the middle of
 * a stream: the same request may succeed later. Anthropic: "errors" page, `overloaded_error`
 * (HTTP 529 when not streamed), `api_error` (500) and `rate_limit_error` (429).
 */
const TRANSIENT_ERROR_TYPES: Readonly<Record<WireFormat, readonly string[]>> = {
  anthropic: ['overloaded_error', 'api_error', 'rate_limit_error'],
  openai: [],
  gemini: [],
  ollama: [],
  responses: [],
  hermes: [],
  // Converse's exceptions arrive in event-stream frames, read by eventstream.ts.
  bedrock: [],
};

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
