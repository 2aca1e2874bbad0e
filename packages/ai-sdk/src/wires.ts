import type { WireFormat } from '@crosswire/core';

/** Where an AI SDK provider id sends its requests: Crosswire's wire and the registry provider. */
export interface ProviderRoute {
  readonly wire: WireFormat;
  /** The registry provider id, or undefined to use the provider id's first segment. */
  readonly provider: string | undefined;
}

/*
 * AI SDK `model.provider` ids, as the providers spell them (first match wins). The wire is the
 * body shape the AI SDK provider writes (`xai.responses` writes Responses bodies even though
 * xAI's registry entry speaks Chat Completions); the registry provider decides capabilities.
 * openai-compatible providers are named by the user (`createOpenAICompatible({ name })` gives
 * `<name>.chat`), so any other `*.chat` id is a Chat Completions body on the registry provider
 * of that name.
 */
const ROUTES: ReadonlyArray<readonly [RegExp, ProviderRoute]> = [
  [/^openai\.chat$/, { wire: 'openai', provider: 'openai' }],
  [/^openai\.responses$/, { wire: 'responses', provider: 'openai-responses' }],
  [/^azure\.chat$/, { wire: 'openai', provider: 'openai' }],
  [/^azure\.responses$/, { wire: 'responses', provider: 'openai-responses' }],
  [/^anthropic\.messages$/, { wire: 'anthropic', provider: 'anthropic' }],
  [/^amazon-bedrock$/, { wire: 'bedrock', provider: 'bedrock' }],
  [/^bedrock\.anthropic\.messages$/, { wire: 'anthropic', provider: 'anthropic-bedrock' }],
  [/^google\.generative-ai$/, { wire: 'gemini', provider: 'gemini' }],
  [/^google\.vertex\./, { wire: 'gemini', provider: 'gemini' }],
  [/^xai\.chat$/, { wire: 'openai', provider: 'xai' }],
  [/^xai\.responses$/, { wire: 'responses', provider: 'xai' }],
  [/^deepseek\.chat$/, { wire: 'openai', provider: 'deepseek' }],
  [/^mistral\.chat$/, { wire: 'openai', provider: 'mistral' }],
  [/^groq\.chat$/, { wire: 'openai', provider: 'groq' }],
  [/^cerebras\.chat$/, { wire: 'openai', provider: 'cerebras' }],
  [/^moonshotai?\.chat$/, { wire: 'openai', provider: 'moonshot' }],
  [/^openrouter(\.|$)/, { wire: 'openai', provider: 'openrouter' }],
  [/^ollama(\.|$)/, { wire: 'ollama', provider: 'ollama' }],
  [/^[a-z0-9-]+\.chat$/, { wire: 'openai', provider: undefined }],
];

/** The route of an AI SDK provider id, or undefined when Crosswire does not know it. */
export function routeOf(providerId: string): ProviderRoute | undefined {
  return ROUTES.find(([pattern]) => pattern.test(providerId))?.[1];
}

/** The registry provider of an id the table routes to "its own name" (`lmstudio.chat` → `lmstudio`). */
export function registryProviderOf(providerId: string, route: ProviderRoute): string {
  return route.provider ?? providerId.slice(0, providerId.indexOf('.'));
}
