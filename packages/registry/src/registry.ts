import {
  carriesNative,
  type MediaKind,
  nativeNeedsVision,
  RegistryError,
  type WireFormat,
} from '@crosswire/core';
import {
  CAPABILITY_NAMES,
  type CapabilityName,
  type Evidence,
  isCapabilityName,
  MODEL_FACT_NAMES,
  type Tristate,
} from './capabilities.js';
import {
  type CompiledTemplate,
  compileTemplate,
  type NameStep,
  type NamingRules,
  nameCandidates,
} from './names.js';
import type {
  Claim,
  Condition,
  ConditionalClaim,
  FamilyData,
  ModelData,
  OfferingData,
  ProviderFile,
} from './schema.js';
import type { RegistryFile } from './validate.js';
import {
  formatVersion,
  parseVersion,
  parseVersionRange,
  satisfiesRange,
  type VersionComparison,
} from './version.js';

/** The limits of a model as served. */
export interface ModelLimits {
  readonly context?: number;
  readonly output?: number;
}

/** A claim as stored, with who made it. */
export type CapabilityClaims = Readonly<Partial<Record<CapabilityName, Claim>>>;

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
  readonly source: string;
  /** True when no entry lists this name and a family template matched it. */
  readonly fromFamily: boolean;
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
}

export interface ProviderAuth {
  /** The header carrying the key: `Authorization`, `x-api-key`, `x-goog-api-key`. */
  readonly header: string;
  /** The scheme before the key (`Bearer`), or undefined when the key is the whole value. */
  readonly scheme: string | undefined;
  /** False for local servers that work without a key. */
  readonly required: boolean;
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
  readonly docs: string;
  readonly quirks: ProviderQuirks;
  readonly defaultModel: string | undefined;
  readonly offerings: readonly OfferingEntry[];
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
  | 'default';

/** The full picture for one provider and model name. */
export interface Resolution {
  readonly requested: string;
  readonly provider: ProviderEntry | undefined;
  /** Undefined when the name is unknown (`via: 'default'`). */
  readonly model: ModelEntry | undefined;
  readonly offering: OfferingEntry | undefined;
  readonly via: ResolutionVia;
  /** False for the documented default: every capability unknown. */
  readonly known: boolean;
  /** The wire of the offering, else of the provider; undefined without a provider. */
  readonly wire: WireFormat | undefined;
  readonly limits: ModelLimits;
  /** The name steps taken, e.g. `routing suffix ":free" stripped`. */
  readonly steps: readonly string[];
  readonly capabilities: EffectiveCapabilities;
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
}

interface ModelRecord {
  readonly entry: ModelEntry;
}

interface FamilyRecord {
  readonly lab: string;
  readonly data: FamilyData;
  readonly templates: readonly CompiledTemplate[];
  /** The parsed `versions` range, when the family limits its templates to some versions. */
  readonly versions: readonly VersionComparison[] | undefined;
}

interface ProviderRecord {
  readonly entry: ProviderEntry;
  readonly data: ProviderFile;
  readonly naming: NamingRules;
  readonly offerings: ReadonlyMap<string, { offering: OfferingEntry; data: OfferingData }>;
  /** The first offering serving each model key, for names that match the model itself. */
  readonly byModel: ReadonlyMap<string, { offering: OfferingEntry; data: OfferingData }>;
}

type NameKind = 'id' | 'alias' | 'snapshot';

const EMPTY: readonly string[] = Object.freeze([]);

function describeClaim(claim: Claim): string {
  const parts = [claim.evidence, claim.source, claim.date ? `checked ${claim.date}` : undefined]
    .filter((part) => part !== undefined)
    .join(', ');
  const note = claim.note ? `; ${claim.note}` : '';
  return parts === '' ? note : ` (${parts}${note})`;
}

function describeCondition(when: Condition | undefined): string {
  if (!when) return '';
  const parts = [
    when.family && `family ${when.family}`,
    when.variant && `variant ${when.variant}`,
    when.version && `version ${when.version}`,
    when.model && `model ${when.model}`,
  ].filter(Boolean);
  return ` for ${parts.join(', ')}`;
}

function modelEntryFrom(lab: string, data: ModelData): ModelEntry {
  return Object.freeze({
    key: `${lab}/${data.id}`,
    lab,
    id: data.id,
    name: data.name,
    family: data.family,
    variant: data.variant,
    version: data.version,
    releaseDate: data.release_date,
    aliases: Object.freeze([...(data.aliases ?? [])]),
    snapshots: Object.freeze([...(data.snapshots ?? [])]),
    limits: Object.freeze({ ...data.limits }),
    openWeights: data.open_weights,
    capabilities: Object.freeze({ ...data.capabilities }),
    source: data.source,
    fromFamily: false,
  });
}

function providerEntryFrom(data: ProviderFile): ProviderEntry {
  const quirks = data.quirks ?? {};
  return Object.freeze({
    id: data.id,
    name: data.name,
    aliases: Object.freeze([...(data.aliases ?? [])]),
    wire: data.tool_wire_format,
    baseUrl: data.base_url,
    chatPath: data.chat_path,
    auth: data.auth
      ? Object.freeze({
          header: data.auth.header,
          scheme: data.auth.scheme,
          required: data.auth.required ?? true,
        })
      : null,
    apiKeyEnv: data.api_key_env,
    headers: Object.freeze({ ...data.headers }),
    docs: data.docs,
    quirks: Object.freeze({
      source_blocks: quirks.source_blocks ?? true,
      inline_images: quirks.inline_images ?? false,
      tool_result_images: quirks.tool_result_images,
      tool_result_pdf: quirks.tool_result_pdf,
    }),
    defaultModel: data.default_model,
    offerings: Object.freeze(
      (data.offerings ?? []).map((offering) =>
        Object.freeze({
          id: offering.id,
          model: offering.model,
          aliases: Object.freeze([...(offering.aliases ?? [])]),
          wire: offering.wire,
          chatPath: offering.chat_path,
          limits: Object.freeze({ ...offering.limits }),
          capabilities: Object.freeze({ ...offering.capabilities }),
        }),
      ),
    ),
  });
}

const MEDIA_OF = { tool_result_images: 'image', tool_result_pdf: 'pdf' } as const satisfies Record<
  string,
  MediaKind
>;

export interface RegistryOptions {
  /** How many resolutions to keep; 0 turns the cache off. Default 2048. */
  readonly cacheSize?: number;
}

/** Builds a registry over already validated files (see `createRegistry` for the checked path). */
export function buildRegistry(
  files: readonly RegistryFile[],
  options: RegistryOptions = {},
): Registry {
  const cacheSize = options.cacheSize ?? 2048;
  let index: ReturnType<typeof buildIndex> | undefined;
  const cache = new Map<string, Resolution>();

  // The index is built on first use, so importing the default registry costs only the data.
  const indexed = () => {
    index ??= buildIndex(files);
    return index;
  };

  function findProvider(id: string): ProviderRecord | undefined {
    const providers = indexed().providers;
    const lower = id.toLowerCase();
    // `openai_responses` and `OpenAI-Responses` name the same provider as `openai-responses`.
    return providers.get(lower) ?? providers.get(lower.replaceAll('_', '-'));
  }

  function lookupProvider(id: string): ProviderRecord {
    const record = findProvider(id);
    if (!record) {
      const known = [...new Set([...indexed().providers.values()].map((p) => p.entry.id))].sort();
      throw new RegistryError(
        'unknown_provider',
        `unknown provider "${id}" (known: ${known.join(', ')})`,
        { details: { provider: id } },
      );
    }
    return record;
  }

  function resolve(query: CapabilityQuery): Resolution {
    const key = `${query.provider ?? ''}\u0000${query.model}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const provider = query.provider === undefined ? undefined : lookupProvider(query.provider);
    const resolution = resolveUncached(indexed(), provider, query.model);
    if (cacheSize > 0) {
      if (cache.size >= cacheSize) cache.clear();
      cache.set(key, resolution);
    }
    return resolution;
  }

  function explainAll(query: CapabilityQuery): Readonly<Record<CapabilityName, readonly string[]>> {
    const { capabilities } = resolve(query);
    return Object.freeze(
      Object.fromEntries(
        CAPABILITY_NAMES.map((name) => [name, capabilities[name].reasons]),
      ) as Record<CapabilityName, readonly string[]>,
    );
  }

  return Object.freeze({
    resolve: ((...args: readonly unknown[]) =>
      resolve(readQuery(args).query)) as Registry['resolve'],
    resolveCapabilities: ((...args: readonly unknown[]) =>
      resolve(readQuery(args).query).capabilities) as Registry['resolveCapabilities'],
    capabilityValues: ((...args: readonly unknown[]) => {
      const { capabilities } = resolve(readQuery(args).query);
      return Object.freeze(
        Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, capabilities[name].value])),
      ) as CapabilityValues;
    }) as Registry['capabilityValues'],
    supports: ((...args: readonly unknown[]) => {
      const { query, capability } = readQuery(args);
      const name = checkCapability(capability);
      return resolve(query).capabilities[name].value === true;
    }) as Registry['supports'],
    explain: ((...args: readonly unknown[]) => {
      const { query, capability } = readQuery(args);
      if (capability === undefined) return explainAll(query);
      return resolve(query).capabilities[checkCapability(capability)].reasons;
    }) as Registry['explain'],
    provider: (id: string) => lookupProvider(id).entry,
    hasProvider: (id: string) => typeof id === 'string' && findProvider(id) !== undefined,
    providers: () => indexed().providerList,
    model: (id: string) => {
      const found = findModel(indexed(), undefined, id);
      return found?.model;
    },
    models: () => indexed().modelList,
    files: () => files,
  });
}

/**
 * Reads the accepted calling conventions into one query: `({ provider, model }, capability?)`,
 * `({ provider, model, capability })` and `(provider, model, capability?)`.
 */
function readQuery(args: readonly unknown[]): {
  query: CapabilityQuery;
  capability: unknown;
} {
  const [first, second, third] = args;
  let query: CapabilityQuery;
  let capability: unknown;
  if (typeof first === 'string') {
    query = { provider: first, model: second as string };
    capability = third;
  } else if (typeof first === 'object' && first !== null) {
    const given = first as { provider?: unknown; model?: unknown; capability?: unknown };
    query = given as CapabilityQuery;
    capability = second ?? given.capability;
    if (given.provider !== undefined && typeof given.provider !== 'string') {
      throw invalidQuery(
        `"provider" must be a provider id string, got ${describe(given.provider)}`,
      );
    }
  } else {
    throw invalidQuery(`expected { provider, model } or (provider, model), got ${describe(first)}`);
  }
  if (typeof query.model !== 'string') {
    throw invalidQuery(`"model" must be a model name string, got ${describe(query.model)}`);
  }
  return { query, capability };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value;
}

function invalidQuery(problem: string): RegistryError {
  return new RegistryError('invalid_query', `invalid capability query: ${problem}`, {
    details: { problem },
  });
}

function checkCapability(capability: unknown): CapabilityName {
  if (!isCapabilityName(capability)) {
    throw new RegistryError(
      'unknown_capability',
      `unknown capability ${typeof capability === 'string' ? `"${capability}"` : describe(capability)} (known: ${CAPABILITY_NAMES.join(', ')})`,
      { details: { capability } },
    );
  }
  return capability;
}

function buildIndex(files: readonly RegistryFile[]) {
  const models = new Map<string, ModelRecord>();
  const names = new Map<string, { key: string; kind: NameKind }>();
  const families: FamilyRecord[] = [];
  const providers = new Map<string, ProviderRecord>();
  const providerList: ProviderEntry[] = [];

  for (const file of files) {
    if (file.kind !== 'lab') continue;
    const { lab } = file.data;
    for (const family of file.data.families ?? []) {
      families.push({
        lab,
        data: family,
        templates: family.templates.map((template) =>
          compileTemplate(template, family.version_separator),
        ),
        versions: family.versions === undefined ? undefined : parseVersionRange(family.versions),
      });
    }
    for (const data of file.data.models) {
      const entry = modelEntryFrom(lab, data);
      models.set(entry.key, { entry });
      names.set(data.id.toLowerCase(), { key: entry.key, kind: 'id' });
      for (const alias of data.aliases ?? []) {
        names.set(alias.toLowerCase(), { key: entry.key, kind: 'alias' });
      }
      for (const snapshot of data.snapshots ?? []) {
        names.set(snapshot.toLowerCase(), { key: entry.key, kind: 'snapshot' });
      }
    }
  }

  for (const file of files) {
    if (file.kind !== 'provider') continue;
    const data = file.data;
    const entry = providerEntryFrom(data);
    const offerings = new Map<string, { offering: OfferingEntry; data: OfferingData }>();
    const byModel = new Map<string, { offering: OfferingEntry; data: OfferingData }>();
    (data.offerings ?? []).forEach((offeringData, position) => {
      const offering = entry.offerings[position] as OfferingEntry;
      if (!byModel.has(offering.model))
        byModel.set(offering.model, { offering, data: offeringData });
      for (const name of [offeringData.id, ...(offeringData.aliases ?? [])]) {
        offerings.set(name.toLowerCase(), { offering, data: offeringData });
      }
    });
    const record: ProviderRecord = {
      entry,
      data,
      naming: {
        stripSuffixes: (data.model_naming?.strip_suffixes ?? []).map((suffix) =>
          suffix.toLowerCase(),
        ),
        stripAnyTag: data.model_naming?.strip_any_tag ?? false,
      },
      offerings,
      byModel,
    };
    providerList.push(entry);
    providers.set(data.id.toLowerCase(), record);
    for (const alias of data.aliases ?? []) providers.set(alias.toLowerCase(), record);
  }
  providerList.sort((left, right) => left.id.localeCompare(right.id));
  // Without a provider, the routing suffixes any provider declares (`:free`) are stripped too.
  const anyProviderNaming: NamingRules = {
    stripSuffixes: [...new Set([...providers.values()].flatMap((p) => p.naming.stripSuffixes))],
    stripAnyTag: false,
  };
  const modelList = Object.freeze(
    [...models.values()].map((record) => record.entry).sort((l, r) => l.key.localeCompare(r.key)),
  );
  return {
    models,
    names,
    families,
    providers,
    anyProviderNaming,
    providerList: Object.freeze(providerList),
    modelList,
  };
}

type Index = ReturnType<typeof buildIndex>;

interface FoundModel {
  readonly model: ModelEntry;
  readonly offering: { offering: OfferingEntry; data: OfferingData } | undefined;
  readonly via: ResolutionVia;
  readonly steps: readonly string[];
}

function findModel(
  index: Index,
  provider: ProviderRecord | undefined,
  requested: string,
): FoundModel | undefined {
  const candidates = nameCandidates(requested, provider?.naming ?? index.anyProviderNaming);
  const taken: string[] = [];
  for (const candidate of candidates) {
    if (candidate.kind !== 'exact') taken.push(candidate.description);
    const lower = candidate.name.toLowerCase();
    const offered = provider?.offerings.get(lower);
    if (offered) {
      const model = index.models.get(offered.offering.model)?.entry;
      if (model) {
        const name =
          offered.offering.id.toLowerCase() === lower ? '' : ` (alias of "${offered.offering.id}")`;
        return {
          model,
          offering: offered,
          via: 'offering',
          steps: [
            ...taken,
            `offering "${offered.offering.id}"${name} of provider "${provider?.entry.id}" serving ${model.key}`,
          ],
        };
      }
    }
    const named = index.names.get(lower);
    if (named) {
      const model = index.models.get(named.key)?.entry;
      if (model) {
        const kinds = candidates.slice(0, candidates.indexOf(candidate) + 1).map((c) => c.kind);
        const via: ResolutionVia =
          named.kind !== 'id'
            ? named.kind
            : kinds.includes('snapshot')
              ? 'snapshot'
              : kinds.includes('latest')
                ? 'latest'
                : 'id';
        const how = { id: 'the id', alias: 'an alias', snapshot: 'a listed snapshot' }[named.kind];
        const served = provider?.byModel.get(model.key);
        const where = !provider
          ? ''
          : served
            ? `; served as offering "${served.offering.id}" of provider "${provider.entry.id}"`
            : `; not listed as an offering of provider "${provider.entry.id}", so the model's own facts apply`;
        return {
          model,
          offering: served,
          via,
          steps: [...taken, `"${candidate.name}" is ${how} of ${model.key}${where}`],
        };
      }
    }
  }
  // No entry names it: try the family templates (a new Gemini version before its entry
  // lands), the most stripped name first.
  for (let position = candidates.length - 1; position >= 0; position -= 1) {
    const candidate = candidates[position] as NameStep;
    const found = matchFamily(index, candidate.name.toLowerCase());
    if (!found) continue;
    const stepsTaken = candidates.slice(1, position + 1).map((step) => step.description);
    return { ...found, steps: [...stepsTaken, ...found.steps] };
  }
  return undefined;
}

/** The first family whose template (and version range) matches `name`, as a model entry. */
function matchFamily(index: Index, name: string): FoundModel | undefined {
  for (const family of index.families) {
    for (const template of family.templates) {
      const matched = template.match(name);
      if (!matched) continue;
      if (family.versions && !satisfiesRange(matched.version, family.versions)) continue;
      const version = formatVersion(matched.version);
      const model: ModelEntry = Object.freeze({
        key: `${family.lab}/${name}`,
        lab: family.lab,
        id: name,
        name,
        family: family.data.family,
        variant: matched.variant,
        version,
        releaseDate: undefined,
        aliases: EMPTY,
        snapshots: EMPTY,
        limits: Object.freeze({}),
        openWeights: undefined,
        capabilities: Object.freeze({ ...family.data.capabilities }),
        source: family.data.source,
        fromFamily: true,
      });
      const range = family.data.versions ? ` (versions ${family.data.versions})` : '';
      return {
        model,
        offering: undefined,
        via: 'family',
        steps: [
          `"${name}" has no entry; it matches the template "${template.template}" of family ${family.data.family}${range}, version ${version}, so the family's facts apply`,
        ],
      };
    }
  }
  return undefined;
}

function conditionHolds(when: Condition | undefined, model: ModelEntry): boolean {
  if (!when) return true;
  if (when.family !== undefined && when.family !== model.family) return false;
  if (when.variant !== undefined && when.variant !== model.variant) return false;
  if (when.model !== undefined && when.model !== model.key) return false;
  if (when.version !== undefined) {
    const version = model.version === undefined ? undefined : parseVersion(model.version);
    const range = parseVersionRange(when.version);
    if (!version || !range || !satisfiesRange(version, range)) return false;
  }
  return true;
}

interface PickedClaim {
  readonly claim: Claim;
  readonly by: string;
}

function pickClaim(
  capability: CapabilityName,
  provider: ProviderRecord | undefined,
  offering: OfferingEntry | undefined,
  model: ModelEntry,
): PickedClaim | undefined {
  const offered = offering?.capabilities[capability];
  if (offered) {
    return { claim: offered, by: `offering "${offering?.id}" of provider "${provider?.entry.id}"` };
  }
  const given = provider?.data.capabilities?.[capability];
  if (given !== undefined) {
    const list: readonly ConditionalClaim[] = Array.isArray(given) ? given : [given];
    const matched = list.find((claim) => conditionHolds(claim.when, model));
    if (matched) {
      return {
        claim: matched,
        by: `provider "${provider?.entry.id}"${describeCondition(matched.when)}`,
      };
    }
  }
  const own = model.capabilities[capability];
  if (own) {
    return { claim: own, by: model.fromFamily ? `family ${model.family}` : `model ${model.key}` };
  }
  return undefined;
}

function effective(
  value: Tristate,
  claimed: Tristate,
  picked: PickedClaim | undefined,
  reasons: string[],
): EffectiveCapability {
  return Object.freeze({
    value,
    claimed,
    evidence: picked?.claim.evidence,
    source: picked?.claim.source,
    date: picked?.claim.date,
    reasons: Object.freeze(reasons),
  });
}

function factCapability(
  capability: CapabilityName,
  provider: ProviderRecord | undefined,
  offering: OfferingEntry | undefined,
  model: ModelEntry,
  preamble: readonly string[],
): EffectiveCapability {
  const picked = pickClaim(capability, provider, offering, model);
  if (!picked) {
    return effective('unknown', 'unknown', undefined, [
      ...preamble,
      `no claim for ${capability}: unknown (never read as true)`,
    ]);
  }
  const { claim, by } = picked;
  return effective(claim.value, claim.value, picked, [
    ...preamble,
    `${by} claims ${capability} = ${String(claim.value)}${describeClaim(claim)}`,
  ]);
}

/**
 * The rule of seed 000 (ADR 0039): a tool-result media capability holds only where the wire
 * carries the kind natively and, where that native form needs vision, the model sees images.
 */
function toolResultCapability(
  capability: 'tool_result_images' | 'tool_result_pdf',
  provider: ProviderRecord | undefined,
  offering: OfferingEntry | undefined,
  model: ModelEntry,
  wire: WireFormat | undefined,
  imageInput: EffectiveCapability,
  preamble: readonly string[],
): EffectiveCapability {
  const kind = MEDIA_OF[capability];
  const reasons = [...preamble];
  if (wire === undefined) {
    reasons.push(`no provider given: the wire decides ${capability}, so it is unknown`);
    return effective('unknown', 'unknown', undefined, reasons);
  }
  if (!carriesNative(wire, kind)) {
    reasons.push(
      `wire ${wire} has no native ${kind} form in a tool result (carriesNative("${wire}", "${kind}") is false): the ${kind} goes out as a text placeholder`,
    );
    return effective(false, false, undefined, reasons);
  }
  reasons.push(
    `wire ${wire} carries ${kind === 'image' ? 'an image' : 'a PDF'} natively in a tool result`,
  );
  const quirks = provider?.entry.quirks;
  const quirkSources = provider?.data.quirk_sources;
  if (quirks?.[capability] === 'never') {
    const provenance = quirkSources?.[capability];
    reasons.push(
      `provider "${provider?.entry.id}" quirk ${capability}: never${provenance ? describeClaim({ value: false, ...provenance }) : ''}: the ${kind} does not reach the model here`,
    );
    return effective(false, false, undefined, reasons);
  }
  if (kind === 'pdf' && wire === 'anthropic' && quirks?.source_blocks === false) {
    const provenance = quirkSources?.source_blocks;
    reasons.push(
      `provider "${provider?.entry.id}" quirk source_blocks: false${provenance ? describeClaim({ value: false, ...provenance }) : ''}: no document block in a tool_result, the PDF goes out as a placeholder`,
    );
    return effective(false, false, undefined, reasons);
  }
  const picked = pickClaim(capability, provider, offering, model);
  if (!picked) {
    reasons.push(`no claim for ${capability} on this endpoint: unknown (never read as true)`);
    return effective('unknown', 'unknown', undefined, reasons);
  }
  const { claim, by } = picked;
  reasons.push(`${by} claims ${capability} = ${String(claim.value)}${describeClaim(claim)}`);
  if (claim.value !== true) return effective(claim.value, claim.value, picked, reasons);
  if (!nativeNeedsVision(wire, kind)) {
    reasons.push(
      `kept: the native ${kind} form on ${wire} does not need vision (nativeNeedsVision("${wire}", "${kind}") is false); a text-only model reads it as extracted text`,
    );
    return effective(true, true, picked, reasons);
  }
  const seen = imageInput.value;
  if (seen === true) {
    reasons.push(
      `kept: the native ${kind} form on ${wire} needs vision and the model has image_input`,
    );
    return effective(true, true, picked, reasons);
  }
  reasons.push(
    seen === false
      ? `cleared: the native ${kind} form on ${wire} needs vision (nativeNeedsVision("${wire}", "${kind}")) and the model has no image_input`
      : `cleared to unknown: the native ${kind} form on ${wire} needs vision and the model's image_input is unknown`,
  );
  return effective(seen === false ? false : 'unknown', true, picked, reasons);
}

function resolveUncached(
  index: Index,
  provider: ProviderRecord | undefined,
  requested: string,
): Resolution {
  const found = findModel(index, provider, requested);
  const providerLine = provider
    ? `provider "${provider.entry.id}" speaks the ${provider.entry.wire} wire`
    : 'no provider given';
  if (!found) {
    const reasons = Object.freeze([
      providerLine,
      `model "${requested}" is not in the registry: the default model, every capability unknown`,
    ]);
    const unknown = Object.freeze({
      value: 'unknown' as const,
      claimed: 'unknown' as const,
      evidence: undefined,
      source: undefined,
      date: undefined,
      reasons,
    });
    return Object.freeze({
      requested,
      provider: provider?.entry,
      model: undefined,
      offering: undefined,
      via: 'default',
      known: false,
      wire: provider?.entry.wire,
      limits: Object.freeze({}),
      steps: Object.freeze([`"${requested}" matches no offering, model, alias or family`]),
      capabilities: Object.freeze(
        Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, unknown])) as Record<
          CapabilityName,
          EffectiveCapability
        >,
      ),
    });
  }
  const { model, via, steps } = found;
  const offering = found.offering?.offering;
  const wire = offering?.wire ?? provider?.entry.wire;
  const wireLine =
    offering?.wire && provider
      ? `offering "${offering.id}" speaks the ${offering.wire} wire (provider "${provider.entry.id}" default: ${provider.entry.wire})`
      : providerLine;
  const preamble = [wireLine, `"${requested}" resolved to ${model.key}: ${steps.join('; ')}`];
  const capabilities = {} as Record<CapabilityName, EffectiveCapability>;
  for (const name of MODEL_FACT_NAMES) {
    capabilities[name] = factCapability(name, provider, offering, model, preamble);
  }
  for (const name of ['tool_result_images', 'tool_result_pdf'] as const) {
    capabilities[name] = toolResultCapability(
      name,
      provider,
      offering,
      model,
      wire,
      capabilities.image_input,
      preamble,
    );
  }
  return Object.freeze({
    requested,
    provider: provider?.entry,
    model,
    offering,
    via,
    known: true,
    wire,
    limits: Object.freeze({
      context: offering?.limits.context ?? model.limits.context,
      output: offering?.limits.output ?? model.limits.output,
    }),
    steps: Object.freeze([...steps]),
    capabilities: Object.freeze(capabilities),
  });
}
