// Request middleware: app code that changes a request after Crosswire built it and before the
// preflight check, and reads the reply. Unlike the hooks (observe.ts), a middleware is part of
// the call: what it throws fails the call, named.
import { CrosswireError } from '@crosswire/core';
import { settleWithin } from '../abortable.js';
import type { EngineResponse } from '../cost/cost.js';
import type { ResponseHeaders } from '../http/transport.js';
import type { RequestFacts } from './observe.js';

/** What a middleware's `request` function sees: the request as built (and as earlier middleware left it). */
export interface MiddlewareRequest extends RequestFacts {
  /**
   * The body to send. Return a changed copy (`{ ...request.body, user: 'me' }`); do not change
   * the object or what it holds in place: nested values may be shared with the conversation.
   */
  readonly body: Readonly<Record<string, unknown>>;
  /**
   * The headers this request adds to the engine's own (empty until a middleware adds some).
   * A name the engine also sets (`authorization`, `anthropic-version`...) is replaced by it.
   */
  readonly headers: Readonly<Record<string, string>>;
  /** The call's signal: a middleware that waits on I/O should stop when it fires. */
  readonly signal: AbortSignal | undefined;
}

/** What a middleware's `request` function returns: the parts it replaces (the rest stays). */
export interface MiddlewareRequestChange {
  readonly body?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
}

/** What a middleware's `response` function sees: a reply that arrived and was parsed. */
export interface MiddlewareResponse extends RequestFacts {
  readonly status: number;
  /** The reply's HTTP headers (lower-case names). */
  readonly headers: ResponseHeaders;
  /** The parsed reply, with its `cost` for a priced model. */
  readonly response: EngineResponse;
}

/**
 * One request middleware. The engine runs `request` of each middleware in the order given,
 * then checks the result with preflight, then sends it; when the reply has arrived and parsed,
 * it runs `response` of each in reverse order. What either throws (or rejects with) fails the
 * call with {@link MiddlewareError}.
 */
export interface RequestMiddleware {
  /** Names the middleware in errors. */
  readonly name: string;
  readonly request?: (
    request: MiddlewareRequest,
    // `void`: a function that returns nothing (`(request) => { log(request); }`) keeps the request.
    // biome-ignore lint/suspicious/noConfusingVoidType: see above
  ) => MiddlewareRequestChange | void | Promise<MiddlewareRequestChange | undefined | void>;
  readonly response?: (response: MiddlewareResponse) => void | Promise<void>;
}

/** A middleware threw: the call failed (`request`: before anything was sent). */
export class MiddlewareError extends CrosswireError {
  declare readonly code: 'middleware_failed';
  /** The `name` of the middleware that threw. */
  readonly middleware: string;
  readonly phase: 'request' | 'response';

  constructor(middleware: string, phase: 'request' | 'response', cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'middleware_failed',
      phase === 'request'
        ? `request middleware "${middleware}" threw while changing the request, so nothing was sent: ${reason}`
        : `request middleware "${middleware}" threw while reading the reply, so the call failed after the provider answered: ${reason}`,
      { cause, details: { middleware, phase } },
    );
    this.middleware = middleware;
    this.phase = phase;
  }
}

/** Header names are one token; values carry no CR, LF or NUL (they would split the request). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE_BREAK = /[\r\n\0]/;

/** The body and headers after every middleware's `request`, in order. */
export async function applyRequestMiddleware(
  middleware: readonly RequestMiddleware[],
  facts: RequestFacts,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<{ body: Record<string, unknown>; headers: Record<string, string> }> {
  let current = { body, headers: {} as Record<string, string> };
  for (const entry of middleware) {
    if (entry.request === undefined) continue;
    let change: MiddlewareRequestChange | undefined;
    try {
      change = (await settleWithin(
        Promise.resolve(entry.request({ ...facts, ...current, signal })),
        { signal, during: `running request middleware "${entry.name}"` },
      )) as MiddlewareRequestChange | undefined;
      current = {
        body: change?.body === undefined ? current.body : checkedBody(change.body),
        headers: change?.headers === undefined ? current.headers : checkedHeaders(change.headers),
      };
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new MiddlewareError(entry.name, 'request', error);
    }
  }
  return current;
}

/** Runs every middleware's `response`, last first (the first middleware sees the reply last). */
export async function applyResponseMiddleware(
  middleware: readonly RequestMiddleware[],
  reply: MiddlewareResponse,
  signal: AbortSignal | undefined,
): Promise<void> {
  for (let index = middleware.length - 1; index >= 0; index -= 1) {
    const entry = middleware[index] as RequestMiddleware;
    if (entry.response === undefined) continue;
    try {
      await settleWithin(Promise.resolve(entry.response(reply)), {
        signal,
        during: `running request middleware "${entry.name}"`,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new MiddlewareError(entry.name, 'response', error);
    }
  }
}

function checkedBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TypeError(`it returned a body that is not a JSON object (${typeof body})`);
  }
  return body as Record<string, unknown>;
}

function checkedHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || typeof value !== 'string' || HEADER_VALUE_BREAK.test(value)) {
      throw new TypeError(
        `it returned header ${JSON.stringify(name.replace(/[^\x20-\x7e]/g, '?'))}, which cannot be sent: a header name is one token and a value has no CR, LF or NUL`,
      );
    }
    checked[name.toLowerCase()] = value;
  }
  return checked;
}
