// What the spans read from the engines' events, as data: the conventions' provider names, and
// where each wire's reply names its id and model.
import type { RequestEvent } from '@crosswire/engines';
import {
  GEN_AI_PROVIDER_NAME_VALUE_ANTHROPIC,
  GEN_AI_PROVIDER_NAME_VALUE_AWS_BEDROCK,
  GEN_AI_PROVIDER_NAME_VALUE_AZURE_AI_OPENAI,
  GEN_AI_PROVIDER_NAME_VALUE_DEEPSEEK,
  GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI,
  GEN_AI_PROVIDER_NAME_VALUE_GCP_VERTEX_AI,
  GEN_AI_PROVIDER_NAME_VALUE_GROQ,
  GEN_AI_PROVIDER_NAME_VALUE_MISTRAL_AI,
  GEN_AI_PROVIDER_NAME_VALUE_OPENAI,
  GEN_AI_PROVIDER_NAME_VALUE_PERPLEXITY,
  GEN_AI_PROVIDER_NAME_VALUE_X_AI,
} from './semconv.js';

/**
 * `gen_ai.provider.name` of registry providers that have a well-known value in the
 * conventions (which then MUST be used); any other provider is named by its registry id.
 */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  openai: GEN_AI_PROVIDER_NAME_VALUE_OPENAI,
  'openai-responses': GEN_AI_PROVIDER_NAME_VALUE_OPENAI,
  anthropic: GEN_AI_PROVIDER_NAME_VALUE_ANTHROPIC,
  gemini: GEN_AI_PROVIDER_NAME_VALUE_GCP_GEMINI,
  groq: GEN_AI_PROVIDER_NAME_VALUE_GROQ,
  deepseek: GEN_AI_PROVIDER_NAME_VALUE_DEEPSEEK,
  mistral: GEN_AI_PROVIDER_NAME_VALUE_MISTRAL_AI,
  xai: GEN_AI_PROVIDER_NAME_VALUE_X_AI,
  perplexity: GEN_AI_PROVIDER_NAME_VALUE_PERPLEXITY,
  // The clouds are named by the cloud, not by the lab whose model they serve.
  bedrock: GEN_AI_PROVIDER_NAME_VALUE_AWS_BEDROCK,
  'anthropic-bedrock': GEN_AI_PROVIDER_NAME_VALUE_AWS_BEDROCK,
  'anthropic-vertex': GEN_AI_PROVIDER_NAME_VALUE_GCP_VERTEX_AI,
  'gemini-vertex': GEN_AI_PROVIDER_NAME_VALUE_GCP_VERTEX_AI,
  'azure-openai': GEN_AI_PROVIDER_NAME_VALUE_AZURE_AI_OPENAI,
  'azure-openai-responses': GEN_AI_PROVIDER_NAME_VALUE_AZURE_AI_OPENAI,
};

/** The conventions' provider name for a registry provider id. */
export function providerName(provider: string): string {
  return Object.hasOwn(PROVIDER_NAMES, provider) ? (PROVIDER_NAMES[provider] as string) : provider;
}

/**
 * The top-level fields of each wire's reply body that hold the response id and the model that
 * answered (from each API's reply reference); Ollama's reply has no id, and a Converse reply
 * (API_runtime_Converse, response elements) names neither: the model is the one in the path.
 */
export const REPLY_FIELDS: Readonly<
  Record<
    RequestEvent['wire'],
    { readonly id: string | undefined; readonly model: string | undefined }
  >
> = {
  openai: { id: 'id', model: 'model' },
  hermes: { id: 'id', model: 'model' },
  responses: { id: 'id', model: 'model' },
  anthropic: { id: 'id', model: 'model' },
  gemini: { id: 'responseId', model: 'modelVersion' },
  ollama: { id: undefined, model: 'model' },
  bedrock: { id: undefined, model: undefined },
};

/** The response id and model a reply body names, where they are strings. */
export function replyIdentity(
  wire: RequestEvent['wire'],
  body: unknown,
): { id: string | undefined; model: string | undefined } {
  if (typeof body !== 'object' || body === null) return { id: undefined, model: undefined };
  const fields = REPLY_FIELDS[wire];
  const record = body as Record<string, unknown>;
  const text = (key: string | undefined) =>
    key !== undefined && typeof record[key] === 'string' ? (record[key] as string) : undefined;
  return { id: text(fields.id), model: text(fields.model) };
}

/** `server.address` and `server.port` of an endpoint URL (the scheme's port when none is written). */
export function serverOf(url: string): { address: string; port: number } | undefined {
  try {
    const parsed = new URL(url);
    const port =
      parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
    return { address: parsed.hostname.replace(/^\[|\]$/g, ''), port };
  } catch {
    return undefined;
  }
}

/**
 * `error.type`: the error's Crosswire code (`provider_error`, `aborted`, `middleware_failed`...),
 * else its class name, else `_OTHER`: low-cardinality, never its message.
 */
export function errorType(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    const name = (error as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '' && name !== 'Error') return name;
  }
  return fallback;
}
