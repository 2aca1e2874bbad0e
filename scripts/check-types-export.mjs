#!/usr/bin/env node
// The type-export check, for every public workspace package (a new package is checked with no
// edit here). It holds the packages to the TypeScript settings the README supports:
//
//   - ESM callers with moduleResolution node16, nodenext or bundler;
//   - CommonJS callers through Node's require(esm) (Node 20.19+), typed by TypeScript 5.8 or
//     newer with `module: nodenext` (or `node20`), which models require(esm).
//
// Not supported: moduleResolution node10 (`node`), which ignores `exports`, and `module: node16`
// for CommonJS files, which models a Node without require(esm).
//
// Two parts, both over every entry point in each package's `exports`:
//
// 1. @arethetypeswrong/cli on the packed tarball (`pnpm pack`, as published) with the node16
//    profile (node16 from CJS, node16 from ESM, bundler), ignoring one rule only:
//    `cjs-resolves-to-esm` ("ESM (dynamic import only)"). attw judges with the TypeScript it
//    bundles, which predates require(esm); part 2 shows what a CommonJS caller really gets.
// 2. A CommonJS file per entry point, `import entry = require('<entry>')`, type-checked with the
//    repository's TypeScript under `module: nodenext`, then run with Node: `require` must load
//    it and give the same exports as `import()` does, so the declared types are what `require`
//    gives.
//
// Needs the built `dist/`: run after `pnpm build`. (publint --strict runs per package through
// `pnpm publint`.)
//
//   node scripts/check-types-export.mjs [package-name ...]
//
// Tarballs and the CommonJS check go to `.pack/` at the repository root (git-ignored) and are
// removed afterwards.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { listPackages, packPackage, pnpmCommand, repositoryRoot } from './workspace.mjs';

const packDir = path.join(repositoryRoot, '.pack');
const binDir = path.join(repositoryRoot, 'node_modules', '.bin');

/** The attw profile and the one rule it ignores (see the header). */
export const ATTW_PROFILE = 'node16';
export const ATTW_IGNORED_RULES = ['cjs-resolves-to-esm'];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** `@crosswire/x`, `@crosswire/x/sub`: the specifiers of a manifest's `exports` (no JSON). */
export function entrySpecifiers(manifest) {
  const exports = manifest.exports;
  if (typeof exports === 'string' || exports === undefined) return [manifest.name];
  const keys = Object.keys(exports);
  if (!keys.every((key) => key.startsWith('.'))) return [manifest.name];
  return keys
    .filter((key) => !key.endsWith('.json') && !key.includes('*'))
    .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`));
}

/**
 * Part 2: each package linked into `.pack/cjs/node_modules`, one `.cts` file requiring every
 * entry point, type-checked under `module: nodenext`, compiled and run.
 */
function checkCommonJs(packages) {
  const appDir = path.join(packDir, 'cjs');
  for (const { dir, name } of packages) {
    const link = path.join(appDir, 'node_modules', ...name.split('/'));
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(dir, link, 'dir');
  }
  const specifiers = packages.flatMap(({ manifest }) => entrySpecifiers(manifest));
  const lines = specifiers.flatMap((specifier, index) => [
    `import entry${index} = require(${JSON.stringify(specifier)});`,
  ]);
  const checks = specifiers.map(
    (specifier, index) =>
      `  [${JSON.stringify(specifier)}, Object.keys(entry${index}), ${JSON.stringify(specifier)}],`,
  );
  writeFileSync(
    path.join(appDir, 'check.cts'),
    [
      ...lines,
      '',
      'const required: [string, string[], string][] = [',
      ...checks,
      '];',
      'async function main(): Promise<void> {',
      '  const failed: string[] = [];',
      '  for (const [specifier, keys] of required) {',
      '    const imported = Object.keys(await import(specifier));',
      "    const plain = (list: string[]) => list.filter((key) => key !== 'module.exports' && key !== '__esModule').sort().join(',');",
      '    if (keys.length === 0 || plain(keys) !== plain(imported)) failed.push(specifier);',
      '  }',
      '  if (failed.length > 0) {',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of the generated check
      "    console.error(`require gives other exports than import for: ${failed.join(', ')}`);",
      '    process.exitCode = 1;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of the generated check
      '  } else console.log(`require: ${required.length} entry points give what import gives`);',
      '}',
      'void main();',
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(appDir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [path.join(repositoryRoot, 'node_modules', '@types')],
        outDir: 'out',
      },
      files: ['check.cts'],
    }),
  );
  console.log(
    `\n── CommonJS: ${specifiers.length} entry points required from a .cts file (module nodenext)`,
  );
  if (run(path.join(binDir, 'tsc'), ['-p', appDir]) !== 0) return false;
  return run(process.execPath, [path.join(appDir, 'out', 'check.cjs')], { cwd: appDir }) === 0;
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
        ATTW_PROFILE,
        '--ignore-rules',
        ...ATTW_IGNORED_RULES,
        '--format',
        'table-flipped',
        '--no-emoji',
      ]);
      if (attw !== 0) failed.push(name);
    }
    if (!checkCommonJs(packages)) failed.push('CommonJS require check');
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }

  if (failed.length > 0) {
    console.error(`\ncheck-types-export: problems in ${failed.join(', ')}.`);
    return 1;
  }
  console.log(
    `\ncheck-types-export: ${packages.length} packages pass attw (${ATTW_PROFILE} profile, ` +
      `${ATTW_IGNORED_RULES.join(', ')} ignored) and require(esm) under module nodenext.`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = main(process.argv.slice(2));
