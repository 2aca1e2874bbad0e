// Fragments about tracing a durable loop on a queue: a BullMQ queue and worker, the step API,
// an engine and a loop state, as the BullMQ recipe's producer and worker have them.
import { createEngine, runModelStep, startToolLoop, type ToolLoopState } from '@crosswire/engines';
import { type Job, Queue, Worker } from 'bullmq';

export { runModelStep, startToolLoop, Worker };
export const queue = new Queue('loops');
export const engine = createEngine({ provider: 'anthropic', model: 'claude-sonnet-5-5' });
export const prompt = 'Where is order A7?';
export const state: ToolLoopState = startToolLoop(prompt);
export declare function runStep(job: Job): Promise<void>;
