import type { ModelKind } from '../schema.js';
import {
  count,
  day,
  flag,
  type JsonObject,
  list,
  object,
  perMillion,
  strings,
  text,
} from './json.js';
import type {
  LearnedFact,
  LearnedLifecycle,
  LearnedModality,
  LearnedModel,
  LearnedPricing,
} from './types.js';

// How each provider lists its models, one entry per provider kind: the request, the
// documented response shape (`docs`) and what of it becomes a fact. A fact the reply does not
// state stays unstated (unknown), never false. Every fact a listing states is kept: kind,
// modalities, capabilities, limits, lifecycle, aliases, prices.

/** The provider kinds with a listing reader. */
export const LISTING_KINDS = [
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
export type ListingKind = (typeof LISTING_KINDS)[number];

/**
 * What a list page yields: the models, and the query of the next page when there is one.
 * A model's id is as the reply wrote it; `discover` checks it against the learned limits.
 */
export interface ListingPage {
  readonly models: readonly LearnedModel[];
  readonly next?: Readonly<Record<string, string>>;
  /** The reply says more pages follow but names no cursor to ask for them. */
  readonly more?: boolean;
}

export interface ListingReader {
  /** The page documenting the response shape. */
  readonly docs: string;
  /**
   * The list request's path. After the base URL, or with `fromRoot` after the server's root
   * (the base URL without a trailing `/v1`: LM Studio's `/api/v0`, llama.cpp's `/props`).
   */
  readonly path: string;
  readonly fromRoot?: boolean;
  /** The first page's query (a page size). */
  readonly query?: Readonly<Record<string, string>>;
  /** The page, or undefined when the reply is not this listing's shape at all. */
  readonly read: (body: unknown) => ListingPage | undefined;
  /** A request per model for its facts (Ollama's `POST /api/show`); the list only names them. */
  readonly detail?: {
    readonly path: string;
    readonly body: (id: string) => unknown;
    readonly read: (body: unknown) => Omit<LearnedModel, 'id' | 'endpoint'>;
  };
  /** The server serves its one loaded model under any name (llama.cpp): asked names are listed. */
  readonly anyName?: boolean;
  /**
   * The listing is the models loaded on the user's own machine, not a provider's catalogue:
   * `registry sync --write` refuses it (`discover` is the tool for a local server).
   */
  readonly local?: boolean;
}

/** Which reader a provider of the registry uses. */
export const PROVIDER_LISTINGS: Readonly<Record<string, ListingKind>> = Object.freeze({
  ollama: 'ollama',
  lmstudio: 'lmstudio',
  llamacpp: 'llamacpp',
  vllm: 'vllm',
  sglang: 'sglang',
  openrouter: 'openrouter',
  mistral: 'mistral',
  openai: 'openai',
  'openai-responses': 'openai',
  anthropic: 'anthropic',
  gemini: 'gemini',
  xai: 'xai',
  groq: 'groq',
  deepseek: 'deepseek',
  moonshot: 'moonshot',
  cerebras: 'cerebras',
});

/**
 * Words of an id that mark a model that is no chat model, for listings that state nothing
 * else about a model (OpenAI, xAI, DeepSeek, Moonshot, Cerebras, vLLM): `text-embedding-3-large`,
 * `whisper-1`, `tts-1`, `gpt-realtime`, `sora-2`, `gpt-image-1`, `omni-moderation-latest`. The
 * first matching row wins; each pattern is a fixed set of words (linear on any input).
 */
export const KIND_BY_ID: readonly {
  readonly kind: Exclude<ModelKind, 'chat'>;
  readonly pattern: RegExp;
}[] = Object.freeze([
  { kind: 'embedding', pattern: word('embed|embedding|embeddings') },
  { kind: 'moderation', pattern: word('moderation|moderations') },
  { kind: 'transcription', pattern: word('whisper|transcribe|transcription') },
  { kind: 'realtime', pattern: word('realtime') },
  { kind: 'speech', pattern: word('tts') },
  { kind: 'video', pattern: word('sora|veo|video') },
  { kind: 'image', pattern: word('image|imagen|dall') },
  { kind: 'ocr', pattern: word('ocr') },
  // OpenAI's legacy completions models: a prompt, no chat messages.
  { kind: 'completion', pattern: /^(?:davinci-|babbage-|gpt-3\.5-turbo-instruct)/ },
]);

function word(words: string): RegExp {
  return new RegExp(`(?:^|[^a-z0-9])(?:${words})(?:$|[^a-z0-9])`);
}

/** The kind an id's words say, or undefined (a chat model) when none does. */
export function kindById(id: string): Exclude<ModelKind, 'chat'> | undefined {
  const lower = id.toLowerCase();
  return KIND_BY_ID.find((row) => row.pattern.test(lower))?.kind;
}

/** Drops undefined fields and empty records, so the snapshot stays small and exact. */
function compact(model: LearnedModel): LearnedModel {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(model)) {
    if (value === undefined) continue;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const stated = Object.fromEntries(
        Object.entries(value as object).filter(([, fact]) => fact !== undefined),
      );
      if (Object.keys(stated).length > 0) result[key] = stated;
      continue;
    }
    if (Array.isArray(value) && value.length === 0) continue;
    result[key] = value;
  }
  return result as unknown as LearnedModel;
}

type Facts = Partial<Record<LearnedFact, boolean>>;
type Stated = Omit<LearnedModel, 'id'>;

/**
 * `{ data: [{ id, ... }] }` (the OpenAI list shape): each entry's facts from `extra`; the
 * kind from the id's words unless `extra` states one. Undefined when `data` is no array.
 */
function openAiList(
  body: unknown,
  extra: (entry: JsonObject, id: string) => Stated = () => ({}),
): ListingPage | undefined {
  const entries = list(object(body)?.data);
  if (entries === undefined) return undefined;
  const models: LearnedModel[] = [];
  for (const item of entries) {
    const entry = object(item);
    const id = text(entry?.id);
    if (!entry || !id) continue;
    const stated = extra(entry, id);
    models.push(compact({ id, kind: kindById(id), ...stated }));
  }
  return { models };
}

/** The OpenAI shape's own facts: the creation time and OpenAI's `shutdown_date`. */
function openAiFacts(entry: JsonObject): Stated {
  const shutdown = day(entry.shutdown_date);
  return {
    created: day(entry.created),
    ...(shutdown ? { lifecycle: { retired: shutdown } } : {}),
  };
}

/** Modality words of a listing in the registry's words; unknown words are left out. */
const MODALITY_WORDS: Readonly<Record<string, LearnedModality>> = Object.freeze({
  text: 'text',
  image: 'image',
  file: 'pdf',
  pdf: 'pdf',
  audio: 'audio',
  speech: 'audio',
  video: 'video',
  transcription: 'text',
});

function modalities(value: unknown): readonly LearnedModality[] | undefined {
  const words = strings(value, 16);
  if (words === undefined) return undefined;
  const known = words.flatMap((name) => {
    const modality = MODALITY_WORDS[name.toLowerCase()];
    return modality ? [modality] : [];
  });
  return [...new Set(known)];
}

/** The kind a model's output modalities say (no text out: speech, image or video). */
function kindByOutput(
  output: readonly string[] | undefined,
): Exclude<ModelKind, 'chat'> | undefined {
  if (output === undefined || output.length === 0) return undefined;
  const words = output.map((name) => name.toLowerCase());
  if (words.includes('transcription')) return 'transcription';
  if (words.includes('text')) return undefined;
  if (words.includes('speech') || words.includes('audio')) return 'speech';
  if (words.includes('video')) return 'video';
  if (words.includes('image')) return 'image';
  if (words.includes('embeddings') || words.includes('embedding')) return 'embedding';
  return 'other';
}

function pricing(input: unknown, output: unknown, read?: unknown, write?: unknown) {
  const prompt = perMillion(input);
  const completion = perMillion(output);
  if (prompt === undefined || completion === undefined) return undefined;
  const cacheRead = perMillion(read);
  const cacheWrite = perMillion(write);
  return {
    input: prompt,
    output: completion,
    ...(cacheRead === undefined ? {} : { cacheRead }),
    ...(cacheWrite === undefined ? {} : { cacheWrite }),
  } satisfies LearnedPricing;
}

function ollamaShow(body: unknown): Stated {
  const reply = object(body);
  const capabilities = strings(reply?.capabilities);
  const info = object(reply?.model_info);
  const architecture = text(info?.['general.architecture']);
  const context = architecture ? count(info?.[`${architecture}.context_length`]) : undefined;
  const facts: Facts | undefined = capabilities && {
    tools: capabilities.includes('tools'),
    image_input: capabilities.includes('vision'),
  };
  const embedding = capabilities?.includes('embedding') && !capabilities.includes('completion');
  return compact({
    id: '',
    ...(embedding ? { kind: 'embedding' as const } : {}),
    context,
    capabilities: facts,
  });
}

/** Mistral's `capabilities` say what a model that cannot chat is for. */
function mistralKind(
  capabilities: JsonObject | undefined,
  id: string,
): Exclude<ModelKind, 'chat'> | undefined {
  if (flag(capabilities?.completion_chat) !== false) return undefined;
  if (flag(capabilities?.ocr)) return 'ocr';
  if (flag(capabilities?.moderation) || flag(capabilities?.classification)) return 'moderation';
  if (flag(capabilities?.audio)) return 'transcription';
  return kindById(id) ?? (flag(capabilities?.completion_fim) ? 'completion' : 'other');
}

/** Gemini's generation methods say what a model is for. */
function geminiKind(
  methods: readonly string[] | undefined,
  id: string,
): Exclude<ModelKind, 'chat'> | undefined {
  if (methods === undefined) return kindById(id);
  if (methods.includes('generateContent')) {
    // The TTS models answer generateContent with audio only.
    return kindById(id) === 'speech' ? 'speech' : undefined;
  }
  if (methods.some((method) => method.startsWith('embed'))) return 'embedding';
  if (methods.includes('predictLongRunning')) return 'video';
  if (methods.includes('predict')) return 'image';
  if (methods.includes('bidiGenerateContent')) return 'realtime';
  return 'other';
}

export const LISTING_READERS: Readonly<Record<ListingKind, ListingReader>> = Object.freeze({
  ollama: {
    docs: 'https://docs.ollama.com/api/tags',
    path: '/api/tags',
    local: true,
    read: (body) => {
      const entries = list(object(body)?.models);
      if (entries === undefined) return undefined;
      const models: LearnedModel[] = [];
      for (const item of entries) {
        const entry = object(item);
        const id = text(entry?.name) ?? text(entry?.model);
        if (id) models.push({ id });
      }
      return { models };
    },
    detail: {
      path: '/api/show',
      body: (id) => ({ model: id }),
      read: ollamaShow,
    },
  },
  lmstudio: {
    docs: 'https://lmstudio.ai/docs/developer/rest/endpoints',
    path: '/api/v0/models',
    fromRoot: true,
    local: true,
    read: (body) => {
      const entries = list(object(body)?.data);
      if (entries === undefined) return undefined;
      const models: LearnedModel[] = [];
      for (const item of entries) {
        const entry = object(item);
        const id = text(entry?.id);
        if (!entry || !id) continue;
        const type = text(entry.type);
        const capabilities = strings(entry.capabilities);
        const chat = type === 'llm' || type === 'vlm';
        models.push(
          compact({
            id,
            kind: chat ? undefined : type === 'embeddings' ? 'embedding' : 'other',
            context: count(entry.max_context_length),
            capabilities: chat
              ? {
                  image_input: type === 'vlm',
                  tools: capabilities ? capabilities.includes('tool_use') : undefined,
                }
              : undefined,
          }),
        );
      }
      return { models };
    },
  },
  llamacpp: {
    docs: 'https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md#get-props-get-server-global-properties',
    path: '/props',
    fromRoot: true,
    anyName: true,
    local: true,
    read: (body) => {
      const props = object(body);
      if (props === undefined) return undefined;
      const path = text(props.model_path);
      const id = text(props.model_alias) ?? text(path?.split(/[\\/]/).pop());
      const modalities = object(props.modalities);
      const facts: Facts = {
        image_input: flag(modalities?.vision),
        audio_input: flag(modalities?.audio),
      };
      const context = count(object(props.default_generation_settings)?.n_ctx);
      return { models: id ? [compact({ id, context, capabilities: facts })] : [] };
    },
  },
  vllm: {
    docs: 'https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html',
    path: '/models',
    local: true,
    read: (body) => openAiList(body, (entry) => ({ context: count(entry.max_model_len) })),
  },
  sglang: {
    docs: 'https://docs.sglang.ai/basic_usage/openai_api_completions.html',
    path: '/models',
    local: true,
    read: (body) => openAiList(body, (entry) => ({ context: count(entry.max_model_len) })),
  },
  openrouter: {
    docs: 'https://openrouter.ai/docs/api-reference/list-available-models',
    path: '/models',
    read: (body) =>
      openAiList(body, (entry, id) => {
        const architecture = object(entry.architecture);
        const input = strings(architecture?.input_modalities);
        const output = strings(architecture?.output_modalities);
        const parameters = strings(entry.supported_parameters);
        const price = object(entry.pricing);
        const expires = day(entry.expiration_date);
        return {
          name: text(entry.name),
          kind: kindByOutput(output) ?? kindById(id),
          created: day(entry.created),
          context: count(entry.context_length),
          output: count(object(entry.top_provider)?.max_completion_tokens),
          modalities: { input: modalities(input), output: modalities(output) },
          capabilities: {
            image_input: input ? input.includes('image') : undefined,
            audio_input: input ? input.includes('audio') : undefined,
            // `file` is how OpenRouter names PDF input; without it nothing is said of PDFs
            // (OpenRouter parses PDFs for any model through its plugin).
            pdf_input: input?.includes('file') ? true : undefined,
            tools: parameters ? parameters.includes('tools') : undefined,
            structured_output: parameters ? parameters.includes('structured_outputs') : undefined,
          },
          ...(expires ? { lifecycle: { retired: expires } } : {}),
          pricing: pricing(
            price?.prompt,
            price?.completion,
            price?.input_cache_read,
            price?.input_cache_write,
          ),
        };
      }),
  },
  mistral: {
    docs: 'https://docs.mistral.ai/api/#tag/models/operation/list_models_v1_models_get',
    path: '/models',
    read: (body) =>
      openAiList(body, (entry, id) => {
        const capabilities = object(entry.capabilities);
        const deprecation = day(entry.deprecation);
        const replacement = text(entry.deprecation_replacement_model);
        const lifecycle: LearnedLifecycle | undefined =
          deprecation || replacement
            ? {
                status: 'deprecated',
                ...(deprecation ? { deprecated: deprecation } : {}),
                ...(replacement ? { replacement } : {}),
              }
            : undefined;
        // `created` is the time of the listing, the same for every model: no release date.
        return {
          name: text(entry.name),
          kind: mistralKind(capabilities, id),
          aliases: strings(entry.aliases, 64)?.filter((alias) => alias !== id),
          context: count(entry.max_context_length),
          capabilities: {
            image_input: flag(capabilities?.vision),
            audio_input: flag(capabilities?.audio),
            tools: flag(capabilities?.function_calling),
          },
          lifecycle,
        };
      }),
  },
  openai: {
    docs: 'https://platform.openai.com/docs/api-reference/models/list',
    path: '/models',
    read: (body) => openAiList(body, openAiFacts),
  },
  anthropic: {
    docs: 'https://platform.claude.com/docs/en/api/models/list',
    path: '/v1/models',
    query: { limit: '1000' },
    read: (body) => {
      const reply = object(body);
      const page = openAiList(body, (entry) => {
        const capabilities = object(entry.capabilities);
        const supported = (name: string) => flag(object(capabilities?.[name])?.supported);
        const stage = text(entry.lifecycle);
        const status =
          stage === 'active' || stage === 'deprecated' || stage === 'retired' ? stage : undefined;
        const deprecated = day(entry.deprecated_at);
        const retires = day(entry.retires_at);
        return {
          name: text(entry.display_name),
          // Anthropic lists chat models only; "claude-...-image" is no image model.
          kind: undefined,
          created: day(entry.created_at)?.startsWith('1970-') ? undefined : day(entry.created_at),
          context: count(entry.max_input_tokens),
          output: count(entry.max_tokens),
          capabilities: {
            image_input: supported('image_input'),
            pdf_input: supported('pdf_input'),
            structured_output: supported('structured_outputs'),
          },
          lifecycle:
            (status && status !== 'active') || deprecated || retires
              ? {
                  ...(status ? { status } : {}),
                  ...(deprecated ? { deprecated } : {}),
                  ...(retires ? { retired: retires } : {}),
                }
              : undefined,
        };
      });
      if (page === undefined) return undefined;
      if (reply?.has_more !== true) return page;
      const last = text(reply.last_id);
      return last ? { ...page, next: { after_id: last } } : { ...page, more: true };
    },
  },
  gemini: {
    docs: 'https://ai.google.dev/api/models#method:-models.list',
    path: '/models',
    query: { pageSize: '1000' },
    read: (body) => {
      const reply = object(body);
      const entries = list(reply?.models);
      if (entries === undefined) return undefined;
      const models: LearnedModel[] = [];
      for (const item of entries) {
        const entry = object(item);
        const name = text(entry?.name);
        const id = name?.startsWith('models/') ? name.slice('models/'.length) : name;
        if (!entry || !id) continue;
        const methods = strings(entry.supportedGenerationMethods);
        models.push(
          compact({
            id,
            name: text(entry.displayName),
            kind: geminiKind(methods, id),
            context: count(entry.inputTokenLimit),
            output: count(entry.outputTokenLimit),
          }),
        );
      }
      const token = text(reply?.nextPageToken);
      return token ? { models, next: { pageToken: token } } : { models };
    },
  },
  xai: {
    docs: 'https://docs.x.ai/docs/api-reference#list-models',
    path: '/models',
    read: (body) => openAiList(body, (entry) => ({ created: day(entry.created) })),
  },
  groq: {
    docs: 'https://console.groq.com/docs/api-reference#models-list',
    path: '/models',
    read: (body) =>
      openAiList(body, (entry, id) => {
        const input = strings(entry.input_modalities);
        const output = strings(entry.output_modalities);
        const features = strings(entry.supported_features);
        const price = object(entry.pricing);
        return {
          name: text(entry.name),
          kind: kindByOutput(output) ?? kindById(id),
          created: day(entry.created),
          context: count(entry.context_window),
          output: count(entry.max_completion_tokens),
          modalities: { input: modalities(input), output: modalities(output) },
          capabilities: {
            image_input: input ? input.includes('image') : undefined,
            audio_input: input ? input.includes('audio') : undefined,
            // `supported_features` names every feature a model has: what it lacks is false.
            tools: features ? features.includes('tools') : undefined,
            structured_output: features ? features.includes('structured_outputs') : undefined,
          },
          pricing: pricing(price?.prompt, price?.completion, price?.input_cache_read),
        };
      }),
  },
  deepseek: {
    docs: 'https://api-docs.deepseek.com/api/list-models',
    path: '/models',
    read: (body) => openAiList(body),
  },
  moonshot: {
    docs: 'https://platform.moonshot.ai/docs/api/chat#list-models',
    path: '/models',
    read: (body) =>
      openAiList(body, (entry) => ({
        created: day(entry.created),
        context: count(entry.context_length),
        capabilities: { image_input: flag(entry.supports_image_in) },
      })),
  },
  cerebras: {
    docs: 'https://inference-docs.cerebras.ai/api-reference/models',
    path: '/models',
    read: (body) => openAiList(body, (entry) => ({ created: day(entry.created) })),
  },
});
