// Crosswire tool loops as BullMQ jobs: the part to copy into your application.
//
// A job carries one loop. Its worker runs the loop one step at a time (a model step, or one
// tool call) with Crosswire's step API and saves the loop's state in Redis after every step.
// When a worker dies, BullMQ's stalled-job check hands the job to another worker, which loads
// the last saved state and carries on from there: a step that finished and was saved never
// runs again; the step that was running when the worker died runs again, with the same
// idempotency key, so a tool that keeps its results by that key answers it without running
// twice (see tool-server.mjs).
import {
  gatherTools,
  recordToolResult,
  runModelStep,
  runnableToolLoopSteps,
  runToolStep,
  startToolLoop,
} from '@crosswire/engines';
import { parseToolLoopState, serializeToolLoopState } from '@crosswire/engines/durable';

export const QUEUE_NAME = 'crosswire-tool-loops';

/**
 * Adds one loop to the queue. The job id is the loop id, so adding the same loop twice (a
 * retried HTTP request) makes one job, not two.
 */
export function enqueueToolLoop(queue, { loopId, input }, jobOptions = {}) {
  const state = startToolLoop(input, { loopId });
  return queue.add(
    'tool-loop',
    { loopId, state: serializeToolLoopState(state) },
    { jobId: loopId, ...jobOptions },
  );
}

/** Raised by a save when another worker saved a newer state of the loop first. */
export class LoopTakenOverError extends Error {
  constructor(loopId, version) {
    super(
      `loop ${loopId}: another worker saved version ${version + 1} of its state first; this save is refused`,
    );
    this.name = 'LoopTakenOverError';
  }
}

// Saves a state only over the version it was loaded at: a worker that lost its job (its lock
// expired while it was still running) cannot overwrite the newer state of the worker that took
// the job over.
const SAVE_IF_VERSION = `
local current = redis.call('HGET', KEYS[1], 'version')
if (current or '0') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', tostring(tonumber(ARGV[1]) + 1), 'state', ARGV[2])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
`;

/**
 * Where loop states live: one Redis hash per loop (`<prefix><loopId>`: `version`, `state`),
 * kept `ttlSeconds` after its last step so the application can read the finished conversation.
 */
export function createLoopStore(
  redis,
  { prefix = 'crosswire:loop:', ttlSeconds = 7 * 24 * 3600 } = {},
) {
  redis.defineCommand('crosswireSaveLoopState', { numberOfKeys: 1, lua: SAVE_IF_VERSION });
  const key = (loopId) => `${prefix}${loopId}`;
  return {
    key,
    /** The saved state and its version, or undefined before the first step was saved. */
    async load(loopId) {
      const [version, state] = await redis.hmget(key(loopId), 'version', 'state');
      if (version === null || state === null) return undefined;
      return { version: Number(version), state: parseToolLoopState(state) };
    },
    /** Saves `state` as version `version + 1`; throws LoopTakenOverError when `version` is not the latest. */
    async save(loopId, version, state) {
      const saved = await redis.crosswireSaveLoopState(
        key(loopId),
        String(version),
        JSON.stringify(serializeToolLoopState(state)),
        String(ttlSeconds),
      );
      if (saved !== 1) throw new LoopTakenOverError(loopId, version);
      return version + 1;
    },
  };
}

/**
 * The BullMQ processor of tool-loop jobs. `engine` is a Crosswire engine, `mcpServers` the
 * connected MCP clients, `store` from createLoopStore. `onStep` (optional) sees each step
 * before it runs and after it was saved. The job's result is `{ text, iteration }`; the whole
 * conversation stays in the store.
 *
 * The calls of one reply run at once, as in `runToolLoop`; each result is saved as soon as it
 * arrives (one save at a time), so a worker that dies mid-turn loses only the calls still
 * running. When another worker saved first (this worker stalled and the job moved on, or
 * this worker took the job over from one that stalled and still runs), the processor carries
 * on from the newer state; once the job's lock is lost (the signal aborts) it stops.
 */
export function toolLoopProcessor({ engine, mcpServers, store, onStep = () => {} }) {
  return async (job, _token, signal) => {
    const { loopId } = job.data;
    // The tools are listed once per job (not once per step).
    const roster = await gatherTools(mcpServers, { signal });
    const runModel = async ({ version, state }, step) => {
      onStep({ phase: 'run', loopId, step, version });
      const next = await runModelStep(engine, state, { roster, signal });
      const saved = { version: await store.save(loopId, version, next), state: next };
      onStep({ phase: 'saved', loopId, step, version: saved.version });
      return saved;
    };
    const runTools = async (from, steps) => {
      let latest = from;
      let saving = Promise.resolve();
      await Promise.all(
        steps.map(async (step) => {
          onStep({ phase: 'run', loopId, step, version: from.version });
          const answered = await runToolStep(from.state, step.callId, { roster, signal });
          const { result } = answered.pendingCalls.find((call) => call.callId === step.callId);
          saving = saving.then(async () => {
            const next = recordToolResult(latest.state, step.callId, result);
            latest = { version: await store.save(loopId, latest.version, next), state: next };
            onStep({ phase: 'saved', loopId, step, version: latest.version });
          });
          await saving;
        }),
      );
      return latest;
    };

    let current = (await store.load(loopId)) ?? {
      version: 0,
      state: parseToolLoopState(job.data.state),
    };
    for (;;) {
      const steps = runnableToolLoopSteps(current.state);
      const [first] = steps;
      if (first.kind === 'done') return { text: first.text, iteration: current.state.iteration };
      try {
        current =
          first.kind === 'model' ? await runModel(current, first) : await runTools(current, steps);
      } catch (error) {
        if (!(error instanceof LoopTakenOverError) || signal?.aborted) throw error;
        current = await store.load(loopId);
      }
    }
  };
}

/**
 * Makes `worker` (a BullMQ Worker running toolLoopProcessor) abort a job's signal when it
 * finds the job's lock lost (it stalled, and the job went back to the queue): the processor
 * then stops at its running step instead of racing the worker that took the job over.
 * Returns the worker.
 */
export function abortOnLostLock(worker) {
  worker.on('lockRenewalFailed', (jobIds) => {
    for (const jobId of jobIds) worker.cancelJob(jobId, 'lost the job lock');
  });
  return worker;
}
