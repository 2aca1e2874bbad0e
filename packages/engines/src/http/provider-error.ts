import { ProviderError } from '@crosswire/core';
import { capText, isRecord } from '@crosswire/dialects';

/** What a provider's error body says, in any of the shapes the six wires use. */
export interface ProviderErrorBody {
  readonly code: string | undefined;
  readonly message: string | undefined;
}

/**
 * Reads an error body: OpenAI/Responses/Groq/Mistral `{ error: { message, type, code } }`,
 * Anthropic `{ type: 'error', error: { type, message } }`, Gemini `{ error: { code, message,
 * status } }` (sometimes wrapped in an array), Ollama `{ error: "text" }`, FastAPI-style
 * `{ detail }` (vLLM, SGLang) and `{ message }`. Never throws.
 */
export function readProviderErrorBody(body: unknown): ProviderErrorBody {
  const root = Array.isArray(body) ? body[0] : body;
  if (typeof root === 'string') return { code: undefined, message: root.trim() || undefined };
  if (!isRecord(root)) return { code: undefined, message: undefined };
  const error = root.error;
  if (typeof error === 'string') return { code: stringOf(root.code), message: error };
  if (isRecord(error)) {
    const code =
      stringOf(error.status) ?? // Gemini's symbolic code (INVALID_ARGUMENT) beats its HTTP number
      stringOf(error.code) ??
      stringOf(error.type);
    return { code, message: stringOf(error.message) };
  }
  if (typeof root.detail === 'string') return { code: stringOf(root.code), message: root.detail };
  if (Array.isArray(root.detail)) {
    return { code: stringOf(root.code), message: JSON.stringify(root.detail) };
  }
  return { code: stringOf(root.code) ?? stringOf(root.type), message: stringOf(root.message) };
}

/**
 * The typed error for a non-2xx reply, keeping status, provider code and message. `text` is
 * the raw body, quoted (shortened) when it was not JSON.
 */
export function providerErrorFromResponse(options: {
  provider: string;
  status: number;
  body: unknown;
  text: string;
  retryAfterMs?: number | undefined;
  attempts?: number;
}): ProviderError {
  const read = readProviderErrorBody(options.body ?? options.text);
  // Provider text is capped: a 60 MB error.message must not become the exception message.
  const message = read.message === undefined ? undefined : capText(read.message);
  const code = read.code === undefined ? undefined : capText(read.code, 100);
  const said =
    message ?? (options.text.trim() === '' ? undefined : shorten(options.text.trim(), 300));
  const codePart = code === undefined ? '' : ` (${code})`;
  return new ProviderError(
    `${options.provider} returned HTTP ${options.status}${codePart}${said === undefined ? '' : `: ${said}`}`,
    {
      code: options.status === 429 ? 'provider_rate_limited' : 'provider_error',
      status: options.status,
      providerCode: code,
      providerMessage: said,
      retryAfterMs: options.retryAfterMs,
      details: { provider: options.provider, attempts: options.attempts ?? 1 },
    },
  );
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
