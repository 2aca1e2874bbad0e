#!/usr/bin/env node
// The Node build of a package: one ES module per public entry (each `exports` path's `node`
// target and each `bin`) under dist/node/, bundled from src/ by esbuild, with what a dynamic
// `import()` loads on first use (the HTTP client's fetch code, say) split into chunks of its own.
//
// Why two builds: Node pays per module file at import (resolve, read, compile, link). The
// compiler's one-file-per-module output (dist/*.js, the `default` target) made Node load about
// 180 files for `@crosswire/engines` and its sibling packages, and import it in 2-3x the time of
// `ai` + `@ai-sdk/openai`; bundled, Node loads one file per package. Bundlers keep the
// per-module files: with `"sideEffects": false` they drop the modules an app does not use, which
// a single file would defeat (docs/design-notes/performance.md). Dependencies, peer dependencies
// and the sibling packages stay imports (`packages: 'external'`), so each package exists once in
// an app, and Node resolves the `node` target of every package alike.
//
// Run from a package folder, after `tsc` (the package's `build` script):
//   node ../../scripts/bundle-package.mjs
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The Node entries of a package.json: `{ in: 'src/x.ts', out: 'x' }` (written to dist/node/x.js)
 * for each `exports` path's `node` target and each `bin`, which must lie under ./dist/node/.
 */
export function packageEntries(manifest) {
  const targets = new Set();
  for (const [key, value] of Object.entries(manifest.exports ?? {})) {
    if (key === './package.json') continue;
    if (typeof value?.node !== 'string') throw new Error(`exports["${key}"] has no node target`);
    targets.add(value.node);
  }
  const bins =
    typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  for (const bin of bins) targets.add(bin);
  return [...targets].map((target) => {
    const match = target.match(/^\.\/dist\/node\/(.+)\.js$/);
    if (!match) throw new Error(`${target}: a Node entry must be a .js file under ./dist/node/`);
    return { in: `src/${match[1]}.ts`, out: match[1] };
  });
}

export async function bundlePackage(packageDir) {
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const outdir = path.join(packageDir, 'dist', 'node');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: packageDir,
    entryPoints: packageEntries(manifest),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // The build tsconfig has no `paths`: the base one maps `@crosswire/*` to the sources (for the
    // type checker and tests), which would bundle the sibling packages into this one.
    tsconfig: path.join(packageDir, 'tsconfig.build.json'),
    sourcemap: 'linked',
    // The published package ships src/, which the maps point to.
    sourcesContent: false,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bundlePackage(process.cwd());
}
