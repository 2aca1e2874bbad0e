import type { CrosswireError, ToolCall, WireFormat } from '@crosswire/core';
import type { ChatMessage, Usage } from '@crosswire/dialects';
import type { ToolResult } from '@crosswire/tool-result';
import type { Cost, EngineResponse } from '../cost/cost.js';
import type { RateLimit } from '../http/rate-limit.js';
import type { ToolCallApproval } from '../loop/approval.js';
import type { ToolLoopResult } from '../loop/tool-loop.js';
import type { ToolLoopState } from '../loop/tool-loop-steps.js';
import type { ToolFailure } from '../mcp/call.js';

export type { ToolCallApproval };

/** What every event of one provider request says about it. */
export interface RequestFacts {
  /**
   * Crosswire's id of this round trip, the same in its `onRequest` and `onResponse` events and
   * its middleware calls (not the provider's request id).
   */
  readonly requestId: string;
  readonly provider: string;
  readonly model: string;
  readonly wire: WireFormat;
  /** The endpoint, credentials redacted. */
  readonly url: string;
  /** 1-based turn of a tool loop; undefined for a plain `chat`. */
  readonly iteration: number | undefined;
  /** The tool loop the request belongs to (its `loopId`); undefined for a plain `chat`. */
  readonly loopId: string | undefined;
  /** True for a streamed reply (`stream`, `streamWithTools`). */
  readonly stream: boolean;
}

/** Told before each provider request (after images were inlined, the body built and checked). */
export interface RequestEvent extends RequestFacts {
  /**
   * The body as sent (middleware changes included), with every base64 payload replaced by a
   * size note (never the whole payload). Made when first read.
   */
  readonly body: unknown;
  /**
   * The conversation the request sends, as neutral messages (provider messages read back into
   * text, images, calls and results). Made when first read; images keep their bytes.
   */
  readonly messages: readonly ChatMessage[];
}

/** Told after each provider request, successful or not. */
export interface ResponseEvent extends RequestFacts {
  /** HTTP status of the last attempt; undefined when no reply arrived. */
  readonly status: number | undefined;
  /** Wall time of the call, retries and backoff waits included. */
  readonly durationMs: number;
  readonly attempts: number;
  readonly usage: Usage | undefined;
  readonly finishReason: string | undefined;
  /** What the reply cost at the registry's prices; undefined for an unpriced model or a failure. */
  readonly cost: Cost | undefined;
  /**
   * The parsed reply (text, calls, finish reason, usage, cost), summarised like `body`;
   * undefined on failure. Made when first read.
   */
  readonly response: EngineResponse | undefined;
  /** The reply body, summarised like the request body (made when first read); undefined on failure. */
  readonly body: unknown;
  /** The error the call ended with (a `ProviderError`, a `PromptBlockedError`...). */
  readonly error: CrosswireError | Error | undefined;
  readonly rateLimit: RateLimit | undefined;
}

/** The step of the step API a loop event is about. */
export interface LoopStep {
  readonly kind: 'model' | 'tool';
  /** The iteration the step belongs to (a model step's own; a tool step's reply's). */
  readonly iteration: number;
  /** The step's key (`modelStepKey`, `toolStepKey`). */
  readonly key: string;
  /** The call a tool step answers. */
  readonly callId?: string;
}

/**
 * Told when a tool loop run starts: a whole loop (`runToolLoop`, `chatWithTools`,
 * `streamWithTools`) or one step of the step API (`runModelStep`, `runToolStep`).
 */
export interface LoopStartEvent {
  readonly loopId: string;
  /** The step for one step of the step API; undefined for a whole loop. */
  readonly step: LoopStep | undefined;
  /** The engine's provider and model; undefined for a tool step (it runs without an engine). */
  readonly provider: string | undefined;
  readonly model: string | undefined;
  readonly wire: WireFormat | undefined;
}

/** Told when the run of `LoopStartEvent` ended, with its outcome. */
export interface LoopEndEvent extends LoopStartEvent {
  /** Wall time of the run. */
  readonly durationMs: number;
  /** The whole loop's result, when it finished (undefined for a step or a failure). */
  readonly result: ToolLoopResult | undefined;
  /** The state after a step that succeeded (undefined for a whole loop or a failure). */
  readonly state: ToolLoopState | undefined;
  /** What the run failed with (`ToolLoopError`, `AbortedError`, a provider error...). */
  readonly error: Error | undefined;
}

/** Told before a tool call runs (in a loop, a streamed loop or a tool step). */
export interface ToolCallStartEvent {
  readonly loopId: string;
  /** The iteration whose reply asked for the call. */
  readonly iteration: number;
  /** The call's id in the step API: its own id, or `cw-<n>` for a call the wire sent without one. */
  readonly callId: string;
  /** The call (MCP name, arguments, id). */
  readonly toolCall: ToolCall;
}

/** Told when a tool call ended, whatever its outcome. */
export interface ToolCallEndEvent extends ToolCallStartEvent {
  /** The one result the call got (an error result for an unknown tool, bad JSON, a failure); undefined when it was stopped. */
  readonly result: ToolResult | undefined;
  readonly isError: boolean;
  /** Why the loop answered with an error itself (`unknown_tool`, `timeout`, `mcp_error`...). */
  readonly failure: ToolFailure | undefined;
  /** The server that ran it; undefined when none did. */
  readonly server: string | undefined;
  /** Wall time of the `tools/call` request; 0 when no server was asked. */
  readonly durationMs: number;
  /** What stopped the call before it had a result (the caller's abort); undefined otherwise. */
  readonly error: Error | undefined;
  /** The decision, for a call that went through approval; absent otherwise. */
  readonly approval?: ToolCallApproval;
}

/** The hooks of a tool loop run, the step API included. A throwing hook is ignored. */
export interface LoopObserveOptions {
  readonly onLoopStart?: ((event: LoopStartEvent) => void) | undefined;
  readonly onLoopEnd?: ((event: LoopEndEvent) => void) | undefined;
  readonly onToolCallStart?: ((event: ToolCallStartEvent) => void) | undefined;
  readonly onToolCallEnd?: ((event: ToolCallEndEvent) => void) | undefined;
}

/** Observability hooks of an engine. A throwing hook never breaks a call (its error is dropped). */
export interface ObserveOptions extends LoopObserveOptions {
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

/**
 * `value` with `key` as a getter that runs `make` once, on first read: an event's summarised
 * copies cost nothing for a hook that never reads them.
 */
export function withLazy<T extends object, K extends string, V>(
  value: T,
  key: K,
  make: () => V,
): T & { readonly [P in K]: V } {
  let made: { value: V } | undefined;
  return Object.defineProperty(value, key, {
    get: () => {
      made ??= { value: make() };
      return made.value;
    },
    enumerable: true,
    configurable: true,
  }) as T & { readonly [P in K]: V };
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
