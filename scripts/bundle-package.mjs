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
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Dependencies bundled into the Node build instead of imported, each with why. ipaddr.js is a
 * CommonJS module: imported from ES modules it starts Node's CommonJS loader and its export
 * lexer at import, a large share of a cold import of the engines; bundled, it is ES code like
 * the rest. Its licence text goes with it (a legal comment esbuild keeps at the end of the
 * file), and the source maps leave its code unmapped (they name only files the package ships).
 */
export const INLINED_DEPENDENCIES = ['ipaddr.js'];

/** An esbuild plugin that bundles the inlined dependencies, each with its licence as a legal comment. */
function inlineDependencies(packageDir) {
  const require = createRequire(path.join(packageDir, 'package.json'));
  const names = INLINED_DEPENDENCIES.map((name) => name.replace(/[.]/g, '\\.'));
  const inlined = new Map();
  return {
    name: 'inline-dependencies',
    setup(builder) {
      builder.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => {
        const file = require.resolve(args.path);
        inlined.set(file, args.path);
        return { path: file };
      });
      builder.onLoad({ filter: /\.c?js$/ }, (args) => {
        const name = inlined.get(args.path);
        if (name === undefined) return undefined;
        const licence = licenceOf(require, name);
        const comment = `/*! ${name}: ${licence.replaceAll('*/', '* /').trim()} */`;
        return { contents: `${comment}\n${readFileSync(args.path, 'utf8')}`, loader: 'js' };
      });
    },
  };
}

function licenceOf(require, name) {
  const directory = path.dirname(require.resolve(`${name}/package.json`));
  const file = readdirSync(directory).find((entry) => /^licen[cs]e(\.|$)/i.test(entry));
  if (file === undefined) throw new Error(`${name} is inlined but ships no licence file`);
  return readFileSync(path.join(directory, file), 'utf8');
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const character of text) {
    const digit = BASE64.indexOf(character);
    if (digit === -1) throw new Error(`not a base64 VLQ digit: ${character}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeValue(number) {
  let value = number < 0 ? (-number << 1) | 1 : number << 1;
  let text = '';
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value > 0) digit |= 32;
    text += BASE64[digit];
  } while (value > 0);
  return text;
}

/**
 * A source map without the sources `drop` answers true for: their segments become unmapped
 * (generated column only) and the other sources are numbered again. Fields other than
 * `sources`, `sourcesContent` and `mappings` are kept.
 */
export function withoutSources(map, drop) {
  const kept = [];
  const renumbered = map.sources.map((source, index) => {
    if (drop(source)) return -1;
    kept.push(index);
    return kept.length - 1;
  });
  if (kept.length === map.sources.length) return map;
  // Absolute values, as decoded; the output's own running values for the delta encoding.
  let [source, line, column, name] = [0, 0, 0, 0];
  let [outSource, outLine, outColumn, outName] = [0, 0, 0, 0];
  const lines = map.mappings.split(';').map((segments) => {
    let generated = 0;
    let outGenerated = 0;
    return segments
      .split(',')
      .filter((segment) => segment !== '')
      .map((segment) => {
        const fields = decodeSegment(segment);
        generated += fields[0];
        let text = encodeValue(generated - outGenerated);
        outGenerated = generated;
        if (fields.length >= 4) {
          source += fields[1];
          line += fields[2];
          column += fields[3];
          if (fields.length >= 5) name += fields[4];
          const target = renumbered[source];
          if (target !== -1) {
            text += encodeValue(target - outSource) + encodeValue(line - outLine);
            text += encodeValue(column - outColumn);
            [outSource, outLine, outColumn] = [target, line, column];
            if (fields.length >= 5) {
              text += encodeValue(name - outName);
              outName = name;
            }
          }
        }
        return text;
      })
      .join(',');
  });
  return {
    ...map,
    sources: kept.map((index) => map.sources[index]),
    ...(map.sourcesContent
      ? { sourcesContent: kept.map((index) => map.sourcesContent[index]) }
      : {}),
    mappings: lines.join(';'),
  };
}

/** Rewrites each map under `outdir` so it names only the package's own files (no dependency's). */
function mapOnlyOwnFiles(outdir, packageDir) {
  const stack = [outdir];
  while (stack.length > 0) {
    const directory = stack.pop();
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) stack.push(file);
      if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
      const map = JSON.parse(readFileSync(file, 'utf8'));
      const outside = (source) => {
        const file = path.relative(
          packageDir,
          path.resolve(directory, map.sourceRoot ?? '', source),
        );
        return file.startsWith('..') || file.split(path.sep).includes('node_modules');
      };
      const own = withoutSources(map, outside);
      if (own !== map) writeFileSync(file, JSON.stringify(own));
    }
  }
}

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
    plugins: [inlineDependencies(packageDir)],
    // The build tsconfig has no `paths`: the base one maps `@crosswire/*` to the sources (for the
    // type checker and tests), which would bundle the sibling packages into this one.
    tsconfig: path.join(packageDir, 'tsconfig.build.json'),
    sourcemap: 'linked',
    // The published package ships src/, which the maps point to.
    sourcesContent: false,
    logLevel: 'warning',
  });
  if (existsSync(outdir)) mapOnlyOwnFiles(outdir, packageDir);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bundlePackage(process.cwd());
}
