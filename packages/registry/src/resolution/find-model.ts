import type { Index, ProviderRecord } from '../build-index.js';
import type { Catalogue, CatalogueModel } from '../catalogue/catalogue.js';
import type { LearnedEntry, LearnedProvider } from '../catalogue/listing/learned.js';
import { NO_REQUEST_FEATURES, requestFeatureClaims } from '../entries.js';
import { type NameStep, nameCandidates } from '../names/names.js';
import type { ModelEntry, OfferingEntry, ResolutionVia } from '../types.js';
import { formatVersion, satisfiesRange } from '../version.js';

const EMPTY: readonly string[] = Object.freeze([]);

export interface FoundModel {
  readonly model: ModelEntry;
  readonly offering: { offering: OfferingEntry } | undefined;
  readonly via: ResolutionVia;
  readonly steps: readonly string[];
  /** The catalogue's entry for the name on this provider, when the catalogue lists it. */
  readonly catalogue?: CatalogueModel;
  /** The provider's own listing of the name, from the learned layer. */
  readonly learned?: LearnedEntry;
}

/** The learned listing's entry for the first candidate name it lists. */
function learnedEntry(
  learned: LearnedProvider | undefined,
  names: readonly string[],
): LearnedEntry | undefined {
  if (learned === undefined) return undefined;
  for (const name of names) {
    const found = learned.find(name);
    if (found) return found;
  }
  return undefined;
}

/**
 * The catalogue's entry for a name on `provider`: the offering's id first (the catalogue
 * spells names as the provider does), then each candidate of the requested name.
 */
function catalogueEntry(
  catalogue: Catalogue | undefined,
  provider: ProviderRecord | undefined,
  names: readonly string[],
): CatalogueModel | undefined {
  const id = provider?.entry.catalogue;
  if (catalogue === undefined || id === undefined) return undefined;
  for (const name of names) {
    const found = catalogue.find(id, name);
    if (found) return found;
  }
  return undefined;
}

export function findModel(
  index: Index,
  provider: ProviderRecord | undefined,
  requested: string,
  catalogue?: Catalogue,
  learned?: LearnedProvider,
): FoundModel | undefined {
  const candidates = nameCandidates(requested, provider?.naming ?? index.anyProviderNaming);
  const names = candidates.map((candidate) => candidate.name);
  const heard = learnedEntry(learned, names);
  const found = findListed(index, provider, candidates);
  if (found) {
    const offered = found.offering ? [found.offering.offering.id] : [];
    const listed = catalogueEntry(catalogue, provider, [...offered, ...names]);
    const own = heard ?? learnedEntry(learned, offered);
    return withLayers(found, listed, own);
  }
  // No entry names it. The listing's and the catalogue's facts beat a family template's guess,
  // but the template still places the model in its family (version, variant) for the
  // provider's conditional claims; a template never covers a model the catalogue says is no
  // chat model.
  const listed = catalogueEntry(catalogue, provider, names);
  // A template never covers a model the provider's own listing says is no chat model.
  const member =
    heard?.model.kind === undefined ? matchAnyFamily(index, candidates, listed) : undefined;
  if (member) return withLayers(member, listed, heard);
  if (heard) return withLayers(fromLearned(heard, candidates, provider, listed), listed, heard);
  if (listed) return fromCatalogue(listed, candidates, provider);
  return undefined;
}

function withLayers(
  found: FoundModel,
  listed: CatalogueModel | undefined,
  heard: LearnedEntry | undefined,
): FoundModel {
  if (!listed && !heard) return found;
  return {
    ...found,
    ...(listed ? { catalogue: listed } : {}),
    ...(heard ? { learned: heard } : {}),
  };
}

/** A model only the provider's own listing (and perhaps the catalogue) knows. */
function fromLearned(
  heard: LearnedEntry,
  candidates: readonly NameStep[],
  provider: ProviderRecord | undefined,
  listed: CatalogueModel | undefined,
): FoundModel {
  const { model: learned, listing } = heard;
  const model: ModelEntry = Object.freeze({
    key: `${listing.provider}/${learned.id}`,
    lab: listing.provider,
    id: learned.id,
    name: learned.name ?? listed?.name ?? learned.id,
    family: '',
    variant: undefined,
    version: undefined,
    releaseDate: learned.created ?? listed?.released,
    aliases: Object.freeze([...(learned.aliases ?? [])]),
    snapshots: EMPTY,
    limits: Object.freeze({
      context: learned.context ?? listed?.context,
      output: learned.output ?? listed?.maxOutput,
    }),
    openWeights: undefined,
    capabilities: Object.freeze({}),
    source: learned.endpoint ?? listing.endpoint,
    requestFeatures: NO_REQUEST_FEATURES,
    fromFamily: false,
    origin: 'listing',
  });
  const names = [learned.id, ...(learned.aliases ?? [])].map((name) => name.toLowerCase());
  const position = candidates.findIndex((candidate) => {
    const lower = candidate.name.toLowerCase();
    return names.includes(lower) || names.includes(`${lower}:latest`);
  });
  const stepsTaken = candidates.slice(1, position + 1).map((step) => step.description);
  const alias = names.includes(candidates[position]?.name.toLowerCase() ?? '')
    ? candidates[position]?.name.toLowerCase() !== learned.id.toLowerCase()
    : false;
  const kind = learned.kind ? ` as a ${learned.kind} model` : '';
  return {
    model,
    offering: undefined,
    via: 'listing',
    steps: [
      ...stepsTaken,
      `"${learned.id}"${alias ? ` (named by its alias "${candidates[position]?.name}")` : ''} has no entry in the data; the model list of provider "${provider?.entry.id}" read from ${listing.endpoint} on ${listing.date} lists it${kind}, so the listing's facts apply`,
    ],
  };
}

function findListed(
  index: Index,
  provider: ProviderRecord | undefined,
  candidates: readonly NameStep[],
): FoundModel | undefined {
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
        const current = provider?.byModel.get(model.key);
        // A snapshot of an offering the provider retired shares its lifecycle (and warning).
        const served = current ?? provider?.retiredByModel.get(model.key);
        const where = !provider
          ? ''
          : current
            ? `; served as offering "${current.offering.id}" of provider "${provider.entry.id}"`
            : served
              ? `; a name of retired offering "${served.offering.id}" of provider "${provider.entry.id}", so its lifecycle applies`
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
  return undefined;
}

/** The family templates (a new Gemini version before its entry lands), most stripped name first. */
function matchAnyFamily(
  index: Index,
  candidates: readonly NameStep[],
  listed: CatalogueModel | undefined,
): FoundModel | undefined {
  if (listed !== undefined && listed.kind !== 'chat') return undefined;
  for (let position = candidates.length - 1; position >= 0; position -= 1) {
    const candidate = candidates[position] as NameStep;
    const found = matchFamily(index, candidate.name.toLowerCase());
    if (!found) continue;
    const stepsTaken = candidates.slice(1, position + 1).map((step) => step.description);
    return { ...found, steps: [...stepsTaken, ...found.steps] };
  }
  return undefined;
}

/** A model only the catalogue knows: its facts come from the catalogue alone. */
function fromCatalogue(
  listed: CatalogueModel,
  candidates: readonly NameStep[],
  provider: ProviderRecord | undefined,
): FoundModel {
  const model: ModelEntry = Object.freeze({
    key: `${listed.provider}/${listed.id}`,
    lab: listed.provider,
    id: listed.id,
    name: listed.name ?? listed.id,
    family: '',
    variant: undefined,
    version: undefined,
    releaseDate: listed.released,
    aliases: EMPTY,
    snapshots: EMPTY,
    limits: Object.freeze({ context: listed.context, output: listed.maxOutput }),
    openWeights: undefined,
    capabilities: Object.freeze({}),
    source: listed.source,
    requestFeatures: NO_REQUEST_FEATURES,
    fromFamily: false,
    origin: 'catalogue',
  });
  const position = candidates.findIndex(
    (candidate) => candidate.name.toLowerCase() === listed.id.toLowerCase(),
  );
  const stepsTaken = candidates.slice(1, position + 1).map((step) => step.description);
  const kind = listed.kind === 'chat' ? '' : ` (a ${listed.kind} model)`;
  return {
    model,
    offering: undefined,
    via: 'catalogue',
    catalogue: listed,
    steps: [
      ...stepsTaken,
      `"${listed.id}" has no entry in the data; the imported catalogue lists it on provider "${provider?.entry.id}"${kind}, so the catalogue's facts apply`,
    ],
  };
}

/** The first family whose template (and version range) matches `name`, as a model entry. */
function matchFamily(index: Index, name: string): FoundModel | undefined {
  for (const family of index.families) {
    const excluded = family.data.exclude_tokens ?? [];
    for (const template of family.templates) {
      const matched = template.match(name);
      if (!matched) continue;
      if (family.versions && !satisfiesRange(matched.version, family.versions)) continue;
      const words = matched.variant?.split(/[-.]/) ?? [];
      if (words.some((word) => excluded.includes(word))) continue;
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
        requestFeatures: requestFeatureClaims(
          {
            family: family.data.family,
            variant: matched.variant,
            version,
            key: `${family.lab}/${name}`,
          },
          undefined,
          family.data,
        ),
        source: family.data.source,
        fromFamily: true,
        origin: 'family',
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
