import {
  type CrosswireWarning,
  carriesNative,
  type MediaKind,
  nativeNeedsVision,
  type WireFormat,
} from '@crosswire/core';
import type { Index, ProviderRecord } from './build-index.js';
import {
  CAPABILITY_NAMES,
  type CapabilityName,
  MODEL_FACT_NAMES,
  type Tristate,
} from './capabilities.js';
import {
  type Catalogue,
  type CatalogueModel,
  catalogueClaim,
  type EvidenceClaim,
} from './catalogue/catalogue.js';
import { type LearnedEntry, type LearnedIndex, learnedClaim } from './catalogue/listing/learned.js';
import type { ModelKind } from './catalogue/schema.js';
import { closestNames } from './names/suggest.js';
import { findModel } from './resolution/find-model.js';
import type { Condition, ConditionalClaim } from './schema.js';
import type {
  EffectiveCapability,
  LifecycleStatus,
  ModelEntry,
  OfferingEntry,
  Pricing,
  ProviderEntry,
  Resolution,
} from './types.js';
import { conditionHolds } from './version.js';

const DESCRIPTIONS = new WeakMap<EvidenceClaim, string>();

/** ` (docs, https://..., checked 2026-11-29; note)`, once per claim object (a hot path). */
function describeClaim(claim: EvidenceClaim): string {
  let text = DESCRIPTIONS.get(claim);
  if (text === undefined) {
    text = composeDescription(claim);
    DESCRIPTIONS.set(claim, text);
  }
  return text;
}

function composeDescription(claim: EvidenceClaim): string {
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

const MEDIA_OF = { tool_result_images: 'image', tool_result_pdf: 'pdf' } as const satisfies Record<
  string,
  MediaKind
>;

interface PickedClaim {
  readonly claim: EvidenceClaim;
  readonly by: string;
}

/** What a capability is decided from: the endpoint, the model and the catalogue's entry. */
interface Subject {
  readonly provider: ProviderRecord | undefined;
  readonly offering: OfferingEntry | undefined;
  readonly model: ModelEntry;
  readonly catalogue: Catalogue | undefined;
  readonly listed: CatalogueModel | undefined;
  /** The provider's own listing of the model (the learned layer). */
  readonly learned: LearnedEntry | undefined;
}

/**
 * The deciding claim, by evidence (the table in docs/registry.md, "Which claim decides"):
 *
 * 1. a curated claim with evidence (`docs`, `live`, or `listing` written into the data);
 * 2. the provider's own listing (learned by `discover`);
 * 3. a curated inference (`inferred`: reasoned by a maintainer and checked against the
 *    catalogue by the crosscheck review, so it stays above the catalogue);
 * 4. the imported catalogue;
 * 5. a family template's guess from the name.
 *
 * Among the curated claims the first that applies decides, as always: the offering, the
 * provider (first matching condition), the model's own entry; its evidence says where it
 * stands against the listing and the catalogue.
 */
function pickClaim(capability: CapabilityName, subject: Subject): PickedClaim | undefined {
  const curated = curatedClaim(capability, subject);
  if (curated && curated.claim.evidence !== 'inferred') return curated;
  if (subject.learned) {
    const stated = learnedClaim(subject.learned, capability);
    if (stated) {
      const { listing, model: learned } = subject.learned;
      return {
        claim: stated,
        by: `the model list of provider "${listing.provider}" (read ${listing.date}; ranked below the data's claims with evidence, above its inferences) for "${learned.id}"`,
      };
    }
  }
  if (curated) return curated;
  if (subject.catalogue && subject.listed) {
    const stated = catalogueClaim(subject.catalogue, subject.listed, capability);
    if (stated) {
      return {
        claim: stated,
        by: `the ${subject.catalogue.name} catalogue (snapshot ${subject.catalogue.date}, ranked below the data files and the provider's listing) for "${subject.listed.id}"`,
      };
    }
  }
  const guessed =
    subject.model.origin === 'family' ? subject.model.capabilities[capability] : undefined;
  if (guessed) return { claim: guessed, by: `family ${subject.model.family}` };
  return undefined;
}

/** The first curated claim that applies: the offering, the provider, the model's entry. */
function curatedClaim(capability: CapabilityName, subject: Subject): PickedClaim | undefined {
  const { provider, offering, model } = subject;
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
  if (model.origin === 'data') {
    const own = model.capabilities[capability];
    if (own) return { claim: own, by: `model ${model.key}` };
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
  subject: Subject,
  preamble: readonly string[],
): EffectiveCapability {
  const picked = pickClaim(capability, subject);
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
 * The wire and the provider's quirks decide first, so their `false` holds even for a model
 * the registry does not know (`subject` undefined); only what depends on the model stays
 * unknown then.
 */
function toolResultCapability(
  capability: 'tool_result_images' | 'tool_result_pdf',
  provider: ProviderRecord | undefined,
  subject: Subject | undefined,
  wire: WireFormat | undefined,
  imageInput: EffectiveCapability | undefined,
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
  if (subject === undefined || imageInput === undefined) {
    reasons.push(
      `the model is unknown: whether ${kind === 'image' ? 'an image' : 'a PDF'} in a tool result reaches it depends on the model, so ${capability} is unknown`,
    );
    return effective('unknown', 'unknown', undefined, reasons);
  }
  const picked = pickClaim(capability, subject);
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

/**
 * Where the model stands on the provider. For the offering's own name (its id or an alias)
 * the offering's notice decides; for another name of it (a dated snapshot) the listing's word
 * about that very name comes first and the offering's notice is inherited after it. Then the
 * listing's word, then the catalogue's status.
 */
function lifecycleOf(
  offering: OfferingEntry | undefined,
  requested: string,
  learned: LearnedEntry | undefined,
  listed: CatalogueModel | undefined,
  today: string,
): LifecycleStatus | undefined {
  const notice = offering?.lifecycle;
  const names = (list: readonly string[]) =>
    list.some((name) => name.toLowerCase() === requested.toLowerCase());
  const own = offering !== undefined && names([offering.id, ...offering.aliases]);
  const stated = learned ? learnedLifecycle(learned, today) : undefined;
  // The listing speaks of this very name only when it lists it (not its undated alias).
  const aboutThisName =
    learned !== undefined && names([learned.model.id, ...(learned.model.aliases ?? [])]);
  if (notice && (own || !aboutThisName || stated === undefined)) {
    const retired = notice.retired !== undefined && notice.retired <= today;
    const announced = notice.deprecated !== undefined || notice.retired !== undefined;
    return Object.freeze({
      status: retired ? 'retired' : announced ? 'deprecated' : 'current',
      deprecated: notice.deprecated,
      retired: notice.retired,
      replacement: notice.replacement,
      evidence: notice.evidence ?? 'docs',
      source: notice.source,
    });
  }
  if (stated) return stated;
  if (listed?.status === 'deprecated') {
    return Object.freeze({
      status: 'deprecated',
      deprecated: undefined,
      retired: undefined,
      replacement: undefined,
      evidence: 'catalogue',
      source: listed.source,
    });
  }
  return undefined;
}

/**
 * The lifecycle a listing states: its named stage (Anthropic's `lifecycle`: a past retirement
 * date on a `deprecated` model is overdue, not done), else the dates (OpenAI's
 * `shutdown_date`: past is retired, to come is deprecated); undefined for an active model.
 */
function learnedLifecycle(entry: LearnedEntry, today: string): LifecycleStatus | undefined {
  const stated = entry.model.lifecycle;
  if (stated === undefined || stated.status === 'active') return undefined;
  const status =
    stated.status ??
    (stated.retired !== undefined && stated.retired <= today ? 'retired' : 'deprecated');
  return Object.freeze({
    status,
    deprecated: stated.deprecated,
    retired: stated.retired,
    replacement: stated.replacement,
    evidence: 'listing',
    source: entry.model.endpoint ?? entry.listing.endpoint,
    date: entry.listing.date,
  });
}

const CATALOGUE_PRICES = new WeakMap<CatalogueModel, Pricing>();

/**
 * The catalogue entry whose prices apply: the one for the name exactly as requested when the
 * catalogue prices it (a `:free` route or a dated snapshot has prices of its own), else the
 * entry the model's facts came from.
 */
function pricedEntry(
  catalogue: Catalogue | undefined,
  provider: ProviderRecord | undefined,
  requested: string,
  listed: CatalogueModel | undefined,
): CatalogueModel | undefined {
  const id = provider?.entry.catalogue;
  const exact = catalogue && id !== undefined ? catalogue.find(id, requested) : undefined;
  return exact?.cost !== undefined ? exact : listed;
}

const LEARNED_PRICES = new WeakMap<LearnedEntry['model'], Pricing>();

/**
 * The offering's curated prices, else the provider's own listing's (Groq, OpenRouter), else
 * the catalogue's for this name on this provider.
 */
function pricingOf(
  offering: OfferingEntry | undefined,
  learned: LearnedEntry | undefined,
  listed: CatalogueModel | undefined,
  catalogue: Catalogue | undefined,
  provider: ProviderEntry | undefined,
): Pricing | undefined {
  if (offering?.pricing) return withHourWrites(offering.pricing, provider);
  const stated = learned?.model.pricing;
  if (learned && stated) {
    let pricing = LEARNED_PRICES.get(learned.model);
    if (pricing === undefined) {
      pricing = Object.freeze({
        ...stated,
        currency: 'USD' as const,
        source: learned.model.endpoint ?? learned.listing.endpoint,
        date: learned.listing.date,
      });
      LEARNED_PRICES.set(learned.model, pricing);
    }
    return withHourWrites(pricing, provider);
  }
  const cost = listed?.cost;
  if (listed === undefined || cost === undefined || catalogue === undefined) return undefined;
  let pricing = CATALOGUE_PRICES.get(listed);
  if (pricing === undefined) {
    pricing = Object.freeze({
      input: cost.input,
      output: cost.output,
      ...(cost.cacheRead === undefined ? {} : { cacheRead: cost.cacheRead }),
      ...(cost.cacheWrite === undefined ? {} : { cacheWrite: cost.cacheWrite }),
      currency: 'USD' as const,
      source: listed.source,
      date: catalogue.date,
    });
    CATALOGUE_PRICES.set(listed, pricing);
  }
  return withHourWrites(pricing, provider);
}

const HOUR_PRICES = new WeakMap<Pricing, Map<number, Pricing>>();

/**
 * `pricing` with the one-hour cache-write price of the provider's rule (a multiple of the input
 * price) where the prices do not give one: the catalogue lists only the 5-minute write.
 */
function withHourWrites(pricing: Pricing, provider: ProviderEntry | undefined): Pricing {
  const multiple = provider?.cacheWrite1hInputMultiple;
  if (multiple === undefined || pricing.cacheWrite1h !== undefined) return pricing;
  let byMultiple = HOUR_PRICES.get(pricing);
  if (byMultiple === undefined) {
    byMultiple = new Map();
    HOUR_PRICES.set(pricing, byMultiple);
  }
  let priced = byMultiple.get(multiple);
  if (priced === undefined) {
    priced = Object.freeze({
      ...pricing,
      cacheWrite1h: Math.round(pricing.input * multiple * 1e6) / 1e6,
    });
    byMultiple.set(multiple, priced);
  }
  return priced;
}

/** A provider that needs no key is a local server: it serves whatever model is loaded. */
function publishesList(provider: ProviderEntry): boolean {
  return provider.auth?.required === true;
}

/** What the notices need to know of a resolution. */
interface NoticeSubject {
  readonly requested: string;
  readonly provider: ProviderRecord | undefined;
  readonly lifecycle: LifecycleStatus | undefined;
  readonly listed: boolean | undefined;
  readonly kind: ModelKind;
  /** No entry, listing or catalogue names the model (a family template's guess, or nothing). */
  readonly unknown: boolean;
  /** The family template the answer comes from, for an unknown name. */
  readonly family: string | undefined;
  /** Who says the model is no chat model. */
  readonly kindSource: string | undefined;
}

/**
 * The warnings a resolution carries, each with its code, in the words `resolve`,
 * `createEngine` and the CLI all use: lifecycle first, then what the name is.
 */
function noticesOf(context: ResolveContext, subject: NoticeSubject): readonly CrosswireWarning[] {
  const { requested, lifecycle, listed, kind } = subject;
  const provider = subject.provider?.entry;
  const notices: CrosswireWarning[] = [];
  const details = { provider: provider?.id, model: requested };
  const where = provider ? ` on provider "${provider.id}"` : '';
  const cited = (status: LifecycleStatus) =>
    status.evidence === 'listing'
      ? `the provider's model list, ${status.source}, read ${status.date}`
      : status.source;
  if (lifecycle?.status === 'retired') {
    const instead = lifecycle.replacement ? `; use "${lifecycle.replacement}" instead` : '';
    notices.push({
      code: 'model_retired',
      message: `model "${requested}"${where} was retired on ${lifecycle.retired ?? 'a date the source does not give'}: requests fail or are served by another model${instead} (${cited(lifecycle)})`,
      details: { ...details, lifecycle },
    });
  } else if (lifecycle?.status === 'deprecated') {
    const when = lifecycle.retired ? `; it retires on ${lifecycle.retired}` : '';
    const instead = lifecycle.replacement ? `; use "${lifecycle.replacement}" instead` : '';
    notices.push({
      code: 'model_deprecated',
      message: `model "${requested}"${where} is deprecated${when}${instead} (${cited(lifecycle)})`,
      details: { ...details, lifecycle },
    });
  }
  if (kind !== 'chat') {
    notices.push({
      code: 'model_not_chat',
      message: `model "${requested}"${where} is ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} model, not a chat model (${subject.kindSource ?? 'the registry'} says so): a chat request to it fails`,
      details: { ...details, kind },
    });
  }
  if (!provider || listed !== false || lifecycle?.status === 'retired') return notices;
  // The list is only as new as the data: a model released since may well be served.
  const catalogue =
    context.catalogue && provider.catalogue !== undefined
      ? ` (nor in its ${context.catalogue.name} snapshot of ${context.catalogue.date})`
      : '';
  const heard = context.learned?.provider(provider.id)?.listing;
  const against = heard?.complete
    ? `not in the model list "${provider.id}" gave on ${heard.date} (${heard.endpoint}), nor in the registry's list as of ${context.dataDate()}${catalogue}: "${provider.id}" may not serve it under this name`
    : `not in the registry's list for "${provider.id}" as of ${context.dataDate()}${catalogue}; the list may be older than the model, so this says nothing about whether "${provider.id}" serves it`;
  if (!subject.unknown) {
    notices.push({
      code: 'model_not_listed',
      message: `model "${requested}" is ${against}`,
      details,
    });
    return notices;
  }
  const suggestions = closestNames(requested, knownNames(context, subject.provider));
  const hint =
    suggestions.length > 0
      ? ` (did you mean ${suggestions.map((name) => `"${name}"`).join(' or ')}?)`
      : '';
  const answer = subject.family
    ? `its capabilities are the ${subject.family} family's guess`
    : 'what depends on the model is unknown';
  notices.push({
    code: 'model_unknown',
    message: `model "${requested}" is unknown to the registry${hint}: it is ${against}; ${answer}`,
    details: { ...details, suggestions },
  });
  return notices;
}

/** The chat models a provider is known to serve: its offerings, its listing and its catalogue. */
function knownNames(context: ResolveContext, provider: ProviderRecord | undefined): string[] {
  const entry = provider?.entry;
  if (!entry) return [];
  const names = entry.offerings.flatMap((offering) => [offering.id, ...offering.aliases]);
  const heard = context.learned?.provider(entry.id)?.listing;
  for (const model of heard?.models ?? []) {
    if (model.kind === undefined) names.push(model.id, ...(model.aliases ?? []));
  }
  if (context.catalogue && entry.catalogue !== undefined) {
    for (const model of context.catalogue.models(entry.catalogue)) {
      if (model.kind === 'chat') names.push(model.id);
    }
  }
  return names;
}

export interface ResolveContext {
  readonly index: Index;
  readonly catalogue: Catalogue | undefined;
  /** The learned layer: providers' own listings. */
  readonly learned?: LearnedIndex;
  /** YYYY-MM-DD: the date lifecycle status is judged at. */
  readonly today: string;
  /** The data's date (the newest date a claim was checked), for the "not listed" warning. */
  readonly dataDate: () => string;
}

/**
 * The capabilities of one subject (endpoint, offering, model, catalogue entry) on one wire,
 * with only the reasons that depend on the subject: every name that resolves to the same
 * subject shares these objects and their strings, so a cached resolution costs little more
 * than its own two preamble lines. Models made from a family template or the catalogue are
 * new objects per name, so only data models are kept.
 */
function derivedCapabilities(
  context: ResolveContext,
  subject: Subject,
  wire: WireFormat | undefined,
): Readonly<Record<CapabilityName, EffectiveCapability>> {
  const { model, provider, offering, listed, learned } = subject;
  const key =
    model.origin === 'data'
      ? `${model.key}\u0000${provider?.entry.id ?? ''}\u0000${offering?.id ?? ''}\u0000${listed?.provider ?? ''}/${listed?.id ?? ''}\u0000${wire ?? ''}${learned ? `\u0000${learned.model.id}` : ''}`
      : undefined;
  const known = key === undefined ? undefined : context.index.derived.get(key);
  if (known) return known;
  const capabilities = {} as Record<CapabilityName, EffectiveCapability>;
  for (const name of MODEL_FACT_NAMES) capabilities[name] = factCapability(name, subject, []);
  for (const name of ['tool_result_images', 'tool_result_pdf'] as const) {
    capabilities[name] = toolResultCapability(
      name,
      provider,
      subject,
      wire,
      capabilities.image_input,
      [],
    );
  }
  const frozen = Object.freeze(capabilities);
  if (key !== undefined) context.index.derived.set(key, frozen);
  return frozen;
}

export function resolveUncached(
  context: ResolveContext,
  provider: ProviderRecord | undefined,
  requested: string,
): Omit<Resolution, 'delivery'> {
  const { index, catalogue } = context;
  const heard = provider ? context.learned?.provider(provider.entry.id) : undefined;
  const found = findModel(index, provider, requested, catalogue, heard);
  const providerLine = provider
    ? `provider "${provider.entry.id}" speaks the ${provider.entry.wire} wire`
    : 'no provider given';
  const listable =
    provider !== undefined &&
    publishesList(provider.entry) &&
    (provider.entry.offerings.length > 0 ||
      (provider.entry.catalogue !== undefined && catalogue !== undefined));
  if (!found) {
    const preamble = [
      providerLine,
      `model "${requested}" is not in the registry: the default model; what depends on the model is unknown`,
    ];
    const unknown = Object.freeze({
      value: 'unknown' as const,
      claimed: 'unknown' as const,
      evidence: undefined,
      source: undefined,
      date: undefined,
      reasons: Object.freeze([...preamble]),
    });
    const capabilities = Object.fromEntries(
      CAPABILITY_NAMES.map((name) => [name, unknown]),
    ) as Record<CapabilityName, EffectiveCapability>;
    for (const name of ['tool_result_images', 'tool_result_pdf'] as const) {
      capabilities[name] = toolResultCapability(
        name,
        provider,
        undefined,
        provider?.entry.wire,
        undefined,
        preamble,
      );
    }
    const listed = listable ? false : undefined;
    return Object.freeze({
      requested,
      provider: provider?.entry,
      model: undefined,
      offering: undefined,
      via: 'default',
      known: false,
      wire: provider?.entry.wire,
      limits: Object.freeze({}),
      steps: Object.freeze([
        `"${requested}" matches no offering, model, alias, family or catalogue entry`,
      ]),
      capabilities: Object.freeze(capabilities),
      catalogue: undefined,
      listed,
      lifecycle: undefined,
      pricing: undefined,
      kind: 'chat',
      ...withNotices(
        noticesOf(context, {
          requested,
          provider,
          lifecycle: undefined,
          listed,
          kind: 'chat',
          unknown: true,
          family: undefined,
          kindSource: undefined,
        }),
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
  const subject: Subject = {
    provider,
    offering,
    model,
    catalogue,
    listed: found.catalogue,
    learned: found.learned,
  };
  const derived = derivedCapabilities(context, subject, wire);
  const capabilities = {} as Record<CapabilityName, EffectiveCapability>;
  for (const name of CAPABILITY_NAMES) {
    const tail = derived[name];
    capabilities[name] = Object.freeze({
      ...tail,
      reasons: Object.freeze(preamble.concat(tail.reasons)),
    });
  }
  const lifecycle = lifecycleOf(offering, requested, found.learned, found.catalogue, context.today);
  const kind = kindOf(model, found.learned, found.catalogue);
  const listed = !listable
    ? undefined
    : offering
      ? lifecycle?.status !== 'retired'
      : found.catalogue !== undefined || found.learned !== undefined;
  return Object.freeze({
    requested,
    provider: provider?.entry,
    model,
    offering,
    via,
    known: true,
    wire,
    limits: Object.freeze({
      context:
        offering?.limits.context ??
        model.limits.context ??
        found.learned?.model.context ??
        found.catalogue?.context,
      output:
        offering?.limits.output ??
        model.limits.output ??
        found.learned?.model.output ??
        found.catalogue?.maxOutput,
    }),
    steps: Object.freeze([...steps]),
    capabilities: Object.freeze(capabilities),
    catalogue: found.catalogue,
    ...(found.learned ? { learned: found.learned } : {}),
    listed,
    lifecycle,
    pricing: pricingOf(
      offering,
      found.learned,
      pricedEntry(catalogue, provider, requested, found.catalogue),
      catalogue,
      provider?.entry,
    ),
    kind,
    ...withNotices(
      noticesOf(context, {
        requested,
        provider,
        lifecycle,
        listed,
        kind,
        unknown: model.origin === 'family',
        family: model.origin === 'family' ? model.family : undefined,
        kindSource:
          found.learned?.model.kind !== undefined
            ? `the model list of provider "${found.learned.listing.provider}" read ${found.learned.listing.date}`
            : found.catalogue
              ? `the ${catalogue?.name ?? 'imported'} catalogue`
              : undefined,
      }),
    ),
  });
}

/** What a model is for: a data model is a chat model; else the listing's word, the catalogue's. */
function kindOf(
  model: ModelEntry,
  learned: LearnedEntry | undefined,
  listed: CatalogueModel | undefined,
): ModelKind {
  if (model.origin === 'data') return 'chat';
  return learned?.model.kind ?? listed?.kind ?? 'chat';
}

function withNotices(notices: readonly CrosswireWarning[]): {
  readonly notices: readonly CrosswireWarning[];
  readonly warnings: readonly string[];
} {
  return {
    notices: Object.freeze(notices.map((notice) => Object.freeze(notice))),
    warnings: Object.freeze(notices.map((notice) => notice.message)),
  };
}
