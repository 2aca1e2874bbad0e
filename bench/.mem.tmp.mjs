const { createRegistry, defaultRegistry } = await import('../packages/registry/dist/index.js');
const r = createRegistry({ extends: defaultRegistry, entries: [], cacheSize: 5000 });
r.resolve('huggingface', 'Qwen/Qwen3-235B-A22B:warm');
const names = [
  'Qwen/Qwen3-235B-A22B',
  'openai/gpt-oss-120b',
  'meta-llama/Llama-3.3-70B-Instruct',
  'google/gemma-3-27b-it',
];
for (let i = 0; i < 50; i++) r.resolve('huggingface', `${names[i % 4]}:w${i}`);
globalThis.gc();
const before = process.memoryUsage().heapUsed;
const keep = [];
for (let i = 0; i < 2048; i++) keep.push(r.resolve('huggingface', `${names[i % 4]}:t${i}`));
globalThis.gc();
const after = process.memoryUsage().heapUsed;
console.log('bytes per cached resolution', Math.round((after - before) / 2048));
