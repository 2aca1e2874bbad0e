import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type RegistryIssue, validateRegistrySources } from '@crosswire/registry';
import { readDataSources } from '../commands/registry-validate.js';

/** What a checked write did: the files written, or the validator's reasons for writing none. */
export type CheckedWrite =
  | { readonly ok: true; readonly files: readonly string[] }
  | { readonly ok: false; readonly issues: readonly RegistryIssue[] };

/**
 * Writes changed data files only when the whole data directory, with the changes in place,
 * passes the same validator as `crosswire registry validate`: on any problem nothing is
 * written and the problems are returned. `changes` maps each file's path to its new content.
 */
export async function writeValidated(
  dataDir: string,
  changes: ReadonlyMap<string, unknown>,
): Promise<CheckedWrite> {
  if (changes.size === 0) return { ok: true, files: [] };
  const { sources, unreadable, paths } = await readDataSources(dataDir);
  const nameOf = new Map([...paths].map(([name, file]) => [path.resolve(file), name]));
  const changed = new Map<string, unknown>();
  for (const [file, data] of changes) {
    const name = nameOf.get(path.resolve(file));
    if (name === undefined) {
      return {
        ok: false,
        issues: [{ file, path: '', message: 'not a data file of this data directory' }],
      };
    }
    changed.set(name, data);
  }
  const candidate = sources.map((source) =>
    changed.has(source.file) ? { file: source.file, data: changed.get(source.file) } : source,
  );
  const { issues } = validateRegistrySources(candidate);
  if (unreadable.length > 0 || issues.length > 0)
    return { ok: false, issues: [...unreadable, ...issues] };
  const written: string[] = [];
  for (const [file, data] of changes) {
    await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
    written.push(file);
  }
  return { ok: true, files: written };
}
