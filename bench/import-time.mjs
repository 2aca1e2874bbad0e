#!/usr/bin/env node
// Cold import time of each package: a fresh `node` process that imports the built entry,
// minus a fresh `node` process that imports nothing, median of several runs.
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
const runs = Number(process.env.IMPORT_RUNS ?? 7);

function timeProcess(code) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    execFileSync(process.execPath, ['--input-type=module', '-e', code], { stdio: 'ignore' });
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/** The AI SDK's `ai` with one provider, the import a user of it pays, to compare with. */
export function measureAiSdkImport(baseline = timeProcess('')) {
  const code = "await import('ai'); await import('@ai-sdk/openai');";
  return Math.max(0, timeProcess(code) - baseline);
}

export function measureImports() {
  const baseline = timeProcess('');
  return packages.map((name) => {
    const entry = fileURLToPath(new URL(`packages/${name}/dist/index.js`, root));
    const total = timeProcess(`await import(${JSON.stringify(entry)})`);
    return {
      name: `@crosswire/${name}`,
      importMs: Math.max(0, total - baseline),
      baselineMs: baseline,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const aiSdk = measureAiSdkImport();
  console.log(`${'ai + @ai-sdk/openai'.padEnd(26)} cold import ${aiSdk.toFixed(1).padStart(7)} ms`);
  for (const row of measureImports()) {
    console.log(
      `${row.name.padEnd(26)} cold import ${row.importMs.toFixed(1).padStart(7)} ms (${(row.importMs / aiSdk).toFixed(2)}x the AI SDK's; node start ${row.baselineMs.toFixed(1)} ms)`,
    );
  }
}
