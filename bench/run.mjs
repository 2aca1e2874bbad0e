#!/usr/bin/env node
// Runs every benchmark in bench/ (each `*.bench.mjs` compares side by side in one run and
// prints its ratios), then measures cold import time and bundle size, and writes
// bench/RESULTS.md with the machine and versions. Absolute times vary between machines;
// the ratios are what to compare.
//
// `node bench/run.mjs --quick` (`pnpm bench:quick`, run by CI on the built packages) runs every
// bench on small sizes and few runs (bench/quick.mjs) and cold imports once, then exits 1 if
// any failed: a bench that no longer runs fails the build. It times nothing worth reading,
// asserts no timing and leaves bench/RESULTS.md alone (`pnpm size` checks the bundle budgets).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { measureAll, measureBudgets } from '../scripts/bundle-size.mjs';
import { measureImports } from './import-time.mjs';

const benchDir = fileURLToPath(new URL('./', import.meta.url));
const quick = process.argv.includes('--quick');
const only = process.argv.slice(2).filter((argument) => argument !== '--quick');
const files = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

// Versions as the packages resolve them (undici is a dependency of content-image, not the root).
const resolveFrom = createRequire(
  new URL('../packages/content-image/package.json', import.meta.url),
);
const version = (name) => {
  try {
    const path = resolveFrom.resolve(`${name}/package.json`);
    return JSON.parse(readFileSync(path, 'utf8')).version;
  } catch {
    return 'n/a';
  }
};

const sections = [];
let failed = false;
for (const file of files) {
  console.log(`\n== ${file}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--expose-gc', file], {
    cwd: benchDir,
    encoding: 'utf8',
    timeout: quick ? 60_000 : 600_000,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      FORCE_COLOR: '0',
      NO_COLOR: '1',
      ...(quick ? { CROSSWIRE_BENCH_QUICK: '1' } : {}),
    },
  });
  const output = `${run.stdout ?? ''}${run.status === 0 ? '' : `\n${run.stderr ?? ''}`}`.trim();
  console.log(`${output}\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (run.status !== 0) {
    failed = true;
    console.error(`${file} failed (exit ${run.status ?? run.signal})`);
  }
  sections.push(
    `## ${file.replace('.bench.mjs', '')}\n\n${run.status === 0 ? '' : `**failed** (exit ${run.status ?? run.signal})\n\n`}` +
      `\`\`\`text\n${output}\n\`\`\`\n\n(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

if (quick) {
  const [engines] = measureImports(1, ['engines']).rows;
  console.log(`\n== cold import, once: ${engines.name} ${engines.importMs.toFixed(1)} ms`);
  console.log(`\nquick mode: ${files.length} benches${failed ? ', some failed' : ' ran'}`);
  process.exit(failed ? 1 : 0);
}

const { aiSdkMs: aiSdkImportMs, rows: imports } = measureImports();
const sizes = await measureAll();
const budgets = await measureBudgets();
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const table = [
  `| package | cold import | vs \`ai\` + \`@ai-sdk/openai\` (${aiSdkImportMs.toFixed(1)} ms) | minified | gzipped |`,
  '|---|---:|---:|---:|---:|',
  ...sizes.map((size) => {
    const time = imports.find((row) => row.name === size.name);
    return `| ${size.name} | ${time ? `${time.importMs.toFixed(1)} ms` : '-'} | ${time ? `${time.ratio.toFixed(2)}x` : '-'} | ${kib(size.minified)} | ${kib(size.gzipped)} |`;
  }),
  '',
  '| one import | minified | gzipped | gzip budget |',
  '|---|---:|---:|---:|',
  ...budgets.map(
    (row) => `| ${row.label} | ${kib(row.minified)} | ${kib(row.gzipped)} | ${kib(row.budget)} |`,
  ),
].join('\n');

const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
const report = `# Benchmark results

Written by \`pnpm bench\` on ${new Date().toISOString().slice(0, 10)}. Each benchmark runs its
contenders side by side in one process and prints ratios; compare ratios, not absolute times.

- Machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}
- Node ${process.version}; ai ${version('ai')}, @ai-sdk/openai ${version('@ai-sdk/openai')}, @ai-sdk/anthropic ${version('@ai-sdk/anthropic')}, @ai-sdk/google ${version('@ai-sdk/google')}, undici ${version('undici')}

## Import time and bundle size

Cold import: a fresh \`node\` process importing the entry Node loads (\`dist/node/\`), minus an empty
process, interleaved round by round with \`ai\` + \`@ai-sdk/openai\` (median; the ratio is the
median of the per-round ratios).
Bundle: esbuild, minified, dependencies bundled, gzip level 9. \`.ci/run\` enforces the budgets.

${table}

${sections.join('\n\n')}
`;
writeFileSync(new URL('RESULTS.md', import.meta.url), report);
console.log('\nwrote bench/RESULTS.md');
if (failed) process.exit(1);
