import {
  dataDate,
  type LearnedListing,
  type LearnedModel,
  type OfferingEntry,
  type Registry,
  stripDateSnapshot,
} from '@crosswire/registry';

/**
 * What `registry sync` would change for one model, and why:
 *
 * - `add-offering`: listed, no offering names it (a lab entry is made when no lab file has it).
 *   A dated id the registry resolves to an offering (`gpt-4.1-nano-2025-04-14`,
 *   `claude-opus-4-5-20251101`) is that offering's snapshot and shares its lifecycle: it is no
 *   new offering, unless the listing states a lifecycle of its own for it;
 * - `lifecycle`: the listing states a deprecation or retirement the offering lacks;
 * - `retire`: the listing says the offering shut down: it moves to `retired`;
 * - `flag-unlisted`: the complete listing does not name the offering: a note flags it as a
 *   candidate for `retired` (nothing is removed);
 * - `skip`: listed but not written (no chat model, already retired, an id the data refuses,
 *   names the data has as two models), with the reason.
 */
export type SyncChangeKind = 'add-offering' | 'lifecycle' | 'retire' | 'flag-unlisted' | 'skip';

export interface SyncChange {
  /** The name concerned: the listed id, or the offering's id for `flag-unlisted`. */
  readonly id: string;
  readonly change: SyncChangeKind;
  /** Why, in a reviewer's words; the listing (endpoint and date) is the source. */
  readonly reason: string;
  /** `<lab>/<id>` of the model concerned, when the data has it. */
  readonly model?: string;
  /** The offering concerned (the one a snapshot belongs to, the one retired or flagged). */
  readonly offering?: string;
  /** What the listing states of the model. */
  readonly listed?: LearnedModel;
}

/** What the provider's own list and the data disagree on, model by model. */
export interface SyncReport {
  readonly provider: string;
  readonly endpoint: string;
  readonly date: string;
  /** How many models the listing names. */
  readonly listed: number;
  /** False when the listing was cut short: then no offering is flagged as unlisted. */
  readonly complete: boolean;
  /** The server is the user's own machine (Ollama, vLLM, ...): its list is no catalogue. */
  readonly local: boolean;
  readonly changes: readonly SyncChange[];
}

/** A model id the data files accept (the lab and provider schemas' rule). */
const DATA_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/;
const DATA_ID_MAX = 256;

/** Whether the data files take `id` as a model id (so it may be written). */
export function isDataModelId(id: string): boolean {
  return id.length <= DATA_ID_MAX && DATA_ID.test(id);
}

interface Known {
  readonly offering: OfferingEntry;
  readonly retired: boolean;
}

/** The retirement day a listing states, if any (a named `retired` stage without a date says none). */
function retiresOn(model: LearnedModel): string | undefined {
  return model.lifecycle?.retired;
}

/** Compares a provider's listing with the data, model by model: what to add, what to flag. */
export function compareListing(
  registry: Registry,
  listing: LearnedListing,
  options: { readonly local: boolean },
): SyncReport {
  const entry = registry.provider(listing.provider);
  const known = new Map<string, Known>();
  for (const offering of entry.offerings) {
    for (const name of [offering.id, ...offering.aliases])
      known.set(name.toLowerCase(), { offering, retired: false });
  }
  for (const offering of entry.retired) {
    for (const name of [offering.id, ...offering.aliases])
      known.set(name.toLowerCase(), { offering, retired: true });
  }
  const asOf = [dataDate(registry.files()) ?? listing.date, listing.date].sort().at(-1) as string;
  const source = `the model list ${listing.endpoint} read ${listing.date}`;
  const changes: SyncChange[] = [];

  for (const model of listing.models) {
    const names = [model.id, ...(model.aliases ?? [])];
    const offered = names.flatMap((name) => {
      const found = known.get(name.toLowerCase());
      return found ? [found] : [];
    });
    const models = new Set(offered.map((found) => found.offering.model));
    if (models.size > 1) {
      changes.push({
        id: model.id,
        change: 'skip',
        reason: `${source} names ${names.map((name) => `"${name}"`).join(', ')} as one model, but the data has them as offerings of ${[...models].join(' and ')}: not re-pointed; review against the provider's model page`,
        listed: model,
      });
      continue;
    }
    const [found] = offered;
    if (found) {
      changes.push(...lifecycleChanges(model, found, source, asOf));
      continue;
    }
    if (model.kind !== undefined) {
      changes.push({
        id: model.id,
        change: 'skip',
        reason: `${/^[aeiou]/.test(model.kind) ? 'an' : 'a'} ${model.kind} model, not a chat model (${source}): never offered for chat`,
        listed: model,
      });
      continue;
    }
    const snapshot = snapshotOf(registry, entry.id, model.id, known);
    if (snapshot) {
      changes.push(...snapshotChanges(model, snapshot, source, asOf));
      continue;
    }
    const retired = retiresOn(model);
    if (model.lifecycle?.status === 'retired' || (retired !== undefined && retired <= asOf)) {
      changes.push({
        id: model.id,
        change: 'skip',
        reason: `retired${retired ? ` on ${retired}` : ''} by ${source}: a model no longer served is not added`,
        listed: model,
      });
      continue;
    }
    if (!isDataModelId(model.id)) {
      changes.push({
        id: model.id,
        change: 'skip',
        reason: `the data's id rules refuse it (letters, digits and . _ : @ / -, at most ${DATA_ID_MAX} characters)`,
        listed: model,
      });
      continue;
    }
    const resolution = registry.resolve({ provider: entry.id, model: model.id });
    const key = resolution.model?.origin === 'data' ? resolution.model.key : undefined;
    changes.push({
      id: model.id,
      change: 'add-offering',
      reason: `listed by ${source} and offered nowhere in the data${key ? `; the model is ${key}` : '; no lab file has the model'}${model.lifecycle ? `; with the lifecycle the listing states${retired ? ` (retires ${retired})` : ''}` : ''}`,
      ...(key ? { model: key } : {}),
      listed: model,
    });
  }

  if (listing.complete && !options.local) {
    const listed = listedNames(listing);
    for (const offering of entry.offerings) {
      if (offeringListed(registry, offering, listed)) continue;
      changes.push({
        id: offering.id,
        change: 'flag-unlisted',
        reason: `not in ${source}, under any of its names or its model's snapshots: a candidate for "retired"`,
        model: offering.model,
        offering: offering.id,
      });
    }
  }
  return {
    provider: entry.id,
    endpoint: listing.endpoint,
    date: listing.date,
    listed: listing.models.length,
    complete: listing.complete,
    local: options.local,
    changes,
  };
}

/** The lifecycle changes for a listed name of an offering the data has. */
function lifecycleChanges(
  model: LearnedModel,
  found: Known,
  source: string,
  asOf: string,
): SyncChange[] {
  const { offering } = found;
  const retired = retiresOn(model);
  const stated = model.lifecycle;
  if (found.retired || stated === undefined || stated.status === 'active') return [];
  const current = offering.lifecycle;
  const base = { id: model.id, model: offering.model, offering: offering.id, listed: model };
  if (current) {
    if (retired === undefined || current.retired === retired) return [];
    return [
      {
        ...base,
        change: 'skip',
        reason: `${source} says it retires on ${retired}, the data's notice says ${current.retired ?? 'no date'} (${current.source}): the notice is kept; review`,
      },
    ];
  }
  if (stated.status === 'retired' || (retired !== undefined && retired <= asOf)) {
    return [
      {
        ...base,
        change: 'retire',
        reason: `${source} says it shut down${retired ? ` on ${retired}` : ''}: the offering moves to "retired"`,
      },
    ];
  }
  return [
    {
      ...base,
      change: 'lifecycle',
      reason: `${source} says it is deprecated${retired ? ` and retires on ${retired}` : ''}${stated.replacement ? `; replacement "${stated.replacement}"` : ''}`,
    },
  ];
}

/** The offering a listed name resolves to through its model (a dated snapshot, a model alias). */
function snapshotOf(
  registry: Registry,
  provider: string,
  id: string,
  known: ReadonlyMap<string, Known>,
): Known | undefined {
  const resolution = registry.resolve({ provider, model: id });
  if (!resolution.offering || resolution.model?.origin !== 'data') return undefined;
  return known.get(resolution.offering.id.toLowerCase());
}

/** A snapshot shares its offering's lifecycle, unless the listing states one of its own. */
function snapshotChanges(
  model: LearnedModel,
  found: Known,
  source: string,
  asOf: string,
): SyncChange[] {
  const { offering } = found;
  const inherited = offering.lifecycle?.retired ?? (found.retired ? 'retired' : undefined);
  const own = retiresOn(model);
  if (own === undefined || own === inherited) return [];
  const base = { id: model.id, model: offering.model, offering: offering.id, listed: model };
  return own <= asOf
    ? [
        {
          ...base,
          change: 'retire',
          reason: `a snapshot of "${offering.id}", shut down on ${own} by ${source}: recorded as retired`,
        },
      ]
    : [
        {
          ...base,
          change: 'add-offering',
          reason: `a snapshot of "${offering.id}" that retires on ${own} by ${source}, unlike "${offering.id}": an offering of its own with that lifecycle`,
        },
      ];
}

/** Every name the listing gives (ids and aliases), lower case. */
function listedNames(listing: LearnedListing): Set<string> {
  const names = new Set<string>();
  for (const model of listing.models) {
    for (const name of [model.id, ...(model.aliases ?? [])]) {
      names.add(name.toLowerCase());
      const stripped = stripDateSnapshot(name);
      if (stripped) names.add(stripped.base.toLowerCase());
    }
  }
  return names;
}

/** An offering is listed under its names, its model's names or a dated snapshot of them. */
function offeringListed(
  registry: Registry,
  offering: OfferingEntry,
  listed: ReadonlySet<string>,
): boolean {
  const model = registry.models().find((candidate) => candidate.key === offering.model);
  const names = [
    offering.id,
    ...offering.aliases,
    ...(model ? [model.id, ...model.aliases, ...model.snapshots] : []),
  ];
  return names.some((name) => listed.has(name.toLowerCase()));
}
