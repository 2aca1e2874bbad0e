import { describe, expect, it } from 'vitest';
import { LISTING_READERS } from '../../index.js';

// What each provider's reader (the exported `LISTING_READERS`) makes of odd or hostile list
// entries: values of the wrong type, empty strings, fractions, zero, null entries, fields
// a reply leaves out. A fact the reply does not state well stays unstated, never guessed, and
// a reader never throws. Every expected model is written by hand from the reply.

const read = (kind: keyof typeof LISTING_READERS, body: unknown) =>
  LISTING_READERS[kind].read(body);

describe('the OpenAI list shape', () => {
  it('skips entries that are no object or have no string id, and reads only whole positive times and ISO days', () => {
    const page = read('openai', {
      data: [
        null,
        'gpt-as-a-string',
        [{ id: 'gpt-in-an-array' }],
        { id: '' },
        { id: 5 },
        { id: 'gpt-created-zero', created: 0 },
        { id: 'gpt-created-negative', created: -86_400 },
        { id: 'gpt-created-fraction', created: 1.5 },
        { id: 'gpt-created-words', created: 'yesterday' },
        { id: 'gpt-created-iso', created: '2025-01-02T03:04:05Z' },
        { id: 'gpt-shut-down', created: 1_735_689_600, shutdown_date: '2026-10-23' },
      ],
    });
    expect(page).toStrictEqual({
      models: [
        { id: 'gpt-created-zero' },
        { id: 'gpt-created-negative' },
        { id: 'gpt-created-fraction' },
        { id: 'gpt-created-words' },
        { id: 'gpt-created-iso', created: '2025-01-02' },
        { id: 'gpt-shut-down', created: '2025-01-01', lifecycle: { retired: '2026-10-23' } },
      ],
    });
  });

  it('reads one entry more than a listing keeps, so the caller sees it was longer, and no further', () => {
    const data = Array.from({ length: 20_005 }, (_, index) => ({ id: `m-${index}` }));
    const page = read('openai', { data });
    expect(page?.models).toHaveLength(20_001);
    expect(page?.models.at(-1)).toEqual({ id: 'm-20000' });
  });

  it('a context length is a whole positive number, never a string, a fraction, zero or less (vLLM)', () => {
    expect(
      read('vllm', {
        data: [
          { id: 'as-text', max_model_len: '4096' },
          { id: 'fraction', max_model_len: 1.5 },
          { id: 'zero', max_model_len: 0 },
          { id: 'negative', max_model_len: -1 },
          { id: 'whole', max_model_len: 4096 },
        ],
      }),
    ).toStrictEqual({
      models: [
        { id: 'as-text' },
        { id: 'fraction' },
        { id: 'zero' },
        { id: 'negative' },
        { id: 'whole', context: 4096 },
      ],
    });
  });

  it('a yes/no fact is a JSON boolean, never the word (Moonshot)', () => {
    expect(
      read('moonshot', {
        data: [
          { id: 'kimi-words', supports_image_in: 'true', context_length: '8192' },
          { id: 'kimi-vision', supports_image_in: true, context_length: 8192 },
        ],
      }),
    ).toStrictEqual({
      models: [
        { id: 'kimi-words' },
        { id: 'kimi-vision', context: 8192, capabilities: { image_input: true } },
      ],
    });
  });
});

describe('local servers', () => {
  it('llama.cpp: props that are no object are no listing', () => {
    for (const body of [null, [], 'props', 42]) expect(read('llamacpp', body)).toBeUndefined();
  });

  it('llama.cpp: an empty props object lists nothing; the id is the alias, else the file name of the model path', () => {
    expect(read('llamacpp', {})).toStrictEqual({ models: [] });
    expect(read('llamacpp', { model_path: 'C:\\models\\qwen3-8b.gguf' })).toStrictEqual({
      models: [{ id: 'qwen3-8b.gguf' }],
    });
    expect(
      read('llamacpp', {
        model_alias: 'qwen',
        model_path: '/models/qwen3-8b.gguf',
        modalities: { vision: true, audio: false },
        default_generation_settings: { n_ctx: 8192 },
      }),
    ).toStrictEqual({
      models: [
        { id: 'qwen', context: 8192, capabilities: { image_input: true, audio_input: false } },
      ],
    });
  });

  it('Ollama tags: no models array is no listing; null and nameless entries are skipped; the name wins over the model field', () => {
    expect(read('ollama', null)).toBeUndefined();
    expect(read('ollama', {})).toBeUndefined();
    expect(
      read('ollama', {
        models: [null, {}, { model: 'llava:7b' }, { name: 'qwen3:8b', model: 'qwen3:latest' }],
      }),
    ).toStrictEqual({ models: [{ id: 'llava:7b' }, { id: 'qwen3:8b' }] });
    // An empty name is no name: the model field names it.
    expect(read('ollama', { models: [{ name: '', model: 'gemma3:4b' }] })).toStrictEqual({
      models: [{ id: 'gemma3:4b' }],
    });
  });

  it('Ollama show: what the capabilities and model info say, nothing when they say nothing', () => {
    const show = (body: unknown) => {
      const detail = LISTING_READERS.ollama.detail;
      if (!detail) throw new Error('ollama reads each model with /api/show');
      // The id is the caller's (discover sets the name it asked about).
      const { id: _id, ...facts } = detail.read(body) as { id?: string };
      return facts;
    };
    expect(show(null)).toStrictEqual({});
    expect(show({ capabilities: ['completion'] })).toStrictEqual({
      capabilities: { tools: false, image_input: false },
    });
    expect(show({ capabilities: ['completion', 'vision', 'tools'] })).toStrictEqual({
      capabilities: { tools: true, image_input: true },
    });
    expect(
      show({
        capabilities: ['embedding'],
        model_info: { 'general.architecture': 'bert', 'bert.context_length': 512 },
      }),
    ).toStrictEqual({
      kind: 'embedding',
      context: 512,
      capabilities: { tools: false, image_input: false },
    });
    // A model that embeds and completes is a chat model.
    expect(show({ capabilities: ['embedding', 'completion'] })).toStrictEqual({
      capabilities: { tools: false, image_input: false },
    });
  });

  it('LM Studio: no data array is no listing; a type other than llm, vlm or embeddings is another kind', () => {
    expect(read('lmstudio', null)).toBeUndefined();
    expect(read('lmstudio', {})).toBeUndefined();
    expect(
      read('lmstudio', {
        data: [
          null,
          { id: '' },
          { id: 'speaker', type: 'tts' },
          { id: 'embedder', type: 'embeddings' },
        ],
      }),
    ).toStrictEqual({
      models: [
        { id: 'speaker', kind: 'other' },
        { id: 'embedder', kind: 'embedding' },
      ],
    });
  });
});

describe('OpenRouter and Groq', () => {
  it('an entry with no architecture, parameters or prices states nothing', () => {
    expect(
      read('openrouter', { data: [{ id: 'lab/plain' }, { id: 'lab/unnamed', name: '' }] }),
    ).toStrictEqual({
      models: [{ id: 'lab/plain' }, { id: 'lab/unnamed' }],
    });
  });

  it('the output modalities say the kind: no text out is speech, video, image, embedding or other', () => {
    const outputs: [string, string[]][] = [
      ['lab/m0', []],
      ['lab/m1', ['audio']],
      ['lab/m2', ['video']],
      ['lab/m3', ['image']],
      ['lab/m4', ['embeddings']],
      ['lab/m5', ['embedding']],
      ['lab/m6', ['music']],
      ['lab/m7', ['text', 'image']],
      ['lab/m8', ['speech']],
    ];
    const page = read('openrouter', {
      data: outputs.map(([id, output]) => ({ id, architecture: { output_modalities: output } })),
    });
    expect(page).toStrictEqual({
      models: [
        { id: 'lab/m0', modalities: { output: [] } },
        { id: 'lab/m1', kind: 'speech', modalities: { output: ['audio'] } },
        { id: 'lab/m2', kind: 'video', modalities: { output: ['video'] } },
        { id: 'lab/m3', kind: 'image', modalities: { output: ['image'] } },
        { id: 'lab/m4', kind: 'embedding', modalities: { output: [] } },
        { id: 'lab/m5', kind: 'embedding', modalities: { output: [] } },
        { id: 'lab/m6', kind: 'other', modalities: { output: [] } },
        { id: 'lab/m7', modalities: { output: ['text', 'image'] } },
        { id: 'lab/m8', kind: 'speech', modalities: { output: ['audio'] } },
      ],
    });
  });

  it('input modalities: file is PDF, unknown words are left out, and only the first 16 words are read', () => {
    const page = read('openrouter', {
      data: [
        { id: 'lab/in', architecture: { input_modalities: ['text', 'audio', 'file', 'smell'] } },
      ],
    });
    expect(page).toStrictEqual({
      models: [
        {
          id: 'lab/in',
          modalities: { input: ['text', 'audio', 'pdf'] },
          capabilities: { image_input: false, audio_input: true, pdf_input: true },
        },
      ],
    });
    const groq = read('groq', {
      data: [
        { id: 'long-list', input_modalities: [...Array(16).fill('text'), 'image'] },
        { id: 'mixed-list', input_modalities: ['text', 7, null, 'image'] },
      ],
    });
    expect(groq).toStrictEqual({
      models: [
        // The capability reads the whole list; the modality words stop at 16.
        {
          id: 'long-list',
          modalities: { input: ['text'] },
          capabilities: { image_input: true, audio_input: false },
        },
        {
          id: 'mixed-list',
          modalities: { input: ['text', 'image'] },
          capabilities: { image_input: true, audio_input: false },
        },
      ],
    });
  });

  it('prices: numbers or decimal strings per token, USD per million; free is 0; empty, blank, null or half a price is none', () => {
    const priced = (id: string, pricing: Record<string, unknown>) => ({ id, pricing });
    const page = read('openrouter', {
      data: [
        priced('lab/p-numbers', { prompt: 0.000001, completion: 0.000002 }),
        priced('lab/p-free', { prompt: '0', completion: '0' }),
        priced('lab/p-empty', { prompt: '', completion: '0.000002' }),
        priced('lab/p-blank', { prompt: '  ', completion: '0.000002' }),
        priced('lab/p-null-cache', {
          prompt: '0.000001',
          completion: '0.000001',
          input_cache_read: null,
          input_cache_write: true,
        }),
        priced('lab/p-input-only', { prompt: '0.000001' }),
        priced('lab/p-output-only', { completion: '0.000001' }),
        priced('lab/p-cached', {
          prompt: '0.000003',
          completion: '0.000015',
          input_cache_read: '0.0000003',
          input_cache_write: '0.00000375',
        }),
      ],
    });
    expect(page).toStrictEqual({
      models: [
        { id: 'lab/p-numbers', pricing: { input: 1, output: 2 } },
        { id: 'lab/p-free', pricing: { input: 0, output: 0 } },
        { id: 'lab/p-empty' },
        { id: 'lab/p-blank' },
        { id: 'lab/p-null-cache', pricing: { input: 1, output: 1 } },
        { id: 'lab/p-input-only' },
        { id: 'lab/p-output-only' },
        { id: 'lab/p-cached', pricing: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
      ],
    });
  });
});

describe('Mistral', () => {
  it('a deprecation day alone is a deprecation; an alias equal to the id is no alias', () => {
    expect(
      read('mistral', {
        data: [
          { id: 'm-deprecated', deprecation: '2026-03-01T00:00:00Z' },
          { id: 'm-aliased', aliases: ['m-aliased', 'm-aliased-2503'] },
          { id: 'm-same', aliases: ['m-same'] },
        ],
      }),
    ).toStrictEqual({
      models: [
        { id: 'm-deprecated', lifecycle: { status: 'deprecated', deprecated: '2026-03-01' } },
        { id: 'm-aliased', aliases: ['m-aliased-2503'] },
        { id: 'm-same' },
      ],
    });
  });

  it('a model that cannot chat: its capabilities say what it is for', () => {
    const cannotChat = (id: string, capabilities: Record<string, boolean>) => ({
      id,
      capabilities: { completion_chat: false, ...capabilities },
    });
    expect(
      read('mistral', {
        data: [
          cannotChat('doc-reader-1', { ocr: true }),
          cannotChat('guard-1', { moderation: true }),
          cannotChat('guard-2', { classification: true }),
          cannotChat('listen-1', { audio: true }),
          cannotChat('fill-1', { completion_fim: true }),
          cannotChat('thing-1', {}),
        ],
      }),
    ).toStrictEqual({
      models: [
        { id: 'doc-reader-1', kind: 'ocr' },
        { id: 'guard-1', kind: 'moderation' },
        { id: 'guard-2', kind: 'moderation' },
        { id: 'listen-1', kind: 'transcription', capabilities: { audio_input: true } },
        { id: 'fill-1', kind: 'completion' },
        { id: 'thing-1', kind: 'other' },
      ],
    });
  });
});

describe('Gemini', () => {
  it('no models array is no listing; the generation methods say the kind, the id its words without them', () => {
    expect(read('gemini', null)).toBeUndefined();
    expect(read('gemini', {})).toBeUndefined();
    const methods = (name: string, supportedGenerationMethods: string[]) => ({
      name,
      supportedGenerationMethods,
    });
    expect(
      read('gemini', {
        models: [
          null,
          {},
          { name: '' },
          { name: 'gemini-plain' },
          { name: 'models/text-embedding-004' },
          methods('models/long-x', ['predictLongRunning']),
          methods('models/live-x', ['bidiGenerateContent']),
          methods('models/paint-x', ['predict']),
          methods('models/count-x', ['countTokens']),
        ],
      }),
    ).toStrictEqual({
      models: [
        { id: 'gemini-plain' },
        { id: 'text-embedding-004', kind: 'embedding' },
        { id: 'long-x', kind: 'video' },
        { id: 'live-x', kind: 'realtime' },
        { id: 'paint-x', kind: 'image' },
        { id: 'count-x', kind: 'other' },
      ],
    });
  });
});

describe('Anthropic', () => {
  it('a page with more to come but no data is no listing', () => {
    expect(read('anthropic', { has_more: true, last_id: 'claude-x' })).toBeUndefined();
  });

  it('the lifecycle stage it names is kept with the dates; an unknown stage or the epoch says nothing', () => {
    expect(
      read('anthropic', {
        data: [
          { id: 'claude-a', lifecycle: 'retired' },
          { id: 'claude-b', lifecycle: 'active', deprecated_at: '2026-01-01T00:00:00Z' },
          { id: 'claude-c', lifecycle: 'sunsetting' },
          { id: 'claude-d', retires_at: '2026-06-01T00:00:00Z' },
          { id: 'claude-e', deprecated_at: '2026-01-01T00:00:00Z' },
          { id: 'claude-f', lifecycle: 'deprecated' },
          { id: 'claude-g', created_at: '1970-01-01T00:00:00Z' },
          { id: 'claude-h', lifecycle: 'active' },
        ],
      }),
    ).toStrictEqual({
      models: [
        { id: 'claude-a', lifecycle: { status: 'retired' } },
        { id: 'claude-b', lifecycle: { status: 'active', deprecated: '2026-01-01' } },
        { id: 'claude-c' },
        { id: 'claude-d', lifecycle: { retired: '2026-06-01' } },
        { id: 'claude-e', lifecycle: { deprecated: '2026-01-01' } },
        { id: 'claude-f', lifecycle: { status: 'deprecated' } },
        { id: 'claude-g' },
        { id: 'claude-h' },
      ],
    });
  });
});
