import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProviderErrorBody } from './provider-error.js';
import { parseRateLimit, parseResetDuration } from './rate-limit.js';
import { parseRetryAfter, retryDelay } from './retry.js';
import { HttpTransport, type RetryEvent } from './transport.js';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
const routes = new Map<string, Handler>();
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const handler = routes.get(path);
      if (!handler) {
        response.writeHead(404).end();
        return;
      }
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body));
}

function transport(extra: Partial<ConstructorParameters<typeof HttpTransport>[0]> = {}) {
  return new HttpTransport({
    provider: 'sim',
    baseUrl: `${baseUrl}/`,
    headers: { authorization: 'Bearer k' },
    retry: { baseDelayMs: 5, maxDelayMs: 2000, maxRetries: 2 },
    ...extra,
  });
}

describe('HttpTransport', () => {
  it('posts JSON with the configured headers and decodes the reply', async () => {
    let seen: { headers: IncomingMessage['headers']; body: string } | undefined;
    routes.set('/ok', (request, body, response) => {
      seen = { headers: request.headers, body };
      json(response, 200, { hello: 'world' }, { 'x-ratelimit-remaining-requests': '59' });
    });
    const http = transport();
    const exchange = await http.postJson('/ok', { a: 1 });
    expect(exchange.body).toEqual({ hello: 'world' });
    expect(exchange.status).toBe(200);
    expect(exchange.attempts).toBe(1);
    expect(exchange.url).toBe(`${baseUrl}/ok`);
    expect(seen?.body).toBe('{"a":1}');
    expect(seen?.headers.authorization).toBe('Bearer k');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(http.rateLimit?.requests).toEqual({
      limit: undefined,
      remaining: 59,
      resetMs: undefined,
    });
    await http.close();
  });

  it('posts each request to its own path, one path after another', async () => {
    const seen: string[] = [];
    for (const path of ['/first?v=1', '/second?v=1']) {
      routes.set(path, (request, _body, response) => {
        seen.push(request.url ?? '');
        json(response, 200, { path });
      });
    }
    const http = transport({ baseUrl: `${baseUrl}/?v=1` });
    const urls: string[] = [];
    for (const path of ['/first', '/first', '/second', '/first']) {
      urls.push((await http.postJson(path, {})).url);
    }
    expect(seen).toEqual(['/first?v=1', '/first?v=1', '/second?v=1', '/first?v=1']);
    expect(urls).toEqual([
      `${baseUrl}/first?v=1`,
      `${baseUrl}/first?v=1`,
      `${baseUrl}/second?v=1`,
      `${baseUrl}/first?v=1`,
    ]);
    await http.close();
  });

  it('refuses a request after close(), also when close() came before any request', async () => {
    routes.set('/closed', (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    // The keep-alive agent is made with the first request: closing before it still closes.
    const unused = transport({ retry: { maxRetries: 0 } });
    await unused.close();
    await expect(unused.postJson('/closed', {})).rejects.toMatchObject({
      code: 'provider_unreachable',
    });
    const used = transport({ retry: { maxRetries: 0 } });
    await used.postJson('/closed', {});
    await used.close();
    await expect(used.postJson('/closed', {})).rejects.toMatchObject({
      code: 'provider_unreachable',
    });
    expect(hits.get('/closed')).toBe(1);
  });

  it('retries a 429 after the Retry-After seconds and a 500, then succeeds', async () => {
    let calls = 0;
    routes.set('/flaky', (_request, _body, response) => {
      calls++;
      if (calls === 1)
        return json(
          response,
          429,
          { error: { message: 'slow down', type: 'rate_limit' } },
          { 'retry-after': '0.05' },
        );
      if (calls === 2) return json(response, 500, { error: { message: 'boom' } });
      json(response, 200, { done: true });
    });
    const retries: RetryEvent[] = [];
    // Requests seen by a timer set for half the 50 ms delay when the first retry is announced:
    // timers fire in order of their due time, so it runs before the retry's own wait ends.
    const seenMidWait: number[] = [];
    const http = transport({
      random: () => 0,
      onRetry: (event) => {
        retries.push(event);
        if (event.attempt === 1) setTimeout(() => seenMidWait.push(calls), 25);
      },
    });
    const exchange = await http.postJson('/flaky', {});
    expect(seenMidWait).toEqual([1]); // waited: the second request had not been sent
    expect(exchange.attempts).toBe(3);
    expect(retries.map((event) => [event.attempt, event.status, event.delayMs])).toEqual([
      [1, 429, 50],
      [2, 500, 5], // 2nd backoff step: ceiling 10 ms, equal jitter with random 0 → 5
    ]);
    await http.close();
  });

  it('gives up after maxRetries with a ProviderError keeping status, code and message', async () => {
    routes.set('/down', (_request, _body, response) =>
      json(response, 503, {
        type: 'error',
        error: { type: 'overloaded_error', message: 'Overloaded' },
      }),
    );
    const http = transport();
    const error = await http.postJson('/down', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      code: 'provider_error',
      status: 503,
      providerCode: 'overloaded_error',
      providerMessage: 'Overloaded',
      message: 'sim returned HTTP 503 (overloaded_error): Overloaded',
    });
    expect(hits.get('/down')).toBe(3);
    await http.close();
  });

  it('does not retry a 400 and refuses a Retry-After beyond the cap', async () => {
    routes.set('/bad', (_request, _body, response) =>
      json(response, 400, {
        error: { code: 400, message: 'bad field', status: 'INVALID_ARGUMENT' },
      }),
    );
    routes.set('/later', (_request, _body, response) =>
      json(response, 429, { error: 'busy' }, { 'retry-after': '3600' }),
    );
    const http = transport();
    await expect(http.postJson('/bad', {})).rejects.toMatchObject({
      status: 400,
      providerCode: 'INVALID_ARGUMENT',
      message: 'sim returned HTTP 400 (INVALID_ARGUMENT): bad field',
    });
    expect(hits.get('/bad')).toBe(1);
    await expect(http.postJson('/later', {})).rejects.toMatchObject({
      code: 'provider_rate_limited',
      status: 429,
      retryAfterMs: 3_600_000,
      providerMessage: 'busy',
    });
    expect(hits.get('/later')).toBe(1);
    await http.close();
  });

  it('aborts on the caller signal, also during a backoff wait', async () => {
    routes.set('/slow', (_request, _body, response) => {
      setTimeout(() => json(response, 200, {}), 2000);
    });
    routes.set('/wait', (_request, _body, response) =>
      json(response, 429, {}, { 'retry-after': '1' }),
    );
    const http = transport();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 30);
    await expect(http.postJson('/slow', {}, { signal: controller.signal })).rejects.toThrow('stop');
    // Aborted during the 1 s backoff: the wait ends at once, before a 500 ms marker timer
    // started at the same moment (ordering, not a wall-clock limit), with no second attempt.
    const second = new AbortController();
    const order: string[] = [];
    const waiting = transport({
      onRetry: () => {
        setTimeout(() => second.abort(new Error('stop waiting')), 0);
        setTimeout(() => order.push('500 ms marker'), 500);
      },
    });
    await expect(
      waiting.postJson('/wait', {}, { signal: second.signal }).finally(() => order.push('ended')),
    ).rejects.toThrow('stop waiting');
    expect(order).toEqual(['ended']);
    expect(hits.get('/wait')).toBe(1);
    await Promise.all([http.close(), waiting.close()]);
  });

  it('times out an attempt and reports provider_timeout after the retries', async () => {
    routes.set('/hang', (_request, _body, response) => {
      setTimeout(() => json(response, 200, {}), 1500);
    });
    const http = transport({ timeoutMs: 50, retry: { maxRetries: 1, baseDelayMs: 1 } });
    await expect(http.postJson('/hang', {})).rejects.toMatchObject({ code: 'provider_timeout' });
    await http.close();
  });

  it('refuses a non-JSON 200 and an oversized reply', async () => {
    routes.set('/html', (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
    });
    routes.set('/huge', (_request, _body, response) =>
      json(response, 200, { blob: 'x'.repeat(5000) }),
    );
    const http = transport({ maxResponseBytes: 1000 });
    await expect(http.postJson('/html', {})).rejects.toMatchObject({
      code: 'provider_bad_response',
    });
    await expect(http.postJson('/huge', {})).rejects.toMatchObject({
      code: 'provider_response_too_large',
    });
    expect(hits.get('/huge')).toBe(1);
    await http.close();
  });

  it('reports an unreachable provider after retrying', async () => {
    const http = new HttpTransport({
      provider: 'gone',
      baseUrl: 'http://127.0.0.1:1',
      retry: { maxRetries: 1, baseDelayMs: 1 },
    });
    await expect(http.postJson('/x', {})).rejects.toMatchObject({ code: 'provider_unreachable' });
    await http.close();
  });
});

describe('retry policy', () => {
  it('reads Retry-After as seconds or an HTTP-date', () => {
    const now = Date.parse('2026-10-21T07:28:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('12abc', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('backs off exponentially with bounded jitter', () => {
    const policy = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(
      [0, 1, 2, 3, 4].map((attempt) => retryDelay(attempt, policy, undefined, () => 0)),
    ).toEqual([50, 100, 200, 400, 500]);
    expect(
      [0, 1, 2, 3, 4].map((attempt) => retryDelay(attempt, policy, undefined, () => 0.999999)),
    ).toEqual([100, 200, 400, 800, 1000]);
    expect(retryDelay(0, policy, 700)).toBe(700);
    expect(retryDelay(0, policy, 1001)).toBeUndefined();
  });
});

describe('rate-limit headers', () => {
  it('parses OpenAI-style headers', () => {
    const now = 1_000_000;
    expect(
      parseRateLimit(
        {
          'x-ratelimit-limit-requests': '60',
          'x-ratelimit-remaining-requests': '58',
          'x-ratelimit-reset-requests': '1m30s',
          'x-ratelimit-limit-tokens': '150000',
          'x-ratelimit-remaining-tokens': '149000',
          'x-ratelimit-reset-tokens': '20ms',
          'content-type': 'application/json',
        },
        now,
      ),
    ).toEqual({
      requests: { limit: 60, remaining: 58, resetMs: 90_000 },
      tokens: { limit: 150000, remaining: 149000, resetMs: 20 },
      inputTokens: undefined,
      outputTokens: undefined,
      retryAfterMs: undefined,
      receivedAt: now,
      headers: {
        'x-ratelimit-limit-requests': '60',
        'x-ratelimit-remaining-requests': '58',
        'x-ratelimit-reset-requests': '1m30s',
        'x-ratelimit-limit-tokens': '150000',
        'x-ratelimit-remaining-tokens': '149000',
        'x-ratelimit-reset-tokens': '20ms',
      },
    });
  });

  it('parses Anthropic-style headers and retry-after', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const parsed = parseRateLimit(
      {
        'anthropic-ratelimit-requests-limit': '50',
        'anthropic-ratelimit-requests-remaining': '0',
        'anthropic-ratelimit-requests-reset': '2026-01-01T00:00:12Z',
        'anthropic-ratelimit-input-tokens-limit': '40000',
        'anthropic-ratelimit-input-tokens-remaining': '39000',
        'anthropic-ratelimit-output-tokens-remaining': '8000',
        'retry-after': '12',
      },
      now,
    );
    expect(parsed?.requests).toEqual({ limit: 50, remaining: 0, resetMs: 12_000 });
    expect(parsed?.inputTokens).toEqual({ limit: 40000, remaining: 39000, resetMs: undefined });
    expect(parsed?.outputTokens).toEqual({ limit: undefined, remaining: 8000, resetMs: undefined });
    expect(parsed?.tokens).toBeUndefined();
    expect(parsed?.retryAfterMs).toBe(12_000);
    expect(parseRateLimit({ 'content-type': 'text/plain' })).toBeUndefined();
  });

  it('reads Go-style durations', () => {
    expect(parseResetDuration('6m0s')).toBe(360_000);
    expect(parseResetDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseResetDuration('2.5s')).toBe(2500);
    expect(parseResetDuration('12')).toBe(12_000);
    expect(parseResetDuration('later')).toBeUndefined();
  });
});

describe('provider error bodies', () => {
  it('reads the shapes of every wire', () => {
    expect(
      readProviderErrorBody({
        error: { message: 'm', type: 'invalid_request_error', code: 'bad_key' },
      }),
    ).toEqual({
      code: 'bad_key',
      message: 'm',
    });
    expect(
      readProviderErrorBody({ type: 'error', error: { type: 'overloaded_error', message: 'o' } }),
    ).toEqual({
      code: 'overloaded_error',
      message: 'o',
    });
    expect(
      readProviderErrorBody([{ error: { code: 429, message: 'q', status: 'RESOURCE_EXHAUSTED' } }]),
    ).toEqual({
      code: 'RESOURCE_EXHAUSTED',
      message: 'q',
    });
    expect(readProviderErrorBody({ error: 'model "x" not found' })).toEqual({
      code: undefined,
      message: 'model "x" not found',
    });
    expect(readProviderErrorBody({ detail: 'Not Found' })).toEqual({
      code: undefined,
      message: 'Not Found',
    });
    expect(readProviderErrorBody('plain')).toEqual({ code: undefined, message: 'plain' });
    expect(readProviderErrorBody(42)).toEqual({ code: undefined, message: undefined });
  });
});
