// The workspace packages, read from the file system only (no package manager, no git), so the
// repository scripts work the same on a fresh clone, in CI and against a test's temp folder.

import { spawnSync } from 'node:child_process';
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

/**
 * How to run pnpm: the one that runs this script when it is a pnpm script, otherwise the version
 * pinned in the root package.json through npx (no global pnpm is assumed).
 */
export function pnpmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath))) {
    return /\.[cm]?js$/.test(execPath) ? [process.execPath, execPath] : [execPath];
  }
  const rootManifest = JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8'));
  return ['npx', '-y', rootManifest.packageManager ?? 'pnpm'];
}

/**
 * Packs one package the way it is published (`pnpm pack` turns `workspace:^` into real version
 * ranges) into `destination`, and returns the tarball's path.
 */
export function packPackage(pnpm, packageDir, destination) {
  const before = new Set(readdirSync(destination));
  const [command, ...prefix] = pnpm;
  const result = spawnSync(command, [...prefix, 'pack', '--pack-destination', destination], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.error) throw result.error;
  const created = readdirSync(destination).filter(
    (file) => !before.has(file) && file.endsWith('.tgz'),
  );
  if (result.status !== 0 || created.length !== 1) {
    throw new Error(`pnpm pack failed in ${path.relative(repositoryRoot, packageDir)}`);
  }
  return path.join(destination, created[0]);
}
