import { RegistryError } from '@crosswire/core';
import { buildIndex, type ProviderRecord } from './build-index.js';
import { CAPABILITY_NAMES, type CapabilityName, isCapabilityName } from './capabilities.js';
import type { DiscoverOptions } from './catalogue/listing/discover.js';
import { EMPTY_LEARNED, indexLearned, mergeListing } from './catalogue/listing/learned.js';
import { dataDate } from './data-date.js';
import { resolveUncached } from './derive.js';
import type { RegistryFile } from './files.js';
import { closestName } from './names/suggest.js';
import { createResolutionCache } from './resolution/cache.js';
import { toolResultDeliveries } from './resolution/delivery.js';
import { findModel } from './resolution/find-model.js';
import type {
  CapabilityQuery,
  CapabilityValues,
  Registry,
  RegistryOptions,
  Resolution,
} from './types.js';

/** Builds a registry over already validated files (see `createRegistry` for the checked path). */
export function buildRegistry(
  files: readonly RegistryFile[],
  options: RegistryOptions = {},
): Registry {
  const cacheSize = options.cacheSize ?? 2048;
  let index: ReturnType<typeof buildIndex> | undefined;
  const cache = createResolutionCache<Resolution>(cacheSize);
  const catalogue = options.catalogue;
  const learnedSnapshot = options.learned ?? EMPTY_LEARNED;
  const learned = learnedSnapshot.listings.length > 0 ? indexLearned(learnedSnapshot) : undefined;
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  let asOf: string | undefined;
  // Walked once, and only when a warning needs it: most resolutions never do.
  const dataDateOf = () => {
    asOf ??= dataDate(files) ?? today;
    return asOf;
  };

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
      const providers = indexed().providerList;
      const known = providers.map((provider) => provider.id).sort();
      // A typo is named by the provider it was meant to be, matched over ids and aliases.
      const nearest = closestName(
        id,
        providers.flatMap((provider) => [provider.id, ...provider.aliases]),
      );
      const meant = nearest === undefined ? undefined : findProvider(nearest)?.entry.id;
      const hint = meant === undefined ? '' : `; did you mean "${meant}"?`;
      throw new RegistryError(
        'unknown_provider',
        `unknown provider "${id}"${hint} (known: ${known.join(', ')})`,
        { details: { provider: id, ...(meant === undefined ? {} : { suggestion: meant }) } },
      );
    }
    return record;
  }

  function resolve(query: CapabilityQuery): Resolution {
    const key = `${query.provider ?? ''}\u0000${query.model}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const provider = query.provider === undefined ? undefined : lookupProvider(query.provider);
    const resolved = resolveUncached(
      { index: indexed(), catalogue, learned, today, dataDate: dataDateOf },
      provider,
      query.model,
    );
    const resolution: Resolution = Object.freeze({
      ...resolved,
      delivery: toolResultDeliveries(resolved),
    });
    cache.set(key, resolution);
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

  const registry: Registry = Object.freeze({
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
    catalogue: () => catalogue,
    servedModels: (id: string) => {
      const { entry } = lookupProvider(id);
      const names = entry.offerings.map((offering) => offering.id);
      const taken = new Set(
        [...entry.offerings, ...entry.retired].flatMap((offering) =>
          [offering.id, ...offering.aliases].map((name) => name.toLowerCase()),
        ),
      );
      const add = (name: string) => {
        if (taken.has(name.toLowerCase())) return;
        taken.add(name.toLowerCase());
        names.push(name);
      };
      // The provider's own list next (chat models it does not say are retired), then the
      // catalogue's; a model that is no chat model, or that the list says is retired, is never
      // offered.
      for (const model of learned?.provider(entry.id)?.listing.models ?? []) {
        const stage = model.lifecycle;
        const retired =
          stage?.status === 'retired' ||
          (stage?.status === undefined && stage?.retired !== undefined && stage.retired <= today);
        if (retired || model.kind !== undefined) taken.add(model.id.toLowerCase());
        else add(model.id);
      }
      if (catalogue && entry.catalogue !== undefined) {
        for (const model of catalogue.models(entry.catalogue)) {
          if (model.kind === 'chat') add(model.id);
        }
      }
      return Object.freeze(names);
    },
    learned: () => learnedSnapshot,
    discover: async (discover: DiscoverOptions) => {
      if (typeof discover?.provider !== 'string') {
        throw invalidQuery(
          `discover needs { provider }: a provider id string, got ${describe(discover?.provider)}`,
        );
      }
      const { entry } = lookupProvider(discover.provider);
      // Loaded on first use: importing the registry costs nothing for it.
      const { readListing } = await import('./catalogue/listing/discover.js');
      const listing = await readListing(entry, discover);
      return buildRegistry(files, {
        ...options,
        learned: mergeListing(learnedSnapshot, listing),
      });
    },
  });
  return registry;
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
