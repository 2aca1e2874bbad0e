import type { RegistryFile } from '../files.js';
import { buildRegistry } from '../registry.js';
import { formatPath, locatePath, type RegistryIssue } from '../validation/issues.js';

/**
 * Every name must resolve to what declares it, through the resolver itself: a model's id,
 * aliases and snapshots to that model, an offering's names on its provider to that offering.
 * Behind the uniqueness checks above this is a safety net for the resolver (a name shadowed by
 * a lookup step), so `checkRegistryFiles` runs it only once everything else holds; its tests
 * call it directly with data the uniqueness checks would have stopped first.
 */
export function checkNamesResolve(files: readonly RegistryFile[]): RegistryIssue[] {
  const data = new Map(files.map((entry) => [entry.file, entry.data]));
  return namesResolveIssues(files).map((issue) => ({
    ...issue,
    path: locatePath(data.get(issue.file), issue.path),
  }));
}

/** The issues of {@link checkNamesResolve}, with list positions in their paths. */
export function namesResolveIssues(files: readonly RegistryFile[]): RegistryIssue[] {
  const issues: RegistryIssue[] = [];
  const registry = buildRegistry(files, { cacheSize: 0 });
  for (const entry of files) {
    if (entry.kind === 'lab') {
      entry.data.models.forEach((model, index) => {
        const key = `${entry.data.lab}/${model.id}`;
        const names: [string, PropertyKey[]][] = [
          [model.id, ['models', index, 'id']],
          ...(model.aliases ?? []).map((alias, position): [string, PropertyKey[]] => [
            alias,
            ['models', index, 'aliases', position],
          ]),
          ...(model.snapshots ?? []).map((snapshot, position): [string, PropertyKey[]] => [
            snapshot,
            ['models', index, 'snapshots', position],
          ]),
        ];
        for (const [name, path] of names) {
          const found = registry.model(name)?.key;
          if (found !== key) {
            issues.push({
              file: entry.file,
              path: formatPath(path),
              message: `"${name}" resolves to ${found ?? 'no model'}, not to ${key}`,
            });
          }
        }
      });
      continue;
    }
    const provider = entry.data.id;
    entry.data.retired?.forEach((retired, index) => {
      for (const [position, name] of [retired.id, ...(retired.aliases ?? [])].entries()) {
        const found = registry.resolve({ provider, model: name }).offering?.id;
        if (found !== retired.id) {
          issues.push({
            file: entry.file,
            path: formatPath(
              position === 0
                ? ['retired', index, 'id']
                : ['retired', index, 'aliases', position - 1],
            ),
            message: `"${name}" resolves to ${found === undefined ? 'no offering' : `offering "${found}"`} on provider "${provider}", not to retired offering "${retired.id}"`,
          });
        }
      }
    });
    entry.data.offerings?.forEach((offering, index) => {
      for (const [position, name] of [offering.id, ...(offering.aliases ?? [])].entries()) {
        const found = registry.resolve({ provider, model: name }).offering?.id;
        if (found !== offering.id) {
          issues.push({
            file: entry.file,
            path: formatPath(
              position === 0
                ? ['offerings', index, 'id']
                : ['offerings', index, 'aliases', position - 1],
            ),
            message: `"${name}" resolves to ${found === undefined ? 'no offering' : `offering "${found}"`} on provider "${provider}", not to offering "${offering.id}"`,
          });
        }
      }
    });
  }
  return issues;
}
