import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RegistryError, type WireFormat } from '@crosswire/core';
import {
  type SimulatedListing,
  type SimulatedModel,
  type Simulator,
  startSimulator,
} from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRegistry,
  defaultRegistry,
  type LearnedModel,
  type LearnedSnapshot,
} from '../../index.js';

// `registry.discover` against the simulator's model-list endpoints (documented shapes, read by
// the official clients in the simulator's own tests), one case per provider.

const TODAY = '2026-12-02';
let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => simulator.close());

interface Case {
  readonly provider: string;
  readonly kind: SimulatedListing;
  readonly wire: WireFormat;
  readonly path: string;
  readonly models: readonly SimulatedModel[];
  readonly learned: readonly LearnedModel[];
}

const VISION_TOOLS = {
  id: 'new-vision-model',
  vision: true,
  tools: true,
  context: 65_536,
  output: 8192,
};
const TEXT_ONLY = { id: 'new-text-model', context: 8192 };

const CASES: readonly Case[] = [
  {
    provider: 'ollama',
    kind: 'ollama',
    wire: 'ollama',
    path: '/api/tags',
    models: [
      { id: 'qwen3-vl:8b', vision: true, tools: true, thinking: true, context: 262_144 },
      { id: 'gemma3:270m', context: 32_768 },
    ],
    learned: [
      {
        id: 'qwen3-vl:8b',
        context: 262_144,
        capabilities: { tools: true, image_input: true },
        endpoint: 'SHOW',
      },
      {
        id: 'gemma3:270m',
        context: 32_768,
        capabilities: { tools: false, image_input: false },
        endpoint: 'SHOW',
      },
    ],
  },
  {
    provider: 'lmstudio',
    kind: 'lmstudio',
    wire: 'openai',
    path: '/api/v0/models',
    models: [VISION_TOOLS, TEXT_ONLY, { id: 'text-embedding-nomic', kind: 'embedding' }],
    learned: [
      { id: 'new-vision-model', context: 65_536, capabilities: { image_input: true, tools: true } },
      { id: 'new-text-model', context: 8192, capabilities: { image_input: false, tools: false } },
      { id: 'text-embedding-nomic', kind: 'embedding', context: 4096 },
    ],
  },
  {
    provider: 'llamacpp',
    kind: 'llamacpp',
    wire: 'openai',
    path: '/props',
    models: [{ id: 'gemma-3-4b-it-Q4_K_M', vision: true, context: 16_384 }],
    learned: [
      {
        id: 'gemma-3-4b-it-Q4_K_M',
        context: 16_384,
        capabilities: { image_input: true, audio_input: false },
      },
    ],
  },
  {
    provider: 'vllm',
    kind: 'vllm',
    wire: 'openai',
    path: '/models',
    models: [{ id: 'Qwen/Qwen3-VL-8B-Instruct', context: 32_768 }],
    learned: [{ id: 'Qwen/Qwen3-VL-8B-Instruct', context: 32_768 }],
  },
  {
    provider: 'sglang',
    kind: 'sglang',
    wire: 'openai',
    path: '/models',
    models: [{ id: 'meta-llama/Llama-3.3-70B-Instruct', context: 131_072 }],
    learned: [{ id: 'meta-llama/Llama-3.3-70B-Instruct', context: 131_072 }],
  },
  {
    provider: 'openrouter',
    kind: 'openrouter',
    wire: 'openai',
    path: '/models',
    models: [
      {
        id: 'acme/vision-1',
        name: 'Acme: Vision 1',
        vision: true,
        pdf: true,
        tools: true,
        structured: true,
        context: 200_000,
        output: 32_000,
        price: { input: 3, output: 15, cacheRead: 0.3 },
        retires: '2027-01-31',
      },
      { id: 'acme/text-1', name: 'Acme: Text 1', context: 32_768, output: 4096 },
    ],
    learned: [
      {
        id: 'acme/vision-1',
        name: 'Acme: Vision 1',
        created: '2025-12-01',
        context: 200_000,
        output: 32_000,
        modalities: { input: ['text', 'image', 'pdf'], output: ['text'] },
        capabilities: {
          image_input: true,
          audio_input: false,
          pdf_input: true,
          tools: true,
          structured_output: true,
        },
        lifecycle: { retired: '2027-01-31' },
        pricing: { input: 3, output: 15, cacheRead: 0.3 },
      },
      {
        id: 'acme/text-1',
        name: 'Acme: Text 1',
        created: '2025-12-01',
        context: 32_768,
        output: 4096,
        modalities: { input: ['text'], output: ['text'] },
        capabilities: {
          image_input: false,
          audio_input: false,
          tools: false,
          structured_output: false,
        },
        pricing: { input: 1, output: 2 },
      },
    ],
  },
  {
    provider: 'mistral',
    kind: 'mistral',
    wire: 'openai',
    path: '/models',
    models: [
      {
        id: 'devstral-2512',
        vision: true,
        tools: true,
        context: 262_144,
        aliases: ['devstral-latest', 'devstral-2512'],
        deprecated: '2026-11-30',
        replacement: 'devstral-2601',
      },
      { id: 'mistral-embed', kind: 'embedding' },
    ],
    learned: [
      {
        id: 'devstral-2512',
        name: 'devstral-2512',
        aliases: ['devstral-latest'],
        context: 262_144,
        capabilities: { image_input: true, audio_input: false, tools: true },
        lifecycle: { status: 'deprecated', deprecated: '2026-11-30', replacement: 'devstral-2601' },
      },
      {
        id: 'mistral-embed',
        name: 'mistral-embed',
        kind: 'embedding',
        context: 131_072,
        capabilities: { image_input: false, audio_input: false, tools: false },
      },
    ],
  },
  {
    provider: 'openai',
    kind: 'openai',
    wire: 'openai',
    path: '/models',
    models: [{ id: 'gpt-7', retires: '2027-03-01' }, { id: 'whisper-1' }],
    learned: [
      { id: 'gpt-7', created: '2025-12-01', lifecycle: { retired: '2027-03-01' } },
      { id: 'whisper-1', kind: 'transcription', created: '2025-12-01' },
    ],
  },
  {
    provider: 'xai',
    kind: 'xai',
    wire: 'openai',
    path: '/models',
    models: [{ id: 'grok-5' }, { id: 'grok-imagine-video' }],
    learned: [
      { id: 'grok-5', created: '2025-12-01' },
      { id: 'grok-imagine-video', kind: 'video', created: '2025-12-01' },
    ],
  },
  {
    provider: 'deepseek',
    kind: 'deepseek',
    wire: 'openai',
    path: '/models',
    models: [{ id: 'deepseek-new-1' }, { id: 'deepseek-new-2' }],
    learned: [{ id: 'deepseek-new-1' }, { id: 'deepseek-new-2' }],
  },
  {
    provider: 'groq',
    kind: 'groq',
    wire: 'openai',
    path: '/models',
    models: [
      {
        id: 'openai/gpt-oss-120b',
        name: 'GPT OSS 120B',
        tools: true,
        structured: true,
        context: 131_072,
        output: 65_536,
        price: { input: 0.15, output: 0.6, cacheRead: 0.075 },
      },
      { id: 'playai-tts', kind: 'speech', context: 8192, output: 8192 },
    ],
    learned: [
      {
        id: 'openai/gpt-oss-120b',
        name: 'GPT OSS 120B',
        created: '2025-12-01',
        context: 131_072,
        output: 65_536,
        modalities: { input: ['text'], output: ['text'] },
        capabilities: {
          image_input: false,
          audio_input: false,
          tools: true,
          structured_output: true,
        },
        pricing: { input: 0.15, output: 0.6, cacheRead: 0.075 },
      },
      {
        id: 'playai-tts',
        name: 'playai-tts',
        kind: 'speech',
        created: '2025-12-01',
        context: 8192,
        output: 8192,
        modalities: { input: ['text'], output: ['audio'] },
        capabilities: {
          image_input: false,
          audio_input: false,
          tools: false,
          structured_output: false,
        },
      },
    ],
  },
  {
    provider: 'anthropic',
    kind: 'anthropic',
    wire: 'anthropic',
    path: '/v1/models',
    models: [
      {
        id: 'claude-fable-5-9',
        name: 'Claude Fable 5.9',
        vision: true,
        pdf: true,
        structured: true,
        context: 1_000_000,
        output: 128_000,
      },
      {
        id: 'claude-sonnet-5-5',
        name: 'Claude Sonnet 5.5',
        vision: true,
        pdf: true,
        deprecated: '2026-10-01',
        retires: '2027-01-05',
      },
    ],
    learned: [
      {
        id: 'claude-fable-5-9',
        name: 'Claude Fable 5.9',
        created: '2026-11-24',
        context: 1_000_000,
        output: 128_000,
        capabilities: { image_input: true, pdf_input: true, structured_output: true },
      },
      {
        id: 'claude-sonnet-5-5',
        name: 'Claude Sonnet 5.5',
        created: '2026-11-24',
        context: 200_000,
        output: 64_000,
        capabilities: { image_input: true, pdf_input: true, structured_output: false },
        lifecycle: { status: 'deprecated', deprecated: '2026-10-01', retired: '2027-01-05' },
      },
    ],
  },
  {
    provider: 'gemini',
    kind: 'gemini',
    wire: 'gemini',
    path: '/models',
    models: [
      { id: 'gemini-3.9-flash', name: 'Gemini 3.9 Flash', context: 1_048_576, output: 65_536 },
      { id: 'gemini-embedding-001', kind: 'embedding', context: 2048, output: 1 },
    ],
    learned: [
      { id: 'gemini-3.9-flash', name: 'Gemini 3.9 Flash', context: 1_048_576, output: 65_536 },
      {
        id: 'gemini-embedding-001',
        name: 'gemini-embedding-001',
        kind: 'embedding',
        context: 2048,
        output: 1,
      },
    ],
  },
  {
    provider: 'moonshot',
    kind: 'moonshot',
    wire: 'openai',
    path: '/models',
    models: [
      { id: 'kimi-k3', vision: true, context: 262_144 },
      { id: 'moonshot-v1-8k', context: 8192 },
    ],
    learned: [
      {
        id: 'kimi-k3',
        created: '2025-12-01',
        context: 262_144,
        capabilities: { image_input: true },
      },
      {
        id: 'moonshot-v1-8k',
        created: '2025-12-01',
        context: 8192,
        capabilities: { image_input: false },
      },
    ],
  },
  {
    provider: 'cerebras',
    kind: 'cerebras',
    wire: 'openai',
    path: '/models',
    models: [{ id: 'gpt-oss-120b' }],
    learned: [{ id: 'gpt-oss-120b', created: '2025-12-01' }],
  },
];

describe('registry.discover reads each provider’s model list', () => {
  it.each(CASES)('$provider: $path', async ({ provider, kind, wire, path, models, learned }) => {
    const lane = `list-${provider}`;
    simulator.listModels(lane, kind, models);
    const baseUrl = simulator.baseUrl(wire, lane);
    const registry = await defaultRegistry.discover({
      provider,
      baseUrl,
      apiKey: 'sk-secret-key-1234',
      today: TODAY,
    });
    const show = `${baseUrl}/api/show`;
    expect(registry.learned()).toEqual({
      listings: [
        {
          provider,
          endpoint: `${baseUrl}${path}`,
          date: TODAY,
          complete: true,
          models: learned.map((model) =>
            model.endpoint === 'SHOW' ? { ...model, endpoint: show } : model,
          ),
        },
      ],
    });
    // The key went in the provider's auth header, and nowhere into the snapshot.
    const sent = simulator.received(lane);
    expect(sent.every((request) => request.status === 200)).toBe(true);
    expect(JSON.stringify(registry.learned())).not.toContain('sk-secret');
    // The base registry is unchanged.
    expect(defaultRegistry.learned()).toEqual({ listings: [] });
  });

  it('pages through a paged list (Anthropic after_id, Gemini pageToken)', async () => {
    const many = Array.from({ length: 1203 }, (_, index) => ({ id: `claude-test-${index}` }));
    simulator.listModels('paged-anthropic', 'anthropic', many);
    const anthropic = await defaultRegistry.discover({
      provider: 'anthropic',
      baseUrl: simulator.baseUrl('anthropic', 'paged-anthropic'),
      apiKey: 'x',
      today: TODAY,
    });
    expect(anthropic.learned().listings[0]?.models.length).toBe(1203);
    expect(simulator.received('paged-anthropic').map((request) => request.path)).toEqual([
      '/v1/models?limit=1000',
      '/v1/models?limit=1000&after_id=claude-test-999',
    ]);
    simulator.listModels(
      'paged-gemini',
      'gemini',
      Array.from({ length: 1001 }, (_, index) => ({ id: `gemini-test-${index}` })),
    );
    const gemini = await defaultRegistry.discover({
      provider: 'gemini',
      baseUrl: simulator.baseUrl('gemini', 'paged-gemini'),
      apiKey: 'x',
      today: TODAY,
    });
    expect(gemini.learned().listings[0]?.models.at(-1)?.id).toBe('gemini-test-1000');
    expect(simulator.received('paged-gemini').map((request) => request.path)).toEqual([
      '/models?pageSize=1000',
      '/models?pageSize=1000&pageToken=1000',
    ]);
    expect(simulator.received('paged-gemini')[0]?.headers['x-goog-api-key']).toBe('[redacted]');
  });
});

describe('the learned layer ranks between the data files and the catalogue', () => {
  it('a model no data file names resolves from the listing, with evidence, endpoint and date', async () => {
    simulator.listModels('rank-ollama', 'ollama', [
      { id: 'qwen3-vl:8b', vision: true, tools: true, context: 262_144 },
    ]);
    const baseUrl = simulator.baseUrl('ollama', 'rank-ollama');
    expect(defaultRegistry.resolve('ollama', 'qwen3-vl:8b').capabilities.image_input.value).toBe(
      'unknown',
    );
    const registry = await defaultRegistry.discover({ provider: 'ollama', baseUrl, today: TODAY });
    const resolution = registry.resolve('ollama', 'qwen3-vl:8b');
    expect(resolution.via).toBe('listing');
    expect(resolution.model?.origin).toBe('listing');
    expect(resolution.limits).toEqual({ context: 262_144, output: undefined });
    const { reasons, ...imageInput } = resolution.capabilities.image_input;
    expect(imageInput).toEqual({
      value: true,
      claimed: true,
      evidence: 'listing',
      source: `${baseUrl}/api/show`,
      date: TODAY,
    });
    expect(reasons).toContain(
      `the model list of provider "ollama" (read ${TODAY}; ranked below the data's claims with evidence, above its inferences) for "qwen3-vl:8b" claims image_input = true (listing, ${baseUrl}/api/show, checked ${TODAY})`,
    );
    expect(resolution.capabilities.tools.value).toBe(true);
    // The ollama wire carries no image in a tool message; its fallback does, for a model that sees.
    expect(resolution.learned?.model.id).toBe('qwen3-vl:8b');
  });

  it('the data files win over the listing', async () => {
    simulator.listModels('rank-anthropic', 'anthropic', [
      { id: 'claude-sonnet-5-5', vision: false },
    ]);
    const registry = await defaultRegistry.discover({
      provider: 'anthropic',
      baseUrl: simulator.baseUrl('anthropic', 'rank-anthropic'),
      apiKey: 'x',
      today: TODAY,
    });
    const imageInput = registry.resolve('anthropic', 'claude-sonnet-5-5').capabilities.image_input;
    expect([imageInput.value, imageInput.evidence]).toEqual([true, 'docs']);
  });

  it('the listing wins over the catalogue', async () => {
    const before = defaultRegistry.resolve('mistral', 'devstral-2512').capabilities.image_input;
    expect([before.value, before.evidence]).toEqual([false, 'catalogue']);
    simulator.listModels('rank-mistral', 'mistral', [
      { id: 'devstral-2512', vision: true, tools: true },
    ]);
    const registry = await defaultRegistry.discover({
      provider: 'mistral',
      baseUrl: simulator.baseUrl('openai', 'rank-mistral'),
      apiKey: 'x',
      today: TODAY,
    });
    const after = registry.resolve('mistral', 'devstral-2512').capabilities.image_input;
    expect([after.value, after.evidence]).toEqual([true, 'listing']);
  });

  it('a name the provider’s complete list lacks warns against that list; one it lists does not', async () => {
    simulator.listModels('warn-anthropic', 'anthropic', [{ id: 'claude-fable-5-9', vision: true }]);
    const baseUrl = simulator.baseUrl('anthropic', 'warn-anthropic');
    const registry = await defaultRegistry.discover({
      provider: 'anthropic',
      baseUrl,
      apiKey: 'x',
      today: TODAY,
    });
    expect(registry.resolve('anthropic', 'claude-fable-5-9').warnings).toEqual([]);
    expect(registry.resolve('anthropic', 'claude-nonexistent-9').warnings).toEqual([
      `model "claude-nonexistent-9" is unknown to the registry: it is not in the model list "anthropic" gave on ${TODAY} (${baseUrl}/v1/models), nor in the registry's list as of 2026-12-06 (nor in its models.dev snapshot of 2026-07-02): "anthropic" may not serve it under this name; its capabilities are the claude family's guess`,
    ]);
  });

  it('Ollama asked about one model sends one request, and the listing is partial', async () => {
    simulator.listModels('one-ollama', 'ollama', [{ id: 'llava-phi3:3.8b', vision: true }]);
    const registry = await defaultRegistry.discover({
      provider: 'ollama',
      baseUrl: simulator.baseUrl('ollama', 'one-ollama'),
      models: ['llava-phi3:3.8b'],
      today: TODAY,
    });
    expect(simulator.received('one-ollama').map((request) => request.path)).toEqual(['/api/show']);
    expect(registry.learned().listings[0]?.complete).toBe(false);
    // A partial listing makes no claim about names it lacks.
    expect(registry.resolve('ollama', 'gemma3').warnings).toEqual([]);
  });
});

describe('the learned snapshot', () => {
  it('is plain data: saved as JSON and given back to createRegistry, it resolves the same', async () => {
    simulator.listModels('save-lmstudio', 'lmstudio', [VISION_TOOLS]);
    const registry = await defaultRegistry.discover({
      provider: 'lmstudio',
      baseUrl: simulator.baseUrl('openai', 'save-lmstudio'),
      today: TODAY,
    });
    const saved = JSON.parse(JSON.stringify(registry.learned())) as LearnedSnapshot;
    const restored = createRegistry({ learned: saved });
    expect(restored.learned()).toEqual(registry.learned());
    expect(restored.resolve('lmstudio', 'new-vision-model').capabilities).toEqual(
      registry.resolve('lmstudio', 'new-vision-model').capabilities,
    );
    // A registry made from it keeps it (extends), and discover replaces a provider's listing.
    expect(createRegistry({ extends: restored }).learned()).toEqual(saved);
  });

  it('a bad snapshot is refused with a typed error naming the field', () => {
    const bad = {
      listings: [
        {
          provider: 'ollama',
          endpoint: 'http://127.0.0.1:11434/api/tags?key=s3cret',
          date: '2026-13-01',
          complete: true,
          models: [{ id: 'x', capabilities: { vision: true } }],
        },
      ],
    };
    let caught: unknown;
    try {
      createRegistry({ learned: bad as unknown as LearnedSnapshot });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RegistryError);
    expect((caught as RegistryError).code).toBe('invalid_learned_snapshot');
    expect((caught as RegistryError).message).toMatchInlineSnapshot(`
      "invalid learned snapshot:
        learned: listings[0].endpoint: an endpoint carries no query (a key may hide there)
        learned: listings[0].date: expected a date YYYY-MM-DD
        learned: listings[0].models[0].capabilities.vision: unknown field "vision" (the schema is strict; check the spelling)"
    `);
  });
});

describe('a discovery that cannot read the list fails with a typed error and no secret', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url?.startsWith('/hang')) return; // never answers
      if (request.url?.startsWith('/echo')) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: `bad key ${request.headers.authorization}` }));
        return;
      }
      if (request.url?.startsWith('/html')) {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>not json</html>');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ data: Array.from({ length: 100 }, (_, index) => ({ id: `m${index}` })) }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function failure(
    options: Parameters<typeof defaultRegistry.discover>[0],
  ): Promise<RegistryError> {
    try {
      await defaultRegistry.discover(options);
    } catch (error) {
      expect(error).toBeInstanceOf(RegistryError);
      expect(String((error as Error).message)).not.toContain('sk-secret');
      expect(JSON.stringify((error as RegistryError).details)).not.toContain('sk-secret');
      return error as RegistryError;
    }
    throw new Error('discover did not fail');
  }

  it.each([
    [
      'an HTTP error (whose body echoes the key)',
      '/echo',
      {},
      'listing_failed',
      'answered HTTP 401',
    ],
    [
      'no answer in time',
      '/hang',
      { timeoutMs: 200 },
      'listing_timeout',
      'did not answer within 200 ms',
    ],
    [
      'a reply too large',
      '/big',
      { maxBytes: 100 },
      'listing_too_large',
      'answered more than 100 bytes',
    ],
    [
      'a reply that is not JSON',
      '/html',
      {},
      'listing_invalid',
      'answered something that is not JSON',
    ],
  ] as const)('%s', async (_name, path, extra, code, problem) => {
    const error = await failure({
      provider: 'openai',
      baseUrl: `${origin}${path}?token=sk-secret-query`,
      apiKey: 'sk-secret-key-1234',
      ...extra,
    });
    expect(error.code).toBe(code);
    expect(error.message).toBe(
      `reading the model list of provider "openai" failed: GET ${origin}${path}/models ${problem}`,
    );
  });

  it('an unreachable server, and a provider with no reader', async () => {
    const closed = await failure({
      provider: 'vllm',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-secret-key-1234',
    });
    expect([closed.code, closed.message]).toEqual([
      'listing_failed',
      'reading the model list of provider "vllm" failed: GET http://127.0.0.1:9/v1/models could not be reached',
    ]);
    const unsupported = await failure({ provider: 'perplexity', baseUrl: origin });
    expect(unsupported.code).toBe('listing_unsupported');
    const unknown = await failure({ provider: 'nope', baseUrl: origin });
    expect(unknown.code).toBe('unknown_provider');
  });
});
