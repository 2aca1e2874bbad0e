import { RegistryError } from '@crosswire/core';
import type { z } from 'zod';
import type { Catalogue } from './catalogue/catalogue.js';
import { learnedSnapshotSchema } from './catalogue/listing/schema.js';
import type { LearnedSnapshot } from './catalogue/listing/types.js';
import { defaultRegistry } from './default-registry.js';
import { buildRegistry } from './registry.js';
import {
  type LabFile,
  type LabPatch,
  labFileSchema,
  labPatchSchema,
  type ProviderFile,
  type ProviderPatch,
  providerFileSchema,
  providerPatchSchema,
} from './schema.js';
import type { Registry, RegistryOptions } from './types.js';
import {
  checkRegistryFiles,
  formatIssue,
  formatPath,
  type RegistryFile,
  type RegistryIssue,
} from './validation/validate.js';

/**
 * An entry given to `createRegistry`: a lab file (models) or a patch of a lab the base has
 * (`{ lab, models: [{ id, ...fields to replace }] }`), a whole provider file, or a patch of a
 * provider the base registry has (`{ id, ...fields to replace }`).
 */
export type RegistryEntry =
  | z.input<typeof labFileSchema>
  | z.input<typeof labPatchSchema>
  | z.input<typeof providerPatchSchema>;

export interface CreateRegistryOptions extends Omit<RegistryOptions, 'catalogue'> {
  /** The imported catalogue: the base registry's when absent, none when null. */
  readonly catalogue?: Catalogue | null;
  /** The registry to start from: `defaultRegistry` when absent, nothing when null. */
  readonly extends?: Registry | null;
  /** Entries that add to or replace entries of the base, checked by the same strict schema. */
  readonly entries?: readonly RegistryEntry[];
  /**
   * A learned layer saved from `registry.learned()` (after `discover`): providers' own model
   * lists, ranked below the data and above the catalogue. Checked by a strict schema; its
   * listings replace the base's for the same provider. Default: the base's learned layer.
   */
  readonly learned?: LearnedSnapshot;
}

function issuesOf(
  file: string,
  error: z.ZodError,
  /** Merged model position → position in the entry, for a lab patch. */
  origin: ReadonlyMap<number, number> = new Map(),
): RegistryIssue[] {
  return error.issues.flatMap((issue) => {
    const [first, second, ...rest] = issue.path;
    const path =
      first === 'models' && typeof second === 'number' && origin.has(second)
        ? [first, origin.get(second) as number, ...rest]
        : issue.path;
    return issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          file,
          path: formatPath([...path, key]),
          message: `unknown field "${key}" (the schema is strict; check the spelling)`,
        }))
      : [{ file, path: formatPath(path), message: issue.message }];
  });
}

function byKey<T>(items: readonly T[], key: (item: T) => string, overrides: readonly T[]): T[] {
  const result = [...items];
  for (const item of overrides) {
    const position = result.findIndex((existing) => key(existing) === key(item));
    if (position >= 0) result[position] = item;
    else result.push(item);
  }
  return result;
}

/**
 * The base lab with the patch applied, and for each merged model that a patch entry touched
 * the position of that entry, so a problem is reported at `models[i]` of the entry as written.
 */
function mergeLab(
  base: LabFile,
  patch: LabPatch,
): { readonly merged: unknown; readonly origin: ReadonlyMap<number, number> } {
  const models = base.models.map((model) => ({ ...model }));
  const origin = new Map<number, number>();
  patch.models.forEach((change, patchIndex) => {
    const position = models.findIndex(
      (model) => model.id.toLowerCase() === change.id.toLowerCase(),
    );
    const current = models[position];
    if (!current) {
      origin.set(models.length, patchIndex);
      models.push(change as (typeof models)[number]);
      return;
    }
    origin.set(position, patchIndex);
    models[position] = {
      ...current,
      ...change,
      limits: change.limits ? { ...current.limits, ...change.limits } : current.limits,
      capabilities: { ...current.capabilities, ...change.capabilities },
    };
  });
  return {
    merged: {
      ...base,
      ...patch,
      families: byKey(base.families ?? [], (family) => family.family, patch.families ?? []),
      models,
    },
    origin,
  };
}

function mergeProvider(base: ProviderFile, patch: ProviderPatch): unknown {
  return {
    ...base,
    ...patch,
    quirks: { ...base.quirks, ...patch.quirks },
    quirk_sources: { ...base.quirk_sources, ...patch.quirk_sources },
    capabilities: { ...base.capabilities, ...patch.capabilities },
    offerings: byKey(
      base.offerings ?? [],
      (offering) => offering.id.toLowerCase(),
      patch.offerings ?? [],
    ),
  };
}

/**
 * A registry made of a base registry and local entries, for an app that needs a fact before
 * a release has it, or wants to pin one. Every entry is checked by the strict schema and the
 * same cross-field checks as the shipped data; a problem throws a RegistryError whose message
 * names the entry, the field and the problem. The entries are read, never changed: patches
 * apply to copies.
 */
export function createRegistry(options: CreateRegistryOptions = {}): Registry {
  const base = options.extends === undefined ? defaultRegistry : options.extends;
  if (base !== null && typeof (base as Partial<Registry> | undefined)?.files !== 'function') {
    throw new RegistryError(
      'invalid_registry_data',
      'invalid registry data:\n  extends: (option): expected a registry (defaultRegistry or one createRegistry made) or null',
      {
        details: {
          issues: [
            {
              file: 'extends',
              path: '',
              message: 'expected a registry (defaultRegistry or one createRegistry made) or null',
            },
          ],
        },
      },
    );
  }
  const files: RegistryFile[] = [...(base?.files() ?? [])];
  const issues: RegistryIssue[] = [];

  // A plain-JavaScript caller may pass one entry or a record instead of the list; say so in
  // the typed error every other data problem gets, rather than failing with a TypeError.
  const entries: readonly unknown[] | undefined = options.entries;
  if (entries !== undefined && !Array.isArray(entries)) {
    throw new RegistryError(
      'invalid_registry_data',
      'invalid registry data:\n  entries: (option): expected an array of lab files, lab patches, provider files or provider patches',
      {
        details: {
          issues: [
            {
              file: 'entries',
              path: '',
              message:
                'expected an array of lab files, lab patches, provider files or provider patches',
            },
          ],
        },
      },
    );
  }

  (options.entries ?? []).forEach((entry, position) => {
    const name = `entries[${position}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      issues.push({ file: name, path: '', message: 'expected an object' });
      return;
    }
    if ('lab' in entry) {
      const label = `${name} (lab "${String(entry.lab)}")`;
      const patch = labPatchSchema.safeParse(entry);
      if (!patch.success) {
        issues.push(...issuesOf(label, patch.error));
        return;
      }
      const existing = files.findIndex(
        (file) => file.kind === 'lab' && file.data.lab === patch.data.lab,
      );
      const current = files[existing];
      const { merged, origin } =
        current?.kind === 'lab'
          ? mergeLab(current.data, patch.data)
          : { merged: entry, origin: new Map<number, number>() };
      const parsed = labFileSchema.safeParse(merged);
      if (!parsed.success) {
        issues.push(...issuesOf(label, parsed.error, origin));
        return;
      }
      if (current) files[existing] = { kind: 'lab', file: current.file, data: parsed.data };
      else files.push({ kind: 'lab', file: label, data: parsed.data });
      return;
    }
    const label = `${name} (provider "${String((entry as { id?: unknown }).id)}")`;
    const patch = providerPatchSchema.safeParse(entry);
    if (!patch.success) {
      issues.push(...issuesOf(label, patch.error));
      return;
    }
    const existing = files.findIndex(
      (file) => file.kind === 'provider' && file.data.id === patch.data.id,
    );
    const current = files[existing];
    const merged = current?.kind === 'provider' ? mergeProvider(current.data, patch.data) : entry;
    const parsed = providerFileSchema.safeParse(merged);
    if (!parsed.success) {
      issues.push(...issuesOf(label, parsed.error));
      return;
    }
    if (current) files[existing] = { kind: 'provider', file: current.file, data: parsed.data };
    else files.push({ kind: 'provider', file: label, data: parsed.data });
  });

  if (issues.length === 0) issues.push(...checkRegistryFiles(files));
  if (issues.length > 0) {
    throw new RegistryError(
      'invalid_registry_data',
      `invalid registry data:\n${issues.map((issue) => `  ${formatIssue(issue)}`).join('\n')}`,
      { details: { issues } },
    );
  }
  const catalogue = options.catalogue === undefined ? base?.catalogue() : options.catalogue;
  const learned = learnedLayer(base, options.learned);
  return buildRegistry(files, {
    cacheSize: options.cacheSize,
    ...(catalogue ? { catalogue } : {}),
    ...(options.today ? { today: options.today } : {}),
    ...(learned ? { learned } : {}),
  });
}

/** The base's learned layer with the given snapshot's listings over it, checked. */
function learnedLayer(base: Registry | null, given: unknown): LearnedSnapshot | undefined {
  const inherited = base?.learned?.();
  if (given === undefined) return inherited;
  const parsed = learnedSnapshotSchema.safeParse(given);
  if (!parsed.success) {
    const issues = issuesOf('learned', parsed.error);
    throw new RegistryError(
      'invalid_learned_snapshot',
      `invalid learned snapshot:\n${issues.map((issue) => `  ${formatIssue(issue)}`).join('\n')}`,
      { details: { issues } },
    );
  }
  const replaced = new Set(parsed.data.listings.map((listing) => listing.provider));
  const snapshot: LearnedSnapshot = {
    listings: [
      ...(inherited?.listings ?? []).filter((listing) => !replaced.has(listing.provider)),
      ...parsed.data.listings,
    ],
  };
  return deepFreeze(snapshot);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
