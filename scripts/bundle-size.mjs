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

// Single imports whose size matters on their own: an app that only asks the registry whether a
// model sees images ships this much (the rest of the package tree-shaken away).
const imports = [{ name: 'registry', exports: ['supports'] }];

export async function measure(name, exports) {
  const entry = new URL(`packages/${name}/dist/index.js`, root);
  if (!existsSync(entry))
    throw new Error(`packages/${name}/dist/index.js is missing: run pnpm build first`);
  const input =
    exports === undefined
      ? { entryPoints: [entry.pathname] }
      : {
          stdin: {
            contents: `export { ${exports.join(', ')} } from ${JSON.stringify(entry.pathname)};`,
            resolveDir: new URL('.', root).pathname,
            loader: 'js',
          },
        };
  const result = await build({
    ...input,
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
  const text = new TextDecoder().decode(code);
  return {
    name:
      exports === undefined ? `@crosswire/${name}` : `@crosswire/${name} { ${exports.join(', ')} }`,
    // a pure import must not reach for Node's built-ins (they stay external, so they show here)
    nodeImports: [...new Set(text.match(/\bfrom\s*"node:[^"]+"|\bimport\s*"node:[^"]+"/g) ?? [])],
    minified: code.length,
    gzipped: gzipSync(code, { level: 9 }).length,
  };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function measureAll() {
  const rows = [];
  for (const name of packages) rows.push(await measure(name));
  for (const { name, exports } of imports) rows.push(await measure(name, exports));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const rows = await measureAll();
  let failed = false;
  for (const row of rows) {
    const budget = budgets[row.name]?.gzipped;
    const over = budget !== undefined && row.gzipped > budget;
    const impure = budgets[row.name]?.pure === true && row.nodeImports.length > 0;
    failed ||= over || impure;
    console.log(
      `${row.name.padEnd(34)} min ${kib(row.minified).padStart(10)}  gzip ${kib(row.gzipped).padStart(10)}` +
        (budget === undefined ? '' : `  budget ${kib(budget)}${over ? '  OVER BUDGET' : ''}`) +
        (impure ? `  IMPORTS NODE BUILT-INS: ${row.nodeImports.join(', ')}` : ''),
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
