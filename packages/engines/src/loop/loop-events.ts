// The loop's hook points: a run (a whole loop or one step of the step API) told to
// `onLoopStart` / `onLoopEnd`, and each tool call to `onToolCallStart` / `onToolCallEnd`.
// Every start has its end, whatever the run or call ends with.
import type { ToolLoopEngine } from '../engine/chat-options.js';
import {
  type LoopEndEvent,
  type LoopObserveOptions,
  type LoopStartEvent,
  type LoopStep,
  notify,
  type ToolCallApproval,
  type ToolCallStartEvent,
} from '../engine/observe.js';
import type { ToolOutput } from '../mcp/call.js';

/** The start event of a run of `engine` (undefined for a tool step, which has none). */
export function loopStart(
  loopId: string,
  step: LoopStep | undefined,
  engine: ToolLoopEngine | undefined,
): LoopStartEvent {
  return {
    loopId,
    step,
    provider: engine?.provider?.id,
    model: engine?.model,
    wire: engine?.toolWireFormat,
  };
}

/**
 * Runs `run` between `onLoopStart` and `onLoopEnd`; `outcome` says what the end event carries
 * of its value (the loop's result, or a step's state).
 */
export async function observedRun<T>(
  hooks: LoopObserveOptions,
  start: LoopStartEvent,
  run: () => Promise<T>,
  outcome: (value: T) => Pick<LoopEndEvent, 'result' | 'state'>,
): Promise<T> {
  if (hooks.onLoopStart === undefined && hooks.onLoopEnd === undefined) return run();
  notify(hooks.onLoopStart, () => start);
  const started = performance.now();
  let value: T;
  try {
    value = await run();
  } catch (error) {
    notify(hooks.onLoopEnd, () => ({
      ...start,
      durationMs: performance.now() - started,
      result: undefined,
      state: undefined,
      error: error as Error,
    }));
    throw error;
  }
  notify(hooks.onLoopEnd, () => ({
    ...start,
    durationMs: performance.now() - started,
    ...outcome(value),
    error: undefined,
  }));
  return value;
}

/**
 * Runs one tool call between `onToolCallStart` and `onToolCallEnd`; `approval` is the
 * person's decision on it, for a call that went through approval.
 */
export async function observedCall(
  hooks: LoopObserveOptions,
  start: ToolCallStartEvent,
  call: () => Promise<ToolOutput>,
  approval?: ToolCallApproval,
): Promise<ToolOutput> {
  if (hooks.onToolCallStart === undefined && hooks.onToolCallEnd === undefined) return call();
  notify(hooks.onToolCallStart, () => start);
  let output: ToolOutput;
  try {
    output = await call();
  } catch (error) {
    notify(hooks.onToolCallEnd, () => ({
      ...start,
      result: undefined,
      isError: true,
      failure: undefined,
      server: undefined,
      durationMs: 0,
      error: error as Error,
      ...(approval === undefined ? {} : { approval }),
    }));
    throw error;
  }
  notify(hooks.onToolCallEnd, () => ({
    ...start,
    result: output.result,
    isError: output.result.isError,
    failure: output.failure,
    server: output.server,
    durationMs: output.durationMs,
    error: undefined,
    ...(approval === undefined ? {} : { approval }),
  }));
  return output;
}
