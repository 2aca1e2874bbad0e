// Integration test of the BullMQ example's tool approval on a real Redis: workers with
// APPROVAL=always, a loop that parks while it waits for a person (its job delayed, no worker
// holding it), decisions made through the example's command line (approvals.mjs).
// - Approve: the worker that parked the loop is killed with SIGKILL while the loop waits; the
//   decisions wake it on the other worker, and each tool call ran exactly once.
// - Deny: no call reaches the tool, and the model gets the denials.
// - Silence: past APPROVAL_TIMEOUT_MS the call is denied with "approval timed out".
//
// Run: npx -y pnpm@12.4.2 test:bullmq (needs redis-server: apt-get install -y redis-server).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_LANE, startCluster } from './harness.mjs';
import { createApprovalStore, enqueueToolLoop, QUEUE_NAME } from './tool-loop-jobs.mjs';

const WORKER_ENV = {
  CONCURRENCY: '2',
  LOCK_DURATION_MS: '1000',
  STALLED_INTERVAL_MS: '500',
  MAX_STALLED_COUNT: '5',
  APPROVAL: 'always',
};

const CLI = fileURLToPath(new URL('./approvals.mjs', import.meta.url));

/** Runs approvals.mjs against the cluster's Redis: `{ code, stdout, stderr }`. */
function approvalsCli(redisUrl, args) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, REDIS_URL: redisUrl } },
      (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

/** Starts a cluster with `env` on top of WORKER_ENV, and a queue and its events on it. */
async function connect(env = {}) {
  const cluster = await startCluster({ workerCount: 2, workerEnv: { ...WORKER_ENV, ...env } });
  const { redisUrl } = cluster.services;
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUE_NAME, { connection });
  const events = new QueueEvents(QUEUE_NAME, { connection: { url: redisUrl } });
  await events.waitUntilReady();
  return {
    cluster,
    connection,
    queue,
    events,
    redisUrl,
    approvals: createApprovalStore(connection),
    async close() {
      await events.close();
      await queue.close();
      connection.disconnect();
      await cluster.close();
    },
  };
}

/** The calls of `loopId` waiting for a decision, once there are `count` of them. */
async function waitingCalls(approvals, loopId, count) {
  let waiting = [];
  await expect
    .poll(
      async () => {
        waiting = (await approvals.list()).filter((entry) => entry.loopId === loopId);
        return waiting.length;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(count);
  return waiting.sort((a, b) => a.callId.localeCompare(b.callId));
}

/** The tool's record: executions (real runs) and calls seen, of one loop's keys. */
async function toolRecord(connection, loopId) {
  const executions = (await connection.lrange('tool:executions', 0, -1)).filter((key) =>
    key.startsWith(`${loopId}:`),
  );
  const callKeys = await connection.keys(`tool:${loopId}:*:calls`);
  const calls = Object.fromEntries(
    await Promise.all(callKeys.map(async (key) => [key, Number(await connection.get(key))])),
  );
  return { executions: executions.sort(), calls };
}

describe('tool approval on BullMQ, decided from the command line', () => {
  let setup;
  beforeAll(async () => {
    setup = await connect();
  }, 30_000);
  afterAll(async () => {
    await setup?.close();
  });

  it('a waiting loop holds no worker; killed meanwhile, it resumes on approval and each call runs once', async () => {
    const { queue, events, approvals, connection, redisUrl, cluster } = setup;
    const loopId = 'approve-1';
    const job = await enqueueToolLoop(queue, { loopId, input: 'Look up owl and pig' });

    // The model asks for two lookups; both wait for a person, and the loop parks.
    const first = await waitingCalls(approvals, loopId, 2);
    expect(first.map(({ tool, arguments: args, iteration }) => [tool, args, iteration])).toEqual([
      ['lookup', { topic: 'owl' }, 1],
      ['lookup', { topic: 'pig' }, 1],
    ]);
    await expect.poll(() => job.getState(), { timeout: 10_000 }).toBe('delayed');
    expect(await queue.getActiveCount()).toBe(0);
    const { stdout: listed } = await approvalsCli(redisUrl, ['list']);
    for (const entry of first) expect(listed).toContain(entry.approvalId);

    // The worker that parked the loop dies while the loop waits.
    const parker = cluster.workers.find((worker) =>
      worker.steps.some((step) => step.phase === 'park' && step.loopId === loopId),
    );
    expect(parker).toBeDefined();
    parker.child.kill('SIGKILL');
    expect(await parker.exited).toMatchObject({ signal: 'SIGKILL' });

    for (const entry of first) {
      expect(await approvalsCli(redisUrl, ['approve', entry.approvalId])).toEqual({
        code: 0,
        stdout: `approved call "${entry.callId}" of loop "${loopId}"\n`,
        stderr: '',
      });
    }
    // Deciding again is refused: the call no longer waits.
    const again = await approvalsCli(redisUrl, ['deny', first[0].approvalId]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `approvals.mjs: no call waits for approval ${first[0].approvalId} (decided already, or timed out)\n`,
    );

    // The other worker runs both calls; the model then asks for one more, which waits too.
    const [third] = await waitingCalls(approvals, loopId, 1);
    expect([third.arguments, third.iteration]).toEqual([{ topic: 'owlpig' }, 2]);
    expect(await approvalsCli(redisUrl, ['approve', third.approvalId])).toMatchObject({ code: 0 });

    const result = await job.waitUntilFinished(events, 20_000);
    expect(result).toEqual({
      text: 'owl: 3 letters | pig: 3 letters | owlpig: 6 letters',
      iteration: 3,
    });
    // Each call ran exactly once, and was asked exactly once.
    const record = await toolRecord(connection, loopId);
    const keys = [
      `${loopId}:1:call:${first[0].callId}`,
      `${loopId}:1:call:${first[1].callId}`,
      `${loopId}:2:call:${third.callId}`,
    ].sort();
    expect(record.executions).toEqual(keys);
    expect(record.calls).toEqual(Object.fromEntries(keys.map((key) => [`tool:${key}:calls`, 1])));
    expect(await approvals.list()).toEqual([]);
  }, 60_000);

  it('denied calls never reach the tool, and the model gets the denials', async () => {
    const { queue, events, approvals, connection, redisUrl, cluster } = setup;
    const loopId = 'deny-1';
    const before = cluster.services.simulator.received(MODEL_LANE).length;
    const job = await enqueueToolLoop(queue, { loopId, input: 'Look up ant and bee' });
    const [ant, bee] = await waitingCalls(approvals, loopId, 2);
    expect([ant.arguments, bee.arguments]).toEqual([{ topic: 'ant' }, { topic: 'bee' }]);
    expect(await approvalsCli(redisUrl, ['deny', ant.approvalId, 'not', 'insects'])).toMatchObject({
      code: 0,
      stdout: `denied call "${ant.callId}" of loop "${loopId}"\n`,
    });
    expect(await approvalsCli(redisUrl, ['deny', bee.approvalId])).toMatchObject({ code: 0 });
    const [both] = await waitingCalls(approvals, loopId, 1);
    expect(both.arguments).toEqual({ topic: 'antbee' });
    expect(await approvalsCli(redisUrl, ['deny', both.approvalId, 'no'])).toMatchObject({
      code: 0,
    });

    const result = await job.waitUntilFinished(events, 20_000);
    // The simulated model joins the results it was sent: the three denials.
    expect(result.text).toBe(
      'the user denied this call: not insects | the user denied this call | the user denied this call: no',
    );
    expect(await toolRecord(connection, loopId)).toEqual({ executions: [], calls: {} });
    // The provider got one result per call (the simulator checks it) and read the denials.
    const received = cluster.services.simulator.received(MODEL_LANE).slice(before);
    expect(received.filter((request) => request.status !== 200)).toEqual([]);
    const denials = received.flatMap((request) =>
      request.toolResults.map((toolResult) => toolResult.block.content),
    );
    expect(denials).toContain('the user denied this call: not insects');
  }, 60_000);
});

describe('a person who does not answer', () => {
  let setup;
  beforeAll(async () => {
    setup = await connect({ APPROVAL_TIMEOUT_MS: '1500' });
  }, 30_000);
  afterAll(async () => {
    await setup?.close();
  });

  it('past APPROVAL_TIMEOUT_MS the call is denied ("approval timed out") and the loop goes on', async () => {
    const { queue, events, connection, approvals } = setup;
    const loopId = 'silent-1';
    const job = await enqueueToolLoop(queue, { loopId, input: 'Look up cow and elk' });
    await waitingCalls(approvals, loopId, 2);
    const result = await job.waitUntilFinished(events, 25_000);
    expect(result.text).toBe(
      [1, 2, 3].map(() => 'the user denied this call: approval timed out').join(' | '),
    );
    expect(await toolRecord(connection, loopId)).toEqual({ executions: [], calls: {} });
    expect(await approvals.list()).toEqual([]);
  }, 60_000);
});
