import type { WireFormat } from '@crosswire/core';

/**
 * A LangChain chat model instance (`ChatOpenAI`, `ChatAnthropic`, `ChatGoogleGenerativeAI`,
 * `ChatOllama`, a subclass of one of them, or the model `initChatModel` and `createAgent({ model:
 * 'provider:name' })` make). Crosswire reads its class, its model name and its flags; the only
 * method it calls is LangChain's own `getLsParams`.
 */
export type LangChainChatModel = object;

/** Which wire a chat model's requests use and how Crosswire's registry names it. */
export interface ChatModelRoute {
  /** The body shape the model's LangChain integration writes (undefined: a class Crosswire does not know). */
  readonly wire: WireFormat | undefined;
  /** The registry provider id (undefined: none known). */
  readonly provider: string | undefined;
  /** The model name the instance calls (`''` when it names none). */
  readonly model: string;
  /** The class name Crosswire recognised, or the instance's own class name when it knew none. */
  readonly className: string;
}

/** What a class's converter writes, read from an instance of it. */
interface ClassRoute {
  readonly wire: (model: Readonly<Record<string, unknown>>, callOptions: CallOptions) => WireFormat;
  /** The registry provider when the instance's LangSmith provider name has no registry entry. */
  readonly provider: string;
}

/** The call options the Responses decision of `ChatOpenAI` reads (the tools of the request). */
export interface CallOptions {
  readonly tools?: readonly unknown[];
}

const fixed =
  (wire: WireFormat): ClassRoute['wire'] =>
  () =>
    wire;

/**
 * `ChatOpenAI` sends a request to the Responses API when `useResponsesApi` is set or when the
 * request needs it (built-in tools, Responses-only options, models that prefer it); its own
 * `_useResponsesApi(options)` decides, and the flag is the answer when that method is missing.
 */
function openAiWire(
  model: Readonly<Record<string, unknown>>,
  callOptions: CallOptions,
): WireFormat {
  const decide = model._useResponsesApi;
  const responses =
    typeof decide === 'function'
      ? decide.call(model, callOptions) === true
      : model.useResponsesApi === true;
  return responses ? 'responses' : 'openai';
}

/**
 * The LangChain classes whose message converters Crosswire knows (read in @langchain/openai 1.5,
 * @langchain/anthropic 1.5, @langchain/google-genai 2.3, @langchain/ollama 1.3), by the name on
 * the class (`lc_name()`, which survives minification, or the constructor's name). A subclass
 * (`ChatDeepSeek` extends `ChatOpenAICompletions`, ...) writes what its known ancestor writes.
 */
const CLASSES: Readonly<Record<string, ClassRoute>> = {
  ChatOpenAI: { wire: openAiWire, provider: 'openai' },
  AzureChatOpenAI: { wire: openAiWire, provider: 'openai' },
  ChatOpenAICompletions: { wire: fixed('openai'), provider: 'openai' },
  ChatOpenAIResponses: { wire: fixed('responses'), provider: 'openai-responses' },
  ChatAnthropic: { wire: fixed('anthropic'), provider: 'anthropic' },
  ChatGoogleGenerativeAI: { wire: fixed('gemini'), provider: 'gemini' },
  ChatOllama: { wire: fixed('ollama'), provider: 'ollama' },
};

/**
 * `initChatModel`'s `modelProvider` names (and `createAgent`'s `'provider:model'` strings), as the
 * class each one builds; `createAgent` turns `'openai:...'` into a Responses model.
 */
const MODEL_PROVIDERS: Readonly<Record<string, string>> = {
  openai: 'ChatOpenAI',
  azure_openai: 'AzureChatOpenAI',
  anthropic: 'ChatAnthropic',
  'google-genai': 'ChatGoogleGenerativeAI',
  ollama: 'ChatOllama',
};

/** LangSmith provider names (`getLsParams().ls_provider`) that the registry spells otherwise. */
const REGISTRY_PROVIDERS: Readonly<Record<string, string>> = {
  google_genai: 'gemini',
  azure: 'openai',
};

/** The registry's Responses endpoint of a provider that speaks both OpenAI wires. */
const RESPONSES_PROVIDERS: Readonly<Record<string, string>> = {
  openai: 'openai-responses',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The names a class answers to, most specific first: its constructor's name, then `lc_name()`. */
function namesOf(prototype: object): string[] {
  const owner = (prototype as { constructor?: unknown }).constructor;
  if (typeof owner !== 'function') return [];
  const names = [owner.name];
  const lcName = (owner as { lc_name?: unknown }).lc_name;
  if (typeof lcName === 'function') {
    try {
      const name = lcName.call(owner);
      if (typeof name === 'string') names.push(name);
    } catch {
      // A class whose lc_name throws is known by its constructor name only.
    }
  }
  return names;
}

/** The nearest class in the instance's prototype chain that {@link CLASSES} knows. */
function knownClass(model: object): { name: string; route: ClassRoute } | undefined {
  // Prototype chains are a handful of classes deep; the bound keeps a cyclic proxy from spinning.
  let prototype: object | null = Object.getPrototypeOf(model);
  for (let depth = 0; prototype !== null && depth < 32; depth++) {
    for (const name of namesOf(prototype)) {
      const route = CLASSES[name];
      if (route !== undefined) return { name, route };
    }
    prototype = Object.getPrototypeOf(prototype);
  }
  return undefined;
}

/** LangChain's own tracing parameters of the model, or {} when it has none or they throw. */
function lsParams(model: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const read = model.getLsParams;
  if (typeof read !== 'function') return {};
  try {
    const params = read.call(model, {});
    return isRecord(params) ? params : {};
  } catch {
    return {};
  }
}

/** The registry provider of an instance: its LangSmith provider name when the registry has it. */
function providerOf(
  lsProvider: string | undefined,
  route: ClassRoute,
  wire: WireFormat,
  knows: (provider: string) => boolean,
): string {
  const named =
    lsProvider === undefined ? undefined : (REGISTRY_PROVIDERS[lsProvider] ?? lsProvider);
  const base = named !== undefined && knows(named) ? named : route.provider;
  return wire === 'responses' ? (RESPONSES_PROVIDERS[base] ?? base) : base;
}

/** `initChatModel`'s configurable model: its class and fields are in `_defaultConfig`. */
function configurableRoute(
  config: Readonly<Record<string, unknown>>,
  callOptions: CallOptions,
): ChatModelRoute | undefined {
  const modelProvider = text(config.modelProvider);
  const className = modelProvider === undefined ? undefined : MODEL_PROVIDERS[modelProvider];
  const route = className === undefined ? undefined : CLASSES[className];
  if (className === undefined || route === undefined) return undefined;
  const wire = route.wire(config, callOptions);
  return {
    wire,
    provider:
      wire === 'responses'
        ? (RESPONSES_PROVIDERS[route.provider] ?? route.provider)
        : route.provider,
    model: text(config.model) ?? '',
    className,
  };
}

/**
 * Which wire a LangChain chat model writes and how the registry names its provider and model:
 * the class (or its nearest known ancestor) decides the wire, `ChatOpenAI`'s Responses flag
 * included; the provider is LangChain's own name for it (`getLsParams().ls_provider`) where the
 * registry has that provider, else the class's; the model is `getLsParams().ls_model_name`, else
 * `model` / `modelName`.
 */
export function chatModelRoute(
  chatModel: LangChainChatModel,
  options: { readonly callOptions?: CallOptions; readonly knowsProvider: (id: string) => boolean },
): ChatModelRoute {
  const model = chatModel as Readonly<Record<string, unknown>>;
  const callOptions = options.callOptions ?? {};
  if (isRecord(model._defaultConfig)) {
    const configured = configurableRoute(model._defaultConfig, callOptions);
    if (configured !== undefined) return configured;
  }
  const known = knownClass(chatModel);
  const params = lsParams(model);
  const name = text(params.ls_model_name) ?? text(model.model) ?? text(model.modelName) ?? '';
  if (known === undefined) {
    return {
      wire: undefined,
      provider: undefined,
      model: name,
      className: namesOf(Object.getPrototypeOf(chatModel) ?? {})[0] ?? typeof chatModel,
    };
  }
  const wire = known.route.wire(model, callOptions);
  return {
    wire,
    provider: providerOf(text(params.ls_provider), known.route, wire, options.knowsProvider),
    model: name,
    className: known.name,
  };
}
