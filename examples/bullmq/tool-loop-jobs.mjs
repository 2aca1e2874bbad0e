// Crosswire tool loops as BullMQ jobs: the part to copy into your application.
//
// A job carries one loop. Its worker runs the loop one step at a time (a model step, or one
// tool call) with Crosswire's step API and saves the loop's state in Redis after every step.
// When a worker dies, BullMQ's stalled-job check hands the job to another worker, which loads
// the last saved state and carries on from there: a step that finished and was saved never
// runs again; the step that was running when the worker died runs again, with the same
// idempotency key, so a tool that keeps its results by that key answers it without running
// twice (see tool-server.mjs).
//
// With an approval policy, a call the policy asks about waits for a person: the job parks
// (moved to BullMQ's delayed set, so no worker holds it while the person thinks), and
// `decideApproval` (approvals.mjs is its command line) records the decision in the saved
// state and wakes the job. A person who does not answer within `approvalTimeoutMs` denies
// the call ("approval timed out").
import {
  APPROVAL_TIMED_OUT,
  gatherTools,
  recordApproval,
  recordToolResult,
  runModelStep,
  runnableToolLoopSteps,
  runToolStep,
  startToolLoop,
} from '@crosswire/engines';
import { parseToolLoopState, serializeToolLoopState } from '@crosswire/engines/durable';
import { DelayedError } from 'bullmq';

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
 * The calls waiting for a person, across all loops: one Redis hash (`<key>`), one field per
 * approval id, holding `{ loopId, callId, iteration, tool, arguments, deadline }` (what a
 * person needs to decide, and when silence becomes a denial). The processor adds a call when
 * its loop parks; a decision or the deadline removes it.
 */
export function createApprovalStore(redis, { key = 'crosswire:approvals' } = {}) {
  return {
    key,
    /** Adds each waiting call once (a loop that parks again keeps its first deadline); returns their deadlines. */
    async register(loopId, steps, deadline) {
      const deadlines = new Map();
      for (const step of steps) {
        const entry = {
          loopId,
          callId: step.callId,
          iteration: step.iteration,
          tool: step.call.name,
          arguments: step.call.arguments,
          deadline,
        };
        await redis.hsetnx(key, step.approvalId, JSON.stringify(entry));
        const stored = JSON.parse(await redis.hget(key, step.approvalId));
        deadlines.set(step.approvalId, stored.deadline);
      }
      return deadlines;
    },
    /** The waiting call of `approvalId`, or undefined once decided. */
    async get(approvalId) {
      const stored = await redis.hget(key, approvalId);
      return stored === null ? undefined : JSON.parse(stored);
    },
    /** Every waiting call: `[{ approvalId, loopId, callId, iteration, tool, arguments, deadline }]`. */
    async list() {
      const all = await redis.hgetall(key);
      return Object.entries(all).map(([approvalId, stored]) => ({
        approvalId,
        ...JSON.parse(stored),
      }));
    },
    async remove(approvalId) {
      await redis.hdel(key, approvalId);
    },
  };
}

/**
 * Records a person's decision on a waiting call and wakes its loop: the decision goes into the
 * loop's saved state (`recordApproval`; the same decision again is a no-op, another one throws
 * `ToolLoopStepError` `tool_approval_conflict`), then the parked job is promoted so a worker
 * runs (or denies) the call at once. `decision` is `{ approved: true, arguments? }` or
 * `{ approved: false, reason? }`. Returns `{ loopId, callId }`.
 */
export async function decideApproval({ queue, store, approvals }, approvalId, decision) {
  const waiting = await approvals.get(approvalId);
  if (waiting === undefined) {
    throw new Error(`no call waits for approval ${approvalId} (decided already, or timed out)`);
  }
  const { loopId, callId } = waiting;
  for (;;) {
    const current = await store.load(loopId);
    const pending = current?.state.pendingCalls.find(
      (entry) => entry.approval?.approvalId === approvalId,
    );
    if (!pending) throw new Error(`loop ${loopId} no longer waits for approval ${approvalId}`);
    const next = recordApproval(current.state, callId, decision);
    if (next === current.state) break;
    try {
      await store.save(loopId, current.version, next);
      break;
    } catch (error) {
      // A worker saved a step of the loop in between: record into its newer state.
      if (!(error instanceof LoopTakenOverError)) throw error;
    }
  }
  await approvals.remove(approvalId);
  await wake(queue, loopId);
  return { loopId, callId };
}

/** Moves a parked loop's job from the delayed set to the queue; a job that is not parked is left. */
async function wake(queue, loopId) {
  const job = await queue.getJob(loopId);
  if (job && (await job.isDelayed())) {
    // A worker may run it in between (its deadline passed): then there is nothing to promote.
    await job.promote().catch(() => undefined);
  }
}

/**
 * The BullMQ processor of tool-loop jobs. `engine` is a Crosswire engine, `mcpServers` the
 * connected MCP clients, `store` from createLoopStore. `onStep` (optional) sees each step
 * before it runs and after it was saved (and `phase: 'park'` when the loop waits for a
 * person). The job's result is `{ text, iteration }`; the whole conversation stays in the
 * store.
 *
 * `approval` is the step API's policy (`'always'`, `'unless-read-only'` or a function; default
 * `'never'`), `approvals` the store from createApprovalStore (needed with a policy), and
 * `approvalTimeoutMs` how long a call waits for its decision before it is denied (default
 * 24 hours). A loop whose only runnable steps are approvals parks: the job moves to the
 * delayed set until the deadline, and `decideApproval` promotes it.
 *
 * The calls of one reply run at once, as in `runToolLoop`; each result is saved as soon as it
 * arrives (one save at a time), so a worker that dies mid-turn loses only the calls still
 * running. When another worker saved first (this worker stalled and the job moved on, or
 * this worker took the job over from one that stalled and still runs), the processor carries
 * on from the newer state; once the job's lock is lost (the signal aborts) it stops.
 */
export function toolLoopProcessor({
  engine,
  mcpServers,
  store,
  approval = 'never',
  approvals,
  approvalTimeoutMs = 24 * 3600 * 1000,
  onStep = () => {},
}) {
  if (approval !== 'never' && approvals === undefined) {
    throw new Error('toolLoopProcessor: an approval policy needs approvals (createApprovalStore)');
  }
  return async (job, token, signal) => {
    const { loopId } = job.data;
    // The tools are listed once per job (not once per step).
    const roster = await gatherTools(mcpServers, { signal });
    const save = async (from, next, step) => {
      const saved = { version: await store.save(loopId, from.version, next), state: next };
      onStep({ phase: 'saved', loopId, step, version: saved.version });
      return saved;
    };
    const runModel = async (from, step) => {
      onStep({ phase: 'run', loopId, step, version: from.version });
      return save(from, await runModelStep(engine, from.state, { roster, signal, approval }), step);
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
            latest = await save(latest, recordToolResult(latest.state, step.callId, result), step);
          });
          await saving;
        }),
      );
      return latest;
    };

    // Only approval steps left: deny the ones past their deadline, or park until the first
    // deadline (a decision wakes the job earlier).
    const waitFor = async (from, steps) => {
      const now = Date.now();
      const deadlines = await approvals.register(loopId, steps, now + approvalTimeoutMs);
      const expired = steps.filter((step) => deadlines.get(step.approvalId) <= now);
      if (expired.length > 0) {
        let next = from.state;
        for (const step of expired) {
          next = recordApproval(next, step.callId, { approved: false, reason: APPROVAL_TIMED_OUT });
        }
        const saved = await save(from, next, expired[0]);
        for (const step of expired) await approvals.remove(step.approvalId);
        return saved;
      }
      const wakeAt = Math.min(...deadlines.values());
      onStep({ phase: 'park', loopId, step: steps[0], version: from.version });
      await job.moveToDelayed(wakeAt, token);
      // A decision saved while the job was still active found nothing to promote: wake it here.
      const latest = await store.load(loopId);
      if (latest.version !== from.version) await job.promote().catch(() => undefined);
      throw new DelayedError();
    };

    let current = (await store.load(loopId)) ?? {
      version: 0,
      state: parseToolLoopState(job.data.state),
    };
    for (;;) {
      const steps = runnableToolLoopSteps(current.state);
      const [first] = steps;
      if (first.kind === 'done') return { text: first.text, iteration: current.state.iteration };
      const toolSteps = steps.filter((step) => step.kind === 'tool');
      try {
        if (first.kind === 'model') current = await runModel(current, first);
        else if (toolSteps.length > 0) current = await runTools(current, toolSteps);
        else current = await waitFor(current, steps);
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
