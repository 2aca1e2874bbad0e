#!/usr/bin/env node
// The pure packages stay pure: importing the built root entry of `@crosswire/core`, `tool-result`,
// `registry`, `dialects` (and `content-image`, which they import) loads no HTTP client (undici),
// no `node:` module and no MCP code. The walk follows static imports only, across the workspace
// packages' built files; what a package loads with `import()` on first use (content-image's
// fetch code) is not loaded at import and is not followed. `@crosswire/engines` may load `node:`
// modules, but neither undici nor MCP code at import: its HTTP client and MCP client load with
// the first request or connection, so its cold import stays small. Both builds are walked: the
// per-module dist/ bundlers read and the bundles Node loads (dist/node/). Run after `pnpm build`.
//
//   node scripts/check-pure-entries.mjs [--root DIR]
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { repositoryRoot } from './workspace.mjs';

export const PURE_PACKAGES = [
  'core',
  'content-image',
  'tool-result',
  'registry',
  'dialects',
  'ai-sdk',
  'langchain',
];
/** Packages that may load `node:` modules at import, but no HTTP client and no MCP code. */
export const LAZY_CLIENT_PACKAGES = ['engines'];
const FORBIDDEN_PACKAGES = ['undici', '@modelcontextprotocol/sdk'];
/**
 * Entries of sibling packages the checked packages must not import, each with why. The
 * registry's root entry builds its data-file schemas (zod) at import, tens of milliseconds of a
 * cold import that reading the registry never needs: the runtimes import its `lookup` entry.
 */
export const FORBIDDEN_ENTRIES = {
  '@crosswire/registry':
    'data-file schemas are built at import (import @crosswire/registry/lookup)',
};
const builtins = new Set(builtinModules);

/**
 * The static imports of a built JS file (`import ... from`, `export ... from`, `import 'x'`),
 * without `import()` calls: TypeScript's scanner finds them all, and a dynamic one is an
 * `import(` right before its specifier.
 */
export function staticImports(text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter((file) => !/import\s*\(\s*$/.test(text.slice(0, file.pos)))
    .map((file) => file.fileName);
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * What the entry of `name` reaches statically that a pure package must not: [{ what, via }].
 * With `allowBuiltins`, `node:` modules are allowed (undici and MCP code are not).
 */
export function impurities(root, name, { allowBuiltins = false, build = '' } = {}) {
  const problems = [];
  const seen = new Set();
  const stack = [{ file: path.join(root, 'packages', name, 'dist', build, 'index.js'), via: [] }];
  while (stack.length > 0) {
    const { file, via } = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file))
      throw new Error(`${path.relative(root, file)} is missing: run pnpm build first`);
    const chain = [...via, path.relative(root, file)];
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        stack.push({ file: path.resolve(path.dirname(file), specifier), via: chain });
      } else if (specifier.startsWith('node:') || builtins.has(packageName(specifier))) {
        if (!allowBuiltins) problems.push({ what: specifier, via: chain });
      } else if (FORBIDDEN_PACKAGES.includes(packageName(specifier))) {
        problems.push({ what: specifier, via: chain });
      } else if (specifier.startsWith('@crosswire/')) {
        if (Object.hasOwn(FORBIDDEN_ENTRIES, specifier)) {
          problems.push({
            what: `${specifier}, whose ${FORBIDDEN_ENTRIES[specifier]}`,
            via: chain,
          });
          continue;
        }
        const [, pkg, subpath] = specifier.match(/^@crosswire\/([a-z-]+)(?:\/(.+))?$/) ?? [];
        const target = path.join(root, 'packages', pkg, 'dist', build, subpath ?? '', 'index.js');
        stack.push({ file: target, via: chain });
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--root');
  const root = at === -1 ? repositoryRoot : path.resolve(process.argv[at + 1]);
  let failed = false;
  // Each package's two builds: the per-module one bundlers read, and Node's bundle (dist/node/).
  const checks = ['', 'node'].flatMap((build) => [
    ...PURE_PACKAGES.map((name) => [name, { build }]),
    ...LAZY_CLIENT_PACKAGES.map((name) => [name, { allowBuiltins: true, build }]),
  ]);
  for (const [name, options] of checks) {
    const problems = impurities(root, name, options);
    for (const { what, via } of problems) {
      failed = true;
      console.error(`@crosswire/${name} loads ${what} at import: ${via.join(' → ')}`);
    }
  }
  if (failed) process.exit(1);
  console.log(
    `check-pure-entries: ${PURE_PACKAGES.map((name) => `@crosswire/${name}`).join(', ')} load no undici, node: module or MCP code at import; ${LAZY_CLIENT_PACKAGES.map((name) => `@crosswire/${name}`).join(', ')} no undici or MCP code.`,
  );
}
