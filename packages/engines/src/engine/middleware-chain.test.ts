// The middleware chain one rule at a time, without an engine: what each `request` sees (the
// facts, the body and headers as the one before left them, the signal), what it may return (a
// body that is a JSON object, headers that can be sent: names lower-cased), the order of
// `response` (last first), the typed error naming the middleware and the phase, and the
// caller's abort passed through as it is.
import { describe, expect, it } from 'vitest';
import {
  applyRequestMiddleware,
  applyResponseMiddleware,
  MiddlewareError,
  type MiddlewareResponse,
  type RequestMiddleware,
} from './middleware.js';
import type { RequestFacts } from './observe.js';

const FACTS: RequestFacts = {
  requestId: 'req-1',
  provider: 'openai',
  model: 'gpt-4.1',
  wire: 'openai',
  url: 'http://127.0.0.1:9/v1/chat/completions',
  iteration: undefined,
  loopId: undefined,
  stream: false,
};

const REPLY = {
  ...FACTS,
  status: 200,
  headers: {},
  response: { text: 'ok' },
} as unknown as MiddlewareResponse;

async function failure(run: Promise<unknown>): Promise<MiddlewareError> {
  const error = await run.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(MiddlewareError);
  return error as MiddlewareError;
}

describe('applyRequestMiddleware', () => {
  it('runs each request in order, each seeing what the one before left; one without request is skipped', async () => {
    const seen: unknown[] = [];
    const signal = new AbortController().signal;
    const chain: RequestMiddleware[] = [
      {
        name: 'first',
        request: (request) => {
          seen.push(request);
          return { body: { ...request.body, user: 'me' }, headers: { 'X-Team': 'blue' } };
        },
      },
      { name: 'reader-only', response: () => undefined },
      {
        name: 'second',
        request: async (request) => {
          seen.push(request);
          return { headers: { ...request.headers, 'x-trace': 't-1' } };
        },
      },
      {
        name: 'silent',
        request: (request) => {
          seen.push(request);
        },
      },
    ];
    const body = { model: 'gpt-4.1' };
    expect(await applyRequestMiddleware(chain, FACTS, body, signal)).toEqual({
      body: { model: 'gpt-4.1', user: 'me' },
      headers: { 'x-team': 'blue', 'x-trace': 't-1' },
    });
    expect(seen).toEqual([
      { ...FACTS, body: { model: 'gpt-4.1' }, headers: {}, signal },
      { ...FACTS, body: { model: 'gpt-4.1', user: 'me' }, headers: { 'x-team': 'blue' }, signal },
      {
        ...FACTS,
        body: { model: 'gpt-4.1', user: 'me' },
        headers: { 'x-team': 'blue', 'x-trace': 't-1' },
        signal,
      },
    ]);
    expect(body).toEqual({ model: 'gpt-4.1' });
    expect(await applyRequestMiddleware([], FACTS, body, undefined)).toEqual({ body, headers: {} });
  });

  it('refuses a body that is not a JSON object, naming the middleware and what it returned', async () => {
    for (const [returned, kind] of [
      ['text', 'string'],
      [null, 'object'],
      [[1], 'object'],
      [7, 'number'],
    ] as const) {
      const error = await failure(
        applyRequestMiddleware(
          [{ name: 'rewriter', request: () => ({ body: returned as never }) }],
          FACTS,
          {},
          undefined,
        ),
      );
      expect({
        code: error.code,
        middleware: error.middleware,
        phase: error.phase,
        details: error.details,
        message: error.message,
      }).toEqual({
        code: 'middleware_failed',
        middleware: 'rewriter',
        phase: 'request',
        details: { middleware: 'rewriter', phase: 'request' },
        message: `request middleware "rewriter" threw while changing the request, so nothing was sent: it returned a body that is not a JSON object (${kind})`,
      });
      expect(error.cause).toBeInstanceOf(TypeError);
    }
  });

  it('refuses a header that cannot be sent, its name printed safely', async () => {
    const refusal = (name: string) =>
      `request middleware "headers" threw while changing the request, so nothing was sent: it returned header ${name}, which cannot be sent: a header name is one token and a value has no CR, LF or NUL`;
    for (const [headers, name] of [
      [{ 'x a': 'v' }, '"x a"'],
      [{ '': 'v' }, '""'],
      [{ 'x-ü\n': 'v' }, '"x-??"'],
      [{ 'x-a': 'one\ntwo' }, '"x-a"'],
      [{ 'x-a': 'one\rtwo' }, '"x-a"'],
      [{ 'x-a': 'one\0two' }, '"x-a"'],
      [{ 'x-a': 5 }, '"x-a"'],
    ] as const) {
      const error = await failure(
        applyRequestMiddleware(
          [{ name: 'headers', request: () => ({ headers: headers as never }) }],
          FACTS,
          {},
          undefined,
        ),
      );
      expect(error.message).toBe(refusal(name));
    }
    // Every token character is a name; a value may hold any other text.
    expect(
      (
        await applyRequestMiddleware(
          [
            {
              name: 'headers',
              request: () => ({ headers: { "!#$%&'*+.^_`|~09AZaz-": 'a: b, "c"\t d' } }),
            },
          ],
          FACTS,
          {},
          undefined,
        )
      ).headers,
    ).toEqual({ "!#$%&'*+.^_`|~09azaz-": 'a: b, "c"\t d' });
  });

  it('a middleware that throws or rejects fails the call naming it, the cause kept', async () => {
    const cause = new Error('vault sealed');
    for (const request of [
      () => {
        throw cause;
      },
      async () => {
        throw cause;
      },
    ]) {
      const error = await failure(
        applyRequestMiddleware([{ name: 'vault', request }], FACTS, {}, undefined),
      );
      expect(error.cause).toBe(cause);
      expect(error.message).toBe(
        'request middleware "vault" threw while changing the request, so nothing was sent: vault sealed',
      );
    }
    const thrownText = await failure(
      applyRequestMiddleware(
        [
          {
            name: 'vault',
            request: () => {
              throw 'sealed';
            },
          },
        ],
        FACTS,
        {},
        undefined,
      ),
    );
    expect(thrownText.message).toBe(
      'request middleware "vault" threw while changing the request, so nothing was sent: sealed',
    );
  });

  it("the caller's abort is passed through as it is, not as a middleware failure", async () => {
    const caller = new AbortController();
    const error = await applyRequestMiddleware(
      [
        {
          name: 'slow',
          request: () => {
            caller.abort(new Error('user left'));
            return new Promise<undefined>(() => undefined);
          },
        },
      ],
      FACTS,
      {},
      caller.signal,
    ).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(MiddlewareError);
    expect(error).toMatchObject({ code: 'aborted', cause: new Error('user left') });
    // A middleware that throws its own error once the caller aborted: that error, not wrapped.
    const late = new AbortController();
    const own = new Error('own');
    const rethrown = await applyRequestMiddleware(
      [
        {
          name: 'quick',
          request: () => {
            late.abort(new Error('gone'));
            throw own;
          },
        },
      ],
      FACTS,
      {},
      late.signal,
    ).catch((caught: unknown) => caught);
    expect(rethrown).toBe(own);
  });
});

describe('applyResponseMiddleware', () => {
  it('runs every response last first, skipping a middleware without one', async () => {
    const order: string[] = [];
    const seen: unknown[] = [];
    await applyResponseMiddleware(
      [
        {
          name: 'a',
          response: (reply) => {
            order.push('a');
            seen.push(reply);
          },
        },
        { name: 'b' },
        {
          name: 'c',
          response: async () => {
            order.push('c');
          },
        },
      ],
      REPLY,
      undefined,
    );
    expect(order).toEqual(['c', 'a']);
    expect(seen).toEqual([REPLY]);
  });

  it('a response that throws fails the call after the reply, naming the middleware', async () => {
    const cause = new Error('ledger full');
    const later: string[] = [];
    const error = await failure(
      applyResponseMiddleware(
        [
          { name: 'never-reached', response: () => void later.push('first') },
          {
            name: 'ledger',
            response: () => {
              throw cause;
            },
          },
        ],
        REPLY,
        undefined,
      ),
    );
    expect(later).toEqual([]);
    expect({
      middleware: error.middleware,
      phase: error.phase,
      details: error.details,
      cause: error.cause,
      message: error.message,
    }).toEqual({
      middleware: 'ledger',
      phase: 'response',
      details: { middleware: 'ledger', phase: 'response' },
      cause,
      message:
        'request middleware "ledger" threw while reading the reply, so the call failed after the provider answered: ledger full',
    });
  });

  it("the caller's abort while a response waits is passed through", async () => {
    const caller = new AbortController();
    const error = await applyResponseMiddleware(
      [
        {
          name: 'slow',
          response: () => {
            caller.abort(new Error('user left'));
            return new Promise<void>(() => undefined);
          },
        },
      ],
      REPLY,
      caller.signal,
    ).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(MiddlewareError);
    expect(error).toMatchObject({
      code: 'aborted',
      message: 'aborted while running request middleware "slow": user left',
    });
  });
});
