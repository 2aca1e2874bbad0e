import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './engine.js';
import {
  DEEP_VALUE_MARKER,
  MAX_EVENT_BODY_DEPTH,
  type RequestEvent,
  type ResponseEvent,
  summarizePayloads,
} from './observe.js';

/** `{ a: { a: ... 'end' } }` with `depth` objects, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 'end';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** The value `levels` steps down the `a` chain of `value`. */
function down(value: unknown, levels: number): unknown {
  let current = value;
  for (let level = 0; level < levels; level++) current = (current as { a: unknown }).a;
  return current;
}

describe('summarizePayloads', () => {
  it('is bounded at 256 levels', () => {
    expect(MAX_EVENT_BODY_DEPTH).toBe(256);
    expect(DEEP_VALUE_MARKER).toBe('[nested deeper than 256 levels]');
  });

  it('keeps a body 256 levels deep whole', () => {
    const copy = summarizePayloads(nested(256));
    expect(down(copy, 255)).toEqual({ a: 'end' });
    expect(copy).toEqual(nested(256));
  });

  it('replaces the 257th level with the marker', () => {
    const copy = summarizePayloads(nested(257));
    expect(down(copy, 254)).toEqual({ a: { a: '[nested deeper than 256 levels]' } });
  });

  it('copies a body 100 000 levels deep without throwing, and the copy can be stringified', () => {
    const copy = summarizePayloads(nested(100_000));
    expect(JSON.stringify(copy)).toBe(
      `${'{"a":'.repeat(256)}"[nested deeper than 256 levels]"${'}'.repeat(256)}`,
    );
  });

  it('keeps key order, arrays, primitives and an own __proto__ key; summarises base64', () => {
    const body = JSON.parse(
      `{"z":1,"a":[true,null,2.5,"x",{"__proto__":{"polluted":1}}],"m":{"k":"v"},"data":"${'QUFB'.repeat(100)}"}`,
    );
    const copy = summarizePayloads(body) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['z', 'a', 'm', 'data']);
    expect(JSON.stringify(copy)).toBe(
      '{"z":1,"a":[true,null,2.5,"x",{"__proto__":{"polluted":1}}],"m":{"k":"v"},"data":"[base64 300 bytes]"}',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf((copy.a as unknown[])[4])).toBe(Object.prototype);
  });
});

describe('a very deep reply never costs an event', () => {
  const depth = 100_000;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const reply = `{"id":"chatcmpl-deep","object":"chat.completion","created":1,"model":"gpt-5.1","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"deep ok"}}],"debug":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(reply),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('onRequest and onResponse each get their one event, deep parts marked', async () => {
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      baseUrl: `${origin}/v1`,
      onRequest: (event) => requests.push(event),
      onResponse: (event) => responses.push(event),
    });
    const reply = await engine.chat('hi', { extra: { metadata: nested(300) } });
    await engine.close();
    expect(reply.content).toBe('deep ok');
    expect(requests).toHaveLength(1);
    expect(responses).toHaveLength(1);
    // The request body is level 1, so `metadata` is level 2 and its 255th `a` level 257.
    const sent = (requests[0]?.body as { metadata?: unknown } | undefined)?.metadata;
    expect(down(sent, 254)).toEqual({ a: '[nested deeper than 256 levels]' });
    const received = (responses[0]?.body as { debug?: unknown } | undefined)?.debug;
    expect(down(received, 254)).toEqual({ a: '[nested deeper than 256 levels]' });
    expect(responses[0]).toMatchObject({ status: 200, error: undefined, finishReason: 'stop' });
    expect(() => JSON.stringify(responses)).not.toThrow();
  });
});
