#!/usr/bin/env node
// The dependency check: every package that a package's built files import (JS and .d.ts) must
// be declared in its `dependencies` or `peerDependencies`. In the workspace an undeclared import
// still resolves (the root's devDependencies sit in the root node_modules), so only this check
// catches the package that would break for the user who installs it. Run after `pnpm build`.
//
//   node scripts/check-dependencies.mjs [--root DIR]

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { listPackages, repositoryRoot } from './workspace.mjs';

const builtins = new Set(builtinModules);

function listBuiltFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listBuiltFiles(file));
    else if (/\.(?:[cm]?js|d\.[cm]?ts)$/.test(entry.name)) files.push(file);
  }
  return files;
}

/** The npm package a bare specifier names (`@scope/name/sub.js` → `@scope/name`), or null. */
export function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) {
    return null;
  }
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtins.has(name) ? null : name;
}

/**
 * The packages imported by the text of one built file: static, dynamic and side-effect imports,
 * re-exports, `require` and `import('x').Type` in declarations. TypeScript's own scanner reads
 * them, so an import shown in a doc comment is not mistaken for one.
 */
export function importedPackages(text) {
  const names = new Set();
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const name = packageOf(fileName);
    if (name) names.add(name);
  }
  return names;
}

/** Undeclared imports per package: [{ name, missing: [{ dependency, files }] }]. */
export function findUndeclared(root) {
  const problems = [];
  for (const { dir, name, manifest } of listPackages(root)) {
    const distDir = path.join(dir, 'dist');
    if (!existsSync(distDir)) continue;
    const declared = new Set([
      name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    const missing = new Map();
    for (const file of listBuiltFiles(distDir)) {
      for (const dependency of importedPackages(readFileSync(file, 'utf8'))) {
        if (declared.has(dependency)) continue;
        if (!missing.has(dependency)) missing.set(dependency, []);
        missing.get(dependency).push(path.relative(dir, file));
      }
    }
    if (missing.size > 0) {
      problems.push({
        name,
        missing: [...missing].map(([dependency, files]) => ({ dependency, files })),
      });
    }
  }
  return problems;
}

function main(argv) {
  const rootIndex = argv.indexOf('--root');
  const root = rootIndex >= 0 ? path.resolve(argv[rootIndex + 1] ?? '.') : repositoryRoot;
  const built = listPackages(root).filter(({ dir }) => existsSync(path.join(dir, 'dist')));
  if (built.length === 0) {
    console.error(
      'check-dependencies: no package has dist/; run `npx -y pnpm@12.4.2 build` first.',
    );
    return 1;
  }
  const problems = findUndeclared(root);
  for (const { name, missing } of problems) {
    for (const { dependency, files } of missing) {
      const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? ', ...' : '');
      console.error(
        `check-dependencies: ${name} imports '${dependency}' (${shown}) but does not declare it ` +
          'in dependencies or peerDependencies.',
      );
    }
  }
  if (problems.length > 0) {
    console.error(
      'Declare each in that package.json (`pnpm --filter <package> add <dependency>`); a root ' +
        'devDependency is not installed for the package’s users.',
    );
    return 1;
  }
  console.log(`check-dependencies: the imports of ${built.length} packages are all declared.`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
