#!/usr/bin/env node
// Bundle size of each package's public entry, minified and gzipped with esbuild, the way a
// browser or edge app would ship it (dependencies included, Node built-ins left external).
// `--check` fails when a package exceeds its budget in bench/size-budget.json.
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);
const packages = ['core', 'tool-result', 'content-image', 'registry', 'engines', 'cli'];
const budgets = JSON.parse(readFileSync(new URL('bench/size-budget.json', root), 'utf8'));

export async function measure(name) {
  const entry = new URL(`packages/${name}/dist/index.js`, root);
  if (!existsSync(entry))
    throw new Error(`packages/${name}/dist/index.js is missing: run pnpm build first`);
  const result = await build({
    entryPoints: [entry.pathname],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['import', 'default'],
    external: [...builtinModules, 'node:*'],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return {
    name: `@crosswire/${name}`,
    minified: code.length,
    gzipped: gzipSync(code, { level: 9 }).length,
  };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function measureAll() {
  const rows = [];
  for (const name of packages) rows.push(await measure(name));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const rows = await measureAll();
  let failed = false;
  for (const row of rows) {
    const budget = budgets[row.name]?.gzipped;
    const over = budget !== undefined && row.gzipped > budget;
    failed ||= over;
    console.log(
      `${row.name.padEnd(26)} min ${kib(row.minified).padStart(10)}  gzip ${kib(row.gzipped).padStart(10)}` +
        (budget === undefined ? '' : `  budget ${kib(budget)}${over ? '  OVER BUDGET' : ''}`),
    );
  }
  if (check && failed) {
    console.error(
      'bundle-size: a package is over its gzip budget in bench/size-budget.json. Make it smaller, ' +
        'or raise the budget in the same change and say why in the changeset.',
    );
    process.exit(1);
  }
}
