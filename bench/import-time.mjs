#!/usr/bin/env node
// Cold import time of each package: a fresh `node` process that imports the built entry Node
// loads (dist/node/), minus a fresh `node` process that imports nothing, median of several runs.
// The processes of one round run back to back (the empty one, each package, `ai` +
// `@ai-sdk/openai`), round after round, so a busy moment slows every contender alike; the ratio
// to the AI SDK is the median of the per-round ratios.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const packages = [
  'core',
  'tool-result',
  'content-image',
  'registry',
  'dialects',
  'simulator',
  'engines',
  'ai-sdk',
  'langchain',
  'cli',
];
const defaultRuns = Number(process.env.IMPORT_RUNS ?? 9);
/** The AI SDK's `ai` with one provider, the import a user of it pays, to compare with. */
const AI_SDK = "await import('ai'); await import('@ai-sdk/openai');";

function timeProcess(code) {
  const start = process.hrtime.bigint();
  execFileSync(process.execPath, ['--input-type=module', '-e', code], { stdio: 'ignore' });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each package's cold import in ms, and its ratio to `ai` + `@ai-sdk/openai` measured in the
 * same rounds: `{ aiSdkMs, rows: [{ name, importMs, ratio }] }`.
 */
export function measureImports(runs = defaultRuns, names = packages) {
  const codes = names.map((name) => {
    const entry = fileURLToPath(new URL(`packages/${name}/dist/node/index.js`, root));
    return `await import(${JSON.stringify(entry)})`;
  });
  const samples = { empty: [], aiSdk: [], packages: names.map(() => []) };
  for (let run = 0; run < runs; run++) {
    samples.empty.push(timeProcess(''));
    samples.aiSdk.push(timeProcess(AI_SDK));
    for (const [index, code] of codes.entries()) samples.packages[index].push(timeProcess(code));
  }
  const net = (values) => values.map((value, run) => Math.max(0, value - samples.empty[run]));
  const aiSdk = net(samples.aiSdk);
  return {
    aiSdkMs: median(aiSdk),
    rows: names.map((name, index) => {
      const own = net(samples.packages[index]);
      return {
        name: `@crosswire/${name}`,
        importMs: median(own),
        ratio: median(own.map((value, run) => value / aiSdk[run])),
      };
    }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2).filter((name) => packages.includes(name));
  const { aiSdkMs, rows } = measureImports(defaultRuns, names.length > 0 ? names : packages);
  console.log(
    `${'ai + @ai-sdk/openai'.padEnd(26)} cold import ${aiSdkMs.toFixed(1).padStart(7)} ms`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(26)} cold import ${row.importMs.toFixed(1).padStart(7)} ms (${row.ratio.toFixed(2)}x the AI SDK's, median of per-round ratios)`,
    );
  }
}
