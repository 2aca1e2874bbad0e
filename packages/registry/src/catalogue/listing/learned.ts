import type { CapabilityName } from '../../capabilities.js';
import type { EvidenceClaim } from '../catalogue.js';
import { LEARNED_LIMITS } from './limits.js';
import {
  LEARNED_FACTS,
  type LearnedListing,
  type LearnedModel,
  type LearnedSnapshot,
} from './types.js';

/** A learned model found for a name, with the listing that states it. */
export interface LearnedEntry {
  readonly listing: LearnedListing;
  readonly model: LearnedModel;
}

/** The learned layer indexed for lookups: per provider id, names (lower case) to entries. */
export interface LearnedIndex {
  readonly snapshot: LearnedSnapshot;
  provider(id: string): LearnedProvider | undefined;
}

export interface LearnedProvider {
  readonly listing: LearnedListing;
  find(name: string): LearnedEntry | undefined;
}

export const EMPTY_LEARNED: LearnedSnapshot = Object.freeze({ listings: Object.freeze([]) });

/** Indexes a snapshot lazily, per provider, on first lookup. */
export function indexLearned(snapshot: LearnedSnapshot): LearnedIndex {
  const providers = new Map<string, LearnedProvider | undefined>();
  return {
    snapshot,
    provider(id) {
      if (providers.has(id)) return providers.get(id);
      const listing = snapshot.listings.find((candidate) => candidate.provider === id);
      let indexed: LearnedProvider | undefined;
      if (listing) {
        const names = new Map<string, LearnedEntry>();
        const aliased: [string, LearnedEntry][] = [];
        for (const model of listing.models) {
          const entry = { listing, model };
          const lower = model.id.toLowerCase();
          if (!names.has(lower)) names.set(lower, entry);
          // Ollama lists `llava:latest` for what is asked for as `llava`.
          if (lower.endsWith(':latest')) {
            const bare = lower.slice(0, -':latest'.length);
            if (!names.has(bare)) names.set(bare, entry);
          }
          for (const alias of model.aliases ?? []) aliased.push([alias.toLowerCase(), entry]);
        }
        // An alias (Mistral's `mistral-tiny-latest`) names its model; a listed id wins over it.
        for (const [alias, entry] of aliased) if (!names.has(alias)) names.set(alias, entry);
        indexed = { listing, find: (name) => names.get(name.toLowerCase()) };
      }
      providers.set(id, indexed);
      return indexed;
    },
  };
}

/**
 * Merges a new listing into a snapshot: a complete listing replaces the provider's old one;
 * a partial one (some models asked about) adds to it, its models replacing those of the same id.
 */
export function mergeListing(snapshot: LearnedSnapshot, listing: LearnedListing): LearnedSnapshot {
  const old = snapshot.listings.find((candidate) => candidate.provider === listing.provider);
  const others = snapshot.listings.filter((candidate) => candidate !== old);
  let merged = listing;
  if (old && !listing.complete && listing.truncated === undefined) {
    const ids = new Set(listing.models.map((model) => model.id.toLowerCase()));
    const models = [
      ...old.models.filter((model) => !ids.has(model.id.toLowerCase())),
      ...listing.models,
    ];
    // The merged listing keeps to the loader's limit: the oldest of the old models go first.
    const over = models.length > LEARNED_LIMITS.models;
    const truncated = over
      ? `merged with models asked about later, it held more than ${LEARNED_LIMITS.models} models`
      : old.truncated;
    merged = Object.freeze({
      ...listing,
      endpoint: old.complete ? old.endpoint : listing.endpoint,
      complete: old.complete && !over,
      ...(truncated === undefined ? {} : { truncated }),
      models: Object.freeze(models.slice(-LEARNED_LIMITS.models)),
    });
  }
  return Object.freeze({ listings: Object.freeze([...others, merged]) });
}

const CLAIMS = new WeakMap<LearnedModel, Map<CapabilityName, EvidenceClaim | undefined>>();

/** The claim a listing makes about one model fact, or undefined when it states nothing. */
export function learnedClaim(
  entry: LearnedEntry,
  capability: CapabilityName,
): EvidenceClaim | undefined {
  let claims = CLAIMS.get(entry.model);
  if (claims === undefined) {
    claims = new Map();
    CLAIMS.set(entry.model, claims);
  }
  if (!claims.has(capability)) {
    const value = (LEARNED_FACTS as readonly string[]).includes(capability)
      ? entry.model.capabilities?.[capability as (typeof LEARNED_FACTS)[number]]
      : undefined;
    claims.set(
      capability,
      value === undefined
        ? undefined
        : Object.freeze({
            value,
            evidence: 'listing',
            source: entry.model.endpoint ?? entry.listing.endpoint,
            date: entry.listing.date,
          }),
    );
  }
  return claims.get(capability);
}
