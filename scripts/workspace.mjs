// The workspace packages, read from the file system only (no package manager, no git), so the
// repository scripts work the same on a fresh clone, in CI and against a test's temp folder.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** The packages under `<root>/packages/*`, sorted by name, each with its parsed package.json. */
export function listPackages(root) {
  const packagesDir = path.join(root, 'packages');
  if (!existsSync(packagesDir)) return [];
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(packagesDir, entry.name))
    .filter((dir) => existsSync(path.join(dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      return { dir, name: manifest.name, manifest };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
