// The retry promises of the README's *HTTP* section, each checked as documented: which
// statuses are retried, `retry-after-ms` before `Retry-After`, and the default policy.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  retryAfterFromHeaders,
  retryDelay,
} from './retry.js';
import { HttpTransport, type RetryEvent } from './transport.js';

/** Per path, the replies to send in turn (the last one repeats). */
const scripts = new Map<string, ((response: ServerResponse) => void)[]>();
const hits = new Map<string, number>();
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '';
      const count = (hits.get(path) ?? 0) + 1;
      hits.set(path, count);
      const replies = scripts.get(path) ?? [];
      const reply = replies[Math.min(count, replies.length) - 1];
      if (reply) reply(response);
      else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function status(code: number, headers: Record<string, string> = {}) {
  return (response: ServerResponse) =>
    response
      .writeHead(code, { 'content-type': 'application/json', ...headers })
      .end(JSON.stringify(code === 200 ? { ok: true } : { error: { message: `HTTP ${code}` } }));
}

/** A transport that records its retries; `random: 0` makes the backoff exact. */
function recording(options: Partial<ConstructorParameters<typeof HttpTransport>[0]> = {}) {
  const retries: RetryEvent[] = [];
  const transport = new HttpTransport({
    provider: 'sim',
    baseUrl,
    random: () => 0,
    onRetry: (event) => retries.push(event),
    ...options,
  });
  return { transport, retries };
}

describe('which statuses are retried (README: 429, 408, 409 and 5xx)', () => {
  it('retries exactly 408, 409, 429 and 500-599', () => {
    const retried = [400, 401, 403, 404, 408, 409, 410, 422, 429, 499, 500, 502, 503, 504, 599];
    expect(retried.filter(isRetryableStatus)).toEqual([408, 409, 429, 500, 502, 503, 504, 599]);
  });

  it('a 408 and then a 409 are retried over the wire, and the third attempt succeeds', async () => {
    scripts.set('/conflict', [status(408), status(409), status(200)]);
    const { transport, retries } = recording({ retry: { baseDelayMs: 2 } });
    const exchange = await transport.postJson('/conflict', {});
    expect(exchange.body).toEqual({ ok: true });
    expect(exchange.attempts).toBe(3);
    expect(retries.map((event) => [event.attempt, event.status])).toEqual([
      [1, 408],
      [2, 409],
    ]);
    await transport.close();
  });

  it('a 400 is not retried', async () => {
    scripts.set('/bad-request', [status(400), status(200)]);
    const { transport, retries } = recording({ retry: { baseDelayMs: 2 } });
    await expect(transport.postJson('/bad-request', {})).rejects.toMatchObject({ status: 400 });
    expect([hits.get('/bad-request'), retries.length]).toEqual([1, 0]);
    await transport.close();
  });
});

describe('retry-after-ms before Retry-After', () => {
  it('reads retry-after-ms (milliseconds) when both headers are sent', () => {
    expect(retryAfterFromHeaders({ 'retry-after-ms': '20', 'retry-after': '5' })).toBe(20);
    expect(retryAfterFromHeaders({ 'retry-after-ms': '1500.4' })).toBe(1500);
    // An unreadable retry-after-ms falls back to Retry-After.
    expect(retryAfterFromHeaders({ 'retry-after-ms': 'soon', 'retry-after': '5' })).toBe(5000);
    expect(retryAfterFromHeaders({ 'retry-after': '2' })).toBe(2000);
    expect(retryAfterFromHeaders({})).toBeUndefined();
  });

  it('waits the retry-after-ms of a 429, not its Retry-After seconds', async () => {
    scripts.set('/precise', [
      status(429, { 'retry-after-ms': '15', 'retry-after': '20' }),
      status(200),
    ]);
    // maxDelayMs below 20 s: a transport that read Retry-After would refuse to wait at all.
    const { transport, retries } = recording({ retry: { maxDelayMs: 10_000 } });
    const exchange = await transport.postJson('/precise', {});
    expect(exchange.attempts).toBe(2);
    expect(retries.map((event) => [event.status, event.delayMs])).toEqual([[429, 15]]);
    await transport.close();
  });
});

describe('the default retry policy', () => {
  it('is 2 retries, a 500 ms first step and a 30 s ceiling, as documented', () => {
    expect(DEFAULT_RETRY_POLICY).toEqual({ maxRetries: 2, baseDelayMs: 500, maxDelayMs: 30_000 });
    // Equal jitter: the wait of retry n lies in [step/2, step], step = 500 ms * 2^n.
    expect(
      [0, 1].map((attempt) => retryDelay(attempt, DEFAULT_RETRY_POLICY, undefined, () => 0)),
    ).toEqual([250, 500]);
    expect(retryDelay(0, DEFAULT_RETRY_POLICY, 30_001)).toBeUndefined();
  });

  it('a transport given no retry option tries 3 times, backing off 250 then 500 ms', async () => {
    scripts.set('/always-down', [status(503)]);
    const { transport, retries } = recording();
    await expect(transport.postJson('/always-down', {})).rejects.toMatchObject({ status: 503 });
    expect(hits.get('/always-down')).toBe(3);
    expect(retries.map((event) => [event.attempt, event.status, event.delayMs])).toEqual([
      [1, 503, 250],
      [2, 503, 500],
    ]);
    await transport.close();
  });

  it('a partial retry option keeps the other defaults', async () => {
    scripts.set('/partial', [status(500)]);
    const { transport, retries } = recording({ retry: { baseDelayMs: 2 } });
    await expect(transport.postJson('/partial', {})).rejects.toMatchObject({ status: 500 });
    expect(hits.get('/partial')).toBe(3);
    expect(retries.map((event) => event.delayMs)).toEqual([1, 2]);
    await transport.close();
  });
});
