import { dataDate } from '../data-date.js';
import type { RegistryFile, RegistrySource } from '../files.js';
import { namesResolveIssues } from '../names/check-names.js';
import { locatePath, type RegistryIssue } from './issues.js';
import { checkLabs } from './lab-checks.js';
import { checkProviders } from './provider-checks.js';
import { parseRegistrySource } from './schema-issues.js';

// The validation of a data directory: each file against its schema (schema-issues.ts), then the
// checks a schema cannot express across the files (lab-checks.ts, provider-checks.ts), then the
// name resolution (names/check-names.ts), with the schema's problems reported once.

export { dataDate } from '../data-date.js';
export type { RegistryFile, RegistrySource } from '../files.js';
export { checkNamesResolve } from '../names/check-names.js';
export { formatIssue, formatPath, locatePath, type RegistryIssue } from './issues.js';
export { parseRegistrySource } from './schema-issues.js';

/**
 * The checks a schema cannot express: true claims have sources, output limits fit the
 * context, names are unique and resolve, references point at something, quirks have
 * provenance, claims do not contradict the wire.
 */
export function checkRegistryFiles(
  files: readonly RegistryFile[],
  /** Labs whose file failed its schema: references into them are not reported again. */
  brokenLabs: ReadonlySet<string> = new Set(),
): RegistryIssue[] {
  const data = new Map(files.map((entry) => [entry.file, entry.data]));
  return checkFiles(files, brokenLabs).map((issue) => ({
    ...issue,
    path: locatePath(data.get(issue.file), issue.path),
  }));
}

function checkFiles(
  files: readonly RegistryFile[],
  brokenLabs: ReadonlySet<string>,
): RegistryIssue[] {
  const issues: RegistryIssue[] = [];
  const labIndex = checkLabs(files, issues);
  checkProviders(files, labIndex, brokenLabs, dataDate(files), issues);
  // Resolving needs a consistent whole: run it only when everything else holds.
  if (issues.length === 0 && brokenLabs.size === 0) issues.push(...namesResolveIssues(files));
  return issues;
}

/** Parses and checks a set of data files; `files` holds the ones that parsed. */
export function validateRegistrySources(sources: readonly RegistrySource[]): {
  readonly files: readonly RegistryFile[];
  readonly issues: readonly RegistryIssue[];
} {
  if (sources.length === 0) {
    return {
      files: [],
      issues: [
        {
          file: '(data directory)',
          path: '',
          message:
            'no data files: expected lab files (models/*.json) and provider files (providers/*.json)',
        },
      ],
    };
  }
  const files: RegistryFile[] = [];
  const repaired: RegistryFile[] = [];
  const issues: RegistryIssue[] = [];
  const brokenLabs = new Set<string>();
  for (const source of sources) {
    const result = parseRegistrySource(source);
    issues.push(
      ...result.issues.map((issue) => ({ ...issue, path: locatePath(source.data, issue.path) })),
    );
    if (result.file) {
      files.push(result.file);
      continue;
    }
    // A file with schema problems still gets the cross-field checks, so one run reports
    // everything: without its invalid fields it may parse, and then it is checked as well.
    const without = withoutInvalidFields(source, result.issues);
    if (without) repaired.push(without);
    else if (typeof source.data === 'object' && source.data !== null && 'lab' in source.data) {
      brokenLabs.add(String(source.data.lab));
    }
  }
  const checked = checkRegistryFiles([...files, ...repaired], brokenLabs);
  // What the repair removed was reported by the schema: a cross-field issue about the same field,
  // or about the provenance of a removed quirk (quirk_sources.x once quirks.x is gone), would
  // only echo it. Any other issue is a problem of its own, reported now rather than on the next
  // run: a field of the same name in another entry, a field beside the removed one.
  const removed = new Set(issues.map((issue) => `${issue.file}\0${issue.path}`));
  const echoes = (issue: RegistryIssue) =>
    removed.has(`${issue.file}\0${issue.path}`) ||
    removed.has(`${issue.file}\0${issue.path.replace(/^quirk_sources\./, 'quirks.')}`);
  issues.push(...checked.filter((issue) => !echoes(issue)));
  return { files, issues };
}

/** The file without the fields its schema issues point at, if that parses. */
function withoutInvalidFields(
  source: RegistrySource,
  issues: readonly RegistryIssue[],
): RegistryFile | undefined {
  // No JSON object (its one issue is about the whole file, path '') leaves nothing to remove,
  // and parses no better afterwards.
  const copy = structuredClone(source.data) as Record<string, unknown>;
  for (const issue of issues) {
    const parts = [...issue.path.matchAll(/\[(\d+)\]|\.?([^.[\]]+)/g)].map(([, index, key]) =>
      index !== undefined ? Number(index) : (key as string),
    );
    let node: unknown = copy;
    for (const part of parts.slice(0, -1)) {
      node = typeof node === 'object' && node !== null ? (node as never)[part] : undefined;
    }
    const last = parts.at(-1);
    if (typeof node !== 'object' || node === null || last === undefined) continue;
    if (Array.isArray(node)) return undefined;
    delete (node as Record<PropertyKey, unknown>)[last];
  }
  const result = parseRegistrySource({ file: source.file, data: copy });
  return result.file;
}
