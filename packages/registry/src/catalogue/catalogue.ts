import type { CapabilityName, Evidence, Tristate } from '../capabilities.js';
import type { CatalogueModelData, CatalogueSnapshot, ModelKind } from './schema.js';

export type { CatalogueSnapshot, ModelKind } from './schema.js';

// The imported catalogue (models.dev): breadth, ranked below every curated claim. Its facts
// are kept as the catalogue states them; the resolver turns them into claims with evidence
// `catalogue` and a source pointing at the catalogue file the fact came from.

/** One model as the catalogue lists it on one of its providers. */
export interface CatalogueModel {
  /** The catalogue's provider id (`google`), not Crosswire's (`gemini`). */
  readonly provider: string;
  readonly id: string;
  readonly name: string | undefined;
  readonly input: readonly string[];
  readonly output: readonly string[];
  readonly kind: ModelKind;
  readonly tools: boolean | undefined;
  readonly context: number | undefined;
  readonly maxOutput: number | undefined;
  readonly released: string | undefined;
  readonly status: 'alpha' | 'beta' | 'deprecated' | undefined;
  /** USD per million tokens (`cacheRead`, `cacheWrite` when the catalogue prices them). */
  readonly cost: CatalogueCost | undefined;
  /** The catalogue file this entry comes from. */
  readonly source: string;
}

/** A catalogue's prices, USD per million tokens. */
export interface CatalogueCost {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number | undefined;
  readonly cacheWrite: number | undefined;
}

/** A loaded catalogue: its provenance and a case-insensitive lookup per catalogue provider. */
export interface Catalogue {
  readonly name: string;
  readonly source: string;
  readonly commit: string;
  /** The date of the snapshot (its commit date). */
  readonly date: string;
  readonly licence: string;
  /** The catalogue's provider ids. */
  providers(): readonly string[];
  /** The models of one catalogue provider, in id order. */
  models(provider: string): readonly CatalogueModel[];
  find(provider: string, id: string): CatalogueModel | undefined;
}

function modelFrom(
  snapshot: CatalogueSnapshot,
  provider: string,
  id: string,
  data: CatalogueModelData,
): CatalogueModel {
  return Object.freeze({
    provider,
    id,
    name: data.name,
    input: Object.freeze(data.in.split(' ')),
    output: Object.freeze(data.out.split(' ')),
    kind: data.kind ?? 'chat',
    tools: data.tools,
    context: data.context,
    maxOutput: data.output,
    released: data.released,
    status: data.status,
    cost:
      data.cost === undefined
        ? undefined
        : Object.freeze({
            input: data.cost.input,
            output: data.cost.output,
            cacheRead: data.cost.cache_read,
            cacheWrite: data.cost.cache_write,
          }),
    source: `${snapshot.source}/blob/${snapshot.commit}/providers/${provider}/models/${id}.toml`,
  });
}

/**
 * A catalogue over a snapshot. `load` runs on first use only, so the data costs nothing until a
 * name needs it (the default registry passes the JSON text and parses it then).
 */
export function createCatalogue(load: () => CatalogueSnapshot): Catalogue {
  type Index = Map<string, { list: CatalogueModel[]; byName: Map<string, CatalogueModel> }>;
  let state: { snapshot: CatalogueSnapshot; index: Index } | undefined;
  const loaded = () => {
    if (state === undefined) {
      const snapshot = load();
      const index: Index = new Map();
      for (const [provider, models] of Object.entries(snapshot.providers)) {
        const list = Object.entries(models)
          .map(([id, data]) => modelFrom(snapshot, provider, id, data))
          .sort((left, right) => left.id.localeCompare(right.id));
        index.set(provider, {
          list,
          byName: new Map(list.map((model) => [model.id.toLowerCase(), model])),
        });
      }
      state = { snapshot, index };
    }
    return state;
  };
  return Object.freeze({
    name: 'models.dev',
    get source() {
      return loaded().snapshot.source;
    },
    get commit() {
      return loaded().snapshot.commit;
    },
    get date() {
      return loaded().snapshot.date;
    },
    get licence() {
      return loaded().snapshot.licence;
    },
    providers: () => [...loaded().index.keys()].sort(),
    models: (provider: string) => loaded().index.get(provider)?.list ?? [],
    find: (provider: string, id: string) =>
      loaded().index.get(provider)?.byName.get(id.toLowerCase()),
  });
}

/** A claim with its provenance, from a data file or from the catalogue. */
export interface EvidenceClaim {
  readonly value: Tristate;
  readonly evidence?: Evidence;
  readonly source?: string;
  readonly date?: string;
  readonly note?: string;
}

const INPUT_OF: Partial<Record<CapabilityName, string>> = {
  image_input: 'image',
  pdf_input: 'pdf',
  audio_input: 'audio',
};

/**
 * The claim the catalogue makes about one model fact, or undefined when it says nothing:
 * `tools` from its tool_call flag, the three inputs from its input modalities (which it states
 * for every model; its `attachment` flag is not used, it contradicts the modalities often).
 */
export function catalogueClaim(
  catalogue: Catalogue,
  model: CatalogueModel,
  capability: CapabilityName,
): EvidenceClaim | undefined {
  // Claims are made once per model and capability: resolving is a hot path.
  let claims = CLAIMS.get(model);
  if (claims === undefined) {
    claims = new Map();
    CLAIMS.set(model, claims);
  }
  if (!claims.has(capability)) claims.set(capability, makeClaim(catalogue, model, capability));
  return claims.get(capability);
}

const CLAIMS = new WeakMap<CatalogueModel, Map<CapabilityName, EvidenceClaim | undefined>>();

function makeClaim(
  catalogue: Catalogue,
  model: CatalogueModel,
  capability: CapabilityName,
): EvidenceClaim | undefined {
  if (capability === 'tools') {
    if (model.tools === undefined) return undefined;
    return claimOf(catalogue, model, model.tools);
  }
  const input = INPUT_OF[capability];
  if (input === undefined) return undefined;
  return claimOf(catalogue, model, model.input.includes(input));
}

function claimOf(catalogue: Catalogue, model: CatalogueModel, value: boolean): EvidenceClaim {
  return Object.freeze({
    value,
    evidence: 'catalogue',
    source: model.source,
    date: catalogue.date,
  });
}
