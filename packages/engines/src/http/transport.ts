import { ProviderError } from '@crosswire/core';
import type { Dispatcher } from 'undici';
import { linkSignals } from '../abortable.js';
import type { RequestAuthorizer } from '../cloud/types.js';
import { serializeJson } from './json-body.js';
import { providerErrorFromResponse } from './provider-error.js';
import { parseRateLimit, type RateLimit } from './rate-limit.js';
import {
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  type RetryPolicy,
  retryAfterFromHeaders,
  retryDelay,
} from './retry.js';
import { createSecretScrubber, type SecretScrubber } from './secrets.js';
import { joinUrl, trimBaseUrl } from './url.js';

// The HTTP client loads with the first request, not at import: importing the engines (to build
// requests, read replies or run the simulator) never pays for it. Bundlers still include it.
let undiciModule: Promise<typeof import('undici')> | undefined;
function loadUndici(): Promise<typeof import('undici')> {
  undiciModule ??= import('undici');
  return undiciModule;
}

/** Headers as undici hands them over: lower-case names. */
export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

export interface HttpTransportOptions {
  /** Provider id, used in error messages (`openai returned HTTP 429: ...`). */
  readonly provider: string;
  /** The provider's base URL; request paths go after its path and before its query (kept). */
  readonly baseUrl: string;
  /** Sent with every request (auth, version headers). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Deadline of one attempt, headers and body included. Default 300 000 ms. */
  readonly timeoutMs?: number;
  /** TCP/TLS connect timeout. Default 10 000 ms. */
  readonly connectTimeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** A reply body larger than this is refused. Default 64 MiB. */
  readonly maxResponseBytes?: number;
  /** Use this dispatcher instead of the transport's own keep-alive agent (it is then not closed by `close()`). */
  readonly dispatcher?: Dispatcher;
  /** Jitter source, injectable for tests. */
  readonly random?: () => number;
  /** Called before each retry with the wait chosen and why. */
  readonly onRetry?: (event: RetryEvent) => void;
  /**
   * The API key, scrubbed (with the base URL's userinfo and secret query values, and the auth
   * header values) from every error the transport throws.
   */
  readonly apiKey?: string | undefined;
  /**
   * Signs or authorizes each attempt (a cloud provider's SigV4 signature, a rotating access
   * token); the secrets it reports join those kept out of every error.
   */
  readonly authorize?: RequestAuthorizer | undefined;
  /** The `accept` of a streamed request. Default `text/event-stream, application/x-ndjson`. */
  readonly streamAccept?: string | undefined;
}

export interface RetryEvent {
  readonly attempt: number;
  readonly delayMs: number;
  readonly status: number | undefined;
  readonly error: unknown;
}

export interface PostOptions {
  readonly signal?: AbortSignal | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly timeoutMs?: number | undefined;
}

/** One completed exchange: a 2xx reply with a decoded JSON body. */
export interface HttpExchange {
  readonly url: string;
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly body: unknown;
  /** Attempts made, 1 when the first one succeeded. */
  readonly attempts: number;
  /** Wall time of the whole call, retries and waits included. */
  readonly durationMs: number;
  readonly rateLimit: RateLimit | undefined;
}

/**
 * JSON-over-HTTP for one provider on undici 7: one keep-alive `Agent`, a deadline per
 * attempt, the caller's `AbortSignal`, and bounded, jittered retries for 429/5xx and network
 * failures that honour `Retry-After`. Non-2xx replies become {@link ProviderError}s.
 */
export class HttpTransport {
  readonly provider: string;
  readonly baseUrl: string;
  #headers: Readonly<Record<string, string>>;
  /** The URL of the last path sent to: an engine posts to the same path request after request. */
  #joined: { readonly path: string; readonly url: string } | undefined;
  /** The caller's dispatcher, or the transport's own agent once the first request made it. */
  #dispatcher: Dispatcher | undefined;
  #ownsDispatcher: boolean;
  #connectTimeoutMs: number;
  #closed = false;
  #timeoutMs: number;
  #policy: RetryPolicy;
  #maxResponseBytes: number;
  #random: () => number;
  #onRetry: ((event: RetryEvent) => void) | undefined;
  #authorize: RequestAuthorizer | undefined;
  #streamAccept: string;
  /** The rate-limit state of the last reply that carried rate-limit headers. */
  rateLimit: RateLimit | undefined;
  /** Scrubs this transport's credentials from text, values and errors. */
  readonly scrubber: SecretScrubber;

  constructor(options: HttpTransportOptions) {
    this.provider = options.provider;
    this.baseUrl = trimBaseUrl(options.baseUrl);
    this.#headers = { ...options.headers };
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#dispatcher = options.dispatcher;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.#timeoutMs = options.timeoutMs ?? 300_000;
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
    this.#random = options.random ?? Math.random;
    this.#onRetry = options.onRetry;
    this.#authorize = options.authorize;
    this.#streamAccept = options.streamAccept ?? 'text/event-stream, application/x-ndjson';
    this.scrubber = createSecretScrubber({
      baseUrl: options.baseUrl,
      headers: this.#headers,
      apiKey: options.apiKey,
    });
  }

  /**
   * POSTs `body` as JSON to `path` under `baseUrl` (its query kept) and returns the decoded 2xx
   * reply. Errors never carry the credentials (see `scrubber`); the returned `url` has them
   * redacted.
   */
  async postJson(path: string, body: unknown, options: PostOptions = {}): Promise<HttpExchange> {
    let sent: SentRequest;
    try {
      sent = await this.#send(path, body, options, 'application/json');
    } catch (error) {
      throw this.scrubber.error(error);
    }
    if (sent.stream !== undefined) throw new Error('unreachable: a JSON exchange has no stream');
    return { ...sent.exchange, url: this.scrubber.text(sent.exchange.url) };
  }

  /**
   * POSTs `body` as JSON and returns the 2xx reply with its body unread, to be read as a
   * stream: retries and HTTP errors as `postJson` before the body starts; `timeoutMs` bounds
   * the wait for the reply's headers only (the caller times the gaps between chunks). The
   * caller must consume or `destroy()` the body. Errors never carry the credentials.
   */
  async postStream(path: string, body: unknown, options: PostOptions = {}): Promise<HttpStream> {
    let sent: SentRequest;
    try {
      sent = await this.#send(path, body, options, this.#streamAccept);
    } catch (error) {
      throw this.scrubber.error(error);
    }
    if (sent.stream === undefined) throw new Error('unreachable: a stream exchange has a stream');
    const { body: _body, ...facts } = sent.exchange;
    return { ...facts, url: this.scrubber.text(facts.url), body: sent.stream };
  }

  #urlOf(path: string): string {
    if (this.#joined?.path !== path) this.#joined = { path, url: joinUrl(this.baseUrl, path) };
    return this.#joined.url;
  }

  async #send(
    path: string,
    body: unknown,
    options: PostOptions,
    accept: string,
  ): Promise<SentRequest> {
    const streaming = accept !== 'application/json';
    const url = this.#urlOf(path);
    const payload = serializeJson(body);
    const headers = {
      'content-type': 'application/json',
      accept,
      ...this.#headers,
      ...options.headers,
    };
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      options.signal?.throwIfAborted();
      // Signed afresh for every attempt (a signature is dated; credentials may have rotated).
      // A failure to get credentials is not a network failure: it is not retried.
      const sent =
        this.#authorize === undefined
          ? headers
          : { ...headers, ...(await this.#authorized(url, headers, payload, options.signal)) };
      let outcome: AttemptOutcome;
      try {
        outcome = await this.#attempt(url, payload, sent, options, streaming);
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (error instanceof ProviderError) throw error;
        const failure = this.scrubber.error(networkError(this.provider, url, error, attempt + 1));
        const delay =
          attempt < this.#policy.maxRetries
            ? retryDelay(attempt, this.#policy, undefined, this.#random)
            : undefined;
        if (delay === undefined) throw failure;
        this.#onRetry?.({
          attempt: attempt + 1,
          delayMs: delay,
          status: undefined,
          error: failure,
        });
        await sleep(delay, options.signal);
        continue;
      }
      const rateLimit = parseRateLimit(outcome.headers);
      if (rateLimit !== undefined) this.rateLimit = rateLimit;
      if (outcome.status >= 200 && outcome.status < 300) {
        if (outcome.stream !== undefined) {
          const exchange = {
            url,
            status: outcome.status,
            headers: outcome.headers,
            body: undefined,
            attempts: attempt + 1,
            durationMs: performance.now() - started,
            rateLimit: this.rateLimit,
          };
          return { exchange, stream: outcome.stream };
        }
        const decoded = decodeJson(outcome.text);
        if (!decoded.ok) {
          throw new ProviderError(
            `${this.provider} returned a reply that is not JSON (HTTP ${outcome.status}): ${this.scrubber.text(outcome.text.slice(0, 200))}`,
            {
              code: 'provider_bad_response',
              status: outcome.status,
              details: { provider: this.provider, url },
            },
          );
        }
        const exchange = {
          url,
          status: outcome.status,
          headers: outcome.headers,
          body: decoded.value,
          attempts: attempt + 1,
          durationMs: performance.now() - started,
          rateLimit: this.rateLimit,
        };
        return { exchange, stream: undefined };
      }
      const retryAfterMs = retryAfterFromHeaders(outcome.headers);
      const decoded = decodeJson(outcome.text);
      const failure = this.scrubber.error(
        providerErrorFromResponse({
          provider: this.provider,
          status: outcome.status,
          body: decoded.ok ? decoded.value : undefined,
          text: outcome.text,
          retryAfterMs,
          attempts: attempt + 1,
        }),
      );
      const delay =
        isRetryableStatus(outcome.status) && attempt < this.#policy.maxRetries
          ? retryDelay(attempt, this.#policy, retryAfterMs, this.#random)
          : undefined;
      if (delay === undefined) throw failure;
      this.#onRetry?.({
        attempt: attempt + 1,
        delayMs: delay,
        status: outcome.status,
        error: failure,
      });
      await sleep(delay, options.signal);
    }
  }

  async #authorized(
    url: string,
    headers: Record<string, string>,
    payload: Buffer,
    signal: AbortSignal | undefined,
  ): Promise<Readonly<Record<string, string>>> {
    const authorize = this.#authorize as RequestAuthorizer;
    const authorization = await authorize({ method: 'POST', url, headers, body: payload }, signal);
    this.scrubber.remember(authorization.secrets);
    return authorization.headers;
  }

  async #attempt(
    url: string,
    payload: Buffer,
    headers: Record<string, string>,
    options: PostOptions,
    streaming: boolean,
  ): Promise<AttemptOutcome> {
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    // A stream's deadline is its headers; the gaps between chunks are timed by its reader.
    const deadline = streaming ? undefined : AbortSignal.timeout(timeoutMs);
    // Linked by listeners removed when the reply is read (a stream's: when its body closes),
    // not by AbortSignal.any, which keeps a reference in a caller's long-lived signal.
    // Without a caller's signal the deadline is the request's signal as it is (nothing to link).
    const linked =
      options.signal === undefined
        ? deadline && { signal: deadline, release: () => undefined }
        : linkSignals([options.signal, deadline]);
    let response: Dispatcher.ResponseData;
    try {
      const undici = await loadUndici();
      if (this.#dispatcher === undefined) {
        const agent = new undici.Agent({
          keepAliveTimeout: 30_000,
          connect: { timeout: this.#connectTimeoutMs },
        });
        // Closed before its first request: the request fails as on any closed agent.
        if (this.#closed) await agent.close();
        this.#dispatcher = agent;
      }
      response = await undici.request(url, {
        method: 'POST',
        dispatcher: this.#dispatcher,
        headers,
        body: payload,
        ...(linked ? { signal: linked.signal } : {}),
        ...(streaming ? { headersTimeout: timeoutMs, bodyTimeout: 0 } : {}),
      });
    } catch (error) {
      linked?.release();
      throw error;
    }
    if (streaming && response.statusCode >= 200 && response.statusCode < 300) {
      if (linked) response.body.once('close', linked.release);
      return {
        status: response.statusCode,
        headers: response.headers as ResponseHeaders,
        text: '',
        stream: response.body,
      };
    }
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > this.#maxResponseBytes) {
        await response.body.dump().catch(() => undefined);
        throw new ProviderError(
          `${this.provider} reply of ${declared} bytes exceeds the limit of ${this.#maxResponseBytes} bytes`,
          { code: 'provider_response_too_large', status: response.statusCode },
        );
      }
      for await (const chunk of response.body) {
        const buffer = chunk as Buffer;
        size += buffer.length;
        if (size > this.#maxResponseBytes) {
          response.body.on('error', () => undefined);
          response.body.destroy();
          throw new ProviderError(
            `${this.provider} reply exceeds the limit of ${this.#maxResponseBytes} bytes`,
            { code: 'provider_response_too_large', status: response.statusCode },
          );
        }
        chunks.push(buffer);
      }
      return {
        status: response.statusCode,
        headers: response.headers as ResponseHeaders,
        text: Buffer.concat(chunks, size).toString('utf8'),
      };
    } finally {
      linked?.release();
    }
  }

  /** Closes the keep-alive agent (when the transport created it). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#ownsDispatcher) await this.#dispatcher?.close();
  }
}

/** A 2xx reply: decoded (`postJson`) or with its body left to stream (`postStream`). */
interface SentRequest {
  readonly exchange: HttpExchange;
  readonly stream: StreamBody | undefined;
}

interface AttemptOutcome {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly text: string;
  /** The unread 2xx body of a stream request. */
  readonly stream?: StreamBody;
}

/** The body of a streamed reply as undici hands it over: a Node readable of byte chunks. */
export type StreamBody = Dispatcher.ResponseData['body'];

/** A 2xx reply whose body is still to be read (`postStream`). */
export interface HttpStream extends Omit<HttpExchange, 'body'> {
  readonly body: StreamBody;
}

function decodeJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function networkError(
  provider: string,
  url: string,
  error: unknown,
  attempts: number,
): ProviderError {
  if (error instanceof ProviderError) return error;
  const name = (error as { name?: unknown })?.name;
  const timedOut =
    name === 'TimeoutError' || (error as { code?: unknown })?.code === 'UND_ERR_HEADERS_TIMEOUT';
  const reason = error instanceof Error ? error.message : String(error);
  return new ProviderError(
    timedOut
      ? `${provider} did not answer in time (${url})`
      : `${provider} could not be reached (${url}): ${reason}`,
    {
      code: timedOut ? 'provider_timeout' : 'provider_unreachable',
      cause: error,
      details: { provider, url, attempts },
    },
  );
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
