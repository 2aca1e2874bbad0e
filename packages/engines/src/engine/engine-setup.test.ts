// What an engine works out before its first request, from the caller's side: the endpoint it
// will call (engine.endpoint) and the refusals of a base URL or header it cannot send; the
// renderer options and request features it takes from the registry's answer for its model;
// and what a response hook is shown (a middleware's secret header scrubbed, the body read
// once, when first read).
import { ValidationError } from '@crosswire/core';
import { createRegistry, defaultRegistry } from '@crosswire/registry';
import type { ProviderEntry, Resolution } from '@crosswire/registry/lookup';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretScrubber, REDACTED } from '../http/secrets.js';
import { createEngine, type Engine } from './engine.js';
import { dialectOptionsOf, modelRequestFeatures } from './model-settings.js';
import type { ResponseEvent } from './observe.js';
import { responseEvent, withHeaderSecrets } from './response-event.js';

/** The error `run` throws (the test fails when it throws none). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

const openai = (options: Record<string, unknown>) =>
  createEngine({
    provider: 'openai',
    model: 'gpt-6.1-sol',
    apiKey: 'k',
    discover: false,
    ...options,
  });

describe('the endpoint an engine calls', () => {
  it('keeps an http or https base URL, less its trailing slashes, and joins the chat path', () => {
    expect(openai({ baseUrl: 'http://127.0.0.1:9/api//' }).endpoint).toBe(
      'http://127.0.0.1:9/api/chat/completions',
    );
    expect(openai({ baseUrl: 'https://127.0.0.1:9' }).endpoint).toBe(
      'https://127.0.0.1:9/chat/completions',
    );
  });

  it('refuses a base URL of another scheme, naming the scheme, and one that is no URL', () => {
    for (const [baseUrl, shown] of [
      ['ftp://127.0.0.1/', "scheme 'ftp'"],
      ['file:///tmp/x', "scheme 'file'"],
      ['localhost:8080', "scheme 'localhost'"],
      ['//127.0.0.1/v1', 'not a URL'],
      ['', 'not a URL'],
    ] as const) {
      const error = thrown(() => openai({ baseUrl }));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        code: 'invalid_base_url',
        path: 'baseUrl',
        message: `baseUrl must be an http or https URL (${shown}); the transport speaks nothing else`,
      });
    }
  });

  it('does not repeat a version the base URL ends with: v1, v1beta, v1alpha, v2beta3', () => {
    const anthropic = (baseUrl: string) =>
      createEngine({ provider: 'anthropic', model: 'claude-sonnet-5-5', apiKey: 'k', baseUrl })
        .endpoint;
    expect(anthropic('http://127.0.0.1:9/v1')).toBe('http://127.0.0.1:9/v1/messages');
    expect(anthropic('http://127.0.0.1:9/v1/')).toBe('http://127.0.0.1:9/v1/messages');
    expect(anthropic('http://127.0.0.1:9/v1?team=a')).toBe('http://127.0.0.1:9/v1/messages?team=a');
    // Another version, or a segment that only ends like one, is kept before the path.
    expect(anthropic('http://127.0.0.1:9/v2')).toBe('http://127.0.0.1:9/v2/v1/messages');
    expect(anthropic('http://127.0.0.1:9/xv1')).toBe('http://127.0.0.1:9/xv1/v1/messages');
    expect(anthropic('http://127.0.0.1:9/v1/gateway')).toBe(
      'http://127.0.0.1:9/v1/gateway/v1/messages',
    );
    const gemini = (baseUrl: string) =>
      createEngine({
        provider: 'gemini',
        model: 'gemini-2.5-flash-lite',
        apiKey: 'k',
        baseUrl,
      }).endpoint;
    // A provider of the caller's own registry whose path starts with a version of two digits
    // and a suffix, given a base URL that ends with it.
    const registry = createRegistry({
      entries: [
        {
          id: 'acme',
          name: 'Acme Inference',
          tool_wire_format: 'openai',
          base_url: 'https://api.acme.example/v10beta2',
          chat_path: '/v10beta2/chat/completions',
          auth: { header: 'Authorization', scheme: 'Bearer' },
          docs: 'https://acme.example/docs',
        },
      ],
    });
    const acme = (baseUrl: string) =>
      createEngine({ provider: 'acme', model: 'acme-1', apiKey: 'k', registry, baseUrl }).endpoint;
    expect(acme('http://127.0.0.1:9/v10beta2')).toBe(
      'http://127.0.0.1:9/v10beta2/chat/completions',
    );
    expect(acme('http://127.0.0.1:9/v10')).toBe('http://127.0.0.1:9/v10/v10beta2/chat/completions');
    // Gemini's path has no version: the base URL's version stays as it is.
    expect(gemini('http://127.0.0.1:9/v1beta')).toBe(
      'http://127.0.0.1:9/v1beta/models/gemini-2.5-flash-lite:generateContent',
    );
  });
});

describe('headers an engine is given', () => {
  const withHeaders = (headers: Record<string, unknown>) =>
    thrown(() => openai({ baseUrl: 'http://127.0.0.1:9', headers }));

  it('are sent as given when each name is one token and no value has CR, LF or NUL', () => {
    expect(() =>
      openai({
        baseUrl: 'http://127.0.0.1:9',
        headers: { 'x-trace': 'a b\tc', 'x-empty': '', 'x-colon': 'a:b' },
      }),
    ).not.toThrow();
    expect(() => openai({ baseUrl: 'http://127.0.0.1:9', headers: undefined })).not.toThrow();
  });

  it('refuse a value with CR, LF or NUL, a value that is no string, and a name with a colon or space', () => {
    for (const [name, value] of [
      ['x-cr', 'a\rb'],
      ['x-lf', 'a\nb'],
      ['x-nul', 'a\0b'],
      ['x-number', 12],
      ['x-name:', 'v'],
      ['x name', 'v'],
      ['x\tname', 'v'],
      ['x\nname', 'v'],
      ['x\0name', 'v'],
      ['x\rname', 'v'],
    ] as const) {
      const error = withHeaders({ 'x-fine': 'ok', [name]: value });
      expect(error).toBeInstanceOf(ValidationError);
      const shown = name.replace(/[^\x20-\x7e]/g, '?');
      expect(error).toMatchObject({
        code: 'invalid_header',
        path: `headers.${name}`,
        message: `headers["${shown}"] cannot be sent: a header name is one token and a value has no CR, LF or NUL`,
      });
    }
    expect(withHeaders({ 'x-\u00e9\u0001': '\n' })).toMatchObject({
      message:
        'headers["x-??"] cannot be sent: a header name is one token and a value has no CR, LF or NUL',
    });
  });
});

describe('what the renderers are told about the model', () => {
  const resolve = (provider: string, model: string) => defaultRegistry.resolve({ provider, model });
  /** The registry's entry of the provider a resolution names (every one here has one). */
  const providerOf = (resolution: Resolution): ProviderEntry => {
    if (resolution.provider === undefined) throw new Error('no provider');
    return resolution.provider;
  };

  it('a model that sees images in tool results, with the native wire (Anthropic)', () => {
    const resolution = resolve('anthropic', 'claude-sonnet-5-5');
    const options = dialectOptionsOf(resolution, 'anthropic', providerOf(resolution), {});
    expect(options).toStrictEqual({
      imageInput: true,
      imageFallbackInput: true,
      pdfFallbackInput: true,
      imageFallback: 'user-message',
      nativePdf: true,
      sourceBlocks: true,
      inlineImages: false,
      structuredOutput: 'native',
      contextWindow: 1_000_000,
    });
    expect(Object.isFrozen(options)).toBe(true);
  });

  it('a wire without native tool-result images takes image_input; a text-only model gets neither', () => {
    const gpt = resolve('openai', 'gpt-6.1-sol');
    expect(dialectOptionsOf(gpt, 'openai', providerOf(gpt), {})).toMatchObject({
      imageInput: true,
      imageFallbackInput: true,
      pdfFallbackInput: true,
      nativePdf: false,
    });
    const text = resolve('openai', 'gpt-3.5-turbo');
    expect(dialectOptionsOf(text, 'openai', providerOf(text), {})).toStrictEqual({
      imageInput: false,
      imageFallbackInput: false,
      pdfFallbackInput: false,
      imageFallback: 'user-message',
      nativePdf: false,
      sourceBlocks: true,
      inlineImages: false,
      structuredOutput: 'native',
      contextWindow: 16_385,
    });
  });

  it("the provider's quirks, a model without a context window, and the caller's dialect options last", () => {
    const o1 = resolve('openai', 'o1-mini');
    const onWarning = () => undefined;
    const quirky = {
      ...providerOf(o1),
      quirks: {
        ...providerOf(o1).quirks,
        tool_result_image_fallback: 'tool-message' as const,
        usage_cache_reads_in_input: true,
        source_blocks: false,
        inline_images: true,
      },
    };
    expect(
      dialectOptionsOf(o1, 'openai', quirky, { onWarning, dialect: { sourceBlocks: true } }),
    ).toStrictEqual({
      imageInput: false,
      imageFallbackInput: false,
      pdfFallbackInput: false,
      imageFallback: 'tool-message',
      nativePdf: false,
      sourceBlocks: true,
      inlineImages: true,
      cacheReadsInInputTokens: true,
      structuredOutput: 'native',
      onWarning,
    });
  });

  it('the structured-output mode of each registry support value, and a model that refuses a forced tool choice', () => {
    const mode = (provider: string, model: string) => {
      const resolution = resolve(provider, model);
      const wire = resolution.wire ?? 'openai';
      return dialectOptionsOf(resolution, wire, providerOf(resolution), {});
    };
    expect(mode('gemini', 'gemini-2.0-flash').structuredOutput).toBe('subset');
    expect(mode('nousresearch', 'Hermes-4-405B').structuredOutput).toBe('prompt');
    expect(mode('anthropic', 'claude-3-haiku-20240307').structuredOutput).toBe('tool');
    expect(mode('anthropic', 'claude-3-haiku-20240307')).not.toHaveProperty('forcedToolChoice');
    expect(mode('anthropic', 'claude-fable-5-1')).toMatchObject({
      structuredOutput: 'tool',
      forcedToolChoice: false,
    });
  });

  it('request features: only the known ones, as preflight reads them', () => {
    expect(modelRequestFeatures(resolve('anthropic', 'claude-fable-5-1'))).toStrictEqual({
      outputFormat: false,
      forcedToolChoice: false,
    });
    expect(modelRequestFeatures(resolve('gemini', 'gemini-3-pro-preview'))).toStrictEqual({
      outputFormat: true,
      jsonWithTools: true,
    });
    expect(modelRequestFeatures(resolve('gemini', 'gemini-2.0-flash'))).toStrictEqual({
      outputFormat: false,
      jsonWithTools: false,
    });
    const none = modelRequestFeatures(resolve('openai', 'gpt-6.1-sol'));
    expect(none).toStrictEqual({});
    expect(Object.isFrozen(none)).toBe(true);
  });
});

describe('what a response hook is shown', () => {
  const KEY = 'sk-engine-0123456789';
  const GATEWAY = 'gw-secret-0123456789';

  it("hides a middleware's secret header beside the engine's own key, and keeps learning", () => {
    const own = createSecretScrubber({ apiKey: KEY });
    expect(withHeaderSecrets(own, undefined)).toBe(own);
    // No secret-named header, or a value too short to be a secret: the engine's scrubber as is.
    expect(withHeaderSecrets(own, { 'x-trace': 'trace-0123456789' })).toBe(own);
    const scrub = withHeaderSecrets(own, { 'x-gateway-key': GATEWAY });
    expect(scrub.secrets).toEqual([KEY, GATEWAY]);
    expect(scrub.text(`${KEY} and ${GATEWAY}`)).toBe(`${REDACTED} and ${REDACTED}`);
    expect(scrub.value({ said: [`${GATEWAY}/${KEY}`] })).toEqual({
      said: [`${REDACTED}/${REDACTED}`],
    });
    const error = scrub.error(new Error(`refused ${KEY} with ${GATEWAY}`));
    expect(error.message).toBe(`refused ${REDACTED} with ${REDACTED}`);
    // A token learned later (a signed request's session token) is hidden through both.
    scrub.remember(['session-token-0123456789']);
    expect(own.secrets).toContain('session-token-0123456789');
    expect(scrub.secrets).toEqual(['session-token-0123456789', KEY, GATEWAY]);
    expect(scrub.text('session-token-0123456789')).toBe(REDACTED);
  });

  it('reads the body once, when first read, summarised and scrubbed; the parsed reply likewise', () => {
    const scrub = createSecretScrubber({ apiKey: KEY });
    let reads = 0;
    const raw = { echo: `key ${KEY}`, long: 'x'.repeat(10) };
    const event = responseEvent(
      { status: 200 } as Omit<ResponseEvent, 'body' | 'response'>,
      { text: `said ${KEY}` } as never,
      () => {
        reads += 1;
        return raw;
      },
      scrub,
    );
    expect(reads).toBe(0);
    expect(event.body).toEqual({ echo: `key ${REDACTED}`, long: 'x'.repeat(10) });
    expect(event.body).toBe(event.body);
    expect(reads).toBe(1);
    expect(event.response).toEqual({ text: `said ${REDACTED}` });
    expect(event.status).toBe(200);
    expect(raw.echo).toBe(`key ${KEY}`);
    const empty = responseEvent(
      { status: 500 } as Omit<ResponseEvent, 'body' | 'response'>,
      undefined,
      () => undefined,
      scrub,
    );
    expect(empty.body).toBeUndefined();
    expect(empty.response).toBeUndefined();
    expect(JSON.parse(JSON.stringify(empty))).toEqual({ status: 500 });
  });
});

describe('through a whole engine', () => {
  let simulator: Simulator;
  const engines: Engine[] = [];
  beforeAll(async () => {
    simulator = await startSimulator();
  });
  afterAll(async () => {
    await Promise.all(engines.map((engine) => engine.close()));
    await simulator.close();
  });

  it("onResponse shows the reply with the engine's key and a middleware's secret header hidden", async () => {
    const KEY = 'sk-engine-0123456789';
    const GATEWAY = 'gw-secret-0123456789';
    simulator.script('setup-secrets', [{ type: 'text', text: `echo ${KEY} ${GATEWAY}` }]);
    const events: ResponseEvent[] = [];
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: KEY,
      baseUrl: simulator.baseUrl('openai', 'setup-secrets'),
      discover: false,
      retry: { maxRetries: 0 },
      middleware: [
        { name: 'gateway-key', request: () => ({ headers: { 'x-gateway-key': GATEWAY } }) },
      ],
      onResponse: (event) => events.push(event),
    });
    engines.push(engine);
    expect((await engine.chat('hi')).content).toBe(`echo ${KEY} ${GATEWAY}`);
    const shown = JSON.stringify(events[0]);
    expect(shown).toContain(`echo ${REDACTED} ${REDACTED}`);
    expect(shown).not.toContain(KEY);
    expect(shown).not.toContain(GATEWAY);
  });
});
