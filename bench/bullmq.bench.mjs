#!/usr/bin/env node
// bullmq: a tool loop run as a BullMQ job (examples/bullmq: state saved in Redis after every
// step, tool calls keyed for deduplication) side by side with the same loop run in process by
// engine.runToolLoop, on the same simulated model and the same MCP tool server.
//
// One loop = 3 model requests + 3 tool calls (2 at once, then 1), on Chat Completions. The
// simulator and the MCP tool server run in a CHILD process; Redis is Debian's redis-server on
// a free loopback port. The queued contender's Worker runs in this process, so both
// contenders' CPU and memory are this process's. Batches of --loops loops at --concurrency at
// once, the contenders interleaved, --rounds rounds; medians are shown.
//
// Per loop: wall time (batch time / loops), CPU of this process, CPU of redis-server, Redis
// memory still held after the batch (the finished job, the saved state, the tools' results),
// and this process's heap while the batch runs (peak growth / loops in flight) and after it
// (growth after GC / loops).
//
// Needs the built packages and redis-server (apt-get install -y redis-server).
// Run: node --expose-gc bench/bullmq.bench.mjs [--loops=40] [--concurrency=4] [--rounds=5]
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { startRedisServer } from '../examples/bullmq/redis-server.mjs';
import {
  createLoopStore,
  enqueueToolLoop,
  QUEUE_NAME,
  toolLoopProcessor,
} from '../examples/bullmq/tool-loop-jobs.mjs';
import { collectGarbage } from './gc.mjs';
import { option } from './quick.mjs';

const { createEngine } = await import('@crosswire/engines');
const loops = option('loops', 40, 4);
const concurrency = option('concurrency', 4);
const rounds = option('rounds', 5, 1);
const gc = collectGarbage;

const redisServer = await startRedisServer();
const redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });

// --- the simulator and the tool server, in their own process ---------------------------------
const harness = new URL('../examples/bullmq/harness.mjs', import.meta.url).href;
const toolServer = new URL('../examples/bullmq/tool-server.mjs', import.meta.url).href;
const childSource = `
const { researchModel } = await import(${JSON.stringify(harness)});
const { startToolServer } = await import(${JSON.stringify(toolServer)});
const { startSimulator } = await import('@crosswire/simulator');
const { Redis } = await import('ioredis');
const redis = new Redis(${JSON.stringify(redisServer.url)});
const simulator = await startSimulator({ fallback: researchModel });
const tools = await startToolServer({ redis });
process.stdout.write(JSON.stringify({ model: simulator.baseUrl('openai', 'bench'), tools: tools.url }) + '\\n');
process.stdin.on('data', () => {});
process.stdin.on('end', async () => { await tools.close(); await simulator.close(); redis.disconnect(); process.exit(0); });
`;
const child = spawn(process.execPath, ['--input-type=module', '-e', childSource], {
  cwd: new URL('../examples/bullmq/', import.meta.url),
  stdio: ['pipe', 'pipe', 'inherit'],
});
const urls = await new Promise((resolve, reject) => {
  child.stdout.once('data', (chunk) => resolve(JSON.parse(String(chunk))));
  child.once('exit', (code) => reject(new Error(`simulator process exited (${code})`)));
});

const engine = createEngine({
  provider: 'openai',
  model: 'gpt-5.1',
  apiKey: 'sk-bench',
  baseUrl: urls.model,
});
const tools = new Client({ name: 'bench', version: '1.0.0' });
await tools.connect(new StreamableHTTPClientTransport(new URL(urls.tools)));

const TOPICS = ['ant', 'bee', 'cat', 'dog', 'eel', 'fox', 'gnu', 'hen'];
const prompt = (index) =>
  `Look up ${TOPICS[index % TOPICS.length]} and ${TOPICS[(index + 3) % TOPICS.length]}`;
const expected = (index) => {
  const [a, b] = [TOPICS[index % TOPICS.length], TOPICS[(index + 3) % TOPICS.length]];
  return `${a}: ${a.length} letters | ${b}: ${b.length} letters | ${a}${b}: ${a.length + b.length} letters`;
};

// --- contenders -----------------------------------------------------------------------------
async function inProcessBatch(round) {
  let next = 0;
  const lane = async () => {
    while (next < loops) {
      const index = next++;
      const result = await engine.runToolLoop(prompt(index), { mcpServers: [tools] });
      if (result.text !== expected(index))
        throw new Error(`in-process loop ${round}/${index}: ${result.text}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

const connection = new Redis(redisServer.url, { maxRetriesPerRequest: null });
const queue = new Queue(QUEUE_NAME, { connection });
// job.waitUntilFinished listens on the queue once per waiting job.
queue.setMaxListeners(loops + 10);
const events = new QueueEvents(QUEUE_NAME, { connection: { url: redisServer.url } });
await events.waitUntilReady();
const worker = new Worker(
  QUEUE_NAME,
  toolLoopProcessor({ engine, mcpServers: [tools], store: createLoopStore(connection) }),
  { connection, concurrency },
);
await worker.waitUntilReady();

async function queuedBatch(round) {
  // Added one by one, as an application adds loops as they come.
  const jobs = [];
  for (let index = 0; index < loops; index++) {
    jobs.push(
      await enqueueToolLoop(queue, { loopId: `bench-${round}-${index}`, input: prompt(index) }),
    );
  }
  const results = await Promise.all(jobs.map((job) => job.waitUntilFinished(events, 60_000)));
  results.forEach((result, index) => {
    if (result.text !== expected(index))
      throw new Error(`queued loop ${round}/${index}: ${result.text}`);
  });
}

// --- measuring -------------------------------------------------------------------------------
async function redisInfo() {
  const info = await redis.info();
  const field = (name) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? NaN);
  return {
    memory: field('used_memory'),
    cpuMs: (field('used_cpu_user') + field('used_cpu_sys')) * 1000,
  };
}

async function measure(batch, round) {
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const redisBefore = await redisInfo();
  let peakHeap = heapBefore;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 2);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await batch(round);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  const redisAfter = await redisInfo();
  gc();
  const heapAfter = process.memoryUsage().heapUsed;
  return {
    wallMs: wallMs / loops,
    cpuMs: (cpu.user + cpu.system) / 1000 / loops,
    redisCpuMs: (redisAfter.cpuMs - redisBefore.cpuMs) / loops,
    redisBytes: (redisAfter.memory - redisBefore.memory) / loops,
    peakHeapBytes: peakHeap - heapBefore,
    retainedHeapBytes: (heapAfter - heapBefore) / loops,
  };
}

const CONTENDERS = {
  'in-process runToolLoop': inProcessBatch,
  'BullMQ job (examples/bullmq)': queuedBatch,
};
// Warm-up: one small batch each (not measured).
await inProcessBatch('warmup');
await queuedBatch('warmup');
const samples = Object.fromEntries(Object.keys(CONTENDERS).map((name) => [name, []]));
for (let round = 1; round <= rounds; round++) {
  for (const [name, batch] of Object.entries(CONTENDERS))
    samples[name].push(await measure(batch, round));
}

// The size of one finished loop's saved state (the conversation and the loop's place).
const stateBytes = await redis.hstrlen(
  createLoopStore(connection).key(`bench-${rounds}-0`),
  'state',
);

await worker.close();
await events.close();
await queue.close();
connection.disconnect();
await tools.close();
await engine.close();
child.stdin.end();
await new Promise((resolve) => child.once('exit', resolve));
redis.disconnect();
await redisServer.stop();

// --- report ----------------------------------------------------------------------------------
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const medians = Object.fromEntries(
  Object.entries(samples).map(([name, list]) => [
    name,
    Object.fromEntries(Object.keys(list[0]).map((key) => [key, median(list.map((s) => s[key]))])),
  ]),
);
const [base, queued] = Object.keys(CONTENDERS);
const ms = (value) => `${value.toFixed(2)} ms`;
const kib = (value) => `${(value / 1024).toFixed(1)} KiB`;
// No ratio where the in-process loop keeps next to nothing (it stores nothing in Redis).
const ratio = (key) =>
  medians[base][key] <= 0.05 * Math.abs(medians[queued][key])
    ? '-'
    : `${(medians[queued][key] / medians[base][key]).toFixed(2)}×`;
const rows = [
  ['wall time per loop', 'wallMs', ms],
  ['CPU of this process per loop', 'cpuMs', ms],
  ['CPU of redis-server per loop', 'redisCpuMs', ms],
  ['Redis memory kept per finished loop', 'redisBytes', kib],
  ['heap kept per loop after the batch (after GC)', 'retainedHeapBytes', kib],
  ['peak heap growth during a batch (per batch, GC-dependent)', 'peakHeapBytes', kib],
];
console.log(
  `tool loop of 3 model requests + 3 tool calls; ${loops} loops per batch, ${concurrency} at once, ` +
    `median of ${rounds} rounds after a warm-up; ${process.version}, bullmq ${await bullmqVersion()}`,
);
console.log('simulated model and MCP tool server in a child process; redis-server on loopback\n');
console.log(`| per loop | ${base} | ${queued} | ratio |`);
console.log('|---|---:|---:|---:|');
for (const [label, key, format] of rows) {
  console.log(
    `| ${label} | ${format(medians[base][key])} | ${format(medians[queued][key])} | ${ratio(key)} |`,
  );
}

console.log(
  `\nsaved state of one finished loop: ${stateBytes} bytes of JSON (Redis memory above also holds the finished job and the tools' stored results)`,
);

async function bullmqVersion() {
  const { readFile } = await import('node:fs/promises');
  const { createRequire } = await import('node:module');
  const path = createRequire(import.meta.url).resolve('bullmq/package.json');
  return JSON.parse(await readFile(path, 'utf8')).version;
}
