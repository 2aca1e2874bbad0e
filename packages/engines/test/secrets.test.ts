import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import type { RequestEvent, ResponseEvent } from '../src/engine/observe.js';

const KEY = 'sk-live-abcdefghijklmnop0123456789';
const PASSWORD = 'hunter2-correct-horse';
const QUERY_KEY = 'AIzaSy-query-key-000111';

let server: Server;
let origin: string;
let reply: (request: IncomingMessage, response: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => reply(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function json(status: number, body: unknown) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}

async function failure(engine: Engine): Promise<ProviderError> {
  try {
    await engine.chat('hi');
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected the call to fail');
}

/** Everything a log line or an error report could print. */
function printed(error: ProviderError, events: unknown[]): string {
  return JSON.stringify({
    message: error.message,
    stack: error.stack,
    providerMessage: error.providerMessage,
    details: error.details,
    cause: (error.cause as Error | undefined)?.message,
    events: events.map((event) => ({
      ...(event as object),
      error: (event as ResponseEvent).error?.message,
    })),
  });
}

describe('credentials never reach errors or events', () => {
  it('an API key the provider echoes is not in the ProviderError or the onResponse event', async () => {
    reply = json(401, {
      error: { message: `Incorrect API key provided: ${KEY}.`, code: 'invalid_api_key' },
    });
    const events: unknown[] = [];
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-luna',
      apiKey: KEY,
      baseUrl: `${origin}/v1`,
      onRequest: (event: RequestEvent) => events.push(event),
      onResponse: (event: ResponseEvent) => events.push(event),
    });
    const error = await failure(engine);
    await engine.close();
    expect(error.message).toBe(
      'openai returned HTTP 401 (invalid_api_key): Incorrect API key provided: [redacted].',
    );
    expect(error.providerMessage).toBe('Incorrect API key provided: [redacted].');
    expect(printed(error, events)).not.toContain(KEY);
    expect((events[1] as ResponseEvent).error).toBe(error);
  });

  it('a streamed call is scrubbed the same way', async () => {
    reply = json(401, { error: { message: `Incorrect API key provided: ${KEY}.` } });
    const events: unknown[] = [];
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-luna',
      apiKey: KEY,
      baseUrl: `${origin}/v1`,
      onRequest: (event: RequestEvent) => events.push(event),
      onResponse: (event: ResponseEvent) => events.push(event),
    });
    let error: unknown;
    try {
      await engine.stream('hi').finalText();
    } catch (caught) {
      error = caught;
    }
    await engine.close();
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).providerMessage).toBe(
      'Incorrect API key provided: [redacted].',
    );
    expect(printed(error as ProviderError, events)).not.toContain(KEY);
  });

  it('an API key echoed in a 200 reply is not in the onResponse body', async () => {
    reply = json(200, {
      id: 'x',
      object: 'chat.completion',
      choices: [
        { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: `key ${KEY}` } },
      ],
    });
    const events: ResponseEvent[] = [];
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-luna',
      apiKey: KEY,
      baseUrl: `${origin}/v1`,
      onResponse: (event) => events.push(event),
    });
    await engine.chat('hi');
    await engine.close();
    expect(JSON.stringify(events)).not.toContain(KEY);
    expect(JSON.stringify(events[0]?.body)).toContain('key [redacted]');
  });

  it('userinfo and ?key= in baseUrl are in no message, detail or event, reachable or not', async () => {
    reply = json(400, { error: { message: 'bad request' } });
    const events: unknown[] = [];
    const observe = {
      onRequest: (event: RequestEvent) => events.push(event),
      onResponse: (event: ResponseEvent) => events.push(event),
    };
    const base = `http://bob:${PASSWORD}@127.0.0.1:${new URL(origin).port}/v1?key=${QUERY_KEY}`;
    const reachable = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: KEY,
      baseUrl: base,
      ...observe,
    });
    const refused = await failure(reachable);
    await reachable.close();
    expect(printed(refused, events)).not.toMatch(new RegExp(`${PASSWORD}|${QUERY_KEY}|${KEY}`));
    // The chat path goes before the query; the secret query value is redacted.
    expect((events[0] as RequestEvent).url).toBe(
      `http://127.0.0.1:${new URL(origin).port}/v1/chat/completions?key=[redacted]`,
    );

    // Nothing listens on this port: the unreachable error names the URL, redacted.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    events.length = 0;
    const unreachable = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: KEY,
      baseUrl: `http://bob:${PASSWORD}@127.0.0.1:${port}/v1?key=${QUERY_KEY}`,
      retry: { maxRetries: 0 },
      ...observe,
    });
    const error = await failure(unreachable);
    await unreachable.close();
    expect(error.code).toBe('provider_unreachable');
    expect(error.message).toContain(
      `(http://127.0.0.1:${port}/v1/chat/completions?key=[redacted])`,
    );
    expect(printed(error, events)).not.toMatch(new RegExp(`${PASSWORD}|${QUERY_KEY}|${KEY}`));
  });
});

describe('provider error text is capped', () => {
  it('a 5 MB error.message does not become a 5 MB exception message', async () => {
    const huge = `overloaded ${'x'.repeat(5 * 1024 * 1024)}`;
    reply = json(400, { error: { message: huge, code: 'c'.repeat(10_000) } });
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: KEY,
      baseUrl: `${origin}/v1`,
    });
    const error = await failure(engine);
    await engine.close();
    expect(error.providerMessage).toBe(
      `${huge.slice(0, 1000)}… [${huge.length - 1000} more characters]`,
    );
    expect(error.message.length).toBeLessThan(1300);
    expect(error.message.startsWith('openai returned HTTP 400 (')).toBe(true);
    expect(JSON.stringify(error.details).length).toBeLessThan(2500);
  });

  it('a huge error in a 200 body is capped too', async () => {
    const huge = 'y'.repeat(3 * 1024 * 1024);
    reply = json(200, { error: { message: huge, type: 'server_error' } });
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: KEY,
      baseUrl: `${origin}/v1`,
    });
    const error = await failure(engine);
    await engine.close();
    expect(error.message.length).toBeLessThan(1300);
    expect(error.providerMessage?.length).toBeLessThan(1100);
    expect(JSON.stringify(error.details).length).toBeLessThan(5000);
  });
});
