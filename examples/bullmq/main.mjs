// Tool loops as BullMQ jobs, end to end on this machine: a private redis-server, the
// Crosswire provider simulator as the model, an MCP tool server, three worker processes, four
// loops, and one worker killed with SIGKILL while one of its tool calls runs. Every loop still
// finishes, and every tool call ran once.
// Run: npx -y pnpm@12.4.2 build && node examples/bullmq/main.mjs   (needs redis-server)
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { startCluster } from './harness.mjs';
import { enqueueToolLoop, QUEUE_NAME } from './tool-loop-jobs.mjs';

const cluster = await startCluster({
  workerCount: 3,
  // Short locks so the demo recovers in about a second (production: BullMQ's 30 s defaults).
  workerEnv: { CONCURRENCY: '2', LOCK_DURATION_MS: '1000', STALLED_INTERVAL_MS: '500' },
  toolDelayMs: 300,
  killDuring: (step) => step.iteration === 2,
});
const connection = new Redis(cluster.services.redisUrl, { maxRetriesPerRequest: null });
const queue = new Queue(QUEUE_NAME, { connection });
const events = new QueueEvents(QUEUE_NAME, { connection: { url: cluster.services.redisUrl } });
try {
  await events.waitUntilReady();
  console.log(
    `redis-server on ${cluster.services.redisUrl}; workers ${cluster.workers.map((w) => w.pid).join(', ')}`,
  );
  const prompts = [
    'Look up ant and bee',
    'Look up cat and dog',
    'Look up eel and fox',
    'Look up gnu and hen',
  ];
  const jobs = [];
  for (const [index, input] of prompts.entries()) {
    jobs.push(await enqueueToolLoop(queue, { loopId: `demo-${index + 1}`, input }));
  }
  const results = await Promise.all(jobs.map((job) => job.waitUntilFinished(events, 30_000)));
  const killed = cluster.killed();
  if (killed) {
    console.log(`worker ${killed.pid} was killed (SIGKILL) while it ran tool call ${killed.key}`);
  }
  for (const [index, result] of results.entries()) {
    console.log(`demo-${index + 1}: ${result.text}`);
  }
  const executions = await connection.lrange('tool:executions', 0, -1);
  const repeated = executions.filter((key, index) => executions.indexOf(key) !== index);
  console.log(
    `${executions.length} tool calls ran, ${repeated.length} of them more than once` +
      (killed
        ? `; the killed call was asked ${await connection.get(`tool:${killed.key}:calls`)} times`
        : ''),
  );
  if (!killed || repeated.length > 0 || executions.length !== prompts.length * 3)
    process.exitCode = 1;
} finally {
  await events.close();
  await queue.close();
  connection.disconnect();
  await cluster.close();
}
