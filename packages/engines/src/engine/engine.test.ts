import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { denyPrivateHosts, Image } from '@crosswire/content-image';
import {
  type CrosswireWarning,
  extractToolCall,
  formatTools,
  ProviderError,
} from '@crosswire/core';
import {
  responseTextContent,
  responseToolCalls,
  toolLoopCalls,
  toolLoopResponse,
} from '@crosswire/dialects';
import { createRegistry, defaultRegistry } from '@crosswire/registry';
import { faults, type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from './engine.js';
import type { RequestEvent, ResponseEvent } from './observe.js';

let simulator: Simulator;
let imageServer: Server;
let imageOrigin: string;
let imageHits = 0;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const engines: Engine[] = [];
function track(engine: Engine): Engine {
  engines.push(engine);
  return engine;
}

beforeAll(async () => {
  simulator = await startSimulator({ redactCredentials: false });
  imageServer = createServer((_request, response) => {
    imageHits++;
    response
      .writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG.length) })
      .end(PNG);
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  imageOrigin = `http://images.example.test:${(imageServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await simulator.close();
  imageServer.closeAllConnections();
  await new Promise((resolve) => imageServer.close(resolve));
});

/** A "public" made-up host mapped onto loopback, as the team rules require. */
const loopbackAsPublic = denyPrivateHosts({
  resolver: async () => [{ address: '127.0.0.1', family: 4 }],
  allow: ['127.0.0.1/32'],
});

describe('createEngine from registry data', () => {
  it('warns when the model is retired, naming the replacement, and not for a current one', () => {
    const warnings: CrosswireWarning[] = [];
    const onWarning = (warning: CrosswireWarning) => warnings.push(warning);
    createEngine({ provider: 'xai', model: 'grok-3', apiKey: 'k', onWarning });
    createEngine({ provider: 'xai', apiKey: 'k', onWarning });
    expect(warnings.map((warning) => [warning.code, warning.message])).toEqual([
      [
        'model_retired',
        'model "grok-3" on provider "xai" was retired on 2026-05-15: requests fail or are served by another model; use "grok-4.3" instead (https://docs.x.ai/developers/migration/may-15-retirement)',
      ],
    ]);
  });

  it('builds a working engine for every provider the registry lists', async () => {
    const providers = defaultRegistry.providers();
    expect(providers.length).toBeGreaterThanOrEqual(20);
    for (const provider of providers) {
      const model = provider.defaultModel ?? provider.offerings[0]?.id ?? 'any-model';
      const wire = defaultRegistry.resolve({ provider: provider.id, model }).wire ?? provider.wire;
      const engine = track(
        createEngine({
          provider: provider.id,
          model,
          apiKey: 'sk-test-0123456789',
          // Claude on Vertex AI takes no API key: an access token.
          cloud: { getAccessToken: () => 'ya29.test-token' },
          baseUrl: simulator.baseUrl(wire, provider.id),
        }),
      );
      expect(engine.toolWireFormat).toBe(wire);
      simulator.script(provider.id, [{ type: 'text', text: 'ok' }]);
      const reply = await engine.chat('hello');
      expect([provider.id, reply.content]).toEqual([provider.id, 'ok']);
      // The chat is the last request (an engine for a local server asks for the model's metadata first).
      const received = simulator.received(provider.id).at(-1);
      expect(received?.violations).toEqual([]);
      expect(received?.path).toBe(provider.chatPath.replace('{model}', model));
      const header = provider.auth?.header.toLowerCase();
      if (header) {
        expect(received?.headers[header]).toBe(
          provider.auth?.scheme
            ? `${provider.auth.scheme} sk-test-0123456789`
            : 'sk-test-0123456789',
        );
      }
      for (const [name, value] of Object.entries(provider.headers)) {
        expect(received?.headers[name.toLowerCase()]).toBe(value);
      }
    }
  });

  it('adds an OpenAI-compatible provider with a registry entry and no code', async () => {
    const registry = createRegistry({
      entries: [
        {
          id: 'acme',
          name: 'Acme Inference',
          tool_wire_format: 'openai',
          base_url: 'https://api.acme.example/v1',
          chat_path: '/chat/completions',
          auth: { header: 'Authorization', scheme: 'Bearer' },
          api_key_env: 'ACME_API_KEY',
          docs: 'https://acme.example/docs',
        },
      ],
    });
    const engine = track(
      createEngine({
        provider: 'acme',
        model: 'acme-1',
        registry,
        baseUrl: simulator.baseUrl('openai', 'acme'),
        env: { ACME_API_KEY: 'from-env' },
      }),
    );
    expect(engine.toolWireFormat).toBe('openai');
    simulator.script('acme', [{ type: 'text', text: 'ok' }]);
    expect((await engine.chat('hi')).content).toBe('ok');
    expect(simulator.received('acme')[0]?.headers.authorization).toBe('Bearer from-env');
    expect(simulator.received('acme')[0]?.body).toEqual({
      model: 'acme-1',
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('refuses a missing key, a missing model and an unknown provider', () => {
    expect(() => createEngine({ provider: 'openai', model: 'gpt-6.1-sol', env: {} })).toThrow(
      expect.objectContaining({
        code: 'missing_api_key',
        message: 'provider "openai" needs an API key: pass apiKey or set OPENAI_API_KEY',
      }),
    );
    expect(() => createEngine({ provider: 'vllm', env: {} })).toThrow(
      expect.objectContaining({ code: 'missing_model' }),
    );
    expect(() => createEngine({ provider: 'nope', apiKey: 'k' })).toThrow(
      expect.objectContaining({ name: 'RegistryError', code: 'unknown_provider' }),
    );
    expect(() => createEngine({ provider: 'antropic', model: 'claude-sonnet-5-5' })).toThrow(
      /^unknown provider "antropic"; did you mean "anthropic"\? \(known: /,
    );
    // A local server needs no key.
    expect(createEngine({ provider: 'ollama', model: 'llama3.2', env: {} }).toolWireFormat).toBe(
      'ollama',
    );
  });

  it('reads capabilities and derives the dialect options from them and the quirks', () => {
    const claude = createEngine({ provider: 'anthropic', model: 'claude-sonnet-5-5', apiKey: 'k' });
    expect(claude.supports('image_input')).toBe(true);
    expect(claude.capabilities().tool_result_images).toBe(true);
    expect(claude.dialectOptions).toMatchObject({
      imageInput: true,
      sourceBlocks: true,
      inlineImages: false,
    });
    const aki = createEngine({ provider: 'aki-anthropic', model: 'gemma-3-27b-it', apiKey: 'k' });
    expect(aki.supports('tool_result_images')).toBe(false);
    expect(aki.dialectOptions).toMatchObject({ imageInput: false, sourceBlocks: false });
    const chain = aki.explain('tool_result_images');
    expect(chain[0]).toBe('provider "aki-anthropic" speaks the anthropic wire');
    expect(chain.at(-1)).toMatch(
      /^provider "aki-anthropic" quirk tool_result_images: never \(.*\): the image does not reach the model here$/,
    );
    const lmstudio = createEngine({ provider: 'lmstudio', model: 'qwen', env: {} });
    expect(lmstudio.dialectOptions.inlineImages).toBe(true);
  });
});

describe('engine.chat over HTTP', () => {
  it("names the engine's wire and the URL it needed when pointed at another wire's simulator URL", async () => {
    const engine = track(
      createEngine({
        provider: 'anthropic',
        model: 'claude-sonnet-5-5',
        apiKey: 'k',
        baseUrl: simulator.baseUrl('openai', 'mixed'),
      }),
    );
    await expect(engine.chat('Hi')).rejects.toThrow(
      "/messages is not the openai endpoint of sim.baseUrl('openai', 'mixed'); it is the anthropic endpoint: give the anthropic engine sim.baseUrl('anthropic', 'mixed')",
    );
  });

  it('retries 429 (Retry-After) and 500, parses rate limits, and reports summarised bodies to the hooks', async () => {
    simulator.script('retry', [
      faults.rateLimited(0),
      faults.serverError(),
      { type: 'text', text: 'third time' },
    ]);
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    const engine = track(
      createEngine({
        provider: 'anthropic',
        model: 'claude-sonnet-5-5',
        apiKey: 'k',
        baseUrl: simulator.baseUrl('anthropic', 'retry'),
        retry: { baseDelayMs: 1 },
        onRequest: (event) => requests.push(event),
        onResponse: (event) => responses.push(event),
      }),
    );
    // 3000 bytes that begin as a 1 x 1 PNG does (a body carries only images whose bytes say so).
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('IHDR'),
      Buffer.from([0, 0, 0, 1, 0, 0, 0, 1]),
      Buffer.alloc(2976, 1),
    ]);
    const image = Image.fromBase64(png.toString('base64'), { mediaType: 'image/png' });
    const reply = await engine.chat([{ role: 'user', content: ['look', image] }]);
    expect(reply.content).toBe('third time');
    expect(simulator.received('retry').map((record) => record.status)).toEqual([429, 500, 200]);
    expect(engine.rateLimit?.requests?.remaining).toBe(997);
    expect(requests).toHaveLength(1);
    expect(JSON.stringify(requests[0]?.body)).toContain('[base64 3000 bytes]');
    expect(JSON.stringify(requests[0]?.body)).not.toContain('AQEB');
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({
      status: 200,
      attempts: 3,
      finishReason: 'end_turn',
      error: undefined,
    });
    expect(responses[0]?.usage).toEqual({ inputTokens: 30, outputTokens: 9, totalTokens: 39 });
  });

  it('turns a provider error body into a ProviderError with status, code and message', async () => {
    simulator.script('error', [
      { type: 'error', status: 400, message: 'model not found', code: 'model_not_found' },
    ]);
    const seen: ResponseEvent[] = [];
    const engine = track(
      createEngine({
        provider: 'openai',
        model: 'gpt-6.1-sol',
        apiKey: 'k',
        baseUrl: simulator.baseUrl('openai', 'error'),
        onResponse: (event) => seen.push(event),
      }),
    );
    const error = await engine.chat('hi').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      status: 400,
      providerCode: 'model_not_found',
      providerMessage: 'model not found',
      message: 'openai returned HTTP 400 (model_not_found): model not found',
    });
    expect(seen[0]).toMatchObject({ status: 400, error });
  });

  it('aborts on the caller signal', async () => {
    simulator.script('abort', [{ type: 'text', text: 'late', delayMs: 2000 }]);
    const engine = track(
      createEngine({
        provider: 'openai',
        model: 'gpt-6.1-sol',
        apiKey: 'k',
        baseUrl: simulator.baseUrl('openai', 'abort'),
      }),
    );
    await expect(engine.chat('hi', { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({
      code: 'aborted',
      cause: { name: 'TimeoutError' },
    });
  });
});

describe('inline images before the request', () => {
  it('fetches each URL image once for wires that need bytes and keeps URLs where the wire takes them', async () => {
    const image = Image.fromUrl(`${imageOrigin}/cat.png`);
    const messages = [{ role: 'user' as const, content: ['what is this?', image] }];
    simulator.script(
      'img',
      Array.from({ length: 4 }, () => ({ type: 'text', text: 'ok' }) as const),
    );
    const options = {
      apiKey: 'k',
      inlineImages: { urlFilter: loopbackAsPublic, maxBytes: 1_000_000 },
    };
    const anthropic = track(
      createEngine({
        provider: 'anthropic',
        model: 'claude-sonnet-5-5',
        ...options,
        baseUrl: simulator.baseUrl('anthropic', 'img'),
      }),
    );
    await anthropic.chat(messages);
    expect(imageHits).toBe(0);
    expect(JSON.stringify(simulator.received('img')[0]?.body)).toContain(
      `"url":"${imageOrigin}/cat.png"`,
    );

    const gemini = track(
      createEngine({
        provider: 'gemini',
        model: 'gemini-2.5-flash-lite',
        ...options,
        baseUrl: simulator.baseUrl('gemini', 'img'),
      }),
    );
    await gemini.chat(messages);
    await gemini.chat([
      ...messages,
      { role: 'assistant', content: 'a pixel' },
      { role: 'user', content: [image, 'again'] },
    ]);
    expect(imageHits).toBe(1);
    const geminiBody = JSON.stringify(simulator.received('img')[2]?.body);
    expect(geminiBody.match(/"inlineData"/g)).toHaveLength(2);

    const lmstudio = track(
      createEngine({
        provider: 'lmstudio',
        model: 'qwen',
        ...options,
        baseUrl: simulator.baseUrl('openai', 'img'),
      }),
    );
    await lmstudio.chat([{ role: 'user', content: [Image.fromUrl(`${imageOrigin}/dog.png`)] }]);
    expect(imageHits).toBe(2);
    expect(JSON.stringify(simulator.received('img').at(-1)?.body)).toContain(
      'data:image/png;base64,',
    );
  });

  it('refuses before sending when the URL filter refuses the image', async () => {
    const engine = track(
      createEngine({
        provider: 'gemini',
        model: 'gemini-2.5-flash-lite',
        apiKey: 'k',
        baseUrl: simulator.baseUrl('gemini', 'refused'),
        inlineImages: { urlFilter: denyPrivateHosts() },
      }),
    );
    await expect(
      engine.chat([{ role: 'user', content: [Image.fromUrl('http://127.0.0.1:9/secret.png')] }]),
    ).rejects.toMatchObject({ name: 'ImageFetchError', code: 'image_url_refused' });
    expect(simulator.received('refused')).toEqual([]);
  });

  it('keeps the private network closed without any inlineImages option', async () => {
    const port = (imageServer.address() as AddressInfo).port;
    const before = imageHits;
    const engine = track(
      createEngine({
        provider: 'gemini',
        model: 'gemini-2.5-flash-lite',
        apiKey: 'k',
        baseUrl: simulator.baseUrl('gemini', 'default-guard'),
      }),
    );
    for (const url of [
      `http://127.0.0.1:${port}/secret.png`,
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    ]) {
      await expect(
        engine.chat([{ role: 'user', content: [Image.fromUrl(url)] }]),
      ).rejects.toMatchObject({ name: 'ImageFetchError', code: 'image_url_refused' });
    }
    expect(imageHits).toBe(before);
    expect(simulator.received('default-guard')).toEqual([]);
  });

  it('inlineImages.allowPrivateNetwork: true is the opt-out: loopback images are fetched', async () => {
    const port = (imageServer.address() as AddressInfo).port;
    const before = imageHits;
    const engine = track(
      createEngine({
        provider: 'gemini',
        model: 'gemini-2.5-flash-lite',
        apiKey: 'k',
        baseUrl: simulator.baseUrl('gemini', 'open-network'),
        inlineImages: { allowPrivateNetwork: true },
      }),
    );
    simulator.script('open-network', [{ type: 'text', text: 'ok' }]);
    await engine.chat([
      { role: 'user', content: [Image.fromUrl(`http://127.0.0.1:${port}/own.png`)] },
    ]);
    expect(imageHits).toBe(before + 1);
    expect(JSON.stringify(simulator.received('open-network')[0]?.body)).toContain('"inlineData"');
  });
});

describe('seams for a caller-run loop', () => {
  it('delegates to the dialects and core on the engine wire', () => {
    const warnings: CrosswireWarning[] = [];
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      onWarning: (w) => warnings.push(w),
    });
    expect(
      formatTools(engine.toolWireFormat, [
        { name: 'echo', inputSchema: { type: 'object', properties: {} } },
      ]),
    ).toEqual([
      {
        type: 'function',
        function: { name: 'echo', parameters: { type: 'object', properties: {} } },
      },
    ]);
    const body = {
      choices: [
        {
          message: {
            role: 'assistant',
            content: 'calling',
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'echo', arguments: '{"text":"x"}' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    };
    const raw = responseToolCalls(engine.toolWireFormat, body, engine.dialectOptions);
    expect(raw).toHaveLength(1);
    expect(extractToolCall(engine.toolWireFormat, raw[0])).toMatchObject({
      id: 'c1',
      name: 'echo',
      arguments: { text: 'x' },
    });
    expect(responseTextContent(engine.toolWireFormat, body, engine.dialectOptions)).toBe('calling');
    expect(
      responseTextContent(
        engine.toolWireFormat,
        { error: { message: 'x' } },
        engine.dialectOptions,
      ),
    ).toBe('');
    const reply = toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions);
    const { calls } = toolLoopCalls(reply, reply.raw, {
      wire: engine.toolWireFormat,
      dialectOptions: engine.dialectOptions,
    });
    expect(calls.map((call) => call.name)).toEqual(['echo']);
    expect(warnings).toEqual([]);
  });
});
