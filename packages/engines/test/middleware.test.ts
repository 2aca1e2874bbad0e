// Request middleware (issue 47): app code that changes a request after Crosswire built it and
// before preflight checks it, and reads the reply; on every wire, against the strict simulator.
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type EngineOptions } from '../src/engine/engine.js';
import {
  MiddlewareError,
  type MiddlewareResponse,
  type RequestMiddleware,
} from '../src/engine/middleware.js';
import type { ResponseEvent } from '../src/engine/observe.js';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ fallback: () => ({ type: 'text', text: 'ok' }) });
});
afterAll(async () => {
  await simulator.close();
});

const ENGINES: Readonly<Record<WireFormat, { provider: string; model: string }>> = {
  openai: { provider: 'openai', model: 'gpt-5.1' },
  anthropic: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
  gemini: { provider: 'gemini', model: 'gemini-2.5-flash' },
  ollama: { provider: 'ollama', model: 'llama3.2' },
  responses: { provider: 'openai-responses', model: 'gpt-5.1' },
  hermes: { provider: 'nousresearch', model: 'Hermes-4-405B' },
  bedrock: { provider: 'bedrock', model: 'anthropic.claude-sonnet-4-6' },
};

type Body = Readonly<Record<string, unknown>>;

/**
 * A field a gateway rewrites, per wire, read and written by hand from each API's reference: the
 * temperature (0.2 → 0.7), except on anthropic, whose Messages API takes none: `max_tokens`.
 */
const REWRITTEN: Readonly<
  Record<WireFormat, { read: (body: Body) => unknown; write: (body: Body, value: number) => Body }>
> = {
  openai: {
    read: (body) => body.temperature,
    write: (body, value) => ({ ...body, temperature: value }),
  },
  anthropic: {
    read: (body) => body.max_tokens,
    write: (body, value) => ({ ...body, max_tokens: value * 1000 }),
  },
  gemini: {
    read: (body) => (body.generationConfig as Body).temperature,
    write: (body, value) => ({
      ...body,
      generationConfig: { ...(body.generationConfig as Body), temperature: value },
    }),
  },
  ollama: {
    read: (body) => (body.options as Body).temperature,
    write: (body, value) => ({
      ...body,
      options: { ...(body.options as Body), temperature: value },
    }),
  },
  responses: {
    read: (body) => body.temperature,
    write: (body, value) => ({ ...body, temperature: value }),
  },
  hermes: {
    read: (body) => body.temperature,
    write: (body, value) => ({ ...body, temperature: value }),
  },
  bedrock: {
    read: (body) => (body.inferenceConfig as Body).temperature,
    write: (body, value) => ({
      ...body,
      inferenceConfig: { ...(body.inferenceConfig as Body), temperature: value },
    }),
  },
};

function engineFor(wire: WireFormat, lane: string, options: Partial<EngineOptions> = {}) {
  return createEngine({
    ...ENGINES[wire],
    apiKey: 'k',
    baseUrl: simulator.baseUrl(wire, lane),
    discover: false,
    ...(wire === 'anthropic' ? {} : { temperature: 0.2 }),
    retry: { maxRetries: 0 },
    // The registry's model lifecycle warnings are not this test's subject.
    onWarning: (warning) => {
      if (!warning.code.startsWith('model_')) throw new Error(`unexpected ${warning.code}`);
    },
    ...options,
  });
}

const gateway = (wire: WireFormat): RequestMiddleware => ({
  name: 'gateway',
  request: (request) => ({
    body: REWRITTEN[wire].write(request.body, 0.7),
    headers: { ...request.headers, 'x-gateway-route': 'eu-1' },
  }),
});

describe('a middleware adds a header and rewrites a body field', () => {
  it.each(WIRE_FORMATS)('%s: the provider receives both, for chat and for stream', async (wire) => {
    const lane = `rewrite-${wire}`;
    const engine = engineFor(wire, lane, { middleware: [gateway(wire)] });
    expect(await engine.chat('hi')).toMatchObject({ content: 'ok' });
    expect(await engine.stream('hi').finalText()).toBe('ok');
    const received = simulator.received(lane);
    expect(received.map((request) => request.violations)).toEqual([[], []]);
    const rewritten = wire === 'anthropic' ? 700 : 0.7;
    expect(received.map((request) => REWRITTEN[wire].read(request.body as Body))).toEqual([
      rewritten,
      rewritten,
    ]);
    expect(received.map((request) => request.headers['x-gateway-route'])).toEqual(['eu-1', 'eu-1']);
    await engine.close();
  });

  it('covers every wire', () => {
    expect(Object.keys(REWRITTEN).sort()).toEqual([...WIRE_FORMATS].sort());
  });

  it('runs in order on the way out and in reverse on the way back, each seeing the last one', async () => {
    const seen: string[] = [];
    const replies: MiddlewareResponse[] = [];
    const tag = (name: string): RequestMiddleware => ({
      name,
      request: (request) => {
        seen.push(`${name} ${JSON.stringify(request.headers)}`);
        return { headers: { ...request.headers, [`x-${name}`]: name } };
      },
      response: (reply) => {
        seen.push(`${name} read ${reply.status}`);
        replies.push(reply);
      },
    });
    const engine = engineFor('openai', 'order', { middleware: [tag('first'), tag('second')] });
    await engine.chat('hi');
    expect(seen).toEqual([
      'first {}',
      'second {"x-first":"first"}',
      'second read 200',
      'first read 200',
    ]);
    expect(simulator.received('order')[0]?.headers).toMatchObject({
      'x-first': 'first',
      'x-second': 'second',
    });
    expect(replies[0]).toMatchObject({
      provider: 'openai',
      model: 'gpt-5.1',
      wire: 'openai',
      iteration: undefined,
      loopId: undefined,
      stream: false,
      status: 200,
      response: { content: 'ok', finishReason: 'stop' },
    });
    expect(replies[0]?.headers['content-type']).toMatch(/^application\/json/);
    await engine.close();
  });

  it('a middleware that returns nothing keeps the request as it was', async () => {
    const engine = engineFor('openai', 'keep', {
      middleware: [{ name: 'logger', request: () => undefined }],
    });
    await engine.chat('hi');
    expect(simulator.received('keep')[0]?.body).toMatchObject({ temperature: 0.2 });
    await engine.close();
  });
});

describe('preflight checks what the middleware made', () => {
  it('a tool name the provider refuses is refused before anything is sent', async () => {
    const engine = engineFor('openai', 'mw-refuse', {
      middleware: [
        {
          name: 'add-tool',
          request: (request) => ({
            body: {
              ...request.body,
              tools: [{ type: 'function', function: { name: 'calendar.read', parameters: {} } }],
            },
          }),
        },
      ],
    });
    await expect(engine.chat('hi')).rejects.toMatchObject({
      code: 'request_refused_preflight',
      rule: 'openai-tool-name',
      path: 'tools[0].function.name',
    });
    expect(simulator.received('mw-refuse')).toHaveLength(0);
    await engine.close();
  });

  it('a header value that would split the request fails the call, naming the middleware', async () => {
    const engine = engineFor('openai', 'mw-header', {
      middleware: [{ name: 'bad-header', request: () => ({ headers: { 'x-a': 'one\r\ntwo' } }) }],
    });
    const error = await engine.chat('hi').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MiddlewareError);
    expect(error).toMatchObject({
      code: 'middleware_failed',
      middleware: 'bad-header',
      phase: 'request',
      message:
        'request middleware "bad-header" threw while changing the request, so nothing was sent: it returned header "x-a", which cannot be sent: a header name is one token and a value has no CR, LF or NUL',
    });
    expect(simulator.received('mw-header')).toHaveLength(0);
    await engine.close();
  });
});

describe('a middleware that throws fails the call with a typed error naming it', () => {
  it('in request: nothing is sent, the cause is kept', async () => {
    const cause = new Error('no tenant for this call');
    const engine = engineFor('gemini', 'mw-throws', {
      middleware: [
        gateway('gemini'),
        {
          name: 'tenant',
          request: () => {
            throw cause;
          },
        },
      ],
    });
    const error = await engine.chat('hi').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MiddlewareError);
    expect(error).toMatchObject({
      code: 'middleware_failed',
      middleware: 'tenant',
      phase: 'request',
      cause,
      details: { middleware: 'tenant', phase: 'request' },
      message:
        'request middleware "tenant" threw while changing the request, so nothing was sent: no tenant for this call',
    });
    expect(simulator.received('mw-throws')).toHaveLength(0);
    await engine.close();
  });

  it("in request: a change in place to one of the tool loop's frozen turns fails the call", async () => {
    simulator.script('mw-in-place', [
      { type: 'tool_calls', calls: [{ name: 'lookup', arguments: {} }] },
      { type: 'text', text: 'done' },
    ]);
    const server = {
      listTools: async () => ({ tools: [{ name: 'lookup', inputSchema: { type: 'object' } }] }),
      callTool: async () => ({ content: [{ type: 'text', text: 'found' }] }),
    };
    const engine = engineFor('openai', 'mw-in-place', {
      middleware: [
        {
          name: 'in-place',
          request: ({ body }) => {
            const last = (body.messages as Record<string, unknown>[]).at(-1) as Record<
              string,
              unknown
            >;
            last.content = 'changed behind the loop';
          },
        },
      ],
    });
    const error = await engine
      .runToolLoop('look it up', { mcpServers: [server] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MiddlewareError);
    expect(error).toMatchObject({
      code: 'middleware_failed',
      middleware: 'in-place',
      phase: 'request',
    });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    // The first request (the caller's prompt, not frozen) went; the turn the loop froze did not.
    expect(simulator.received('mw-in-place')).toHaveLength(1);
    await engine.close();
  });

  it('in response (async): the call fails after the provider answered, and onResponse says so', async () => {
    const responses: ResponseEvent[] = [];
    const engine = engineFor('responses', 'mw-reply-throws', {
      onResponse: (event) => responses.push(event),
      middleware: [
        {
          name: 'budget',
          response: async () => {
            throw new Error('over budget');
          },
        },
      ],
    });
    for (const call of [() => engine.chat('hi'), () => engine.stream('hi').finalText()]) {
      await expect(call()).rejects.toMatchObject({
        code: 'middleware_failed',
        middleware: 'budget',
        phase: 'response',
        message:
          'request middleware "budget" threw while reading the reply, so the call failed after the provider answered: over budget',
      });
    }
    expect(simulator.received('mw-reply-throws')).toHaveLength(2);
    expect(responses.map((event) => [event.stream, event.status, event.error?.message])).toEqual([
      [false, 200, expect.stringContaining('over budget')],
      [true, 200, expect.stringContaining('over budget')],
    ]);
    await engine.close();
  });

  it('the caller stops a middleware that waits: AbortedError, not middleware_failed', async () => {
    const controller = new AbortController();
    const engine = engineFor('openai', 'mw-abort', {
      middleware: [
        {
          name: 'slow-lookup',
          request: () => {
            controller.abort(new Error('user left'));
            return new Promise<undefined>(() => undefined);
          },
        },
      ],
    });
    await expect(engine.chat('hi', { signal: controller.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
    expect(simulator.received('mw-abort')).toHaveLength(0);
    await engine.close();
  });
});

it('the value of a secret-named header a middleware adds never reaches an error', async () => {
  simulator.script('mw-secret', [
    { type: 'error', status: 401, message: 'invalid gateway key gw-secret-0123456789' },
  ]);
  const engine = engineFor('openai', 'mw-secret', {
    middleware: [
      {
        name: 'gateway-key',
        request: () => ({ headers: { 'x-gateway-key': 'gw-secret-0123456789' } }),
      },
    ],
  });
  const error = (await engine.chat('hi').catch((caught: unknown) => caught)) as Error;
  expect(error).toMatchObject({ status: 401 });
  expect(error.message).toContain('invalid gateway key [redacted]');
  expect(JSON.stringify({ ...error, message: error.message })).not.toContain('gw-secret');
  await engine.close();
});
