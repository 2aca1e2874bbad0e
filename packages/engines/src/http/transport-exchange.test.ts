// The transport as an engine's caller meets it on a loopback server: the request each attempt
// sends, the reply it hands back (decoded or streamed), the retry events, the signing hook, and
// each refusal's exact code and message.
import { getEventListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderError } from '@crosswire/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SignableRequest } from '../cloud/types.js';
import { HttpTransport, type HttpTransportOptions, type RetryEvent } from './transport.js';

interface Seen {
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}
type Handler = (seen: Seen, response: ServerResponse, hit: number) => void;

let server: Server;
let origin: string;
const routes = new Map<string, Handler>();
const requests = new Map<string, Seen[]>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '';
      const path = url.split('?')[0] ?? '';
      const seen = { url, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      const list = requests.get(path) ?? [];
      list.push(seen);
      requests.set(path, list);
      const handler = routes.get(path);
      if (handler === undefined) response.writeHead(404).end();
      else handler(seen, response, list.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function transport(options: Partial<HttpTransportOptions> = {}): HttpTransport {
  return new HttpTransport({
    provider: 'sim',
    baseUrl: origin,
    retry: { baseDelayMs: 8, maxDelayMs: 1000, maxRetries: 2 },
    random: () => 0.5,
    ...options,
  });
}

/** A failure's code, message and details as a caller reads them. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const typed = error as ProviderError;
  return { code: typed.code, message: typed.message, status: typed.status, details: typed.details };
}

it('sends each attempt the JSON body, its accept and the headers, per-request ones last', async () => {
  routes.set('/headers', (_seen, response) =>
    response.writeHead(200, { 'x-served-by': 'loopback' }).end('{"ok":true}'),
  );
  const http = transport({ headers: { 'x-team': 'a', 'x-trace': 'engine' } });
  const exchange = await http.postJson(
    '/headers',
    { model: 'm', text: 'é' },
    { headers: { 'x-trace': 'request' } },
  );
  await http.close();
  const [seen] = requests.get('/headers') ?? [];
  expect(seen?.body).toBe('{"model":"m","text":"é"}');
  expect(seen?.headers['content-type']).toBe('application/json');
  expect(seen?.headers.accept).toBe('application/json');
  expect(seen?.headers['x-team']).toBe('a');
  expect(seen?.headers['x-trace']).toBe('request');
  expect(exchange).toMatchObject({
    url: `${origin}/headers`,
    status: 200,
    body: { ok: true },
    attempts: 1,
    rateLimit: undefined,
  });
  expect(exchange.headers['x-served-by']).toBe('loopback');
});

it('streams a 2xx reply unread, asking for event streams by default or the accept given', async () => {
  routes.set('/stream', (_seen, response, hit) => {
    if (hit === 1) {
      response.writeHead(503, { 'retry-after-ms': '5' }).end('{"error":{"message":"warming"}}');
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'x-ratelimit-remaining-requests': '7',
    });
    response.write('data: one\n\n');
    response.end('data: two\n\n');
  });
  const events: RetryEvent[] = [];
  const http = transport({ onRetry: (event) => events.push(event) });
  const stream = await http.postStream('/stream', { stream: true });
  expect(stream.status).toBe(200);
  expect(stream.attempts).toBe(2);
  expect(stream.url).toBe(`${origin}/stream`);
  expect(stream.rateLimit?.requests?.remaining).toBe(7);
  expect(stream.headers['content-type']).toBe('text/event-stream');
  expect('body' in stream && typeof stream.body.read).toBe('function');
  let text = '';
  for await (const chunk of stream.body) text += (chunk as Buffer).toString('utf8');
  expect(text).toBe('data: one\n\ndata: two\n\n');
  expect(requests.get('/stream')?.map((seen) => seen.headers.accept)).toEqual([
    'text/event-stream, application/x-ndjson',
    'text/event-stream, application/x-ndjson',
  ]);
  expect(events.map(({ error: _error, ...event }) => event)).toEqual([
    { attempt: 1, delayMs: 5, status: 503 },
  ]);
  expect(events[0]?.error).toMatchObject({ message: 'sim returned HTTP 503: warming' });
  await http.close();

  routes.set('/ndjson', (_seen, response) => response.writeHead(200).end('{}\n'));
  const ollama = transport({ streamAccept: 'application/x-ndjson' });
  const reply = await ollama.postStream('/ndjson', {});
  reply.body.resume();
  expect(requests.get('/ndjson')?.[0]?.headers.accept).toBe('application/x-ndjson');
  await ollama.close();
});

it('a streamed request refused with a JSON error body gives the provider error, not a stream', async () => {
  routes.set('/stream-refused', (_seen, response) =>
    response
      .writeHead(400, { 'content-type': 'application/json' })
      .end('{"error":{"message":"stream unsupported","type":"invalid_request_error"}}'),
  );
  const http = transport();
  expect(await refusal(http.postStream('/stream-refused', {}))).toEqual({
    code: 'provider_error',
    message: 'sim returned HTTP 400 (invalid_request_error): stream unsupported',
    status: 400,
    details: {
      status: 400,
      providerCode: 'invalid_request_error',
      providerMessage: 'stream unsupported',
      provider: 'sim',
      attempts: 1,
    },
  });
  await http.close();
});

it('tells each retry: the attempt, the backoff chosen, the status or the network failure', async () => {
  routes.set('/flaky', (_seen, response, hit) => {
    if (hit === 1) response.writeHead(500).end('boom');
    else if (hit === 2) response.writeHead(429, { 'retry-after': '0' }).end('{}');
    else response.writeHead(200).end('{"done":1}');
  });
  const events: RetryEvent[] = [];
  const http = transport({ onRetry: (event) => events.push(event) });
  const exchange = await http.postJson('/flaky', {});
  await http.close();
  expect(exchange.attempts).toBe(3);
  // First backoff: half of 8 ms fixed plus half of it times random() = 0.5: 6 ms. The 429
  // asks for no wait at all.
  expect(events.map(({ error: _error, ...event }) => event)).toEqual([
    { attempt: 1, delayMs: 6, status: 500 },
    { attempt: 2, delayMs: 0, status: 429 },
  ]);
  expect(events.map((event) => (event.error as ProviderError).code)).toEqual([
    'provider_error',
    'provider_rate_limited',
  ]);

  const unreachable: RetryEvent[] = [];
  const gone = new HttpTransport({
    provider: 'gone',
    baseUrl: 'http://127.0.0.1:1/v1',
    retry: { baseDelayMs: 20, maxDelayMs: 1000, maxRetries: 1 },
    random: () => 0,
    onRetry: (event) => unreachable.push(event),
  });
  const failure = await refusal(gone.postJson('/chat', {}));
  await gone.close();
  expect(failure.code).toBe('provider_unreachable');
  expect(failure.message).toMatch(
    /^gone could not be reached \(http:\/\/127\.0\.0\.1:1\/v1\/chat\): .*ECONNREFUSED/,
  );
  expect(failure.details).toMatchObject({
    provider: 'gone',
    url: 'http://127.0.0.1:1/v1/chat',
    attempts: 2,
  });
  expect(unreachable.map(({ error: _error, ...event }) => event)).toEqual([
    { attempt: 1, delayMs: 10, status: undefined },
  ]);
  expect(unreachable[0]?.error).toMatchObject({ details: { attempts: 1 } });
});

it('does not retry with maxRetries 0, and a 4xx other than 408, 409 and 429 never', async () => {
  routes.set('/once', (_seen, response) => response.writeHead(503).end(''));
  const http = transport({ retry: { maxRetries: 0 } });
  expect((await refusal(http.postJson('/once', {}))).message).toBe('sim returned HTTP 503');
  expect(requests.get('/once')).toHaveLength(1);
  await http.close();
  for (const status of [408, 409]) {
    routes.set(`/conflict-${status}`, (_seen, response, hit) =>
      response.writeHead(hit === 1 ? status : 200).end('{}'),
    );
    const retried = transport();
    expect((await retried.postJson(`/conflict-${status}`, {})).attempts).toBe(2);
    await retried.close();
  }
});

it('signs every attempt afresh, and keeps what the signer calls secret out of errors', async () => {
  routes.set('/signed', (_seen, response, hit) => {
    if (hit === 1) response.writeHead(500).end('{"error":{"message":"bad token token-0001"}}');
    else response.writeHead(401).end('{"error":{"message":"expired token-0002"}}');
  });
  const asked: SignableRequest[] = [];
  let issued = 0;
  const http = transport({
    headers: { 'x-static': 's' },
    retry: { baseDelayMs: 1, maxDelayMs: 10, maxRetries: 1 },
    authorize: async (request) => {
      asked.push(request);
      issued++;
      return {
        headers: { authorization: `Bearer token-000${issued}` },
        secrets: [`token-000${issued}`],
      };
    },
  });
  const failure = await refusal(http.postJson('/signed', { q: 1 }));
  await http.close();
  expect(failure.message).toBe('sim returned HTTP 401: expired [redacted]');
  expect(requests.get('/signed')?.map((seen) => seen.headers.authorization)).toEqual([
    'Bearer token-0001',
    'Bearer token-0002',
  ]);
  expect(requests.get('/signed')?.map((seen) => seen.headers['x-static'])).toEqual(['s', 's']);
  expect(asked).toHaveLength(2);
  expect(asked[0]?.method).toBe('POST');
  expect(asked[0]?.url).toBe(`${origin}/signed`);
  expect(asked[0]?.headers).toEqual({
    'content-type': 'application/json',
    accept: 'application/json',
    'x-static': 's',
  });
  expect(Buffer.from(asked[0]?.body as Uint8Array).toString('utf8')).toBe('{"q":1}');
});

it('refuses a reply larger than maxResponseBytes, by its length or by what arrives', async () => {
  const body = `{"text":"${'x'.repeat(90)}"}`; // 101 bytes
  routes.set('/sized', (_seen, response) =>
    response.writeHead(200, { 'content-length': String(body.length) }).end(body),
  );
  routes.set('/chunked', (_seen, response) => {
    response.writeHead(200);
    response.write(body.slice(0, 50));
    response.end(body.slice(50));
  });
  const exact = transport({ maxResponseBytes: 101 });
  expect((await exact.postJson('/sized', {})).body).toEqual({ text: 'x'.repeat(90) });
  expect((await exact.postJson('/chunked', {})).body).toEqual({ text: 'x'.repeat(90) });
  await exact.close();
  const small = transport({ maxResponseBytes: 100 });
  expect(await refusal(small.postJson('/sized', {}))).toEqual({
    code: 'provider_response_too_large',
    message: 'sim reply of 101 bytes exceeds the limit of 100 bytes',
    status: 200,
    details: { status: 200, providerCode: undefined, providerMessage: undefined },
  });
  expect(await refusal(small.postJson('/chunked', {}))).toEqual({
    code: 'provider_response_too_large',
    message: 'sim reply exceeds the limit of 100 bytes',
    status: 200,
    details: { status: 200, providerCode: undefined, providerMessage: undefined },
  });
  await small.close();
});

it('refuses a 2xx that is not JSON, quoting its first 200 characters without the key', async () => {
  routes.set('/html', (_seen, response) =>
    response.writeHead(200).end(`<p>key sk-secret-123456 ${'y'.repeat(300)}</p>`),
  );
  const http = transport({ apiKey: 'sk-secret-123456' });
  const failure = await refusal(http.postJson('/html', {}));
  await http.close();
  expect(failure).toEqual({
    code: 'provider_bad_response',
    message: `sim returned a reply that is not JSON (HTTP 200): <p>key [redacted] ${'y'.repeat(176)}`,
    status: 200,
    details: {
      status: 200,
      providerCode: undefined,
      providerMessage: undefined,
      provider: 'sim',
      url: `${origin}/html`,
    },
  });
});

it('times an attempt out with a message naming the URL; a request can shorten the deadline', async () => {
  routes.set('/slow', (_seen, response) => {
    setTimeout(() => response.writeHead(200).end('{}'), 400);
  });
  const http = transport({ retry: { maxRetries: 0 } });
  const failure = await refusal(http.postJson('/slow', {}, { timeoutMs: 30 }));
  expect(failure.code).toBe('provider_timeout');
  expect(failure.message).toBe(`sim did not answer in time (${origin}/slow)`);
  expect(failure.details).toMatchObject({ provider: 'sim', attempts: 1 });
  await http.close();
});

it('keeps the last rate-limit state when a later reply carries no rate-limit headers', async () => {
  routes.set('/limits', (_seen, response, hit) =>
    response.writeHead(200, hit === 1 ? { 'x-ratelimit-remaining-tokens': '900' } : {}).end('{}'),
  );
  const http = transport();
  const first = await http.postJson('/limits', {});
  const second = await http.postJson('/limits', {});
  await http.close();
  expect(first.rateLimit?.tokens?.remaining).toBe(900);
  expect(second.rateLimit?.tokens?.remaining).toBe(900);
  expect(http.rateLimit?.tokens?.remaining).toBe(900);
});

it('a base URL with credentials: the exchange names the URL without them', async () => {
  routes.set('/private', (seen, response) =>
    response.writeHead(200).end(JSON.stringify({ auth: seen.headers.authorization ?? null })),
  );
  const http = transport({ baseUrl: `${origin}/?key=query-secret-1`, retry: { maxRetries: 0 } });
  const exchange = await http.postJson('/private', {});
  await http.close();
  expect(requests.get('/private')?.[0]?.url).toBe('/private?key=query-secret-1');
  expect(exchange.url).toBe(`${origin}/private?key=[redacted]`);
});

it('an abort during an attempt rejects with the reason, with no retry', async () => {
  routes.set('/hanging', (_seen, response) => {
    setTimeout(() => response.writeHead(200).end('{}'), 2000);
  });
  const events: RetryEvent[] = [];
  const http = transport({ retry: { maxRetries: 0 }, onRetry: (event) => events.push(event) });
  const controller = new AbortController();
  const reason = new Error('the user left');
  setTimeout(() => controller.abort(reason), 20);
  await expect(http.postJson('/hanging', {}, { signal: controller.signal })).rejects.toBe(reason);
  expect(events).toEqual([]);
  await http.close();
});

it('a 3xx reply is a provider error, not a reply', async () => {
  routes.set('/moved', (_seen, response) =>
    response.writeHead(300, { location: '/elsewhere' }).end('{"choices":[]}'),
  );
  const http = transport();
  expect((await refusal(http.postJson('/moved', {}))).message).toBe(
    'sim returned HTTP 300: {"choices":[]}',
  );
  expect(requests.get('/moved')).toHaveLength(1);
  await http.close();
});

it('reports the wall time of the call, retries included, within what the caller measured', async () => {
  routes.set('/timed', (_seen, response, hit) =>
    response.writeHead(hit === 1 ? 502 : 200).end('{}'),
  );
  const http = transport();
  const before = performance.now();
  const exchange = await http.postJson('/timed', {});
  const stream = await http.postStream('/timed', {});
  stream.body.resume();
  const after = performance.now();
  await http.close();
  expect(exchange.attempts).toBe(2);
  for (const durationMs of [exchange.durationMs, stream.durationMs]) {
    expect(durationMs).toBeGreaterThanOrEqual(0);
    expect(durationMs).toBeLessThanOrEqual(after - before);
  }
});

it('reuses one keep-alive connection for the requests of a transport', async () => {
  const ports: number[] = [];
  server.on('request', (request: IncomingMessage) => {
    if (request.url === '/keep-alive') ports.push(request.socket.remotePort ?? 0);
  });
  routes.set('/keep-alive', (_seen, response) => response.writeHead(200).end('{}'));
  const http = transport();
  for (let index = 0; index < 3; index++) {
    await http.postJson('/keep-alive', {});
    // The socket goes back to the pool once undici has finished with the reply.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await http.close();
  expect(ports).toHaveLength(3);
  expect(new Set(ports).size).toBe(1);
});

it("the caller's dispatcher is used and left open by close()", async () => {
  const { Agent } = await import('undici');
  const agent = new Agent();
  routes.set('/own-agent', (_seen, response) => response.writeHead(200).end('{"n":1}'));
  const http = transport({ dispatcher: agent });
  expect((await http.postJson('/own-agent', {})).body).toEqual({ n: 1 });
  await http.close();
  expect(agent.closed).toBe(false);
  const again = transport({ dispatcher: agent });
  expect((await again.postJson('/own-agent', {})).body).toEqual({ n: 1 });
  await agent.close();
});

it('times a streamed request out by its headers, naming the URL', async () => {
  routes.set('/stream-slow', (_seen, response) => {
    setTimeout(() => response.writeHead(200).end('data: late\n\n'), 1500);
  });
  const http = transport({ retry: { maxRetries: 0 } });
  const failure = await refusal(http.postStream('/stream-slow', {}, { timeoutMs: 40 }));
  expect(failure.code).toBe('provider_timeout');
  expect(failure.message).toBe(`sim did not answer in time (${origin}/stream-slow)`);
  await http.close();
});

it('a streamed request to a closed port is unreachable, with or without a signal', async () => {
  const gone = new HttpTransport({
    provider: 'gone',
    baseUrl: 'http://127.0.0.1:1',
    retry: { maxRetries: 0 },
  });
  for (const signal of [undefined, new AbortController().signal]) {
    const failure = await refusal(gone.postStream('/stream', {}, { signal }));
    expect(failure.code).toBe('provider_unreachable');
    expect(failure.message).toMatch(
      /^gone could not be reached \(http:\/\/127\.0\.0\.1:1\/stream\): .*ECONNREFUSED/,
    );
  }
  await gone.close();
});

it("leaves no listener on the caller's signal once a reply, a retry wait or a stream is done", async () => {
  routes.set('/listeners', (_seen, response, hit) =>
    response.writeHead(hit === 1 ? 503 : 200, { 'retry-after-ms': '1' }).end('{}'),
  );
  routes.set('/listeners-stream', (_seen, response) => response.writeHead(200).end('data: x\n\n'));
  const controller = new AbortController();
  const http = transport();
  await http.postJson('/listeners', {}, { signal: controller.signal });
  expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  const stream = await http.postStream('/listeners-stream', {}, { signal: controller.signal });
  expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
  for await (const _chunk of stream.body) {
    // read to the end
  }
  await new Promise((resolve) => setImmediate(resolve));
  expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  await http.close();
});

it('a streamed request answered with a 3xx is a provider error quoting the body', async () => {
  routes.set('/stream-moved', (_seen, response) =>
    response.writeHead(300).end('{"error":{"message":"pick a region"}}'),
  );
  const http = transport();
  expect((await refusal(http.postStream('/stream-moved', {}))).message).toBe(
    'sim returned HTTP 300: pick a region',
  );
  await http.close();
});
