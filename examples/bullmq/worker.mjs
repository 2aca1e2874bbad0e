// One worker process: takes tool-loop jobs from the queue and runs them step by step. Start as
// many as you like, on as many machines as you like; they share the work through Redis.
//
//   REDIS_URL=redis://127.0.0.1:6379 TOOLS_URL=http://127.0.0.1:3000/mcp \
//   PROVIDER=openai MODEL=gpt-5.1 API_KEY=... node examples/bullmq/worker.mjs
//
// Settings (environment): REDIS_URL, TOOLS_URL (an MCP server over Streamable HTTP), PROVIDER,
// MODEL, API_KEY, BASE_URL (optional), CONCURRENCY (jobs at once, default 2), and BullMQ's
// LOCK_DURATION_MS (default 30000), STALLED_INTERVAL_MS (default 30000) and
// MAX_STALLED_COUNT (default 1): a dead worker's jobs move to another worker within about
// LOCK_DURATION_MS + STALLED_INTERVAL_MS. APPROVAL (never, always or unless-read-only; default
// never) makes the calls it asks about wait for a person (approvals.mjs decides them), at most
// APPROVAL_TIMEOUT_MS (default 86400000, a day). SIGTERM lets the running jobs finish, then exits.
import { createEngine } from '@crosswire/engines';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  abortOnLostLock,
  createApprovalStore,
  createLoopStore,
  QUEUE_NAME,
  toolLoopProcessor,
} from './tool-loop-jobs.mjs';

const setting = (name, fallback) => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`worker: set ${name} (see the top of worker.mjs)`);
  return value;
};
const number = (name, fallback) => Number(setting(name, String(fallback)));

// BullMQ's workers need a connection that retries forever (maxRetriesPerRequest: null).
const connection = new Redis(setting('REDIS_URL'), { maxRetriesPerRequest: null });
const engine = createEngine({
  provider: setting('PROVIDER', 'openai'),
  model: setting('MODEL', 'gpt-5.1'),
  apiKey: setting('API_KEY'),
  ...(process.env.BASE_URL ? { baseUrl: process.env.BASE_URL } : {}),
});
const tools = new Client({ name: 'crosswire-loop-worker', version: '1.0.0' });
await tools.connect(new StreamableHTTPClientTransport(new URL(setting('TOOLS_URL'))));

const processor = toolLoopProcessor({
  engine,
  mcpServers: [tools],
  store: createLoopStore(connection),
  approval: setting('APPROVAL', 'never'),
  approvals: createApprovalStore(connection),
  approvalTimeoutMs: number('APPROVAL_TIMEOUT_MS', 24 * 3600 * 1000),
  // Under a parent process (the test, the demo), tell it what runs: it kills a worker mid-step.
  onStep: (event) =>
    process.send?.({
      type: 'step',
      phase: event.phase,
      loopId: event.loopId,
      kind: event.step.kind,
      key: event.step.key,
      iteration: event.step.iteration,
      version: event.version,
    }),
});
const worker = abortOnLostLock(
  new Worker(QUEUE_NAME, processor, {
    connection,
    concurrency: number('CONCURRENCY', 2),
    lockDuration: number('LOCK_DURATION_MS', 30_000),
    stalledInterval: number('STALLED_INTERVAL_MS', 30_000),
    maxStalledCount: number('MAX_STALLED_COUNT', 1),
  }),
);
worker.on('failed', (job, error) => {
  console.error(`worker ${process.pid}: job ${job?.id} failed: ${error.message}`);
});
// Connection trouble and lost locks are reported here; BullMQ keeps going.
worker.on('error', (error) => {
  console.error(`worker ${process.pid}: ${error.message}`);
});
await worker.waitUntilReady();
process.send?.({ type: 'ready', pid: process.pid });

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await worker.close();
  await tools.close();
  await engine.close();
  connection.disconnect();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// Started by a parent that went away: stop too.
process.on('disconnect', shutdown);
