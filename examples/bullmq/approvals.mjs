// The approve/deny entry point of the BullMQ example: lists the tool calls that wait for a
// person, and records a decision (which wakes the parked loop at once).
//
//   REDIS_URL=redis://127.0.0.1:6379 node examples/bullmq/approvals.mjs list [--json]
//   REDIS_URL=... node examples/bullmq/approvals.mjs approve <approvalId> [--arguments '{"path":"b.txt"}']
//   REDIS_URL=... node examples/bullmq/approvals.mjs deny <approvalId> [reason ...]
//
// Exit status 0 when done, 1 when the decision was refused (no such approval, already decided
// otherwise), 2 for a wrong command line.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  createApprovalStore,
  createLoopStore,
  decideApproval,
  QUEUE_NAME,
} from './tool-loop-jobs.mjs';

const USAGE = `usage: approvals.mjs list [--json]
       approvals.mjs approve <approvalId> [--arguments JSON]
       approvals.mjs deny <approvalId> [reason ...]
(REDIS_URL names the queue's Redis)`;

// What a model wrote (a tool name, its arguments) is shown to a person: JSON escapes control
// characters; bidirectional and zero-width ones are escaped too, so nothing reorders or hides
// part of the line.
const HIDDEN = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const shown = (value) =>
  JSON.stringify(value).replace(HIDDEN, (char) => `\\u${char.charCodeAt(0).toString(16)}`);

/** The decision the command line asks for; throws a usage error for anything else. */
function decisionOf(verb, rest) {
  if (verb === 'deny') {
    const reason = rest.join(' ').trim();
    return reason === '' ? { approved: false } : { approved: false, reason };
  }
  if (rest.length === 0) return { approved: true };
  if (rest.length !== 2 || rest[0] !== '--arguments') throw new UsageError();
  let edited;
  try {
    edited = JSON.parse(rest[1]);
  } catch {
    throw new UsageError('--arguments takes a JSON object');
  }
  return { approved: true, arguments: edited };
}

class UsageError extends Error {}

async function main(argv) {
  const [verb, ...rest] = argv;
  const url = process.env.REDIS_URL;
  if (!url || !['list', 'approve', 'deny'].includes(verb)) throw new UsageError();
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUE_NAME, { connection: redis });
  try {
    const approvals = createApprovalStore(redis);
    if (verb === 'list') {
      const waiting = await approvals.list();
      if (rest.includes('--json')) {
        process.stdout.write(`${JSON.stringify(waiting)}\n`);
        return;
      }
      for (const entry of waiting) {
        const deadline = new Date(entry.deadline).toISOString();
        process.stdout.write(
          `${entry.approvalId}  loop ${shown(entry.loopId)}  ${shown(entry.tool)}(${shown(entry.arguments)})  until ${deadline}\n`,
        );
      }
      if (waiting.length === 0) process.stdout.write('no call waits for a decision\n');
      return;
    }
    const [approvalId, ...details] = rest;
    if (!approvalId) throw new UsageError();
    const decision = decisionOf(verb, details);
    const { loopId, callId } = await decideApproval(
      { queue, store: createLoopStore(redis), approvals },
      approvalId,
      decision,
    );
    process.stdout.write(
      `${decision.approved ? 'approved' : 'denied'} call ${shown(callId)} of loop ${shown(loopId)}\n`,
    );
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message ? `approvals.mjs: ${error.message}\n` : ''}${USAGE}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`approvals.mjs: ${error.message}\n`);
    process.exitCode = 1;
  }
}
