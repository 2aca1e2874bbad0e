import type { CapabilityName } from './capabilities.js';
import { modelEntryFrom, providerEntryFrom } from './entries.js';
import type { RegistryFile } from './files.js';
import { type CompiledTemplate, compileTemplate, type NamingRules } from './names/names.js';
import type { FamilyData, ProviderFile } from './schema.js';
import type { EffectiveCapability, ModelEntry, OfferingEntry, ProviderEntry } from './types.js';
import { parseVersionRange, type VersionComparison } from './version.js';

export interface ModelRecord {
  readonly entry: ModelEntry;
}

export interface FamilyRecord {
  readonly lab: string;
  readonly data: FamilyData;
  readonly templates: readonly CompiledTemplate[];
  /** The parsed `versions` range, when the family limits its templates to some versions. */
  readonly versions: readonly VersionComparison[] | undefined;
}

export interface ProviderRecord {
  readonly entry: ProviderEntry;
  readonly data: ProviderFile;
  readonly naming: NamingRules;
  readonly offerings: ReadonlyMap<string, { offering: OfferingEntry }>;
  /** The first offering serving each model key, for names that match the model itself. */
  readonly byModel: ReadonlyMap<string, { offering: OfferingEntry }>;
  /**
   * The first retired offering of each model key the provider no longer serves at all: a dated
   * snapshot of a retired offering resolves with that offering's lifecycle.
   */
  readonly retiredByModel: ReadonlyMap<string, { offering: OfferingEntry }>;
}

export type NameKind = 'id' | 'alias' | 'snapshot';

export function buildIndex(files: readonly RegistryFile[]) {
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
      const family = file.data.families?.find((candidate) => candidate.family === data.family);
      const entry = modelEntryFrom(lab, data, family);
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
    const offerings = new Map<string, { offering: OfferingEntry }>();
    const byModel = new Map<string, { offering: OfferingEntry }>();
    for (const offering of entry.offerings) {
      if (!byModel.has(offering.model)) byModel.set(offering.model, { offering });
      for (const name of [offering.id, ...offering.aliases]) {
        offerings.set(name.toLowerCase(), { offering });
      }
    }
    // Retired offerings resolve too (with a warning); a current name always wins.
    const retiredByModel = new Map<string, { offering: OfferingEntry }>();
    for (const offering of entry.retired) {
      if (!byModel.has(offering.model) && !retiredByModel.has(offering.model)) {
        retiredByModel.set(offering.model, { offering });
      }
      for (const name of [offering.id, ...offering.aliases]) {
        if (!offerings.has(name.toLowerCase())) offerings.set(name.toLowerCase(), { offering });
      }
    }
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
      retiredByModel,
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
    /** Capabilities derived per subject and wire, shared by every name that resolves to it. */
    derived: new Map<string, Readonly<Record<CapabilityName, EffectiveCapability>>>(),
    families,
    providers,
    anyProviderNaming,
    providerList: Object.freeze(providerList),
    modelList,
  };
}

export type Index = ReturnType<typeof buildIndex>;
