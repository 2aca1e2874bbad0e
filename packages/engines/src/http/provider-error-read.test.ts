// What a caller of the engine reads from a provider's error reply: the code, the message and
// the typed error built from them, for each body shape, and the bounds on provider text.
import { ProviderError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { providerErrorFromResponse, readProviderErrorBody } from './provider-error.js';

describe('readProviderErrorBody', () => {
  it('reads a Gemini number code only when no symbolic status is given, and the type last', () => {
    expect(readProviderErrorBody({ error: { code: 404, message: 'gone' } })).toEqual({
      code: '404',
      message: 'gone',
    });
    expect(readProviderErrorBody({ error: { type: 'overloaded', message: 'busy' } })).toEqual({
      code: 'overloaded',
      message: 'busy',
    });
    expect(
      readProviderErrorBody({ error: { status: '', code: 'bad_key', type: 't', message: '' } }),
    ).toEqual({ code: 'bad_key', message: undefined });
    // A number is read as its digits; one that is not finite says nothing.
    expect(readProviderErrorBody({ error: { code: Number.NaN, message: 7 } })).toEqual({
      code: undefined,
      message: '7',
    });
    expect(readProviderErrorBody({ error: { code: Number.POSITIVE_INFINITY } })).toEqual({
      code: undefined,
      message: undefined,
    });
  });

  it('reads the code beside an Ollama error string and beside a FastAPI detail', () => {
    expect(readProviderErrorBody({ error: 'no such model', code: 'not_found' })).toEqual({
      code: 'not_found',
      message: 'no such model',
    });
    expect(readProviderErrorBody({ detail: 'Bad', code: 'x1' })).toEqual({
      code: 'x1',
      message: 'Bad',
    });
    expect(
      readProviderErrorBody({ detail: [{ loc: ['body', 'model'], msg: 'field required' }] }),
    ).toEqual({
      code: undefined,
      message: '[{"loc":["body","model"],"msg":"field required"}]',
    });
  });

  it('reads a top-level message with its code or type, and nothing from an empty body', () => {
    expect(readProviderErrorBody({ message: 'Internal error', code: 'E1', type: 'T' })).toEqual({
      code: 'E1',
      message: 'Internal error',
    });
    expect(readProviderErrorBody({ message: 'Internal error', type: 'server' })).toEqual({
      code: 'server',
      message: 'Internal error',
    });
    expect(readProviderErrorBody({})).toEqual({ code: undefined, message: undefined });
    expect(readProviderErrorBody(null)).toEqual({ code: undefined, message: undefined });
    expect(readProviderErrorBody([])).toEqual({ code: undefined, message: undefined });
  });

  it('trims a plain-text body, and a blank one says nothing', () => {
    expect(readProviderErrorBody('  upstream down \n')).toEqual({
      code: undefined,
      message: 'upstream down',
    });
    expect(readProviderErrorBody('   ')).toEqual({ code: undefined, message: undefined });
    expect(readProviderErrorBody(['first', 'second'])).toEqual({
      code: undefined,
      message: 'first',
    });
  });
});

describe('providerErrorFromResponse', () => {
  it('names the provider, the status, the code and the message', () => {
    const error = providerErrorFromResponse({
      provider: 'openai',
      status: 400,
      body: { error: { message: 'bad model', code: 'model_not_found' } },
      text: '{"error":{"message":"bad model","code":"model_not_found"}}',
      attempts: 2,
    });
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe('openai returned HTTP 400 (model_not_found): bad model');
    expect(error.code).toBe('provider_error');
    expect(error.status).toBe(400);
    expect(error.providerCode).toBe('model_not_found');
    expect(error.providerMessage).toBe('bad model');
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.retryable).toBe(false);
    expect(error.details).toEqual({
      status: 400,
      providerCode: 'model_not_found',
      providerMessage: 'bad model',
      provider: 'openai',
      attempts: 2,
    });
  });

  it('a 429 is provider_rate_limited with its Retry-After; one attempt when not said', () => {
    const error = providerErrorFromResponse({
      provider: 'anthropic',
      status: 429,
      body: undefined,
      text: '',
      retryAfterMs: 3000,
    });
    expect(error.message).toBe('anthropic returned HTTP 429');
    expect(error.code).toBe('provider_rate_limited');
    expect(error.retryAfterMs).toBe(3000);
    expect(error.providerMessage).toBeUndefined();
    expect(error.providerCode).toBeUndefined();
    expect(error.details).toMatchObject({ provider: 'anthropic', attempts: 1 });
  });

  it('quotes the text of a body that says nothing readable, trimmed, shortened past 300 characters', () => {
    const short = providerErrorFromResponse({
      provider: 'vllm',
      status: 502,
      body: undefined,
      text: '  <html>Bad Gateway</html>\n',
    });
    expect(short.message).toBe('vllm returned HTTP 502: <html>Bad Gateway</html>');
    expect(short.providerMessage).toBe('<html>Bad Gateway</html>');
    const exact = providerErrorFromResponse({
      provider: 'vllm',
      status: 502,
      body: { not: 'an error' },
      text: 'y'.repeat(300),
    });
    // The JSON body says nothing readable, so the raw text is quoted: 300 characters whole.
    expect(exact.providerMessage).toBe('y'.repeat(300));
    const long = providerErrorFromResponse({
      provider: 'vllm',
      status: 502,
      body: { not: 'an error' },
      text: `${'z'.repeat(300)}!`,
    });
    expect(long.providerMessage).toBe(`${'z'.repeat(300)}…`);
    expect(long.message).toBe(`vllm returned HTTP 502: ${'z'.repeat(300)}…`);
  });

  it('reads the text as the body when the body was not JSON', () => {
    const error = providerErrorFromResponse({
      provider: 'ollama',
      status: 500,
      body: undefined,
      text: 'model crashed',
    });
    expect(error.providerMessage).toBe('model crashed');
    expect(error.message).toBe('ollama returned HTTP 500: model crashed');
  });

  it('caps a provider message at 1,000 characters and a code at 100', () => {
    const error = providerErrorFromResponse({
      provider: 'openai',
      status: 400,
      body: { error: { message: 'm'.repeat(1005), code: 'c'.repeat(103) } },
      text: '',
    });
    expect(error.providerMessage).toBe(`${'m'.repeat(1000)}… [5 more characters]`);
    expect(error.providerCode).toBe(`${'c'.repeat(100)}… [3 more characters]`);
    expect(error.message).toBe(
      `openai returned HTTP 400 (${'c'.repeat(100)}… [3 more characters]): ${'m'.repeat(1000)}… [5 more characters]`,
    );
  });
});

describe('the fields every reading has', () => {
  it('always names both fields, even for a body that says nothing', () => {
    expect(readProviderErrorBody(42)).toStrictEqual({ code: undefined, message: undefined });
  });

  it('a blank body quotes nothing; a JSON body without a message is quoted trimmed', () => {
    const blank = providerErrorFromResponse({
      provider: 'vllm',
      status: 502,
      body: undefined,
      text: '  \n',
    });
    expect(blank.message).toBe('vllm returned HTTP 502');
    expect(blank.providerMessage).toBeUndefined();
    const quoted = providerErrorFromResponse({
      provider: 'vllm',
      status: 502,
      body: { ok: false },
      text: ' {"ok":false}\n',
    });
    expect(quoted.providerMessage).toBe('{"ok":false}');
  });
});
