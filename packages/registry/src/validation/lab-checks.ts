import { CAPABILITY_NAMES, REQUEST_FEATURE_NAMES } from '../capabilities.js';
import type { RegistryFile } from '../files.js';
import type { ModelData } from '../schema.js';
import { baseName, checkClaim } from './common-checks.js';
import { formatPath, type RegistryIssue } from './issues.js';

/** What the lab files define, which the provider files refer to. */
export interface LabIndex {
  /** Every model by its `lab/id` key. */
  readonly models: ReadonlyMap<string, ModelData>;
  /** Every family a model or a family entry names. */
  readonly families: ReadonlySet<string>;
  /** Every model name (id, alias, snapshot) in lower case, with the model it names. */
  readonly modelNames: ReadonlyMap<string, { readonly key: string; readonly file: string }>;
}

/**
 * The cross-field checks of the lab files, pushed to `issues`: each lab named as its file and
 * defined once, claims with their provenance, model names that point at one model across labs,
 * output limits within the context window.
 */
export function checkLabs(files: readonly RegistryFile[], issues: RegistryIssue[]): LabIndex {
  const labs = new Map<string, string>();
  const models = new Map<string, ModelData>();
  const families = new Set<string>();
  // Every model name (id, alias, snapshot) must point at exactly one model, across labs.
  const modelNames = new Map<string, { key: string; file: string }>();

  const claimName = (
    file: string,
    path: readonly PropertyKey[],
    name: string,
    key: string,
  ): void => {
    const lower = name.toLowerCase();
    const existing = modelNames.get(lower);
    if (existing && existing.key !== key) {
      issues.push({
        file,
        path: formatPath(path),
        message: `model name "${name}" is already a name of ${existing.key} (${existing.file})`,
      });
    } else if (existing) {
      issues.push({
        file,
        path: formatPath(path),
        message: `model name "${name}" is listed twice for ${key}`,
      });
    } else {
      modelNames.set(lower, { key, file });
    }
  };

  for (const entry of files) {
    if (entry.kind !== 'lab') continue;
    const { data, file } = entry;
    const expected = baseName(file);
    if (expected !== undefined && file.includes('models') && expected !== data.lab) {
      issues.push({
        file,
        path: 'lab',
        message: `lab "${data.lab}" does not match the file name (expected "${expected}")`,
      });
    }
    const previous = labs.get(data.lab);
    if (previous) {
      issues.push({
        file,
        path: 'lab',
        message: `lab "${data.lab}" is also defined in ${previous}`,
      });
    }
    labs.set(data.lab, file);
    // A family's templates need no check here: the schema requires their {version} placeholder
    // and compileTemplate escapes the rest, so every template it lets through compiles.
    data.families?.forEach((family, familyIndex) => {
      families.add(family.family);
      for (const name of CAPABILITY_NAMES) {
        const claim = family.capabilities[name];
        if (claim) {
          checkClaim(issues, file, ['families', familyIndex, 'capabilities', name], claim);
        }
      }
      for (const name of REQUEST_FEATURE_NAMES) {
        const given = family.request_features?.[name];
        const list = given === undefined ? [] : Array.isArray(given) ? given : [given];
        list.forEach((claim, claimIndex) => {
          const path = ['families', familyIndex, 'request_features', name];
          checkClaim(issues, file, Array.isArray(given) ? [...path, claimIndex] : path, claim);
        });
      }
    });
    data.models.forEach((model, index) => {
      const key = `${data.lab}/${model.id}`;
      families.add(model.family);
      if (models.has(key)) {
        issues.push({
          file,
          path: formatPath(['models', index, 'id']),
          message: `model "${key}" is defined twice`,
        });
      }
      models.set(key, model);
      claimName(file, ['models', index, 'id'], model.id, key);
      model.aliases?.forEach((alias, aliasIndex) => {
        claimName(file, ['models', index, 'aliases', aliasIndex], alias, key);
      });
      model.snapshots?.forEach((snapshot, snapshotIndex) => {
        claimName(file, ['models', index, 'snapshots', snapshotIndex], snapshot, key);
      });
      const { context, output } = model.limits ?? {};
      if (context !== undefined && output !== undefined && output > context) {
        issues.push({
          file,
          path: formatPath(['models', index, 'limits', 'output']),
          message: `output limit ${output} exceeds the context window ${context}`,
        });
      }
      for (const name of CAPABILITY_NAMES) {
        const claim = model.capabilities[name];
        if (claim) checkClaim(issues, file, ['models', index, 'capabilities', name], claim);
      }
      for (const name of REQUEST_FEATURE_NAMES) {
        const claim = model.request_features?.[name];
        if (claim) checkClaim(issues, file, ['models', index, 'request_features', name], claim);
      }
    });
  }
  return { models, families, modelNames };
}
