// Everything around the queue that the demo, its test and its benchmark share, all on
// 127.0.0.1: a private redis-server, the Crosswire provider simulator playing a small research
// model, the idempotent MCP tool server, and worker processes.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '@crosswire/simulator';
import { Redis } from 'ioredis';
import { startRedisServer } from './redis-server.mjs';
import { startToolServer } from './tool-server.mjs';

/** The simulator lane the workers' engine talks to. */
export const MODEL_LANE = 'queue';

/**
 * The simulated model, answering from the conversation it is sent (so a model step that runs
 * twice gets the same reply): "Look up A and B" → lookup(A) and lookup(B) in parallel; after
 * their two results → lookup(AB); after the third result → the three results, joined by " | ".
 */
export function researchModel({ body }) {
  const messages = body.messages;
  const prompt = messages.find((message) => message.role === 'user')?.content ?? '';
  const topics = /^Look up (\w+) and (\w+)$/.exec(prompt);
  if (!topics) return { type: 'text', text: `I cannot read "${prompt}"` };
  const results = messages.filter((message) => message.role === 'tool').map((m) => m.content);
  const lookup = (topic) => ({ name: 'lookup', arguments: { topic } });
  if (results.length === 0)
    return { type: 'tool_calls', calls: [lookup(topics[1]), lookup(topics[2])] };
  if (results.length === 2) return { type: 'tool_calls', calls: [lookup(topics[1] + topics[2])] };
  return { type: 'text', text: results.join(' | ') };
}

/**
 * Starts redis-server, the simulator and the tool server: `{ redis, redisUrl, simulator,
 * tools, workerEnv, close() }`. `toolDelayMs` is how long each tool run takes; `onToolRun(key)`
 * is told when a tool run starts.
 */
export async function startServices({ toolDelayMs = 0, onToolRun } = {}) {
  const redisServer = await startRedisServer();
  const closers = [() => redisServer.stop()];
  try {
    const redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    closers.unshift(async () => redis.disconnect());
    const simulator = await startSimulator({ fallback: researchModel });
    closers.unshift(() => simulator.close());
    const tools = await startToolServer({ redis, delayMs: toolDelayMs, onRun: onToolRun });
    closers.unshift(() => tools.close());
    return {
      redis,
      redisUrl: redisServer.url,
      simulator,
      tools,
      /** The environment a worker process needs (worker.mjs). */
      workerEnv: {
        REDIS_URL: redisServer.url,
        TOOLS_URL: tools.url,
        PROVIDER: 'openai',
        MODEL: 'gpt-5.1',
        API_KEY: 'sk-example-not-a-key',
        BASE_URL: simulator.baseUrl('openai', MODEL_LANE),
      },
      async close() {
        for (const close of closers) await close();
      },
    };
  } catch (error) {
    for (const close of closers) await close();
    throw error;
  }
}

const WORKER = fileURLToPath(new URL('./worker.mjs', import.meta.url));

/**
 * Starts worker.mjs as a separate Node process with `env` on top of this one's. Resolves once
 * it is ready: `{ pid, child, steps, exited, stop() }`. `steps` collects the step events the
 * worker reports; `onMessage` sees each as it arrives.
 */
export function spawnWorker(env, { onMessage = () => {} } = {}) {
  const child = fork(WORKER, [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const steps = [];
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'step') steps.push(message);
      onMessage(message, child);
    });
    exited.then(({ code, signal }) =>
      reject(new Error(`worker exited (${code ?? signal}) before it was ready:\n${stderr}`)),
    );
  });
  return ready.then(() => ({
    pid: child.pid,
    child,
    steps,
    exited,
    /** Asks the worker to finish and exit (SIGTERM); resolves with how it exited. */
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  }));
}

/**
 * The demo's and the test's set-up: the services, `workerCount` worker processes with
 * `workerEnv`, and, when `killDuring(step)` says so for a tool step whose run has started on
 * the tool server, that step's worker killed with SIGKILL (once) while the call runs.
 * `{ services, workers, killed(), close() }`; `killed()` is `{ key, loopId, pid }` once done.
 */
export async function startCluster({ workerCount = 3, workerEnv = {}, toolDelayMs, killDuring }) {
  /** key → { step, worker } of the tool steps the workers reported starting. */
  const toolSteps = new Map();
  /** Keys whose tool run has started on the tool server. */
  const toolRuns = new Set();
  let killed;
  // The worker's step report and the tool's run may arrive in either order: check on both.
  const killIfDue = (key) => {
    const started = toolSteps.get(key);
    if (killed || !killDuring || !started || !toolRuns.has(key) || !killDuring(started.step))
      return;
    killed = { key, loopId: started.step.loopId, pid: started.worker.pid };
    started.worker.child.kill('SIGKILL');
  };
  const services = await startServices({
    toolDelayMs,
    onToolRun: (key) => {
      toolRuns.add(key);
      killIfDue(key);
    },
  });
  const workers = [];
  const onMessage = (message, child) => {
    if (message.type !== 'step' || message.kind !== 'tool' || message.phase !== 'run') return;
    toolSteps.set(message.key, {
      step: message,
      worker: workers.find((worker) => worker.child === child),
    });
    killIfDue(message.key);
  };
  try {
    const env = { ...services.workerEnv, ...workerEnv };
    const started = await Promise.allSettled(
      Array.from({ length: workerCount }, () => spawnWorker(env, { onMessage })),
    );
    workers.push(...started.filter((s) => s.status === 'fulfilled').map((s) => s.value));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await Promise.all(workers.map((worker) => worker.stop()));
    await services.close();
    throw error;
  }
  return {
    services,
    workers,
    killed: () => killed,
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await services.close();
    },
  };
}
