import type { CrosswireError, WireFormat } from '@crosswire/core';
import type { Usage } from '@crosswire/dialects';
import type { RateLimit } from '../http/rate-limit.js';

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

/** Containers nested deeper than this in an event body are replaced by `DEEP_VALUE_MARKER`. */
export const MAX_EVENT_BODY_DEPTH = 256;

/** What stands in an event body for a container nested deeper than `MAX_EVENT_BODY_DEPTH`. */
export const DEEP_VALUE_MARKER = `[nested deeper than ${MAX_EVENT_BODY_DEPTH} levels]`;

/** One value still to copy: where its copy goes, and how many containers enclose it. */
interface PendingCopy {
  readonly source: unknown;
  readonly target: Record<string, unknown> | unknown[];
  readonly key: string | number;
  readonly depth: number;
}

/** Sets an own property, even one named `__proto__` (as `JSON.parse` makes it). */
function setOwn(target: Record<string, unknown> | unknown[], key: string | number, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/**
 * A copy of `value` for logs: every base64 payload (a `data:` URL, or a long pure-base64
 * string such as Anthropic's `source.data` or Ollama's `images[]`) becomes a note with its
 * decoded size, e.g. `[base64 1048576 bytes]`. Everything else is kept, except that an object
 * or array nested deeper than 256 levels becomes the text `[nested deeper than 256 levels]`
 * (so a hook can log or `JSON.stringify` any event). Never throws on deep input: the copy is
 * made without recursion.
 */
export function summarizePayloads(value: unknown): unknown {
  const root: unknown[] = [undefined];
  const pending: PendingCopy[] = [{ source: value, target: root, key: 0, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { source, target, key, depth } = next;
    if (typeof source === 'string') {
      setOwn(target, key, summarizeString(source));
    } else if (typeof source !== 'object' || source === null) {
      setOwn(target, key, source);
    } else if (depth > MAX_EVENT_BODY_DEPTH) {
      setOwn(target, key, DEEP_VALUE_MARKER);
    } else {
      const entries: [string | number, unknown][] = Array.isArray(source)
        ? source.map((inner, index) => [index, inner])
        : Object.entries(source);
      const copy: Record<string, unknown> | unknown[] = Array.isArray(source)
        ? new Array(source.length)
        : {};
      // Keys are created now, in order; their values are filled in when their turn comes.
      for (const [innerKey, inner] of entries) {
        setOwn(copy, innerKey, undefined);
        pending.push({ source: inner, target: copy, key: innerKey, depth: depth + 1 });
      }
      setOwn(target, key, copy);
    }
  }
  return root[0];
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
