import type { CrosswireWarning, WireFormat } from '@crosswire/core';
import type { CapabilityName, Evidence, RequestFeatureName, Tristate } from './capabilities.js';
import type { Catalogue, CatalogueModel, ModelKind } from './catalogue/catalogue.js';
import type { DiscoverOptions } from './catalogue/listing/discover.js';
import type { LearnedEntry } from './catalogue/listing/learned.js';
import type { LearnedSnapshot } from './catalogue/listing/types.js';
import type { RegistryFile } from './files.js';
import type { ToolResultDeliveries } from './resolution/delivery.js';
import type { Claim, LifecycleData } from './schema.js';

/** The limits of a model as served. */
export interface ModelLimits {
  readonly context?: number;
  readonly output?: number;
}

/** A claim as stored, with who made it. */
export type CapabilityClaims = Readonly<Partial<Record<CapabilityName, Claim>>>;

/** Request-feature claims of a model (see `REQUEST_FEATURE_NAMES`). */
export type RequestFeatureClaims = Readonly<Partial<Record<RequestFeatureName, Claim>>>;

/** A model entry: the lab's facts about one model. */
export interface ModelEntry {
  /** `<lab>/<id>`, the reference offerings use. */
  readonly key: string;
  readonly lab: string;
  readonly id: string;
  readonly name: string;
  readonly family: string;
  readonly variant: string | undefined;
  readonly version: string | undefined;
  readonly releaseDate: string | undefined;
  readonly aliases: readonly string[];
  readonly snapshots: readonly string[];
  readonly limits: ModelLimits;
  readonly openWeights: boolean | undefined;
  readonly capabilities: CapabilityClaims;
  /**
   * What the model's API accepts in a request (`output_format`, `forced_tool_choice`,
   * `json_with_tools`): the entry's own claims, then its family's claims for its version.
   */
  readonly requestFeatures: RequestFeatureClaims;
  readonly source: string;
  /** True when no entry lists this name and a family template matched it. */
  readonly fromFamily: boolean;
  /**
   * Where the entry comes from: `data` (a lab file), `family` (a family template matched a name
   * no entry lists), `listing` (only the provider's own model list, learned by `discover`,
   * knows the name), `catalogue` (only the imported catalogue knows the name).
   */
  readonly origin: 'data' | 'family' | 'listing' | 'catalogue';
}

/** An offering's deprecation and retirement, from the provider's notice. */
export type Lifecycle = Readonly<LifecycleData>;

/** Where a model stands on a provider, as of the resolution's date. */
export interface LifecycleStatus {
  /** `retired`: the retirement date has passed; `deprecated`: announced or listed as such. */
  readonly status: 'current' | 'deprecated' | 'retired';
  readonly deprecated: string | undefined;
  readonly retired: string | undefined;
  readonly replacement: string | undefined;
  /**
   * `docs`: the provider's notice in the data; `listing`: the provider's own model list (the
   * learned layer, or written into the data by `registry sync`); `catalogue`: the imported catalogue.
   */
  readonly evidence: 'docs' | 'listing' | 'catalogue';
  readonly source: string;
  /** The day the model list was read, for a lifecycle the listing states. */
  readonly date?: string;
}

/** Quirks of an endpoint, with the defaults filled in. Keys are data keys (snake_case). */
export interface ProviderQuirks {
  /** False: no document or search_result block inside a tool_result (the `/anthropic` shims). */
  readonly source_blocks: boolean;
  /** True: remote image URLs are rejected; send images inline as data. */
  readonly inline_images: boolean;
  /** `'never'`: tool-result images do not reach the model. */
  readonly tool_result_images: 'never' | undefined;
  /** `'never'`: tool-result PDFs do not reach the model. */
  readonly tool_result_pdf: 'never' | undefined;
  /**
   * How a tool's images reach a model that sees images when the tool result cannot carry
   * them: `user-message` (after the results; on gemini, inlineData parts beside the
   * functionResponse parts), `tool-message` (ollama: `images` on the tool message). Unset:
   * the placeholder text only.
   */
  readonly tool_result_image_fallback: 'user-message' | 'tool-message' | undefined;
  /**
   * False: the endpoint refuses tools together with structured output in one request, so a
   * tool loop with `output` asks for the object in a last turn without tools. Default true.
   */
  readonly structured_output_with_tools: boolean;
  /** True (anthropic wire): `input_tokens` already counts the cache reads. */
  readonly usage_cache_reads_in_input: boolean | undefined;
  /** Anthropic wire: the endpoint refuses or ignores `cache_control` (no breakpoint is sent). */
  readonly cache_control: 'refused' | 'ignored' | undefined;
  /** OpenAI and Responses wires: the endpoint refuses or ignores `prompt_cache_key`. */
  readonly prompt_cache_key: 'refused' | 'ignored' | undefined;
}

export interface ProviderAuth {
  /** The header carrying the key: `Authorization`, `x-api-key`, `x-goog-api-key`. */
  readonly header: string;
  /** The scheme before the key (`Bearer`), or undefined when the key is the whole value. */
  readonly scheme: string | undefined;
  /** False for local servers that work without a key. */
  readonly required: boolean;
}

/** A value the URL of a cloud endpoint names (`{region}`): where it comes from. */
export interface ProviderCloudParam {
  /** Environment variables read in order when the engine option is absent. */
  readonly env: readonly string[];
  readonly default: string | undefined;
}

/** How an endpoint in a cloud account is reached (`cloud` in the data). */
export interface ProviderCloud {
  /**
   * What stands in for an API key: `aws-sigv4` (signed with AWS credentials), `google-oauth`
   * (a Google access token), `bearer-token` (a token from the caller, e.g. Microsoft Entra).
   */
  readonly credentials: 'aws-sigv4' | 'google-oauth' | 'bearer-token';
  /** `aws-sigv4`: the service signed for (`bedrock`). */
  readonly service: string | undefined;
  /** The base URL with `{param}` placeholders; `baseUrl` is one filled-in instance of it. */
  readonly baseUrl: string | undefined;
  /** The values `baseUrl` names in braces, by name. */
  readonly params: Readonly<Record<string, ProviderCloudParam>>;
  /** Another base URL for one value of a param (`location` `global` on Vertex AI). */
  readonly baseUrlOverrides: readonly {
    readonly param: string;
    readonly value: string;
    readonly baseUrl: string;
  }[];
  /** Where requests go when an API key is used instead of the credentials (Vertex express). */
  readonly apiKeyBaseUrl: string | undefined;
}

/** Top-level fields a cloud route leaves out of, or adds to, the wire's body. */
export interface ProviderRequestBody {
  readonly omit: readonly string[];
  readonly set: Readonly<Record<string, string | number | boolean>>;
}

/**
 * What a model costs on a provider, USD per million tokens: the offering's curated prices, else
 * the provider's own model list's (learned by `discover`: Groq, OpenRouter), else the imported
 * catalogue's for this provider. `source` is the page (list endpoint, catalogue file) the prices
 * come from and `date` the day they were read (for the catalogue: its snapshot date).
 */
export interface Pricing {
  readonly input: number;
  readonly output: number;
  /** Reading cached input, when priced. */
  readonly cacheRead?: number;
  /** Writing input to the cache (the shortest lifetime priced), when priced. */
  readonly cacheWrite?: number;
  /**
   * Writing input to the cache for one hour, where the provider prices it apart (Anthropic:
   * twice the input price, against 1.25 times for the 5-minute `cacheWrite`).
   */
  readonly cacheWrite1h?: number;
  readonly currency: 'USD';
  readonly source: string;
  readonly date: string;
}

export interface OfferingEntry {
  readonly id: string;
  /** `<lab>/<id>` of the model served. */
  readonly model: string;
  readonly aliases: readonly string[];
  readonly wire: WireFormat | undefined;
  readonly chatPath: string | undefined;
  readonly limits: ModelLimits;
  readonly capabilities: CapabilityClaims;
  /** Curated prices on this provider; they win over the catalogue's. */
  readonly pricing: Pricing | undefined;
  readonly lifecycle: Lifecycle | undefined;
}

/** A provider endpoint: everything an engine needs to talk to it. */
export interface ProviderEntry {
  readonly id: string;
  readonly name: string;
  readonly aliases: readonly string[];
  /** The tool wire format (`tool_wire_format` in the data). */
  readonly wire: WireFormat;
  readonly baseUrl: string;
  /** Appended to `baseUrl` for a chat request; `{model}` stands for the model id. */
  readonly chatPath: string;
  /** Null when the endpoint takes no key at all. */
  readonly auth: ProviderAuth | null;
  /** The environment variable that conventionally holds the key. */
  readonly apiKeyEnv: string | undefined;
  /** Extra headers every request carries (e.g. `anthropic-version`). */
  readonly headers: Readonly<Record<string, string>>;
  /** How the endpoint in a cloud account is reached (`cloud` in the data); undefined elsewhere. */
  readonly cloud: ProviderCloud | undefined;
  /** Top-level body fields the endpoint refuses (`omit`) or requires (`set`). */
  readonly requestBody: ProviderRequestBody | undefined;
  /** The path of a streamed request when not the wire's own; `{model}` is the model id. */
  readonly streamPath: string | undefined;
  /** `aws-eventstream`: the stream's frames are AWS event-stream messages. */
  readonly streamFraming: 'aws-eventstream' | undefined;
  readonly docs: string;
  readonly quirks: ProviderQuirks;
  readonly defaultModel: string | undefined;
  /** The models served now (each may carry a scheduled deprecation in `lifecycle`). */
  readonly offerings: readonly OfferingEntry[];
  /** Offerings no longer served; their names still resolve, with a warning. */
  readonly retired: readonly OfferingEntry[];
  /** The provider id in the imported catalogue (models.dev), when it lists this endpoint. */
  readonly catalogue: string | undefined;
  /**
   * One-hour cache writes at this multiple of a model's input price (`cache_write_1h` in the
   * data), where a curated price does not give `cacheWrite1h`; undefined when not priced apart.
   */
  readonly cacheWrite1hInputMultiple: number | undefined;
}

/** One effective capability: its value and the chain of reasons that produced it. */
export interface EffectiveCapability {
  readonly value: Tristate;
  /** What the deciding claim said, before the wire and vision rules. */
  readonly claimed: Tristate;
  readonly evidence: Evidence | undefined;
  readonly source: string | undefined;
  readonly date: string | undefined;
  readonly reasons: readonly string[];
}

export type EffectiveCapabilities = Readonly<Record<CapabilityName, EffectiveCapability>>;

/** How a model name was matched. */
export type ResolutionVia =
  | 'offering'
  | 'id'
  | 'alias'
  | 'snapshot'
  | 'latest'
  | 'family'
  | 'listing'
  | 'catalogue'
  | 'default';

/** The full picture for one provider and model name. */
export interface Resolution {
  readonly requested: string;
  readonly provider: ProviderEntry | undefined;
  /** Undefined when the name is unknown (`via: 'default'`). */
  readonly model: ModelEntry | undefined;
  readonly offering: OfferingEntry | undefined;
  readonly via: ResolutionVia;
  /** False for the documented default: no entry, family or catalogue names the model. */
  readonly known: boolean;
  /** The wire of the offering, else of the provider; undefined without a provider. */
  readonly wire: WireFormat | undefined;
  readonly limits: ModelLimits;
  /** The name steps taken, e.g. `routing suffix ":free" stripped`. */
  readonly steps: readonly string[];
  readonly capabilities: EffectiveCapabilities;
  /** The imported catalogue's entry for this name on this provider, when it has one. */
  readonly catalogue: CatalogueModel | undefined;
  /**
   * The provider's own listing of this name, learned by `registry.discover` (the listing and
   * the model as listed); absent when the learned layer has none.
   */
  readonly learned?: LearnedEntry;
  /**
   * Whether the provider lists the model (an offering, or its catalogue entry); undefined
   * without a provider, or when the provider publishes no list (a local server).
   */
  readonly listed: boolean | undefined;
  /** Deprecation and retirement, when known. */
  readonly lifecycle: LifecycleStatus | undefined;
  /**
   * Prices per million tokens in USD: the offering's curated prices, else the imported
   * catalogue's for this provider; undefined when neither prices the model.
   */
  readonly pricing: Pricing | undefined;
  /**
   * What the model is for, as far as the registry knows: `chat` for every model of the data
   * files and every name it cannot place; the provider's own listing or the catalogue may say
   * `embedding`, `speech`, `transcription`, ... (such a model is never offered for chat).
   */
  readonly kind: ModelKind;
  /** What a caller should hear about: the messages of {@link Resolution.notices}. */
  readonly warnings: readonly string[];
  /**
   * The same, as warnings with a code: `model_retired`, `model_deprecated`, `model_not_chat`
   * (the name is an embedding, speech, ... model), `model_unknown` (no entry, listing or
   * catalogue knows the name on a provider whose models the registry lists; `details.suggestions`
   * holds the closest names it knows) and `model_not_listed` (a known model the provider's
   * list lacks). `createEngine` tells its `onWarning` each of them but the last.
   */
  readonly notices: readonly CrosswireWarning[];
  /**
   * How a tool's image and a tool's PDF reach the model (`native`, `user-message`,
   * `tool-message`, `placeholder`) with the provider's default fallback, as an engine sends
   * them; `toolResultDelivery(resolution, kind, { imageFallback })` answers for another.
   */
  readonly delivery: ToolResultDeliveries;
}

/** What to resolve: a model name, on a provider (by id or alias). */
export interface CapabilityQuery {
  readonly provider?: string;
  readonly model: string;
}

/** A query that names its capability too: `supports({ provider, model, capability })`. */
export interface CapabilityCheck extends CapabilityQuery {
  readonly capability: CapabilityName;
}

/** Every capability as a plain value: `true`, `false` or `'unknown'`, without provenance. */
export type CapabilityValues = Readonly<Record<CapabilityName, Tristate>>;

/**
 * The registry. Every query method takes `{ provider, model }`, or the provider and the model
 * as two strings (`supports('anthropic', 'claude-sonnet-4-5', 'image_input')`); `supports` and
 * `explain` also take the capability inside the object (`{ provider, model, capability }`).
 */
export interface Registry {
  /** The full resolution: provider, model, how the name matched, wire, capabilities. */
  resolve(query: CapabilityQuery): Resolution;
  resolve(provider: string, model: string): Resolution;
  /** The effective capabilities, each `{ value, claimed, evidence, source, date, reasons }`. */
  resolveCapabilities(query: CapabilityQuery): EffectiveCapabilities;
  resolveCapabilities(provider: string, model: string): EffectiveCapabilities;
  /** The effective values only: `{ image_input: true, tool_result_pdf: 'unknown', ... }`. */
  capabilityValues(query: CapabilityQuery): CapabilityValues;
  capabilityValues(provider: string, model: string): CapabilityValues;
  /** True only when the effective value is true; unknown is false. */
  supports(query: CapabilityQuery, capability: CapabilityName): boolean;
  supports(check: CapabilityCheck): boolean;
  supports(provider: string, model: string, capability: CapabilityName): boolean;
  /** The chain of reasons for one capability, or for every capability. */
  explain(query: CapabilityQuery, capability: CapabilityName): readonly string[];
  explain(check: CapabilityCheck): readonly string[];
  explain(provider: string, model: string, capability: CapabilityName): readonly string[];
  explain(query: CapabilityQuery): Readonly<Record<CapabilityName, readonly string[]>>;
  explain(provider: string, model: string): Readonly<Record<CapabilityName, readonly string[]>>;
  /** The provider entry by id or alias; throws a RegistryError when unknown. */
  provider(id: string): ProviderEntry;
  /** True when `id` names a provider (id or alias). */
  hasProvider(id: string): boolean;
  providers(): readonly ProviderEntry[];
  /** The model entry a name resolves to (any provider), or undefined when unknown. */
  model(id: string): ModelEntry | undefined;
  models(): readonly ModelEntry[];
  /** The validated data this registry was built from, for `createRegistry({ extends })`. */
  files(): readonly RegistryFile[];
  /** The imported catalogue this registry ranks below its data, if any. */
  catalogue(): Catalogue | undefined;
  /**
   * The chat model names a provider serves: its current offerings, then the names its own
   * model list adds (learned by `discover`; none it says are retired), then its catalogue
   * listing's. Retired offerings and models that are no chat model (embedding, speech, image,
   * ...) are not served for chat. Resolve each for its capabilities.
   */
  servedModels(provider: string): readonly string[];
  /**
   * The learned layer: what providers' own model lists said, as plain data (JSON) that can be
   * saved and given to `createRegistry({ learned })`. Empty unless `discover` or `learned` filled it.
   */
  learned(): LearnedSnapshot;
  /**
   * Reads a provider's own model list (and metadata where it offers some) and returns a new
   * registry with it as a learned layer, ranked below the data files and above the catalogue
   * (`evidence: 'listing'`, with the endpoint and the date). One request (more for a paged
   * list, or Ollama's per-model `/api/show`), bounded in time and size; the key is sent in the
   * provider's auth header and kept nowhere. Rejects with a RegistryError (`listing_failed`,
   * `listing_timeout`, `listing_invalid`, `listing_too_large`, `listing_unsupported`).
   */
  discover(options: DiscoverOptions): Promise<Registry>;
}

export interface RegistryOptions {
  /** How many resolutions to keep; 0 turns the cache off. Default 2048. */
  readonly cacheSize?: number;
  /** The imported catalogue, ranked below every claim of the data files. */
  readonly catalogue?: Catalogue;
  /** The date lifecycle status is judged at, YYYY-MM-DD; default: today (UTC). */
  readonly today?: string;
  /** The learned layer (already checked): providers' own listings. */
  readonly learned?: LearnedSnapshot;
}
