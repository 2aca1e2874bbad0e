// The providers' model-list endpoints, answered in each one's documented shape from one
// neutral list of models a test scripts (`simulator.listModels(lane, kind, models)`). Sources
// of each shape are beside it; the registry's listing readers are tested against these.

/** One model of a simulated listing, in neutral terms; each endpoint renders it its own way. */
export interface SimulatedModel {
  readonly id: string;
  readonly name?: string;
  /** Sees images (Ollama `vision`, LM Studio `type: vlm`, `modalities.vision`, ...). */
  readonly vision?: boolean;
  readonly tools?: boolean;
  readonly thinking?: boolean;
  readonly audio?: boolean;
  readonly pdf?: boolean;
  readonly context?: number;
  readonly output?: number;
  /** Takes a JSON schema for its reply (Anthropic `structured_outputs`, OpenRouter, Groq). */
  readonly structured?: boolean;
  /** What the model is for (listed, but no chat model unless `chat`). Default `chat`. */
  readonly kind?: 'chat' | 'embedding' | 'speech' | 'transcription';
  /** Other names of the model (Mistral's `aliases`). */
  readonly aliases?: readonly string[];
  /** The day requests stop (OpenAI `shutdown_date`, Anthropic `retires_at`, OpenRouter `expiration_date`). */
  readonly retires?: string;
  /** The day it was deprecated (Anthropic `deprecated_at`, Mistral `deprecation`). */
  readonly deprecated?: string;
  /** The replacement a listing names (Mistral `deprecation_replacement_model`). */
  readonly replacement?: string;
  /** Prices in USD per million tokens, for the listings that state them (Groq, OpenRouter). */
  readonly price?: { readonly input: number; readonly output: number; readonly cacheRead?: number };
}

/** The listing endpoints the simulator answers, one per provider kind. */
export const SIMULATED_LISTINGS = [
  'ollama',
  'lmstudio',
  'llamacpp',
  'vllm',
  'sglang',
  'openrouter',
  'mistral',
  'openai',
  'anthropic',
  'gemini',
  'xai',
  'groq',
  'deepseek',
  'moonshot',
  'cerebras',
] as const;
export type SimulatedListing = (typeof SIMULATED_LISTINGS)[number];

export interface ListingRequest {
  readonly method: string;
  /** The path after `/LANE/WIRE`. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface ListingReply {
  readonly status: number;
  readonly body: unknown;
  /** The model a per-model request named (Ollama `/api/show`). */
  readonly model?: string;
}

interface ListingEndpoint {
  /** The request is this endpoint's. */
  matches(request: ListingRequest): boolean;
  /** The headers one of which must carry a key (cloud providers); absent for local servers. */
  readonly key?: readonly string[];
  reply(models: readonly SimulatedModel[], request: ListingRequest): ListingReply;
}

const CREATED = 1_764_547_200; // 2025-12-01T00:00:00Z
const chat = (models: readonly SimulatedModel[]) =>
  models.filter((model) => model.kind === undefined || model.kind === 'chat');
/**
 * A price per million tokens as a per-token decimal string (`0.15` → `"0.00000015"`), as
 * OpenRouter and Groq write it: never in exponent form (`String` would give `"1.5e-7"`).
 */
const perToken = (price: number) => (price / 1_000_000).toFixed(15).replace(/\.?0+$/, '');
const get = (suffix: string) => (request: ListingRequest) =>
  request.method === 'GET' && request.path.endsWith(suffix);

/** The OpenAI list shape, `{ object: 'list', data: [{ id, object: 'model', created, owned_by, ... }] }`. */
function openAiList(
  owner: string,
  models: readonly SimulatedModel[],
  extra: (model: SimulatedModel) => Record<string, unknown> = () => ({}),
): ListingReply {
  return {
    status: 200,
    body: {
      object: 'list',
      data: models.map((model) => ({
        id: model.id,
        object: 'model',
        created: CREATED,
        owned_by: owner,
        ...extra(model),
      })),
    },
  };
}

/** A page of `models` from `start`, `size` long. */
function page<T>(items: readonly T[], start: number, size: number): readonly T[] {
  return items.slice(Math.max(0, start), Math.max(0, start) + Math.max(1, size));
}

function family(id: string): string {
  return /^[a-z]+/.exec(id.replace(/^.*\//, ''))?.[0] ?? 'llama';
}

export const LISTING_ENDPOINTS: Readonly<Record<SimulatedListing, ListingEndpoint>> = Object.freeze(
  {
    // https://docs.ollama.com/api/tags and https://docs.ollama.com/api/show (MIT).
    ollama: {
      matches: (request) =>
        (request.method === 'GET' && request.path.endsWith('/api/tags')) ||
        (request.method === 'POST' && request.path.endsWith('/api/show')),
      reply(models, request) {
        if (request.path.endsWith('/api/tags')) {
          return {
            status: 200,
            body: {
              models: models.map((model) => ({
                name: model.id,
                model: model.id,
                modified_at: '2026-11-30T12:00:00.000000000Z',
                size: 4_661_224_676,
                digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
                details: {
                  parent_model: '',
                  format: 'gguf',
                  family: family(model.id),
                  families: [family(model.id)],
                  parameter_size: '8.0B',
                  quantization_level: 'Q4_K_M',
                },
              })),
            },
          };
        }
        const asked = (request.body as { model?: unknown } | undefined)?.model;
        const name = typeof asked === 'string' ? asked : '';
        const model = models.find(
          (candidate) => candidate.id === name || candidate.id === `${name}:latest`,
        );
        if (!model)
          return { status: 404, body: { error: `model '${name}' not found` }, model: name };
        const architecture = family(model.id);
        return {
          status: 200,
          model: name,
          body: {
            modelfile: `# Modelfile generated by "ollama show"\nFROM ${model.id}\n`,
            parameters: 'stop "<|eot_id|>"',
            template: '{{ .Prompt }}',
            details: {
              parent_model: '',
              format: 'gguf',
              family: architecture,
              families: [architecture],
              parameter_size: '8.0B',
              quantization_level: 'Q4_K_M',
            },
            model_info: {
              'general.architecture': architecture,
              'general.parameter_count': 8_030_261_248,
              ...(model.context ? { [`${architecture}.context_length`]: model.context } : {}),
            },
            capabilities: [
              model.kind === 'embedding' ? 'embedding' : 'completion',
              ...(model.vision ? ['vision'] : []),
              ...(model.tools ? ['tools'] : []),
              ...(model.thinking ? ['thinking'] : []),
            ],
            modified_at: '2026-11-30T12:00:00.000000000Z',
          },
        };
      },
    },
    // https://lmstudio.ai/docs/developer/rest/endpoints (GET /api/v0/models); `capabilities`
    // (`tool_use`) as LM Studio 0.3.x reports it beside the documented fields.
    lmstudio: {
      matches: get('/api/v0/models'),
      reply: (models) => ({
        status: 200,
        body: {
          object: 'list',
          data: models.map((model) => ({
            id: model.id,
            object: 'model',
            type: model.kind === 'embedding' ? 'embeddings' : model.vision ? 'vlm' : 'llm',
            publisher: 'lmstudio-community',
            arch: family(model.id),
            compatibility_type: 'gguf',
            quantization: 'Q4_K_M',
            state: 'not-loaded',
            max_context_length: model.context ?? 4096,
            capabilities: model.tools ? ['tool_use'] : [],
          })),
        },
      }),
    },
    // https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md (GET /props, MIT):
    // one server, one model (the first scripted).
    llamacpp: {
      matches: get('/props'),
      reply(models) {
        const [model] = models;
        return {
          status: 200,
          body: {
            default_generation_settings: {
              n_ctx: model?.context ?? 4096,
              params: { n_predict: -1 },
            },
            total_slots: 1,
            model_alias: model?.id ?? '',
            model_path: `/models/${model?.id ?? 'model'}.gguf`,
            modalities: { vision: model?.vision === true, audio: model?.audio === true },
            chat_template: '{{ messages }}',
            build_info: 'b7000-simulated',
          },
        };
      },
    },
    // https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html (GET /v1/models).
    vllm: {
      matches: get('/models'),
      reply: (models) =>
        openAiList('vllm', models, (model) => ({
          root: model.id,
          parent: null,
          max_model_len: model.context ?? 32_768,
          permission: [],
        })),
    },
    // https://docs.sglang.ai (GET /v1/models: the OpenAI shape with `root` and `max_model_len`).
    sglang: {
      matches: get('/models'),
      reply: (models) =>
        openAiList('sglang', models, (model) => ({
          root: model.id,
          max_model_len: model.context ?? 32_768,
        })),
    },
    // https://openrouter.ai/docs/api-reference/list-available-models (GET /api/v1/models).
    openrouter: {
      matches: get('/models'),
      key: ['authorization'],
      reply: (models) => ({
        status: 200,
        body: {
          data: chat(models).map((model) => {
            const input = [
              'text',
              ...(model.vision ? ['image'] : []),
              ...(model.pdf ? ['file'] : []),
              ...(model.audio ? ['audio'] : []),
            ];
            return {
              id: model.id,
              canonical_slug: model.id,
              name: model.name ?? model.id,
              created: CREATED,
              description: '',
              context_length: model.context ?? 131_072,
              architecture: {
                modality: `${input.join('+')}->text`,
                input_modalities: input,
                output_modalities: ['text'],
                tokenizer: 'Other',
                instruct_type: null,
              },
              pricing: {
                prompt: perToken(model.price?.input ?? 1),
                completion: perToken(model.price?.output ?? 2),
                request: '0',
                image: '0',
                ...(model.price?.cacheRead === undefined
                  ? {}
                  : { input_cache_read: perToken(model.price.cacheRead) }),
              },
              top_provider: {
                context_length: model.context ?? 131_072,
                max_completion_tokens: model.output ?? 16_384,
                is_moderated: false,
              },
              per_request_limits: null,
              supported_parameters: [
                'max_tokens',
                'temperature',
                ...(model.tools ? ['tools', 'tool_choice'] : []),
                ...(model.structured ? ['response_format', 'structured_outputs'] : []),
                ...(model.thinking ? ['reasoning', 'include_reasoning'] : []),
              ],
              expiration_date: model.retires ?? null,
            };
          }),
        },
      }),
    },
    // https://docs.mistral.ai/api/#tag/models (GET /v1/models: BaseModelCard).
    mistral: {
      matches: get('/models'),
      key: ['authorization'],
      reply: (models) =>
        openAiList('mistralai', models, (model) => ({
          capabilities: {
            completion_chat: model.kind === undefined || model.kind === 'chat',
            function_calling: model.tools === true,
            completion_fim: false,
            fine_tuning: false,
            vision: model.vision === true,
            ocr: false,
            classification: false,
            moderation: false,
            audio: model.audio === true,
          },
          name: model.name ?? model.id,
          description: '',
          max_context_length: model.context ?? 131_072,
          aliases: model.aliases ?? [],
          deprecation: model.deprecated ? `${model.deprecated}T00:00:00Z` : null,
          deprecation_replacement_model: model.replacement ?? null,
          default_model_temperature: 0.3,
          type: 'base',
        })),
    },
    // https://platform.openai.com/docs/api-reference/models/list (openai-node's `Model`).
    openai: {
      matches: get('/models'),
      key: ['authorization'],
      reply: (models) =>
        openAiList('openai', models, (model) => ({ shutdown_date: model.retires ?? null })),
    },
    // https://platform.claude.com/docs/en/api/models/list (@anthropic-ai/sdk's `ModelInfo`):
    // paged by `limit` (default 20) and `after_id`.
    anthropic: {
      matches: get('/v1/models'),
      // The key as `x-api-key`, or as `Authorization: Bearer` (what @anthropic-ai/sdk 1.15 sends).
      key: ['x-api-key', 'authorization'],
      reply(models, request) {
        const limit = Number(request.query.get('limit') ?? '20');
        const after = request.query.get('after_id');
        const start = after === null ? 0 : models.findIndex((model) => model.id === after) + 1;
        const items = page(models, start, Number.isFinite(limit) ? Math.min(limit, 1000) : 20);
        const supported = (value: boolean | undefined) => ({ supported: value === true });
        return {
          status: 200,
          body: {
            data: items.map((model) => ({
              type: 'model',
              id: model.id,
              display_name: model.name ?? model.id,
              created_at: '2026-11-24T00:00:00Z',
              max_input_tokens: model.context ?? 200_000,
              max_tokens: model.output ?? 64_000,
              lifecycle: model.deprecated ? 'deprecated' : 'active',
              deprecated_at: model.deprecated ? `${model.deprecated}T00:00:00Z` : null,
              retires_at: model.retires ? `${model.retires}T00:00:00Z` : null,
              capabilities: {
                batch: supported(true),
                citations: supported(true),
                image_input: supported(model.vision),
                pdf_input: supported(model.pdf),
                structured_outputs: supported(model.structured),
                thinking: {
                  supported: model.thinking === true,
                  types: {
                    adaptive: supported(model.thinking),
                    enabled: supported(model.thinking),
                  },
                },
              },
            })),
            has_more: start + items.length < models.length,
            first_id: items[0]?.id ?? null,
            last_id: items.at(-1)?.id ?? null,
          },
        };
      },
    },
    // https://ai.google.dev/api/models#method:-models.list (paged by pageSize, pageToken).
    gemini: {
      matches: get('/models'),
      key: ['x-goog-api-key'],
      reply(models, request) {
        const size = Number(request.query.get('pageSize') ?? '50');
        const start = Number(request.query.get('pageToken') ?? '0');
        const items = page(
          models,
          Number.isFinite(start) ? start : 0,
          Number.isFinite(size) ? Math.min(size, 1000) : 50,
        );
        const next = start + items.length;
        return {
          status: 200,
          body: {
            models: items.map((model) => ({
              name: `models/${model.id}`,
              version: '001',
              displayName: model.name ?? model.id,
              description: '',
              inputTokenLimit: model.context ?? 1_048_576,
              outputTokenLimit: model.output ?? 65_536,
              supportedGenerationMethods:
                model.kind === 'embedding'
                  ? ['embedContent', 'countTextTokens']
                  : [
                      'generateContent',
                      'countTokens',
                      'createCachedContent',
                      'batchGenerateContent',
                    ],
              temperature: 1,
              maxTemperature: 2,
              topP: 0.95,
              topK: 64,
              thinking: model.thinking === true,
            })),
            ...(next < models.length ? { nextPageToken: String(next) } : {}),
          },
        };
      },
    },
    // https://docs.x.ai/docs/api-reference#list-models.
    xai: {
      matches: get('/models'),
      key: ['authorization'],
      reply: (models) => openAiList('xai', models),
    },
    // https://console.groq.com/docs/api-reference#models-list.
    groq: {
      matches: get('/models'),
      key: ['authorization'],
      reply: (models) =>
        openAiList('groq', models, (model) => ({
          active: true,
          context_window: model.context ?? 131_072,
          public_apps: null,
          max_completion_tokens: model.output ?? 32_768,
          name: model.name ?? model.id,
          input_modalities:
            model.kind === 'transcription'
              ? ['audio']
              : ['text', ...(model.vision ? ['image'] : []), ...(model.audio ? ['audio'] : [])],
          output_modalities: [
            model.kind === 'speech'
              ? 'speech'
              : model.kind === 'transcription'
                ? 'transcription'
                : 'text',
          ],
          ...(model.price
            ? {
                pricing: {
                  prompt: perToken(model.price.input),
                  completion: perToken(model.price.output),
                  image: '0',
                  request: '0',
                  ...(model.price.cacheRead === undefined
                    ? {}
                    : { input_cache_read: perToken(model.price.cacheRead) }),
                },
              }
            : {}),
          supported_features: [
            ...(model.tools ? ['tools'] : []),
            'json_mode',
            ...(model.structured ? ['structured_outputs'] : []),
            ...(model.thinking ? ['reasoning'] : []),
          ],
        })),
    },
    // https://platform.moonshot.ai/docs/api/chat#list-models: the OpenAI shape with
    // `context_length`, `supports_image_in`, `supports_video_in`, `supports_reasoning`.
    moonshot: {
      matches: get('/models'),
      key: ['authorization'],
      reply: (models) =>
        openAiList('moonshot', models, (model) => ({
          context_length: model.context ?? 262_144,
          supports_image_in: model.vision === true,
          supports_video_in: false,
          supports_reasoning: model.thinking === true,
        })),
    },
    // https://inference-docs.cerebras.ai/api-reference/models: the OpenAI shape.
    cerebras: {
      matches: get('/models'),
      key: ['authorization'],
      reply: (models) => openAiList('cerebras', models),
    },
    // https://api-docs.deepseek.com/api/list-models.
    deepseek: {
      matches: get('/models'),
      key: ['authorization'],
      reply: (models) => ({
        status: 200,
        body: {
          object: 'list',
          data: models.map((model) => ({ id: model.id, object: 'model', owned_by: 'deepseek' })),
        },
      }),
    },
  },
);

/** The reply to a listing request, or undefined when the request is not the endpoint's. */
export function answerListing(
  kind: SimulatedListing,
  models: readonly SimulatedModel[],
  request: ListingRequest,
): ListingReply | undefined {
  const endpoint = LISTING_ENDPOINTS[kind];
  if (!endpoint.matches(request)) return undefined;
  const key = endpoint.key;
  if (key !== undefined && !key.some((name) => request.headers[name])) {
    return {
      status: 401,
      body: {
        error: { message: `missing ${key.join(' or ')} header`, type: 'authentication_error' },
      },
    };
  }
  if (kind === 'anthropic' && !request.headers['anthropic-version']) {
    return {
      status: 400,
      body: {
        type: 'error',
        error: { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
      },
    };
  }
  return endpoint.reply(models, request);
}

/**
 * A lane with no scripted list, on a local server's listing endpoint: it lists nothing, and
 * Ollama's `/api/show` describes whatever model is asked about as a plain text model (the
 * simulator chats with any model name).
 */
export function answerUnscripted(wire: string, request: ListingRequest): ListingReply | undefined {
  if (wire === 'ollama') {
    if (request.method === 'POST' && request.path.endsWith('/api/show')) {
      const asked = (request.body as { model?: unknown } | undefined)?.model;
      const id = typeof asked === 'string' && asked !== '' ? asked : 'model';
      const reply = LISTING_ENDPOINTS.ollama.reply([{ id }], request);
      if (reply.status !== 200) return reply;
      // An unscripted lane states no capabilities (as Ollama servers before `capabilities`
      // existed), so an engine that discovers keeps what the registry's data says.
      const { capabilities: _stated, ...body } = reply.body as Record<string, unknown>;
      return { ...reply, body };
    }
    return request.method === 'GET' && request.path.endsWith('/api/tags')
      ? LISTING_ENDPOINTS.ollama.reply([], request)
      : undefined;
  }
  if (wire !== 'openai' || request.method !== 'GET') return undefined;
  if (request.path.endsWith('/api/v0/models')) return LISTING_ENDPOINTS.lmstudio.reply([], request);
  if (request.path.endsWith('/props')) {
    return { status: 200, body: { total_slots: 1, build_info: 'b7000-simulated' } };
  }
  return request.path.endsWith('/models') ? openAiList('simulator', []) : undefined;
}
