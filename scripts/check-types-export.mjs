#!/usr/bin/env node
// The type-export check: packs every public package the way it would be published
// (`pnpm pack`, which also turns `workspace:^` into real version ranges) and runs
// @arethetypeswrong/cli on each tarball with the ESM-only profile. Fails when any package has a
// problem. Needs the built `dist/`: run after `pnpm build`. (publint --strict runs per package
// through `pnpm publint`.)
//
//   node scripts/check-types-export.mjs [package-name ...]
//
// Tarballs go to `.pack/` at the repository root (git-ignored) and are removed afterwards.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { listPackages, packPackage, pnpmCommand, repositoryRoot } from './workspace.mjs';

const packDir = path.join(repositoryRoot, '.pack');
const binDir = path.join(repositoryRoot, 'node_modules', '.bin');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function main(selected) {
  const packages = listPackages(repositoryRoot).filter(
    ({ name, manifest }) => !manifest.private && (selected.length === 0 || selected.includes(name)),
  );
  if (packages.length === 0) {
    console.error('check-types-export: no package matched.');
    return 1;
  }
  const unbuilt = packages.filter(({ dir }) => !existsSync(path.join(dir, 'dist')));
  if (unbuilt.length > 0) {
    console.error(
      `check-types-export: no dist/ in ${unbuilt.map(({ name }) => name).join(', ')}; ` +
        'run `npx -y pnpm@12.4.2 build` first.',
    );
    return 1;
  }

  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  const pnpm = pnpmCommand();
  const failed = [];
  try {
    for (const { dir, name } of packages) {
      console.log(`\n── ${name}`);
      const tarball = packPackage(pnpm, dir, packDir);
      const attw = run(path.join(binDir, 'attw'), [
        tarball,
        '--profile',
        'esm-only',
        '--format',
        'table-flipped',
        '--no-emoji',
      ]);
      if (attw !== 0) failed.push(name);
    }
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }

  if (failed.length > 0) {
    console.error(`\ncheck-types-export: problems in ${failed.join(', ')}.`);
    return 1;
  }
  console.log(`\ncheck-types-export: ${packages.length} packages pass attw (esm-only profile).`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
