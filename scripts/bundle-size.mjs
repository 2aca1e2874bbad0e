#!/usr/bin/env node
// Bundle size, minified and gzipped with esbuild, the way a browser or edge app would ship it
// (dependencies included; peer dependencies, which the app brings, and Node built-ins left
// external):
//
// - of each package's public entry (reported), and
// - of one import, `import { X } from '@crosswire/<pkg>'`, tree-shaken, counting only the code that
//   loads with it: what a dynamic `import()` loads on first use (the HTTP client behind
//   `Image.ensureBase64`) is a separate chunk and left out. Those are the budgets in
//   bench/size-budget.json; `--check` fails when one is over.
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);
const rootDir = fileURLToPath(root);
export const PACKAGES = [
  'core',
  'tool-result',
  'content-image',
  'registry',
  'dialects',
  'simulator',
  'engines',
  'ai-sdk',
  'otel',
  'langchain',
  'cli',
];
const budgets = JSON.parse(readFileSync(new URL('bench/size-budget.json', root), 'utf8'));

function requireBuilt(name) {
  const entry = path.join(rootDir, 'packages', name, 'dist', 'index.js');
  if (!existsSync(entry))
    throw new Error(`packages/${name}/dist/index.js is missing: run pnpm build first`);
  return entry;
}

/** Resolves `@crosswire/<pkg>` (and subpaths) to the built files, as an installed app would. */
const workspacePlugin = {
  name: 'crosswire-workspace',
  setup(context) {
    context.onResolve({ filter: /^@crosswire\/[a-z-]+(\/[a-z-]+)?$/ }, (args) => {
      const [, name, subpath] = args.path.match(/^@crosswire\/([a-z-]+)(?:\/([a-z-]+))?$/);
      const file = subpath
        ? path.join(rootDir, 'packages', name, 'dist', subpath, 'index.js')
        : requireBuilt(name);
      return { path: file };
    });
  },
};

async function bundle(entry, { stdin, external = [], alsoLoads = [] } = {}) {
  const result = await build({
    ...(stdin
      ? { stdin: { contents: stdin, resolveDir: rootDir, loader: 'js' } }
      : { entryPoints: [entry] }),
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    outdir: path.join(rootDir, 'node_modules', '.cache', 'bundle-size'),
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['import', 'default'],
    external: [...builtinModules, 'node:*', ...external],
    plugins: [workspacePlugin],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  // The entry chunk and the chunks it imports statically: what loads with the import.
  const outputs = result.metafile.outputs;
  // With splitting, each lazily imported module is an entry point of its own (the optional
  // peers an engine loads on first use, say): the import's entry is the one nothing imports.
  const lazy = new Set(
    Object.values(outputs).flatMap((output) =>
      output.imports
        .filter((imported) => imported.kind === 'dynamic-import')
        .map((imported) => imported.path),
    ),
  );
  const entryName = Object.keys(outputs).find(
    (name) => outputs[name].entryPoint !== undefined && !lazy.has(name),
  );
  const loaded = new Set();
  const visit = (name) => {
    if (loaded.has(name)) return;
    loaded.add(name);
    for (const imported of outputs[name].imports) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entryName);
  // A lazily loaded dependency every use of the import ends up loading (the engine's HTTP client
  // on its first request): its chunks count too.
  for (const [name, output] of Object.entries(outputs)) {
    const inputs = Object.keys(output.inputs);
    if (alsoLoads.some((dependency) => inputs.some((input) => fromPackage(input, dependency))))
      visit(name);
  }
  const files = result.outputFiles.filter((file) =>
    loaded.has(path.relative(rootDir, file.path).split(path.sep).join('/')),
  );
  const code = Buffer.concat(files.map((file) => file.contents));
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

/** Whether a bundled input file belongs to the npm package `name` (pnpm's store layout too). */
function fromPackage(input, name) {
  return input.split(path.sep).join('/').includes(`/node_modules/${name}/`);
}

/** A package's peer dependencies: the app brings them, so they are not counted in its size. */
function peersOf(name) {
  const manifest = path.join(rootDir, 'packages', name, 'package.json');
  return Object.keys(JSON.parse(readFileSync(manifest, 'utf8')).peerDependencies ?? {});
}

export async function measure(name) {
  return {
    name: `@crosswire/${name}`,
    ...(await bundle(requireBuilt(name), { external: peersOf(name) })),
  };
}

export async function measureAll() {
  const rows = [];
  for (const name of PACKAGES) rows.push(await measure(name));
  return rows;
}

/**
 * Each budget of bench/size-budget.json: `{ import, from, external?, alsoLoads?, gzipped }`;
 * `alsoLoads` names dependencies loaded on first use that count as if imported statically.
 */
export async function measureBudgets() {
  const rows = [];
  for (const [label, budget] of Object.entries(budgets)) {
    if (label.startsWith('$')) continue;
    const size = await bundle(undefined, {
      stdin: `export { ${budget.import} } from '${budget.from}';`,
      external: budget.external ?? [],
      alsoLoads: budget.alsoLoads ?? [],
    });
    rows.push({ label, ...size, budget: budget.gzipped });
  }
  return rows;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  for (const row of await measureAll()) {
    console.log(
      `${row.name.padEnd(40)} min ${kib(row.minified).padStart(10)}  gzip ${kib(row.gzipped).padStart(10)}`,
    );
  }
  console.log('');
  let failed = false;
  for (const row of await measureBudgets()) {
    const over = row.gzipped > row.budget;
    failed ||= over;
    console.log(
      `${row.label.padEnd(40)} min ${kib(row.minified).padStart(10)}  gzip ${kib(row.gzipped).padStart(10)}  budget ${kib(row.budget)}${over ? '  OVER BUDGET' : ''}`,
    );
  }
  if (check && failed) {
    console.error(
      'bundle-size: an import is over its gzip budget in bench/size-budget.json. Make it smaller, ' +
        'or raise the budget in the same change and say why in the changeset.',
    );
    process.exit(1);
  }
}
