import type { LearnedListing, LearnedModel, Registry } from '@crosswire/registry';

/** A model the provider lists that the data offers nowhere on it. */
export interface MissingOffering {
  readonly id: string;
  /** `<lab>/<id>` when a lab file already has the model, else undefined (it needs a lab entry). */
  readonly model: string | undefined;
  readonly listed: LearnedModel;
}

/** What the provider's own list and the data disagree on. */
export interface SyncReport {
  readonly provider: string;
  readonly endpoint: string;
  readonly date: string;
  readonly listed: number;
  /** Listed by the provider, with no offering (current or retired) in the data. */
  readonly missing: readonly MissingOffering[];
  /** Current offerings of the data none of whose names the provider lists: candidates for `retired`. */
  readonly unlisted: readonly string[];
}

/** Compares a provider's listing with the data: what the data lacks, what it offers in vain. */
export function compareListing(registry: Registry, listing: LearnedListing): SyncReport {
  const entry = registry.provider(listing.provider);
  const listed = new Set(listing.models.map((model) => model.id.toLowerCase()));
  const known = new Set(
    [...entry.offerings, ...entry.retired].flatMap((offering) =>
      [offering.id, ...offering.aliases].map((name) => name.toLowerCase()),
    ),
  );
  const missing: MissingOffering[] = [];
  for (const model of listing.models) {
    if (known.has(model.id.toLowerCase())) continue;
    const resolution = registry.resolve({ provider: entry.id, model: model.id });
    missing.push({
      id: model.id,
      model: resolution.model?.origin === 'data' ? resolution.model.key : undefined,
      listed: model,
    });
  }
  const unlisted = entry.offerings
    .filter(
      (offering) =>
        ![offering.id, ...offering.aliases].some((name) => listed.has(name.toLowerCase())),
    )
    .map((offering) => offering.id);
  return {
    provider: entry.id,
    endpoint: listing.endpoint,
    date: listing.date,
    listed: listing.models.length,
    missing,
    unlisted,
  };
}
