import { randomUUID } from 'node:crypto';
import {
  CrosswireError,
  emitWarning,
  type MediaKind,
  ValidationError,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import {
  applyPromptCache,
  type ChatRequest,
  DIALECTS,
  type Dialect,
  type DialectOptions,
  imagesNeedingBytes,
  type ModelFacts,
  type ModelRequestFeatures,
  mcpNamedEvent,
  mcpNamedResponse,
  neutralMessages,
  PreflightRefusedError,
  type PromptCache,
  preflight,
  STREAMS,
  type StructuredOutputRequest,
  toolNameMap,
  wireNamedRequest,
} from '@crosswire/dialects';
import {
  CAPABILITY_NAMES,
  type CapabilityName,
  defaultRegistry,
  type EffectiveCapabilities,
  type MediaDelivery,
  PROVIDER_LISTINGS,
  type Pricing,
  type ProviderEntry,
  type Registry,
  type Resolution,
  structuredOutputFact,
  toolResultDelivery,
} from '@crosswire/registry/lookup';
import type { Dispatcher } from 'undici';
import { settleWithin, typedAbort } from '../abortable.js';
import { cloudRoute, withRouteBody } from '../cloud/cloud.js';
import type { CloudOptions } from '../cloud/types.js';
import { type EngineResponse, withCost } from '../cost/cost.js';
import type { RateLimit } from '../http/rate-limit.js';
import type { RetryPolicy } from '../http/retry.js';
import type { SecretScrubber } from '../http/secrets.js';
import { HttpTransport, type ResponseHeaders, type RetryEvent } from '../http/transport.js';
import { joinUrl } from '../http/url.js';
import { runToolLoop, type ToolLoopResult } from '../loop/tool-loop.js';
import { inputMessages } from '../loop/tool-loop-steps.js';
import { streamToolLoop, type ToolLoopStream } from '../loop/tool-loop-stream.js';
import type { McpToolServer } from '../mcp/server.js';
import type {
  ChatExchange,
  ChatInput,
  ChatOptions,
  ChatStreamOptions,
  ChatWithToolsOptions,
} from './chat-options.js';
import { ChatStream, readEventStream, type StreamFacts } from './chat-stream.js';
import { checkedBaseUrl, checkHeaders, withoutRepeatedVersion } from './endpoint.js';
import {
  applyImageLimits,
  type ImageLibraryLoader,
  type ImageLimitsMode,
  type ImageResizeOptions,
  imageLimitsCache,
  loadSharp,
} from './image-limits.js';
import { type InlineImagesOptions, inlineImages } from './inline-images.js';
import {
  applyRequestMiddleware,
  applyResponseMiddleware,
  type RequestMiddleware,
} from './middleware.js';
import { dialectOptionsOf, modelRequestFeatures } from './model-settings.js';
import {
  notify,
  type ObserveOptions,
  type RequestEvent,
  type RequestFacts,
  type ResponseEvent,
  summarizePayloads,
  withLazy,
} from './observe.js';
import { responseEvent, withHeaderSecrets } from './response-event.js';
import { type OutputOption, outputRequest, resolveOutput } from './structured.js';
import {
  type StructuredChatResponse,
  type StructuredTurnContext,
  structuredExchange,
  twoStep,
} from './structured-exchange.js';
import { withObjectEvents } from './structured-stream.js';

/** What `createEngine` takes. Only `provider` is required (and `model` when the provider has no default). */
/** The engine's settings for fetching the URL images a wire needs inline. */
export type EngineInlineImages = Pick<
  InlineImagesOptions,
  'maxBytes' | 'urlFilter' | 'allowPrivateNetwork' | 'timeoutMs' | 'concurrency'
>;

export interface EngineOptions extends ObserveOptions {
  /** A registry provider id or alias: `openai`, `anthropic`, `aki-anthropic`, `groq`... */
  readonly provider: string;
  /** The model id as the provider names it. Default: the provider's `default_model`. */
  readonly model?: string;
  /** Default: the provider's environment variable (`OPENAI_API_KEY`...). */
  readonly apiKey?: string;
  /** Replaces the registry's base URL (a proxy, a self-hosted server, the simulator). */
  readonly baseUrl?: string;
  /** Where provider, model and capabilities come from. Default: `defaultRegistry`. */
  readonly registry?: Registry;
  /** Extra headers for every request (after the provider's own). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Deadline of one HTTP attempt. Default 300 000 ms. */
  readonly timeoutMs?: number;
  readonly connectTimeoutMs?: number;
  /** Retries for 429/5xx/network failures: `{ maxRetries: 2, baseDelayMs: 500, maxDelayMs: 30000 }` by default. */
  readonly retry?: Partial<RetryPolicy>;
  /** Send through this undici dispatcher instead of the engine's own keep-alive agent. */
  readonly dispatcher?: Dispatcher;
  /** Default output cap of every request. */
  readonly maxTokens?: number;
  /**
   * Default prompt caching of every call (see `ChatOptions.promptCache`). Unset: `'off'` for
   * `chat` and `stream`, `'auto'` for the tool loops and the step API.
   */
  readonly promptCache?: PromptCache;
  readonly temperature?: number;
  /** Overrides of the dialect options the engine derives from the registry (Hermes tags, `thinkTagFilter`, `imageFallback`...). */
  readonly dialect?: Partial<DialectOptions>;
  /**
   * How URL images that a wire needs inline are fetched (content-image's guarded fetch):
   * `maxBytes` (default 20 MiB), `urlFilter` (the private-network guard is on without it; a
   * `denyPrivateHosts({ allow, resolver })` filter configures the guard, any other function runs
   * after it), `allowPrivateNetwork` (the one opt-out of the guard, for apps whose images live on
   * their own network; default false), `timeoutMs` per fetch, and `concurrency` (fetches in
   * flight at once; default 4).
   */
  readonly inlineImages?: EngineInlineImages;
  /** Per MCP tool call in `chatWithTools`. Default 60 000 ms. */
  readonly toolTimeoutMs?: number;
  /** The default `idleTimeoutMs` of `stream`: the longest gap between chunks. Default 60 000 ms. */
  readonly streamIdleTimeoutMs?: number;
  /**
   * Check every request against the provider's documented rules before sending it (`preflight`
   * from @crosswire/dialects) and refuse one that breaks a rule with `request_refused_preflight`,
   * before any byte is sent. Default true; false sends it anyway (a lenient server behind a
   * provider's wire).
   */
  readonly preflight?: boolean;
  /**
   * What happens to an image that breaks the provider's documented limits (Anthropic: over
   * 5 MB of base64, a side over 8000 px, more than 100 images and documents in a request,
   * more than 20 images when a side exceeds 2000 px), before preflight checks the request:
   * `'resize'` scales it down to fit with `sharp` (an optional dependency, loaded on first
   * need), keeping aspect ratio and format; `'placeholder'` sends the wire's placeholder text;
   * `'error'` refuses the request with `request_refused_preflight`. Each repair warns once per
   * image (`image_resized`, `image_over_limit`, naming the limit). An image that cannot be
   * resized, and images beyond the per-request count, become placeholders. Never sent as is,
   * never dropped silently. Default `'resize'` when sharp is installed, else `'placeholder'`.
   */
  readonly imageLimits?: ImageLimitsMode;
  /**
   * Loads the image library `imageLimits: 'resize'` uses (resolve undefined for "not
   * installed"). Default: a dynamic import of `sharp`. For tests and bundlers.
   */
  readonly imageLibrary?: ImageLibraryLoader;
  /**
   * The bounds of `imageLimits: 'resize'`: `maxPixels` (default 100 000 000: a larger image
   * becomes the placeholder) and `timeoutMs` (default 10 000 ms: a longer resize fails the call
   * with `ImageResizeError` `image_resize_timeout`). Only bytes whose signature proves PNG,
   * JPEG, WebP or GIF of the labelled type are ever resized; at most half of libuv's thread
   * pool resizes at once in the process; the call's `signal` ends a resize at once.
   */
  readonly imageResize?: ImageResizeOptions;
  /**
   * The whole MCP tool listing in `chatWithTools`, every page of every server together: a
   * server that has not listed all its tools by then fails the loop with `ToolLoopError`
   * `mcp_list_tools_timeout`. Default 30 000 ms.
   */
  readonly listToolsTimeoutMs?: number;
  /**
   * Tools kept per MCP server in `chatWithTools`: the rest of a longer listing are left out,
   * with a `tool_list_truncated` warning. Default 1 000.
   */
  readonly maxToolsPerServer?: number;
  /**
   * The largest MCP tool result `chatWithTools` forwards to the model, in bytes: a larger one
   * becomes an error result that says so. Default 16 MiB (16 777 216).
   */
  readonly maxToolResultBytes?: number;
  /**
   * The MCP servers `chatWithTools` uses when the call names none: SDK `Client`s or any objects
   * with `listTools` and `callTool`. Default none.
   */
  readonly mcpServers?: readonly McpToolServer[];
  /** The default `maxIterations` of `chatWithTools`. Default 10. */
  readonly maxIterations?: number;
  /**
   * Told before each provider request, with the body as sent (base64 summarised). This and
   * the other hooks observe: what one throws is dropped, and the call goes on.
   */
  readonly onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Told after each provider request, with the parsed reply or the error. */
  readonly onResponse?: ((event: ResponseEvent) => void) | undefined;
  /**
   * Told when a tool loop (`runToolLoop`, `chatWithTools`, `streamWithTools`) or a step of the
   * step API (`runModelStep`) starts, and when it ends (`onLoopEnd`, with its result or error).
   * A loop's own options can replace the engine's.
   */
  readonly onLoopStart?: ObserveOptions['onLoopStart'];
  readonly onLoopEnd?: ObserveOptions['onLoopEnd'];
  /** Told before each tool call of a loop runs, and when it ended (with its duration and outcome). */
  readonly onToolCallStart?: ObserveOptions['onToolCallStart'];
  readonly onToolCallEnd?: ObserveOptions['onToolCallEnd'];
  /**
   * Request middleware, run in order on every provider request after Crosswire built it and
   * before the preflight check (so a change that breaks a provider rule is still refused): each
   * may replace the body and add headers, and read the reply. What one throws fails the call
   * with `MiddlewareError` (`middleware_failed`, naming it). Default none.
   */
  readonly middleware?: readonly RequestMiddleware[];
  /** Told before each retry of a provider request. */
  readonly onRetry?: (event: RetryEvent) => void;
  readonly onWarning?: WarningHandler;
  /**
   * Learn the model's capabilities from the server's own model metadata before the first
   * request (`registry.discover` for this one model: Ollama's `/api/show`, LM Studio's model
   * list, llama.cpp's `/props`, vLLM's and SGLang's `/v1/models`), once per engine, bounded by
   * `discoverTimeoutMs`. What it learns ranks below the registry's data files. A failure is a
   * warning (`model_discovery_failed`) and the registry's static data applies. Default: true for
   * local servers (a provider with a model-list reader that needs no key: ollama, lmstudio,
   * llamacpp, vllm, sglang), false for cloud providers.
   */
  readonly discover?: boolean;
  /** The time discovery may take, all its requests together. Default 5000 ms. */
  readonly discoverTimeoutMs?: number;
  /** Where the API key variable is read. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * For a provider in a cloud account (`bedrock`, `anthropic-bedrock`, `anthropic-vertex`,
   * `gemini-vertex`, `azure-openai`): the region, project, location or resource its URL names,
   * and the credentials used when no API key is given (AWS credentials or a provider of them;
   * an access token). See the cloud routes guide.
   */
  readonly cloud?: CloudOptions;
}

/**
 * An engine: one provider endpoint and one model, built from registry data. Speaks the
 * provider's wire (`toolWireFormat`), authenticates, retries, inlines images the wire needs,
 * and runs the tool loop over MCP servers.
 */
export class Engine {
  readonly provider: ProviderEntry;
  readonly model: string;
  readonly toolWireFormat: WireFormat;
  /** The base URL requests go to (the registry's, or the `baseUrl` option). */
  readonly baseUrl: string;
  /** The full chat URL: the chat path after the base URL's path, the base URL's query kept. */
  readonly endpoint: string;
  /** What the wire renderers are told, derived from capabilities and quirks (see `createEngine`). */
  get dialectOptions(): DialectOptions {
    return this.#dialectOptions;
  }
  /** The registry the engine resolves with; after discovery, the one with what it learned. */
  get registry(): Registry {
    return this.#registry;
  }
  /**
   * The model's prices on this provider (the registry's `resolve(...).pricing`): every reply
   * and loop result gets a `cost` from them; undefined for an unpriced model (no `cost`).
   */
  readonly pricing: Pricing | undefined;
  /** The default MCP servers of `chatWithTools` (the `mcpServers` option; empty when none). */
  readonly mcpServers: readonly McpToolServer[];
  /** The default `maxIterations` of `chatWithTools` (10 unless the options said otherwise). */
  readonly maxIterations: number;
  readonly #options: EngineOptions;
  #registry: Registry;
  #dialectOptions: DialectOptions;
  /** What the model accepts where it differs by model (the registry's request features). */
  #features: ModelRequestFeatures;
  /** The capabilities preflight reads, looked up with the features (not on every request). */
  #preflightCapabilities!: ModelFacts;
  /** The rules this engine has already warned it works around (once per engine each). */
  readonly #warned = new Set<string>();
  #discovery: Promise<Resolution> | undefined;
  /** The discovery under way: its controller, and who waits for it (see `discover`). */
  #discoveryRun:
    | { readonly controller: AbortController; settled: boolean; waiting: number; pinned: boolean }
    | undefined;
  readonly #apiKey: string | undefined;
  readonly #transport: HttpTransport;
  readonly #dialect: Dialect;
  readonly #path: string;
  /** The provider's own path of a streamed request (`{model}` filled), when it has one. */
  readonly #streamPath: string | undefined;
  readonly #imageCache = imageLimitsCache();

  constructor(options: EngineOptions) {
    const registry = options.registry ?? defaultRegistry;
    const provider = registry.provider(options.provider);
    const model = options.model ?? provider.defaultModel;
    if (model === undefined || model === '') {
      throw new ValidationError(
        `provider "${provider.id}" has no default model; pass model to createEngine`,
        { path: 'model', code: 'missing_model' },
      );
    }
    const resolution = registry.resolve({ provider: provider.id, model });
    const wire = resolution.wire ?? provider.wire;
    this.provider = provider;
    this.model = model;
    this.#registry = registry;
    this.pricing = resolution.pricing;
    this.toolWireFormat = wire;
    this.mcpServers = Object.freeze([...(options.mcpServers ?? [])]);
    this.maxIterations = options.maxIterations ?? 10;
    this.#options = options;
    this.#dialect = DIALECTS[wire];
    const chatPath =
      resolution.offering?.chatPath ?? provider.chatPath ?? this.#dialect.path(model);
    const env =
      options.env ??
      (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ??
      {};
    const apiKey =
      options.apiKey ?? (provider.apiKeyEnv ? env[provider.apiKeyEnv] || undefined : undefined);
    this.#apiKey = apiKey;
    // A provider in a cloud account: its URL's region or project, and its credentials.
    const route = cloudRoute(provider, {
      apiKey,
      options: options.cloud,
      env,
      baseUrl: options.baseUrl,
    });
    this.baseUrl = checkedBaseUrl(options.baseUrl ?? route?.baseUrl ?? provider.baseUrl);
    checkHeaders(options.headers);
    this.#path = withoutRepeatedVersion(
      this.baseUrl,
      chatPath.replaceAll('{model}', encodeURIComponent(model)),
    );
    this.endpoint = joinUrl(this.baseUrl, this.#path);
    this.#streamPath = provider.streamPath?.replaceAll('{model}', encodeURIComponent(model));

    const headers: Record<string, string> = { ...provider.headers };
    if (provider.auth && apiKey) {
      headers[provider.auth.header.toLowerCase()] = provider.auth.scheme
        ? `${provider.auth.scheme} ${apiKey}`
        : apiKey;
    } else if (provider.auth?.required && !apiKey && route?.authorize === undefined) {
      throw new CrosswireError(
        'missing_api_key',
        `provider "${provider.id}" needs an API key: pass apiKey${provider.apiKeyEnv ? ` or set ${provider.apiKeyEnv}` : ''}`,
        { details: { provider: provider.id, env: provider.apiKeyEnv } },
      );
    }
    Object.assign(headers, options.headers);

    // A retired or deprecated model still gets an engine (a retired slug may be redirected),
    // and so does a name the registry does not know (answered from its family template) or a
    // model that is no chat model, but the caller hears about each once, in the registry's
    // words (the replacement the provider names, the closest known names).
    for (const notice of resolution.notices) {
      if (notice.code !== 'model_not_listed') emitWarning(options.onWarning, notice);
    }
    this.#dialectOptions = dialectOptionsOf(resolution, wire, provider, options);
    this.#features = modelRequestFeatures(resolution);
    this.#preflightCapabilities = this.#capabilitiesForPreflight();
    const discover =
      options.discover ??
      (PROVIDER_LISTINGS[provider.id] !== undefined && provider.auth?.required !== true);
    if (!discover) this.#discovery = Promise.resolve(resolution);
    this.#transport = new HttpTransport({
      provider: provider.id,
      baseUrl: this.baseUrl,
      headers,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.connectTimeoutMs !== undefined
        ? { connectTimeoutMs: options.connectTimeoutMs }
        : {}),
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
      apiKey,
      authorize: route?.authorize,
      ...((provider.streamFraming ?? STREAMS[wire].framing) === 'aws-eventstream'
        ? { streamAccept: 'application/vnd.amazon.eventstream' }
        : {}),
    });
  }

  /**
   * Learns the model's capabilities from the server's own metadata (see the `discover` option),
   * once: later calls share the same promise. Never rejects for the server's sake: a failure is
   * a `model_discovery_failed` warning and the static data stays. The engine calls it before its
   * first request with the request's signal; call it earlier to read `capabilities()` with what
   * it learns. With `signal`, the wait ends with `AbortedError` as soon as it fires; when every
   * caller waiting with a signal has given up (and none waits without one), the discovery itself
   * is stopped and the next call starts it again.
   */
  discover(options: { readonly signal?: AbortSignal } = {}): Promise<Resolution> {
    let discovery = this.#discovery;
    if (discovery === undefined) {
      const controller = new AbortController();
      const started = this.#learn(controller.signal);
      discovery = started;
      this.#discovery = started;
      this.#discoveryRun = { controller, settled: false, waiting: 0, pinned: false };
      const run = this.#discoveryRun;
      void started.then(() => {
        run.settled = true;
      });
    }
    const run = this.#discoveryRun;
    const signal = options.signal;
    if (signal === undefined || run === undefined || run.settled) {
      if (run) run.pinned = true;
      return discovery;
    }
    run.waiting += 1;
    const waited = settleWithin(discovery, {
      signal,
      during: `learning the capabilities of model "${this.model}" from provider "${this.provider.id}" (discovery on first use)`,
    });
    void waited.then(
      () => {
        run.waiting -= 1;
      },
      () => {
        run.waiting -= 1;
        // The last caller gave up: stop the requests, and let the next call try again.
        if (run.waiting === 0 && !run.pinned && !run.settled && this.#discoveryRun === run) {
          run.controller.abort(signal.reason);
          this.#discovery = undefined;
          this.#discoveryRun = undefined;
        }
      },
    );
    return waited;
  }

  async #learn(signal: AbortSignal): Promise<Resolution> {
    try {
      const learned = await this.#registry.discover({
        provider: this.provider.id,
        baseUrl: this.baseUrl,
        models: [this.model],
        timeoutMs: this.#options.discoverTimeoutMs ?? 5000,
        signal,
        onWarning: this.#options.onWarning,
        ...(this.#apiKey === undefined ? {} : { apiKey: this.#apiKey }),
      });
      const resolution = learned.resolve({ provider: this.provider.id, model: this.model });
      this.#registry = learned;
      this.#dialectOptions = dialectOptionsOf(
        resolution,
        this.toolWireFormat,
        this.provider,
        this.#options,
      );
      this.#features = modelRequestFeatures(resolution);
      this.#preflightCapabilities = this.#capabilitiesForPreflight();
      return resolution;
    } catch (error) {
      // Given up by its callers, not failed: nothing to warn about; a later call starts again.
      if (signal.aborted) return this.resolution();
      const reason = error instanceof Error ? error.message : String(error);
      emitWarning(this.#options.onWarning, {
        code: 'model_discovery_failed',
        message: `learning the capabilities of model "${this.model}" from provider "${this.provider.id}" failed, so the registry's static data applies: ${reason}`,
        details: {
          provider: this.provider.id,
          model: this.model,
          code: error instanceof CrosswireError ? error.code : undefined,
        },
      });
      return this.resolution();
    }
  }

  /** The rate-limit state from the last reply that carried rate-limit headers. */
  get rateLimit(): RateLimit | undefined {
    return this.#transport.rateLimit;
  }

  /** Provider, model, how its name matched, wire and capabilities, from the registry. */
  resolution(): Resolution {
    return this.registry.resolve({ provider: this.provider.id, model: this.model });
  }

  /**
   * How a tool's image (or PDF) reaches this model, as this engine's requests carry it: the
   * registry's answer (`native`, `user-message`, `tool-message` or `placeholder`, with the
   * reasons) with this engine's `dialect.imageFallback` when set, else the provider's default.
   */
  toolResultDelivery(kind: MediaKind): MediaDelivery {
    const imageFallback = this.#options.dialect?.imageFallback;
    return toolResultDelivery(
      this.resolution(),
      kind,
      imageFallback === undefined ? {} : { imageFallback },
    );
  }

  /**
   * The capability flags of this model on this provider: true only where the registry's effective
   * value is true (false and unknown are false), so `engine.capabilities().image_input` reads like
   * `engine.supports('image_input')`. The tri-state values with their evidence are
   * {@link Engine.capabilityDetails}.
   */
  capabilities(): Readonly<Record<CapabilityName, boolean>> {
    const details = this.capabilityDetails();
    return Object.freeze(
      Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, details[name].value === true])),
    ) as Readonly<Record<CapabilityName, boolean>>;
  }

  /** Each capability's effective value (true, false or 'unknown') with its evidence and reasons. */
  capabilityDetails(): EffectiveCapabilities {
    return this.registry.resolveCapabilities({ provider: this.provider.id, model: this.model });
  }

  /** True only when the capability is effectively true (unknown is false): `engine.supports('image_input')`. */
  supports(capability: CapabilityName): boolean {
    return this.registry.supports({ provider: this.provider.id, model: this.model }, capability);
  }

  #capabilitiesForPreflight(): ModelFacts {
    return Object.freeze({
      tool_result_images: this.supports('tool_result_images'),
      tool_result_pdf: this.supports('tool_result_pdf'),
    });
  }

  /**
   * Why a capability has its value (the registry's chain of reasons). `structured_output`:
   * the registry's fact, and the mechanism a request with `output` uses here (and whether a
   * turn with tools goes in the two-step form).
   */
  explain(capability: CapabilityName | 'structured_output'): readonly string[] {
    if (capability === 'structured_output') {
      const { mechanism, twoStepWithTools } = this.structuredOutput();
      return [
        ...structuredOutputFact(this.resolution()).reasons,
        `a request with output uses ${this.toolWireFormat} ${mechanism}${twoStepWithTools ? `; with tools, the tool turns go without it and a last turn without tools asks for the object (rule ${this.#twoStepRule})` : ''}`,
      ];
    }
    return this.registry.explain({ provider: this.provider.id, model: this.model }, capability);
  }

  /**
   * One chat turn, streamed: an async iterable of typed events (text and reasoning deltas,
   * tool-call start, argument deltas and end, usage, finish), with `finalText()` and
   * `finalResponse()` (the same `ChatResponse` as `chat`). Nothing is sent until it is
   * iterated or a helper is called. The signal aborts at once and closes the connection
   * (the iteration rejects with `AbortedError`, the signal's reason as `cause`); a gap between chunks longer than `idleTimeoutMs` fails it with `stream_idle_timeout`.
   */
  stream(input: ChatInput, options: ChatStreamOptions = {}, iteration?: number): ChatStream {
    if (options.output === undefined) {
      return new ChatStream((opened) => this.#streamEvents(input, options, opened, iteration));
    }
    const resolved = resolveOutput(options.output, this.#options.onWarning);
    // In the two-step form (tools on an endpoint that refuses them with `output`) the turn
    // streams without `output`; the loop asks for the object in a turn without tools.
    if (twoStep(this.#structuredContext(iteration), options)) {
      return new ChatStream((opened) =>
        this.#streamEvents(input, options, opened, iteration, undefined),
      );
    }
    const output = outputRequest(resolved, options.tools, this.toolWireFormat);
    return new ChatStream((opened) =>
      withObjectEvents(
        this.#streamEvents(input, options, opened, iteration, output),
        this.toolWireFormat,
        this.dialectOptions,
        resolved,
        output,
      ),
    );
  }

  /**
   * Builds the body (images fetched first), lets the middleware change it, checks it with
   * preflight, times it, and announces it to `onRequest`: the prelude of both a plain and a
   * streamed round trip. Events and errors never carry the credentials, even when a provider
   * echoes them (nor the values of secret-named headers a middleware added).
   */
  async #prepare(
    input: ChatInput,
    options: ChatOptions,
    iteration: number | undefined,
    output: StructuredOutputRequest | undefined,
    stream?: (body: Record<string, unknown>) => Record<string, unknown>,
  ) {
    const prepareStarted = performance.now();
    const built = await this.#builtRequest(input, options, output);
    // The cloud route's body changes (the model moved to the path, anthropic_version) come
    // before the middleware, so a middleware sees and edits the body that is sent.
    const routed = withRouteBody(this.provider, stream ? stream(built) : built);
    const facts = this.#requestFacts(options, iteration, stream !== undefined);
    const middleware = this.#options.middleware ?? [];
    const { body, headers } =
      middleware.length === 0
        ? { body: routed, headers: undefined }
        : await applyRequestMiddleware(middleware, facts, routed, options.signal).catch(
            (error: unknown) => {
              throw this.#transport.scrubber.error(error);
            },
          );
    if (this.#options.preflight !== false) {
      const { violations } = preflight(body, {
        wire: this.toolWireFormat,
        provider: this.provider.id,
        model: this.model,
        capabilities: this.#preflightCapabilities,
        features: this.#features,
      });
      if (violations.length > 0) throw new PreflightRefusedError(this.toolWireFormat, violations);
    }
    const prepareMs = performance.now() - prepareStarted;
    const scrub = withHeaderSecrets(this.#transport.scrubber, headers);
    notify(this.#options.onRequest, () => {
      const event = withLazy({ ...facts }, 'body', () => scrub.value(summarizePayloads(body)));
      return withLazy(event, 'messages', () =>
        neutralMessages(inputMessages(input), { onWarning: () => undefined }),
      ) satisfies RequestEvent;
    });
    return { body, headers, prepareMs, scrub, facts };
  }

  /** What every event and middleware call of one request says about it. */
  #requestFacts(
    options: ChatOptions,
    iteration: number | undefined,
    stream: boolean,
  ): RequestFacts {
    const observed =
      this.#options.onRequest !== undefined ||
      this.#options.onResponse !== undefined ||
      (this.#options.middleware?.length ?? 0) > 0;
    return {
      // An id only someone will read: a run without hooks or middleware makes none.
      requestId: observed ? randomUUID() : '',
      provider: this.provider.id,
      model: this.model,
      wire: this.toolWireFormat,
      url: this.#transport.scrubber.text(this.endpoint),
      iteration,
      loopId: options.loopId,
      stream,
    };
  }

  /** Tells the middleware the reply (last first); what one throws fails the call, scrubbed. */
  async #readReply(
    facts: RequestFacts,
    reply: { status: number; headers: ResponseHeaders },
    response: EngineResponse,
    scrub: SecretScrubber,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const middleware = this.#options.middleware ?? [];
    if (middleware.length === 0) return;
    try {
      await applyResponseMiddleware(middleware, { ...facts, ...reply, response }, signal);
    } catch (error) {
      throw scrub.error(error);
    }
  }

  async *#streamEvents(
    input: ChatInput,
    options: ChatStreamOptions,
    opened: (facts: StreamFacts) => void,
    iteration: number | undefined,
    output?: StructuredOutputRequest,
  ) {
    const wireStream = STREAMS[this.toolWireFormat];
    const { body, headers, prepareMs, scrub, facts } = await this.#prepare(
      input,
      options,
      iteration,
      output,
      (built) => wireStream.request(built),
    );
    const names = toolNameMap(options.tools ?? [], this.toolWireFormat);
    const started = performance.now();
    let status: number | undefined;
    let attempts = 1;
    let response: EngineResponse | undefined;
    let failure: Error | undefined;
    let errorSent = false;
    try {
      const reply = await this.#transport.postStream(
        this.#streamPath ?? wireStream.path(this.#path),
        body,
        {
          signal: options.signal,
          timeoutMs: options.timeoutMs,
          headers,
        },
      );
      status = reply.status;
      attempts = reply.attempts;
      opened({
        url: reply.url,
        status,
        attempts,
        openMs: reply.durationMs,
        prepareMs,
      });
      for await (const event of readEventStream(this.toolWireFormat, reply.body, {
        ...this.dialectOptions,
        ...(this.provider.streamFraming === undefined
          ? {}
          : { framing: this.provider.streamFraming }),
        provider: this.provider.id,
        signal: options.signal,
        idleTimeoutMs: options.idleTimeoutMs ?? this.#options.streamIdleTimeoutMs ?? 60_000,
        ...(options.maxFrameSize === undefined ? {} : { maxFrameSize: options.maxFrameSize }),
        ...(options.maxStreamBytes === undefined ? {} : { maxStreamBytes: options.maxStreamBytes }),
      })) {
        // Calls come out under their tools' own names (the body sent the wire's).
        const named = mcpNamedEvent(event, names);
        if (named.type === 'finish') {
          response = withCost(named.response, this.pricing);
          await this.#readReply(facts, reply, response, scrub, options.signal);
          errorSent = false;
          yield { ...named, response };
          continue;
        }
        if (named.type === 'error') scrub.error(named.error);
        errorSent = named.type === 'error';
        yield named;
      }
    } catch (error) {
      failure = scrub.error(typedAbort(error, options.signal, 'streaming the reply') as Error);
      // Every failure (before the reply opened too) is the last event, then thrown.
      if (!errorSent && failure instanceof CrosswireError) {
        yield { type: 'error' as const, error: failure };
      }
      throw failure;
    } finally {
      const finished = response;
      notify(this.#options.onResponse, () =>
        responseEvent(
          {
            ...facts,
            status,
            durationMs: performance.now() - started,
            attempts,
            usage: finished?.usage,
            finishReason: finished?.finishReason,
            cost: finished?.cost,
            error:
              failure ?? (finished === undefined ? new Error('stream closed early') : undefined),
            rateLimit: this.rateLimit,
          },
          finished,
          () => finished?.raw,
          scrub,
        ),
      );
    }
  }

  /**
   * One chat turn: the parsed reply. When `options.signal` fires, it rejects at once with
   * `AbortedError` (code `aborted`, the signal's reason as `cause`), as every engine call does.
   */
  chat<T>(
    input: ChatInput,
    options: ChatOptions & { readonly output: OutputOption<T> },
  ): Promise<StructuredChatResponse<T>>;
  chat(input: ChatInput, options?: ChatOptions): Promise<EngineResponse>;
  async chat(input: ChatInput, options: ChatOptions = {}): Promise<EngineResponse> {
    return (await this.exchange(input, options)).response;
  }

  /**
   * The tool loop: gathers the tools of every MCP server, sends the conversation, runs the calls
   * the model asks for (concurrently, each answered by exactly one result), and repeats until the
   * model answers in text. Returns that text. `runToolLoop` returns the same run with its
   * conversation, turns, timings and usage.
   */
  async chatWithTools(input: ChatInput, options: ChatWithToolsOptions = {}): Promise<string> {
    const result = await runToolLoop(this, inputMessages(input), this.toolLoopOptions(options), {
      method: 'chatWithTools',
    });
    return result.text;
  }

  /** `chatWithTools` with everything about the run: final reply, conversation, turns and usage. */
  runToolLoop(input: ChatInput, options: ChatWithToolsOptions = {}): Promise<ToolLoopResult> {
    return runToolLoop(this, inputMessages(input), this.toolLoopOptions(options));
  }

  /**
   * The tool loop, streamed: the same run as `runToolLoop` (every loop rule the same), with
   * each turn's reply streamed. Events: `turn-start`, the turn's reply events (each with its
   * `iteration`), `tool-call-run`, `tool-result`, `turn-end`, and `loop-finish` with the
   * `ToolLoopResult`. `finalText()` and `finalResult()` read it to the end.
   */
  streamWithTools(input: ChatInput, options: ChatWithToolsOptions = {}): ToolLoopStream {
    return streamToolLoop(this, inputMessages(input), this.toolLoopOptions(options));
  }

  /**
   * `options` with the engine's defaults filled in (`mcpServers`, `maxIterations`,
   * `toolTimeoutMs`, `listToolsTimeoutMs`, `maxToolsPerServer`, `maxToolResultBytes`,
   * `onWarning`, the loop and tool-call hooks): what `runToolLoop` and the step
   * API's `runModelStep` use.
   */
  toolLoopOptions(options: ChatWithToolsOptions): ChatWithToolsOptions {
    return {
      ...options,
      mcpServers: options.mcpServers ?? this.mcpServers,
      maxIterations: options.maxIterations ?? this.maxIterations,
      toolTimeoutMs: options.toolTimeoutMs ?? this.#options.toolTimeoutMs,
      listToolsTimeoutMs: options.listToolsTimeoutMs ?? this.#options.listToolsTimeoutMs,
      maxToolsPerServer: options.maxToolsPerServer ?? this.#options.maxToolsPerServer,
      maxToolResultBytes: options.maxToolResultBytes ?? this.#options.maxToolResultBytes,
      onWarning: options.onWarning ?? this.#options.onWarning,
      onLoopStart: options.onLoopStart ?? this.#options.onLoopStart,
      onLoopEnd: options.onLoopEnd ?? this.#options.onLoopEnd,
      onToolCallStart: options.onToolCallStart ?? this.#options.onToolCallStart,
      onToolCallEnd: options.onToolCallEnd ?? this.#options.onToolCallEnd,
      ...((options.promptCache ?? this.#options.promptCache) === undefined
        ? {}
        : { promptCache: options.promptCache ?? this.#options.promptCache }),
    };
  }

  /**
   * The request body for `input`, ready to POST to `endpoint`: URL images the wire needs
   * inline are fetched first (once each, `inlineImages.concurrency` at a time, through
   * content-image's guarded fetch with the engine's `inlineImages` options).
   */
  async buildRequest(
    input: ChatInput,
    options: ChatOptions = {},
  ): Promise<Record<string, unknown>> {
    const output =
      options.output === undefined || twoStep(this.#structuredContext(undefined), options)
        ? undefined
        : outputRequest(
            resolveOutput(options.output, this.#options.onWarning),
            options.tools,
            this.toolWireFormat,
          );
    return withRouteBody(this.provider, await this.#builtRequest(input, options, output));
  }

  async #builtRequest(
    input: ChatInput,
    options: ChatOptions,
    output: StructuredOutputRequest | undefined,
  ): Promise<Record<string, unknown>> {
    try {
      return await this.#buildRequest(input, options, output);
    } catch (error) {
      throw typedAbort(error, options.signal, 'fetching the images of the request');
    }
  }

  /**
   * The mechanism a request with `output` uses here (`response_format`, `text.format`,
   * `output_config.format`, `tool`, `responseJsonSchema`, `responseSchema`, `format`,
   * `prompt`), and whether a turn with tools goes in the two-step form.
   */
  structuredOutput(): { readonly mechanism: string; readonly twoStepWithTools: boolean } {
    return {
      mechanism: this.#dialect.structuredMechanism(this.dialectOptions),
      twoStepWithTools: !this.#toolsWithOutput,
    };
  }

  get #toolsWithOutput(): boolean {
    return this.#twoStepRule === undefined;
  }

  /**
   * The rule that makes a turn with tools and `output` go in the two-step form, if any: the
   * provider's quirk (Groq, Cerebras), or the model's request feature (Gemini 2.x refuses
   * function tools beside a JSON response).
   */
  get #twoStepRule(): string | undefined {
    if (this.provider.quirks.structured_output_with_tools === false) {
      return 'openai-structured-with-tools';
    }
    return this.#features.jsonWithTools === false ? 'gemini-json-mime-with-tools' : undefined;
  }

  /** Tells `onWarning` once per engine and rule that a request goes another way because of it. */
  #warnOnce(rule: string, code: string, message: string): void {
    if (this.#warned.has(rule)) return;
    this.#warned.add(rule);
    emitWarning(this.#options.onWarning, {
      code,
      message,
      details: { provider: this.provider.id, model: this.model, rule },
    });
  }

  #structuredContext(iteration: number | undefined): StructuredTurnContext {
    return {
      wire: this.toolWireFormat,
      dialectOptions: this.dialectOptions,
      toolsWithOutput: this.#toolsWithOutput,
      onTwoStep: () => {
        const rule = this.#twoStepRule ?? '';
        this.#warnOnce(
          rule,
          'structured_output_two_step',
          `${this.provider.id} ${this.model}: a turn with tools and output goes in two steps (the tool turns without output, then a turn without tools asks for the object), because the endpoint refuses tools together with structured output (rule ${rule})`,
        );
      },
      roundTrip: (messages, options, output) =>
        this.#roundTrip(messages, options, iteration, output),
    };
  }

  async #buildRequest(
    input: ChatInput,
    options: ChatOptions,
    output: StructuredOutputRequest | undefined,
  ): Promise<Record<string, unknown>> {
    await this.discover({ ...(options.signal ? { signal: options.signal } : {}) });
    const messages = inputMessages(input);
    await inlineImages(imagesNeedingBytes(this.toolWireFormat, messages, this.dialectOptions), {
      ...this.#options.inlineImages,
      signal: options.signal,
      onWarning: this.#options.onWarning,
    });
    const request: ChatRequest = {
      model: this.model,
      messages,
      ...(options.tools && options.tools.length > 0 ? { tools: options.tools } : {}),
      ...(options.toolChoice !== undefined ? { toolChoice: options.toolChoice } : {}),
      ...optional('maxTokens', options.maxTokens ?? this.#options.maxTokens),
      ...optional('temperature', options.temperature ?? this.#options.temperature),
      ...(output ? { output } : {}),
      ...(options.extra ? { extra: options.extra } : {}),
    };
    // Tool names go out in the wire's legal form (`ToolNameMap`); replies read them back.
    const named = wireNamedRequest(request, this.toolWireFormat).request;
    const quirks = this.provider.quirks;
    const body = applyPromptCache(
      this.toolWireFormat,
      this.#dialect.buildRequest(named, this.dialectOptions),
      {
        setting: options.promptCache ?? this.#options.promptCache ?? 'off',
        model: this.model,
        cacheControl: quirks.cache_control === undefined,
        promptCacheKey: quirks.prompt_cache_key === undefined,
        ...(this.#options.onWarning ? { onWarning: this.#options.onWarning } : {}),
      },
    );
    return applyImageLimits(body, this.toolWireFormat, {
      mode: this.#options.imageLimits,
      loader: this.#options.imageLibrary ?? loadSharp,
      cache: this.#imageCache,
      onWarning: this.#options.onWarning,
      resize: this.#options.imageResize,
      signal: options.signal,
    });
  }

  /** One round trip with its facts (status, attempts, timings); `chat` is this without the facts. */
  async exchange(
    input: ChatInput,
    options: ChatOptions = {},
    iteration?: number,
  ): Promise<ChatExchange> {
    if (options.output === undefined) return this.#roundTrip(input, options, iteration, undefined);
    return structuredExchange(
      this.#structuredContext(iteration),
      inputMessages(input),
      options,
      resolveOutput(options.output, this.#options.onWarning),
    );
  }

  async #roundTrip(
    input: ChatInput,
    options: ChatOptions,
    iteration: number | undefined,
    output: StructuredOutputRequest | undefined,
  ): Promise<ChatExchange> {
    const { body, headers, prepareMs, scrub, facts } = await this.#prepare(
      input,
      options,
      iteration,
      output,
    );
    const started = performance.now();
    let exchange: Awaited<ReturnType<HttpTransport['postJson']>>;
    try {
      exchange = await this.#transport.postJson(this.#path, body, {
        signal: options.signal,
        timeoutMs: options.timeoutMs,
        headers,
      });
    } catch (caught) {
      const error = scrub.error(
        typedAbort(caught, options.signal, 'waiting for the provider') as Error,
      );
      notify(
        this.#options.onResponse,
        (): ResponseEvent => ({
          ...facts,
          status: (error as { status?: number }).status,
          durationMs: performance.now() - started,
          attempts: Number((error as { details?: { attempts?: unknown } }).details?.attempts ?? 1),
          usage: undefined,
          finishReason: undefined,
          cost: undefined,
          response: undefined,
          body: undefined,
          error,
          rateLimit: this.rateLimit,
        }),
      );
      throw error;
    }
    // One event per reply, whether or not it parses: the hook sees every provider answer.
    const replied = (response: EngineResponse | undefined, error: Error | undefined) =>
      notify(this.#options.onResponse, () =>
        responseEvent(
          {
            ...facts,
            status: exchange.status,
            durationMs: exchange.durationMs,
            attempts: exchange.attempts,
            usage: response?.usage,
            finishReason: response?.finishReason,
            cost: response?.cost,
            error: error === undefined ? undefined : scrub.error(error),
            rateLimit: exchange.rateLimit,
          },
          response,
          () => exchange.body,
          scrub,
        ),
      );
    let response: EngineResponse;
    try {
      response = withCost(
        mcpNamedResponse(
          this.#dialect.parseResponse(exchange.body, this.dialectOptions),
          toolNameMap(options.tools ?? [], this.toolWireFormat),
        ),
        this.pricing,
      );
    } catch (error) {
      scrub.error(error);
      replied(undefined, error as Error);
      throw error;
    }
    try {
      await this.#readReply(facts, exchange, response, scrub, options.signal);
    } catch (error) {
      replied(response, error as Error);
      throw error;
    }
    replied(response, undefined);
    return {
      response,
      url: exchange.url,
      status: exchange.status,
      attempts: exchange.attempts,
      durationMs: exchange.durationMs,
      prepareMs,
    };
  }

  /** Closes the keep-alive connections. */
  close(): Promise<void> {
    return this.#transport.close();
  }
}

function optional<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}

/**
 * Builds an engine from the registry's provider entry (wire, endpoint, auth header, quirks)
 * and the model's effective capabilities. Adding an OpenAI-compatible provider is a registry
 * entry, no code. Throws `RegistryError` for an unknown provider, `ValidationError`
 * (`missing_model`) when no model is given and the provider has no default, and
 * `CrosswireError` `missing_api_key` when the provider needs a key and none is found.
 */
export function createEngine(options: EngineOptions): Engine {
  return new Engine(options);
}
