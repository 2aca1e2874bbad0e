import type { CrosswireError, WireFormat } from '@crosswire/core';
import type { RateLimit } from './http/rate-limit.js';
import type { Usage } from './response.js';

/** Told before each provider request (after images were inlined and the body built). */
export interface RequestEvent {
  readonly provider: string;
  readonly model: string;
  readonly wire: WireFormat;
  readonly url: string;
  /** The body with every base64 payload replaced by a size note (never the whole payload). */
  readonly body: unknown;
  /** 1-based turn of a tool loop; undefined for a plain `chat`. */
  readonly iteration: number | undefined;
}

/** Told after each provider request, successful or not. */
export interface ResponseEvent {
  readonly provider: string;
  readonly model: string;
  readonly wire: WireFormat;
  readonly url: string;
  /** HTTP status of the last attempt; undefined when no reply arrived. */
  readonly status: number | undefined;
  /** Wall time of the call, retries and backoff waits included. */
  readonly durationMs: number;
  readonly attempts: number;
  readonly usage: Usage | undefined;
  readonly finishReason: string | undefined;
  /** The reply body, summarised like the request body; undefined on failure. */
  readonly body: unknown;
  /** The error the call ended with (a `ProviderError`, a `PromptBlockedError`...). */
  readonly error: CrosswireError | Error | undefined;
  readonly rateLimit: RateLimit | undefined;
  readonly iteration: number | undefined;
}

/** Observability hooks of an engine. A throwing hook never breaks a call (its error is dropped). */
export interface ObserveOptions {
  readonly onRequest?: ((event: RequestEvent) => void) | undefined;
  readonly onResponse?: ((event: ResponseEvent) => void) | undefined;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=.+-]+)*;base64,/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** Strings at least this long that are pure base64 are payloads, not prose. */
const PAYLOAD_MIN_LENGTH = 256;

/**
 * A copy of `value` for logs: every base64 payload (a `data:` URL, or a long pure-base64
 * string such as Anthropic's `source.data` or Ollama's `images[]`) becomes a note with its
 * decoded size, e.g. `[base64 1048576 bytes]`. Everything else is kept.
 */
export function summarizePayloads(value: unknown): unknown {
  if (typeof value === 'string') return summarizeString(value);
  if (Array.isArray(value)) return value.map(summarizePayloads);
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) copy[key] = summarizePayloads(inner);
    return copy;
  }
  return value;
}

function summarizeString(text: string): string {
  const dataUrl = DATA_URL.exec(text);
  if (dataUrl) {
    const payload = text.length - dataUrl[0].length;
    return `${dataUrl[0]}[${decodedSize(text.slice(dataUrl[0].length), payload)} bytes]`;
  }
  if (text.length >= PAYLOAD_MIN_LENGTH && BASE64.test(text)) {
    return `[base64 ${decodedSize(text, text.length)} bytes]`;
  }
  return text;
}

function decodedSize(base64: string, length: number): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((length * 3) / 4) - padding;
}

/** Calls a hook, swallowing what it throws: logging must not change the call's outcome. */
export function notify<E>(hook: ((event: E) => void) | undefined, event: () => E): void {
  if (!hook) return;
  try {
    hook(event());
  } catch {
    // A broken logger is the caller's bug to see in its own output, not a reason to fail the request.
  }
}
