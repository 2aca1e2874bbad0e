// Integration test of the BullMQ example on a real Redis: three worker processes run six tool
// loops; one worker is killed with SIGKILL while one of its tool calls runs. Every loop must
// finish with its answer, every tool call must have run exactly once (the tool's own record
// in Redis) and be answered exactly once in the conversation, and the killed call must have
// been repeated by the worker that took the job over (and answered from the stored result).
// A second test races the state store: a save over an older version is refused, and the
// processor carries on from the newer state.
//
// Run: npx -y pnpm@12.4.2 test:bullmq (needs redis-server: apt-get install -y redis-server).
import { createEngine, startToolLoop } from '@crosswire/engines';
import { parseToolLoopState, serializeToolLoopState } from '@crosswire/engines/durable';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_LANE, startCluster } from './harness.mjs';
import {
  createLoopStore,
  enqueueToolLoop,
  LoopTakenOverError,
  QUEUE_NAME,
  toolLoopProcessor,
} from './tool-loop-jobs.mjs';

// Short lock and stall check so a dead worker's job moves on within about 1.5 s.
const WORKER_ENV = {
  CONCURRENCY: '2',
  LOCK_DURATION_MS: '1000',
  STALLED_INTERVAL_MS: '500',
  // A loaded CI machine may miss a lock renewal now and then; the loop survives that too.
  MAX_STALLED_COUNT: '5',
};
const TOOL_DELAY_MS = 400;

// loop id, prompt, the answer written down (the simulated model joins the three results).
const LOOPS = [
  ['loop-1', 'Look up ant and bee', 'ant: 3 letters | bee: 3 letters | antbee: 6 letters'],
  ['loop-2', 'Look up cat and dog', 'cat: 3 letters | dog: 3 letters | catdog: 6 letters'],
  ['loop-3', 'Look up eel and fox', 'eel: 3 letters | fox: 3 letters | eelfox: 6 letters'],
  ['loop-4', 'Look up gnu and hen', 'gnu: 3 letters | hen: 3 letters | gnuhen: 6 letters'],
  ['loop-5', 'Look up ibis and jay', 'ibis: 4 letters | jay: 3 letters | ibisjay: 7 letters'],
  ['loop-6', 'Look up kiwi and lynx', 'kiwi: 4 letters | lynx: 4 letters | kiwilynx: 8 letters'],
];

let cluster;
let queue;
let events;
let connection;

beforeAll(async () => {
  cluster = await startCluster({
    workerCount: 3,
    workerEnv: WORKER_ENV,
    toolDelayMs: TOOL_DELAY_MS,
    // Mid-loop: while a call of the second round runs.
    killDuring: (step) => step.iteration === 2,
  });
  connection = new Redis(cluster.services.redisUrl, { maxRetriesPerRequest: null });
  queue = new Queue(QUEUE_NAME, { connection });
  events = new QueueEvents(QUEUE_NAME, { connection: { url: cluster.services.redisUrl } });
  await events.waitUntilReady();
}, 30_000);

afterAll(async () => {
  await events?.close();
  await queue?.close();
  connection?.disconnect();
  await cluster?.close();
});

describe('tool loops as BullMQ jobs on a real Redis', () => {
  it('every loop finishes, each call runs once and is answered once, with a worker SIGKILLed mid-call', async () => {
    const jobs = await Promise.all(
      LOOPS.map(([loopId, prompt]) => enqueueToolLoop(queue, { loopId, input: prompt })),
    );
    const results = await Promise.all(jobs.map((job) => job.waitUntilFinished(events, 25_000)));

    // Every loop answered, as written down.
    expect(results.map((result) => result.text)).toEqual(LOOPS.map(([, , answer]) => answer));
    expect(results.map((result) => result.iteration)).toEqual([3, 3, 3, 3, 3, 3]);

    // One worker died by SIGKILL while its tool call of the second round ran.
    const { workers } = cluster;
    const killed = cluster.killed();
    expect(killed).toBeDefined();
    const victim = workers.find((worker) => worker.pid === killed.pid);
    expect(await victim.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(victim.steps).toContainEqual(expect.objectContaining({ phase: 'run', key: killed.key }));
    expect(victim.steps).not.toContainEqual(
      expect.objectContaining({ phase: 'saved', key: killed.key }),
    );
    // Another worker took the job over and ran that step again, with the same key.
    const heir = workers.find(
      (worker) =>
        worker !== victim &&
        worker.steps.some((step) => step.phase === 'saved' && step.key === killed.key),
    );
    expect(heir).toBeDefined();
    const stalledJob = await queue.getJob(killed.loopId);
    expect(stalledJob.stalledCounter).toBeGreaterThanOrEqual(1);

    // The tool's own record: every call key ran exactly once; the killed call was called
    // twice (the second call got the stored result); no call came without a key.
    const store = createLoopStore(connection);
    const states = await Promise.all(LOOPS.map(([loopId]) => store.load(loopId)));
    const callKeys = states.flatMap(({ state }) => toolCallKeys(state));
    expect(callKeys).toHaveLength(LOOPS.length * 3);
    const executions = await connection.lrange('tool:executions', 0, -1);
    expect([...executions].sort()).toEqual([...callKeys].sort());
    expect(Number(await connection.get(`tool:${killed.key}:calls`))).toBeGreaterThanOrEqual(2);
    expect(await connection.get('tool:unkeyed-calls')).toBeNull();

    // The conversations: each call of each assistant turn answered by exactly one result.
    for (const { state } of states) {
      const wireMessages = state.messages.map(wireShape);
      const callIds = wireMessages.flatMap((message) =>
        (message.tool_calls ?? []).map((call) => call.id),
      );
      const answered = wireMessages
        .filter((message) => message.role === 'tool')
        .map((message) => message.tool_call_id);
      expect(callIds).toHaveLength(3);
      expect([...answered].sort()).toEqual([...callIds].sort());
    }

    // The simulated provider accepted every request (it checks that each call has one result).
    const received = cluster.services.simulator.received(MODEL_LANE);
    expect(received.filter((request) => request.status !== 200)).toEqual([]);
    expect(received.length).toBeGreaterThanOrEqual(LOOPS.length * 3);
  }, 30_000);
});

describe('the saved state', () => {
  it('refuses a save over an older version; the processor carries on from the newer state', async () => {
    const { simulator, workerEnv } = cluster.services;
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-5.1',
      apiKey: workerEnv.API_KEY,
      // A lane of its own: the simulator numbers the call ids by the lane's turns.
      baseUrl: simulator.baseUrl('openai', 'raced'),
    });
    const tools = new Client({ name: 'test', version: '1.0.0' });
    await tools.connect(new StreamableHTTPClientTransport(new URL(workerEnv.TOOLS_URL)));
    try {
      const store = createLoopStore(connection);
      const start = startToolLoop('Look up owl and pig', { loopId: 'raced' });
      // Another worker saves each of this worker's first two steps just before it does.
      let raced = 0;
      const racing = {
        ...store,
        async save(loopId, version, state) {
          if (raced < 2) {
            raced += 1;
            await store.save(loopId, version, state);
          }
          return store.save(loopId, version, state);
        },
      };
      const saved = [];
      const processor = toolLoopProcessor({
        engine,
        mcpServers: [tools],
        store: racing,
        onStep: (event) => event.phase === 'saved' && saved.push(event.step.key),
      });
      const result = await processor({
        data: { loopId: 'raced', state: serializeToolLoopState(start) },
      });
      expect(result).toEqual({
        text: 'owl: 3 letters | pig: 3 letters | owlpig: 6 letters',
        iteration: 3,
      });
      expect(raced).toBe(2);
      // Its own saves of the two raced steps (the first model step, and whichever of the two
      // parallel calls finished first) were refused; every other step it saved.
      expect(saved).toEqual([
        expect.stringMatching(/^raced:1:call:call_1_[01]$/),
        'raced:2:model',
        'raced:2:call:call_2_0',
        'raced:3:model',
      ]);
      const final = await store.load('raced');
      expect(final.version).toBe(6);
      // A save over an older version is refused, and the stored state stays.
      await expect(store.save('raced', 5, start)).rejects.toThrow(LoopTakenOverError);
      expect((await store.load('raced')).version).toBe(6);
      expect(parseToolLoopState(JSON.stringify(serializeToolLoopState(final.state))).text).toBe(
        'owl: 3 letters | pig: 3 letters | owlpig: 6 letters',
      );
    } finally {
      await tools.close();
      await engine.close();
    }
  }, 30_000);
});

/** The idempotency keys of every tool call of a finished loop's conversation. */
function toolCallKeys(state) {
  return state.messages.flatMap((message, index) => {
    const body = wireShape(message);
    const iteration = state.messages
      .slice(0, index + 1)
      .filter((entry) => wireShape(entry).role === 'assistant').length;
    return (body.tool_calls ?? []).map((call) => `${state.loopId}:${iteration}:call:${call.id}`);
  });
}

/** A conversation entry as the provider's message (a `wire` entry carries it in `message`). */
function wireShape(message) {
  return message.role === 'wire' ? message.message : message;
}
