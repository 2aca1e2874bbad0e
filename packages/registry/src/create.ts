import { RegistryError } from '@crosswire/core';
import type { z } from 'zod';
import { defaultRegistry } from './default-registry.js';
import { buildRegistry, type Registry, type RegistryOptions } from './registry.js';
import {
  type LabFile,
  labFileSchema,
  type ProviderFile,
  type ProviderPatch,
  providerFileSchema,
  providerPatchSchema,
} from './schema.js';
import {
  checkRegistryFiles,
  formatIssue,
  formatPath,
  type RegistryFile,
  type RegistryIssue,
} from './validate.js';

/**
 * An entry given to `createRegistry`: a lab file (models), a whole provider file, or a patch
 * of a provider the base registry has (`{ id, ...fields to replace }`).
 */
export type RegistryEntry = z.input<typeof labFileSchema> | z.input<typeof providerPatchSchema>;

export interface CreateRegistryOptions extends RegistryOptions {
  /** The registry to start from: `defaultRegistry` when absent, nothing when null. */
  readonly extends?: Registry | null;
  /** Entries that add to or replace entries of the base, checked by the same strict schema. */
  readonly entries?: readonly RegistryEntry[];
}

function issuesOf(file: string, error: z.ZodError): RegistryIssue[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          file,
          path: formatPath([...issue.path, key]),
          message: `unknown field "${key}" (the schema is strict; check the spelling)`,
        }))
      : [{ file, path: formatPath(issue.path), message: issue.message }],
  );
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

function mergeLab(base: LabFile, patch: LabFile): LabFile {
  return {
    ...base,
    ...patch,
    families: byKey(base.families ?? [], (family) => family.family, patch.families ?? []),
    models: byKey(base.models, (model) => model.id.toLowerCase(), patch.models),
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
 * names the entry, the field and the problem.
 */
export function createRegistry(options: CreateRegistryOptions = {}): Registry {
  const base = options.extends === undefined ? defaultRegistry : options.extends;
  const files: RegistryFile[] = [...(base?.files() ?? [])];
  const issues: RegistryIssue[] = [];

  (options.entries ?? []).forEach((entry, position) => {
    const name = `entries[${position}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      issues.push({ file: name, path: '', message: 'expected an object' });
      return;
    }
    if ('lab' in entry) {
      const parsed = labFileSchema.safeParse(entry);
      if (!parsed.success) {
        issues.push(...issuesOf(`${name} (lab "${String(entry.lab)}")`, parsed.error));
        return;
      }
      const existing = files.findIndex(
        (file) => file.kind === 'lab' && file.data.lab === parsed.data.lab,
      );
      const current = files[existing];
      if (current?.kind === 'lab') {
        files[existing] = {
          kind: 'lab',
          file: current.file,
          data: mergeLab(current.data, parsed.data),
        };
      } else {
        files.push({ kind: 'lab', file: name, data: parsed.data });
      }
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
  return buildRegistry(files, { cacheSize: options.cacheSize });
}
