import { array, count, flag, type JsonObject, object, strings, text } from './json.js';
import type { LearnedFact, LearnedModel } from './types.js';

// How each provider lists its models, one entry per provider kind: the request, the
// documented response shape (`docs`) and what of it becomes a fact. A fact the reply does not
// state stays unstated (unknown), never false.

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
] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

/** What a list page yields: the models, and the query of the next page when there is one. */
export interface ListingPage {
  readonly models: readonly LearnedModel[];
  readonly next?: Readonly<Record<string, string>>;
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
  readonly read: (body: unknown) => ListingPage;
  /** A request per model for its facts (Ollama's `POST /api/show`); the list only names them. */
  readonly detail?: {
    readonly path: string;
    readonly body: (id: string) => unknown;
    readonly read: (body: unknown) => Omit<LearnedModel, 'id' | 'endpoint'>;
  };
  /** The server serves its one loaded model under any name (llama.cpp): asked names are listed. */
  readonly anyName?: boolean;
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
});

/** `{ id, object: 'model', ... }` entries under `data` (the OpenAI list shape). */
function openAiList(
  body: unknown,
  extra: (entry: JsonObject) => Omit<LearnedModel, 'id'> = () => ({}),
): ListingPage {
  const models: LearnedModel[] = [];
  for (const item of array(object(body)?.data)) {
    const entry = object(item);
    const id = modelIdOf(entry?.id);
    if (entry && id) models.push(compact({ id, ...extra(entry) }));
  }
  return { models };
}

/** An id a listing may carry: no whitespace or control characters, at most 256 characters. */
export function modelIdOf(value: unknown): string | undefined {
  const id = text(value);
  return id !== undefined && /^[^\s\p{Cc}]+$/u.test(id) ? id : undefined;
}

/** Drops undefined fields and empty capability records, so the snapshot stays small and exact. */
function compact(model: LearnedModel): LearnedModel {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(model)) {
    if (value === undefined) continue;
    if (key === 'capabilities') {
      const stated = Object.fromEntries(
        Object.entries(value as object).filter(([, fact]) => fact !== undefined),
      );
      if (Object.keys(stated).length > 0) result[key] = stated;
      continue;
    }
    result[key] = value;
  }
  return result as unknown as LearnedModel;
}

type Facts = Partial<Record<LearnedFact, boolean>>;

function ollamaShow(body: unknown): Omit<LearnedModel, 'id' | 'endpoint'> {
  const reply = object(body);
  const capabilities = strings(reply?.capabilities);
  const info = object(reply?.model_info);
  const architecture = text(info?.['general.architecture']);
  const context = architecture ? count(info?.[`${architecture}.context_length`]) : undefined;
  const facts: Facts | undefined = capabilities && {
    tools: capabilities.includes('tools'),
    image_input: capabilities.includes('vision'),
  };
  return compact({ id: '', context, capabilities: facts });
}

export const LISTING_READERS: Readonly<Record<ListingKind, ListingReader>> = Object.freeze({
  ollama: {
    docs: 'https://docs.ollama.com/api/tags',
    path: '/api/tags',
    read: (body) => {
      const models: LearnedModel[] = [];
      for (const item of array(object(body)?.models)) {
        const entry = object(item);
        const id = modelIdOf(entry?.name) ?? modelIdOf(entry?.model);
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
    read: (body) => {
      const models: LearnedModel[] = [];
      for (const item of array(object(body)?.data)) {
        const entry = object(item);
        const id = modelIdOf(entry?.id);
        const type = text(entry?.type);
        if (!entry || !id || (type !== 'llm' && type !== 'vlm')) continue;
        const capabilities = strings(entry.capabilities);
        models.push(
          compact({
            id,
            context: count(entry.max_context_length),
            capabilities: {
              image_input: type === 'vlm',
              tools: capabilities ? capabilities.includes('tool_use') : undefined,
            },
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
    read: (body) => {
      const props = object(body);
      const path = text(props?.model_path);
      const id = modelIdOf(props?.model_alias) ?? modelIdOf(path?.split(/[\\/]/).pop());
      const modalities = object(props?.modalities);
      const facts: Facts = {
        image_input: flag(modalities?.vision),
        audio_input: flag(modalities?.audio),
      };
      const context = count(object(props?.default_generation_settings)?.n_ctx);
      return { models: id ? [compact({ id, context, capabilities: facts })] : [] };
    },
  },
  vllm: {
    docs: 'https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html',
    path: '/models',
    read: (body) => openAiList(body, (entry) => ({ context: count(entry.max_model_len) })),
  },
  sglang: {
    docs: 'https://docs.sglang.ai/basic_usage/openai_api_completions.html',
    path: '/models',
    read: (body) => openAiList(body, (entry) => ({ context: count(entry.max_model_len) })),
  },
  openrouter: {
    docs: 'https://openrouter.ai/docs/api-reference/list-available-models',
    path: '/models',
    read: (body) =>
      openAiList(body, (entry) => {
        const architecture = object(entry.architecture);
        const input = strings(architecture?.input_modalities);
        const parameters = strings(entry.supported_parameters);
        return {
          name: text(entry.name),
          context: count(entry.context_length),
          output: count(object(entry.top_provider)?.max_completion_tokens),
          capabilities: {
            image_input: input ? input.includes('image') : undefined,
            audio_input: input ? input.includes('audio') : undefined,
            // `file` is how OpenRouter names PDF input; without it nothing is said of PDFs.
            pdf_input: input?.includes('file') ? true : undefined,
            tools: parameters ? parameters.includes('tools') : undefined,
          },
        };
      }),
  },
  mistral: {
    docs: 'https://docs.mistral.ai/api/#tag/models/operation/list_models_v1_models_get',
    path: '/models',
    read: (body) => {
      const page = openAiList(body, (entry) => {
        const capabilities = object(entry.capabilities);
        return {
          name: text(entry.name),
          context: count(entry.max_context_length),
          capabilities: {
            image_input: flag(capabilities?.vision),
            tools: flag(capabilities?.function_calling),
          },
        };
      });
      // Embedding, OCR and moderation models say `completion_chat: false`: no chat model.
      const chat = new Set(
        array(object(body)?.data)
          .map(object)
          .filter((entry) => flag(object(entry?.capabilities)?.completion_chat) !== false)
          .map((entry) => text(entry?.id)),
      );
      return { models: page.models.filter((model) => chat.has(model.id)) };
    },
  },
  openai: {
    docs: 'https://platform.openai.com/docs/api-reference/models/list',
    path: '/models',
    read: (body) => openAiList(body),
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
        return {
          name: text(entry.display_name),
          context: count(entry.max_input_tokens),
          output: count(entry.max_tokens),
          capabilities: {
            image_input: supported('image_input'),
            pdf_input: supported('pdf_input'),
          },
        };
      });
      const last = text(reply?.last_id);
      return reply?.has_more === true && last ? { ...page, next: { after_id: last } } : page;
    },
  },
  gemini: {
    docs: 'https://ai.google.dev/api/models#method:-models.list',
    path: '/models',
    query: { pageSize: '1000' },
    read: (body) => {
      const reply = object(body);
      const models: LearnedModel[] = [];
      for (const item of array(reply?.models)) {
        const entry = object(item);
        const name = text(entry?.name);
        const id = modelIdOf(name?.startsWith('models/') ? name.slice('models/'.length) : name);
        const methods = strings(entry?.supportedGenerationMethods);
        // Embedding and other models that cannot chat are listed too; only chat models count.
        if (!entry || !id || (methods && !methods.includes('generateContent'))) continue;
        models.push(
          compact({
            id,
            name: text(entry.displayName),
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
    read: (body) => openAiList(body),
  },
  groq: {
    docs: 'https://console.groq.com/docs/api-reference#models-list',
    path: '/models',
    read: (body) =>
      openAiList(body, (entry) => ({
        context: count(entry.context_window),
        output: count(entry.max_completion_tokens),
      })),
  },
  deepseek: {
    docs: 'https://api-docs.deepseek.com/api/list-models',
    path: '/models',
    read: (body) => openAiList(body),
  },
});
