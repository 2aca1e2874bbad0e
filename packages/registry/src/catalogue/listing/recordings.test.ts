import type { CrosswireWarning } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRegistry, type LearnedModel, type Registry } from '../../index.js';
import {
  type RecordingServer,
  recordingServer,
  recordings,
} from '../../test-support/recordings.js';

// Every recorded listing of ../shared/oracles/listings (SOURCES.md there names each one's
// source and licence), served on 127.0.0.1 and read by `discover`. The expected models,
// capabilities, lifecycle and kinds are written down by hand from the recordings. A recording
// that is not on this machine skips its test.

const TODAY = '2026-12-06';
let server: RecordingServer;
beforeAll(async () => {
  server = await recordingServer();
});
afterAll(async () => server.close());

async function discover(provider: string, base: string): Promise<Registry> {
  const warnings: CrosswireWarning[] = [];
  const registry = await defaultRegistry.discover({
    provider,
    baseUrl: `${server.origin}${base}`,
    apiKey: 'k',
    today: TODAY,
    onWarning: (warning) => void warnings.push(warning),
  });
  expect(warnings).toEqual([]);
  return registry;
}

function models(registry: Registry): readonly LearnedModel[] {
  return registry.learned().listings[0]?.models ?? [];
}

function byId(registry: Registry, id: string): LearnedModel | undefined {
  return models(registry).find((model) => model.id === id);
}

/** The ids of each kind that is not chat, as a record kind → ids. */
function kinds(registry: Registry): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const model of models(registry)) {
    if (model.kind) result[model.kind] = [...(result[model.kind] ?? []), model.id];
  }
  return result;
}

const served = (body: unknown) => () => body;

describe('OpenAI', () => {
  const [starmap, langertha] = [
    recordings('openai-starmap/models.json'),
    recordings('openai-langertha/models.json'),
  ];

  it.skipIf(!starmap)(
    'openai-starmap (118 models): shutdown dates, kinds by name, and the lifecycle resolve gives',
    async () => {
      server.answer = served(starmap?.[0]);
      const registry = await discover('openai', '/v1');
      expect(models(registry)).toHaveLength(118);
      expect(models(registry).filter((model) => model.lifecycle?.retired)).toHaveLength(44);
      expect(byId(registry, 'o1')).toEqual({
        id: 'o1',
        created: '2024-12-16',
        lifecycle: { retired: '2026-10-23' },
      });
      expect(byId(registry, 'sora-2')).toEqual({
        id: 'sora-2',
        kind: 'video',
        created: '2025-10-05',
        lifecycle: { retired: '2026-09-24' },
      });
      expect(kinds(registry)).toEqual({
        embedding: ['text-embedding-ada-002', 'text-embedding-3-small', 'text-embedding-3-large'],
        transcription: [
          'whisper-1',
          'gpt-4o-transcribe',
          'gpt-4o-mini-transcribe',
          'gpt-4o-transcribe-diarize',
          'gpt-4o-mini-transcribe-2025-12-15',
          'gpt-4o-mini-transcribe-2025-03-20',
          'gpt-realtime-whisper',
          'gpt-transcribe',
          'gpt-live-transcribe',
        ],
        speech: [
          'tts-1',
          'tts-1-hd',
          'tts-1-1106',
          'tts-1-hd-1106',
          'gpt-4o-mini-tts',
          'gpt-4o-mini-tts-2025-03-20',
          'gpt-4o-mini-tts-2025-12-15',
        ],
        completion: [
          'davinci-002',
          'babbage-002',
          'gpt-3.5-turbo-instruct',
          'gpt-3.5-turbo-instruct-0914',
        ],
        moderation: ['omni-moderation-latest', 'omni-moderation-2024-09-26'],
        image: [
          'gpt-image-1',
          'gpt-image-1-mini',
          'gpt-image-1.5',
          'chatgpt-image-latest',
          'gpt-image-2',
          'gpt-image-2-2026-04-21',
        ],
        realtime: [
          'gpt-realtime',
          'gpt-realtime-2025-08-28',
          'gpt-realtime-mini',
          'gpt-realtime-mini-2025-12-15',
          'gpt-realtime-1.5',
          'gpt-realtime-translate',
          'gpt-realtime-2',
          'gpt-realtime-2.1',
          'gpt-realtime-2.1-mini',
        ],
        video: ['sora-2', 'sora-2-pro'],
      });
      const status = (model: string) => registry.resolve('openai', model).lifecycle?.status;
      // Shut down on 2026-10-23 by the listing alone (the data has no notice for them).
      expect(['o1', 'o3-mini', 'gpt-3.5-turbo'].map(status)).toEqual([
        'retired',
        'retired',
        'retired',
      ]);
      expect(registry.resolve('openai', 'o1').notices[0]?.code).toBe('model_retired');
      // Dated snapshots keep their offering's lifecycle: never current.
      expect(status('gpt-4.1-nano-2025-04-14')).toBe('retired');
      expect(status('gpt-5-2025-08-07')).toBe('deprecated');
      expect(status('gpt-4o-2024-08-06')).toBe('deprecated');
      // No model that is not a chat model is served for chat.
      const servable = new Set(registry.servedModels('openai'));
      for (const ids of Object.values(kinds(registry))) {
        for (const id of ids) expect(servable.has(id)).toBe(false);
      }
    },
  );

  it.skipIf(!langertha)('openai-langertha (hand-written, 5 models)', async () => {
    server.answer = served(langertha?.[0]);
    const registry = await discover('openai', '/v1');
    expect(models(registry)).toEqual([
      { id: 'gpt-4o', created: '2024-05-10' },
      { id: 'gpt-4o-mini', created: '2024-07-16' },
      { id: 'o1', created: '2024-12-14' },
      { id: 'o3-mini', created: '2025-01-31' },
      { id: 'text-embedding-3-large', kind: 'embedding', created: '2024-01-22' },
    ]);
  });
});

describe('Anthropic', () => {
  const [starmap, gptportal, langertha] = [
    recordings('anthropic-starmap/models.json'),
    recordings('anthropic-gptportal/models.json'),
    recordings('anthropic-langertha/models.json'),
  ];

  it.skipIf(!starmap)('anthropic-starmap (10 models with capabilities)', async () => {
    server.answer = served(starmap?.[0]);
    const registry = await discover('anthropic', '');
    expect(server.requests.at(-1)).toBe('GET /v1/models?limit=1000');
    expect(models(registry).map((model) => model.id)).toEqual([
      'claude-opus-5',
      'claude-sonnet-5',
      'claude-fable-5',
      'claude-opus-4-8',
      'claude-opus-4-7',
      'claude-sonnet-4-6',
      'claude-opus-4-6',
      'claude-opus-4-5-20251101',
      'claude-haiku-4-5-20251001',
      'claude-sonnet-4-5-20250929',
    ]);
    expect(byId(registry, 'claude-opus-5')).toEqual({
      id: 'claude-opus-5',
      name: 'Claude Opus 5',
      created: '2026-07-24',
      context: 1_000_000,
      output: 128_000,
      capabilities: { image_input: true, pdf_input: true, structured_output: true },
    });
    expect(byId(registry, 'claude-haiku-4-5-20251001')).toMatchObject({
      context: 200_000,
      output: 64_000,
    });
    // Listed names are listed: no "not in the list" warning for them.
    expect(registry.resolve('anthropic', 'claude-opus-5').notices).toEqual([]);
    // A dated id of a current offering is that offering; of a retired one, retired.
    expect(registry.resolve('anthropic', 'claude-opus-4-5-20251101').offering?.id).toBe(
      'claude-opus-4-5',
    );
    expect(registry.resolve('anthropic', 'claude-sonnet-4-5-20250929').lifecycle?.status).toBe(
      'retired',
    );
  });

  it.skipIf(!gptportal)('anthropic-gptportal (11 models, no capabilities)', async () => {
    server.answer = served(gptportal?.[0]);
    const registry = await discover('anthropic', '');
    expect(models(registry)).toHaveLength(11);
    expect(byId(registry, 'claude-3-7-sonnet-20250219')).toEqual({
      id: 'claude-3-7-sonnet-20250219',
      name: 'Claude Sonnet 3.7',
      created: '2025-02-24',
    });
    expect(registry.resolve('anthropic', 'claude-opus-4-20250514').lifecycle?.status).toBe(
      'retired',
    );
  });

  it.skipIf(!langertha)('anthropic-langertha (hand-written, 3 models)', async () => {
    server.answer = served(langertha?.[0]);
    const registry = await discover('anthropic', '');
    expect(models(registry)).toEqual([
      {
        id: 'claude-opus-4-6-20250514',
        name: 'Claude Opus 4.6',
        created: '2026-02-05',
      },
      { id: 'claude-sonnet-4-5-20250929', name: 'Claude Sonnet 4.5', created: '2025-11-24' },
      { id: 'claude-haiku-4-5-20251001', name: 'Claude Haiku 4.5', created: '2025-10-01' },
    ]);
  });
});

describe('Gemini', () => {
  const [thorax, langertha] = [
    recordings('gemini-thorax/models.json'),
    recordings('gemini-langertha/models.json'),
  ];

  it.skipIf(!thorax)(
    'gemini-thorax (50 models), cut into two pages at its real page token',
    async () => {
      const page = thorax?.[0] as { models: unknown[]; nextPageToken: string };
      const token = page.nextPageToken;
      server.answer = (_request, url) =>
        url.searchParams.get('pageToken') === token
          ? { models: page.models.slice(25) }
          : { models: page.models.slice(0, 25), nextPageToken: token };
      const registry = await discover('gemini', '/v1beta');
      expect(server.requests.slice(-2)).toEqual([
        'GET /v1beta/models?pageSize=1000',
        `GET /v1beta/models?pageSize=1000&pageToken=${token}`,
      ]);
      expect(models(registry)).toHaveLength(50);
      expect(byId(registry, 'gemini-2.5-flash')).toEqual({
        id: 'gemini-2.5-flash',
        name: 'Gemini 2.5 Flash',
        context: 1_048_576,
        output: 65_536,
      });
      expect(kinds(registry)).toEqual({
        embedding: [
          'embedding-gecko-001',
          'embedding-001',
          'text-embedding-004',
          'gemini-embedding-exp-03-07',
          'gemini-embedding-exp',
          'gemini-embedding-001',
        ],
        speech: ['gemini-2.5-flash-preview-tts', 'gemini-2.5-pro-preview-tts'],
        other: ['aqa'],
        image: ['imagen-3.0-generate-002', 'imagen-4.0-generate-preview-06-06'],
      });
      // gemini-2.0-flash-001 is a dated name of the retired gemini-2.0-flash: retired.
      expect(registry.resolve('gemini', 'gemini-2.0-flash-001').lifecycle?.status).toBe('retired');
    },
  );

  it.skipIf(!langertha)('gemini-langertha (hand-written, 3 models)', async () => {
    server.answer = served(langertha?.[0]);
    const registry = await discover('gemini', '/v1beta');
    expect(models(registry)).toEqual([
      {
        id: 'gemini-2.0-flash-exp',
        name: 'Gemini 2.0 Flash Experimental',
        context: 1_048_576,
        output: 8192,
      },
      { id: 'gemini-1.5-pro', name: 'Gemini 1.5 Pro', context: 2_097_152, output: 8192 },
      { id: 'gemini-1.5-flash', name: 'Gemini 1.5 Flash', context: 1_048_576, output: 8192 },
    ]);
  });
});

describe('Groq', () => {
  const [groq2026, starmap, langertha] = [
    recordings('groq-2026/models.json'),
    recordings('groq-starmap/models.json'),
    recordings('groq-langertha/models.json'),
  ];

  it.skipIf(!groq2026)(
    'groq-2026 (14 models): modalities, features and prices arrive; speech and transcription are no chat models',
    async () => {
      server.answer = served(groq2026?.[0]);
      const registry = await discover('groq', '/openai/v1');
      expect(models(registry)).toHaveLength(14);
      expect(byId(registry, 'openai/gpt-oss-120b')).toEqual({
        id: 'openai/gpt-oss-120b',
        name: 'GPT OSS 120B',
        created: '2025-08-05',
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
      });
      expect(byId(registry, 'qwen/qwen3.8-27b')).toEqual({
        id: 'qwen/qwen3.8-27b',
        name: 'Qwen/Qwen3.8-27B',
        created: '2026-08-17',
        context: 131_042,
        output: 16_384,
        modalities: { input: ['text', 'image'], output: ['text'] },
        capabilities: {
          image_input: true,
          audio_input: false,
          tools: true,
          structured_output: false,
        },
        pricing: { input: 0.8, output: 4, cacheRead: 0.4 },
      });
      expect(byId(registry, 'whisper-large-v3')).toMatchObject({
        kind: 'transcription',
        modalities: { input: ['audio'], output: ['text'] },
        capabilities: { audio_input: true, image_input: false },
      });
      expect(kinds(registry)).toEqual({
        speech: ['canopylabs/orpheus-v1-english', 'canopylabs/orpheus-arabic-saudi'],
        transcription: ['whisper-large-v3-turbo', 'whisper-large-v3'],
      });
      // Prices from the listing answer where the data prices nothing.
      expect(registry.resolve('groq', 'qwen/qwen3.6-27b').pricing).toMatchObject({
        input: 0.6,
        output: 3,
        cacheRead: 0.3,
        date: TODAY,
      });
      expect(registry.resolve('groq', 'canopylabs/orpheus-v1-english').kind).toBe('speech');
    },
  );

  it.skipIf(!starmap)('groq-starmap (23 models): limits, and kinds by name', async () => {
    server.answer = served(starmap?.[0]);
    const registry = await discover('groq', '/openai/v1');
    expect(models(registry)).toHaveLength(23);
    expect(byId(registry, 'llama-3.3-70b-versatile')).toEqual({
      id: 'llama-3.3-70b-versatile',
      created: '2024-12-06',
      context: 131_072,
      output: 32_768,
    });
    expect(kinds(registry)).toEqual({
      transcription: ['whisper-large-v3', 'whisper-large-v3-turbo', 'distil-whisper-large-v3-en'],
      speech: ['playai-tts', 'playai-tts-arabic'],
    });
  });

  it.skipIf(!langertha)('groq-langertha (hand-written, 4 models)', async () => {
    server.answer = served(langertha?.[0]);
    const registry = await discover('groq', '/openai/v1');
    expect(models(registry).map((model) => [model.id, model.created])).toEqual([
      ['llama-3.3-70b-versatile', '2024-12-05'],
      ['llama-3.2-90b-vision-preview', '2024-10-02'],
      ['mixtral-8x7b-32768', '2023-12-18'],
      ['gemma2-9b-it', '2024-07-01'],
    ]);
  });
});

describe('Mistral', () => {
  const [marquis, langertha] = [
    recordings('mistral-marquis/models.json'),
    recordings('mistral-langertha/models.json'),
  ];

  it.skipIf(!marquis)(
    'mistral-marquis (6 models): aliases, audio, and OCR and moderation as no chat models',
    async () => {
      server.answer = served(marquis?.[0]);
      const registry = await discover('mistral', '/v1');
      expect(models(registry)).toEqual([
        {
          id: 'mistral-medium-latest',
          name: 'mistral-medium-2508',
          aliases: ['mistral-medium-2508', 'mistral-medium'],
          context: 131_072,
          capabilities: { image_input: true, audio_input: false, tools: true },
        },
        {
          id: 'open-mistral-nemo',
          name: 'open-mistral-nemo',
          aliases: ['open-mistral-nemo-2407', 'mistral-tiny-2407', 'mistral-tiny-latest'],
          context: 131_072,
          capabilities: { image_input: false, audio_input: false, tools: true },
        },
        {
          id: 'devstral-small-2507',
          name: 'devstral-small-2507',
          context: 131_072,
          capabilities: { image_input: false, audio_input: false, tools: true },
        },
        {
          id: 'voxtral-mini-2507',
          name: 'voxtral-mini-2507',
          aliases: ['voxtral-mini-latest'],
          context: 32_768,
          capabilities: { image_input: false, audio_input: true, tools: false },
        },
        {
          id: 'mistral-ocr-2512',
          name: 'mistral-ocr-2512',
          kind: 'ocr',
          aliases: ['mistral-ocr-latest'],
          context: 16_384,
          capabilities: { image_input: true, audio_input: false, tools: true },
        },
        {
          id: 'mistral-moderation-latest',
          name: 'mistral-moderation-2411',
          kind: 'moderation',
          aliases: ['mistral-moderation-2411'],
          context: 8192,
          capabilities: { image_input: false, audio_input: false, tools: false },
        },
      ]);
      const tiny = registry.resolve('mistral', 'mistral-tiny-latest');
      expect([tiny.learned?.model.id, tiny.listed, tiny.notices]).toEqual([
        'open-mistral-nemo',
        true,
        [],
      ]);
      expect(
        registry.resolve('mistral', 'voxtral-mini-latest').capabilities.audio_input,
      ).toMatchObject({ value: true, evidence: 'listing' });
    },
  );

  it.skipIf(!langertha)('mistral-langertha (hand-written, 3 models)', async () => {
    server.answer = served(langertha?.[0]);
    const registry = await discover('mistral', '/v1');
    expect(models(registry).map((model) => [model.id, model.capabilities])).toEqual([
      ['mistral-large-latest', { image_input: false, tools: true }],
      ['mistral-small-latest', { image_input: false, tools: true }],
      ['codestral-latest', { image_input: false, tools: false }],
    ]);
  });
});

describe('DeepSeek and Moonshot', () => {
  const [starmap, langertha, moonshot] = [
    recordings('deepseek-starmap/models.json'),
    recordings('deepseek-langertha/models.json'),
    recordings('moonshot-starmap/models.json'),
  ];

  it.skipIf(!starmap || !langertha)(
    'deepseek-starmap and deepseek-langertha: ids only; both names are retired in the data',
    async () => {
      for (const body of [starmap?.[0], langertha?.[0]]) {
        server.answer = served(body);
        const registry = await discover('deepseek', '');
        expect(models(registry)).toEqual([{ id: 'deepseek-chat' }, { id: 'deepseek-reasoner' }]);
        expect(registry.resolve('deepseek', 'deepseek-chat').lifecycle?.status).toBe('retired');
      }
    },
  );

  it.skipIf(!moonshot)('moonshot-starmap (9 models): the Moonshot reader', async () => {
    server.answer = served(moonshot?.[0]);
    const registry = await discover('moonshot', '/v1');
    expect(models(registry)).toEqual([
      { id: 'moonshot-v1-8k', created: '2024-03-09' },
      { id: 'moonshot-v1-32k', created: '2024-03-09' },
      { id: 'moonshot-v1-128k', created: '2024-03-09' },
      { id: 'kimi-latest', created: '2024-12-06' },
      { id: 'kimi-thinking-preview', created: '2024-12-06' },
      { id: 'kimi-k2-turbo-preview', created: '2024-12-06' },
      { id: 'moonshot-v1-8k-vision-preview', created: '2024-12-06' },
      { id: 'moonshot-v1-32k-vision-preview', created: '2024-12-06' },
      { id: 'moonshot-v1-128k-vision-preview', created: '2024-12-06' },
    ]);
  });
});

describe('OpenRouter', () => {
  const [cline] = [recordings('openrouter-cline/models.json')];

  it.skipIf(!cline)(
    'openrouter-cline (321 models): modalities, tools, structured output and prices',
    async () => {
      server.answer = served(cline?.[0]);
      const registry = await discover('openrouter', '/api/v1');
      const all = models(registry);
      expect(all).toHaveLength(321);
      const count = (test: (model: LearnedModel) => boolean) => all.filter(test).length;
      expect(count((model) => model.capabilities?.image_input === true)).toBe(92);
      expect(count((model) => model.capabilities?.pdf_input === true)).toBe(20);
      expect(count((model) => model.capabilities?.tools === true)).toBe(132);
      expect(count((model) => model.capabilities?.structured_output === true)).toBe(90);
      expect(byId(registry, 'anthropic/claude-opus-4')).toEqual({
        id: 'anthropic/claude-opus-4',
        name: 'Anthropic: Claude Opus 4',
        created: '2025-05-22',
        context: 200_000,
        output: 32_000,
        modalities: { input: ['image', 'text'], output: ['text'] },
        capabilities: {
          image_input: true,
          audio_input: false,
          tools: true,
          structured_output: false,
        },
        pricing: { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 },
      });
      // "-1" means the price varies: no price.
      expect(byId(registry, 'openrouter/auto')?.pricing).toBeUndefined();
    },
  );
});

describe('local servers', () => {
  const names = [
    'deepseek-r1_8b',
    'dolphin3_8b',
    'qwen2.5vl_7b',
    'mistral_7b',
    'deepseek-r1_14b',
    'qwen3_8b',
    'gemma3n_e4b',
  ];
  const attogram = recordings(
    'ollama-attogram/tags.json',
    ...names.map((name) => `ollama-attogram/show-${name}.json`),
  );
  const [cline, vllm, huggingface] = [
    recordings('ollama-cline/ollama-model-details.json'),
    recordings('vllm-docs/models.json'),
    recordings('huggingface-langertha/models.json'),
  ];

  it.skipIf(!attogram)(
    'ollama-attogram: /api/tags and each /api/show; the server’s "no tools" beats the data’s inference',
    async () => {
      const [tags, ...shows] = attogram ?? [];
      server.answer = (_request, url, body) => {
        if (url.pathname === '/api/tags') return tags;
        const asked = (JSON.parse(body) as { model: string }).model.replace(':', '_');
        return shows[names.indexOf(asked)];
      };
      const registry = await discover('ollama', '');
      const facts = models(registry).map((model) => [model.id, model.context, model.capabilities]);
      expect(facts).toEqual([
        ['deepseek-r1:8b', 131_072, { tools: false, image_input: false }],
        ['dolphin3:8b', 131_072, { tools: false, image_input: false }],
        ['qwen2.5vl:7b', 128_000, { tools: false, image_input: true }],
        ['mistral:7b', 32_768, { tools: true, image_input: false }],
        ['deepseek-r1:14b', 131_072, { tools: false, image_input: false }],
        ['qwen3:8b', 40_960, { tools: true, image_input: false }],
        ['gemma3n:e4b', 32_768, { tools: false, image_input: false }],
      ]);
      // The data infers tools for Qwen2.5-VL; Ollama's /api/show says no: the server wins.
      expect(defaultRegistry.resolve('ollama', 'qwen2.5vl:7b').capabilities.tools).toMatchObject({
        value: true,
        evidence: 'inferred',
      });
      expect(registry.resolve('ollama', 'qwen2.5vl:7b').capabilities.tools).toMatchObject({
        value: false,
        evidence: 'listing',
      });
    },
  );

  it.skipIf(!cline)('ollama-cline: one /api/show of a user’s model', async () => {
    const details = cline?.[0] as Record<string, unknown>;
    server.answer = (_request, _url, body) =>
      details[(JSON.parse(body) as { model: string }).model];
    const registry = await defaultRegistry.discover({
      provider: 'ollama',
      baseUrl: server.origin,
      models: ['qwen3-2to16:latest'],
      today: TODAY,
    });
    expect(registry.learned().listings[0]).toMatchObject({
      complete: false,
      models: [
        {
          id: 'qwen3-2to16:latest',
          context: 40_960,
          capabilities: { tools: true, image_input: false },
        },
      ],
    });
  });

  it.skipIf(!vllm)('vllm-docs: one model, no facts beyond its id', async () => {
    server.answer = served(vllm?.[0]);
    const registry = await discover('vllm', '/v1');
    expect(models(registry)).toEqual([{ id: 'facebook/opt-125m' }]);
  });

  it.skipIf(!huggingface)(
    'huggingface-langertha (the Hub’s shape, hand-written): no reader for Hugging Face; read as an OpenAI-shaped list it is refused, not taken as empty',
    async () => {
      server.answer = served(huggingface?.[0]);
      await expect(
        defaultRegistry.discover({ provider: 'huggingface', baseUrl: server.origin, apiKey: 'k' }),
      ).rejects.toMatchObject({ code: 'listing_unsupported' });
      await expect(
        defaultRegistry.discover({ provider: 'vllm', baseUrl: `${server.origin}/v1` }),
      ).rejects.toMatchObject({ code: 'listing_invalid' });
    },
  );
});
