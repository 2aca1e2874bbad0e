#!/usr/bin/env node
// registry: how fast the capability registry answers, and what loading its data costs.
//   - load: a fresh Node process imports the data module (src/generated/data.ts, bundled alone)
//     and the whole package entry; median of 15 processes, minus an empty import baseline;
//   - resolutions per second, cached (the registry's bounded map) and cold (cache
//     off, so every call walks the name steps, picks claims and derives tool_result_*), over
//     a mix of 24 real-world names: exact ids, dated snapshots, -latest, :free, vendor
//     prefixes, Ollama tags, dotted Gemini versions and unknown names;
//   - createRegistry with one patch: the strict schema and cross-field checks over all data,
//     and its first resolution, which builds the name index (done lazily, once per registry).
//
// Needs the built packages (`pnpm build`).
// Run: node bench/registry.bench.mjs   (or `pnpm bench registry`)
import { spawnSync } from 'node:child_process';
import { do_not_optimize, measure } from 'mitata';
import { buildInternal } from './internal.mjs';
import { measureOptions, sized } from './quick.mjs';

const entry = new URL('../packages/registry/dist/node/index.js', import.meta.url);
const dataModule = await buildInternal('registry', 'generated/data');
const registry = await import(entry);
const { createRegistry, defaultRegistry } = registry;

const queries = [
  ['openai', 'gpt-4o'],
  ['openai', 'gpt-4o-2024-08-06'],
  ['openai-responses', 'gpt-5.1'],
  ['openai', 'gpt-5-pro'],
  ['anthropic', 'claude-sonnet-4-5-20250929'],
  ['anthropic', 'claude-3-7-sonnet-latest'],
  ['anthropic', 'claude-sonnet-4-6'],
  ['gemini', 'gemini-2.5-pro'],
  ['gemini', 'gemini-3-pro-preview'],
  ['gemini', 'gemini-3.5-flash'],
  ['openrouter', 'anthropic/claude-sonnet-4.5:free'],
  ['openrouter', 'meta-llama/llama-3.3-70b-instruct:nitro'],
  ['openrouter', 'openai/gpt-4o-2024-11-20'],
  ['huggingface', 'Qwen/Qwen3-235B-A22B:fastest'],
  ['ollama', 'gemma3:27b'],
  ['ollama', 'llama3.2-vision:11b-instruct-q4_K_M'],
  ['groq', 'openai/gpt-oss-120b'],
  ['aki-anthropic', 'gemma-3-27b-it'],
  ['moonshot-anthropic', 'kimi-k2.5'],
  ['perplexity', 'openai/gpt-5.1'],
  ['vllm', 'deepseek-ai/DeepSeek-V3.1'],
  ['mistral', 'mistral-medium-latest'],
  ['openai', 'gpt-nonexistent'],
  ['llamacpp', 'my-local-finetune.gguf'],
].map(([provider, model]) => ({ provider, model }));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Milliseconds a fresh process spends importing `url` (median of `runs`). */
function importTime(url, runs = sized(15, 1)) {
  const script = `const t = performance.now(); await import(${JSON.stringify(url)}); process.stdout.write(String(performance.now() - t));`;
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(child.stderr);
    times.push(Number(child.stdout));
  }
  return median(times);
}

const emptyModule = `data:text/javascript,export default 1`;
const baseline = importTime(emptyModule);
const dataLoad = importTime(dataModule) - baseline;
const packageLoad = importTime(entry.href) - baseline;
const coreLoad =
  importTime(new URL('../packages/core/dist/node/index.js', import.meta.url).href) - baseline;

// A new registry over all shipped data: the strict schema and cross-field checks run on
// every file; its first resolution then builds the name index.
// Warm the JIT on both paths first, so neither measurement pays for compiling the other.
for (let round = 0; round < sized(20, 1); round += 1) {
  createRegistry({ entries: [{ id: 'openai', default_model: 'gpt-4o' }] }).resolve(queries[0]);
}
const created = await measure(() => {
  do_not_optimize(createRegistry({ entries: [{ id: 'openai', default_model: 'gpt-4o' }] }));
}, measureOptions);
const createdAndResolved = await measure(() => {
  const fresh = createRegistry({ entries: [{ id: 'openai', default_model: 'gpt-4o' }] });
  do_not_optimize(fresh.resolve(queries[0]));
}, measureOptions);

let position = 0;
const cached = await measure(() => {
  const query = queries[position];
  position = (position + 1) % queries.length;
  do_not_optimize(defaultRegistry.resolve(query));
}, measureOptions);

const cold = createRegistry({ extends: defaultRegistry, entries: [], cacheSize: 0 });
cold.resolve(queries[0]); // build its index outside the loop
const uncached = await measure(() => {
  const query = queries[position];
  position = (position + 1) % queries.length;
  do_not_optimize(cold.resolve(query));
}, measureOptions);

const perSecond = (stats) => Math.round(1e9 / stats.p50).toLocaleString('en-US');
const ms = (value) => `${value.toFixed(2)} ms`;
const us = (stats) => `${(stats.p50 / 1000).toFixed(2)} µs`;

const models = defaultRegistry.models().length;
const providers = defaultRegistry.providers().length;
console.log(
  `registry data: ${providers} providers, ${models} models; ${queries.length} query names`,
);
console.log(`load, compiled data module (fresh process, median):   ${ms(dataLoad)}`);
console.log(`load, whole package entry (fresh process, median):    ${ms(packageLoad)}`);
console.log(`  of which @crosswire/core and zod (imported alone):   ${ms(coreLoad)}`);
console.log(`createRegistry with one patch (validates all data):  ${us(created)}`);
console.log(`  ... plus the first resolve (builds the name index):  ${us(createdAndResolved)}`);
console.log(`resolve, cached: ${us(cached)} per call = ${perSecond(cached)} resolutions/s`);
console.log(`resolve, cold:   ${us(uncached)} per call = ${perSecond(uncached)} resolutions/s`);
console.log(`cold / cached: ${(uncached.p50 / cached.p50).toFixed(1)}x`);
