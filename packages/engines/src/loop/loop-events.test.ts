// The loop's hook points one at a time: what each start and end event carries, that a run or
// call with only one of its two hooks still tells that one, that an end follows every start
// whatever the run ends with, and that a hook that throws changes nothing.
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, it } from 'vitest';
import type { ToolLoopEngine } from '../engine/chat-options.js';
import type { LoopEndEvent, ToolCallEndEvent } from '../engine/observe.js';
import type { ToolOutput } from '../mcp/call.js';
import { call } from '../mcp/test-support/calls.js';
import { loopStart, observedCall, observedRun } from './loop-events.js';

const START = loopStart('loop-1', undefined, {
  provider: { id: 'openai' },
  model: 'gpt-4.1',
  toolWireFormat: 'openai',
} as unknown as ToolLoopEngine);

const CALL_START = {
  loopId: 'loop-1',
  iteration: 2,
  callId: 'call_a',
  toolCall: call('lookup', {}, 'call_a'),
};

const OUTPUT: ToolOutput = {
  result: new ToolResult({
    name: 'lookup',
    id: 'call_a',
    content: [{ type: 'text', text: 'no' }],
    isError: true,
  }),
  call: CALL_START.toolCall,
  failure: 'threw',
  server: 'mcpServers[0]',
  durationMs: 12,
};

/** `event` without its wall time, which is whatever the clock said. */
const timeless = <T extends { durationMs: number }>(event: T | undefined) => {
  if (event === undefined) return undefined;
  const { durationMs, ...rest } = event;
  expect(durationMs).toBeGreaterThanOrEqual(0);
  return rest;
};

describe('loopStart', () => {
  it("names the loop, the step and the engine's provider, model and wire", () => {
    expect(START).toEqual({
      loopId: 'loop-1',
      step: undefined,
      provider: 'openai',
      model: 'gpt-4.1',
      wire: 'openai',
    });
    const step = { kind: 'tool', iteration: 1, key: 'k', callId: 'c' } as const;
    // An engine of the caller's own may name no provider (ToolLoopEngine's is optional).
    expect(
      loopStart('loop-3', undefined, {
        model: 'local',
        toolWireFormat: 'ollama',
      } as unknown as ToolLoopEngine),
    ).toEqual({
      loopId: 'loop-3',
      step: undefined,
      provider: undefined,
      model: 'local',
      wire: 'ollama',
    });
    expect(loopStart('loop-2', step, undefined)).toEqual({
      loopId: 'loop-2',
      step,
      provider: undefined,
      model: undefined,
      wire: undefined,
    });
  });
});

describe('observedRun', () => {
  it('tells the start, then the end with the outcome of the value', async () => {
    const told: unknown[] = [];
    const value = await observedRun(
      {
        onLoopStart: (event) => told.push(['start', event]),
        onLoopEnd: (event) => told.push(['end', event]),
      },
      START,
      async () => {
        told.push('run');
        return 'answer';
      },
      (result) => ({ result: { text: result } as never, state: undefined }),
    );
    expect(value).toBe('answer');
    expect(told.slice(0, 2)).toEqual([['start', START], 'run']);
    const [name, end] = told[2] as [string, LoopEndEvent];
    expect(name).toBe('end');
    expect(timeless(end)).toEqual({
      ...START,
      result: { text: 'answer' },
      state: undefined,
      error: undefined,
    });
  });

  it('with only an end hook, still tells the end; a failure ends with its error and is rethrown', async () => {
    const ends: LoopEndEvent[] = [];
    const failure = new Error('provider down');
    await expect(
      observedRun(
        { onLoopEnd: (event) => ends.push(event) },
        START,
        async () => {
          throw failure;
        },
        () => ({ result: undefined, state: undefined }),
      ),
    ).rejects.toBe(failure);
    expect(ends.map(timeless)).toEqual([
      { ...START, result: undefined, state: undefined, error: failure },
    ]);
    const starts: unknown[] = [];
    await observedRun(
      { onLoopStart: (event) => starts.push(event) },
      START,
      async () => 1,
      () => ({ result: undefined, state: undefined }),
    );
    expect(starts).toEqual([START]);
  });

  it("the end event's durationMs is the run's own time, within what the caller waited", async () => {
    const ends: LoopEndEvent[] = [];
    const hooks = { onLoopEnd: (event: LoopEndEvent) => ends.push(event) };
    const none = () => ({ result: undefined, state: undefined });
    const before = performance.now();
    await observedRun(hooks, START, async () => 'done', none);
    await observedRun(
      hooks,
      START,
      async () => {
        throw new Error('failed');
      },
      none,
    ).catch(() => undefined);
    const waited = performance.now() - before;
    expect(ends).toHaveLength(2);
    for (const end of ends) {
      expect(end.durationMs).toBeGreaterThanOrEqual(0);
      expect(end.durationMs).toBeLessThanOrEqual(waited);
    }
  });

  it('a hook that throws changes nothing', async () => {
    const broken = () => {
      throw new Error('logger down');
    };
    expect(
      await observedRun(
        { onLoopStart: broken, onLoopEnd: broken },
        START,
        async () => 'kept',
        () => ({ result: undefined, state: undefined }),
      ),
    ).toBe('kept');
  });
});

describe('observedCall', () => {
  it('tells the start, then the end with the output, and the decision when there is one', async () => {
    const told: unknown[] = [];
    const hooks = {
      onToolCallStart: (event: unknown) => told.push(['start', event]),
      onToolCallEnd: (event: ToolCallEndEvent) => told.push(['end', event]),
    };
    expect(await observedCall(hooks, CALL_START, async () => OUTPUT)).toBe(OUTPUT);
    const approval = { approved: true, edited: true } as const;
    await observedCall(hooks, CALL_START, async () => OUTPUT, approval);
    const ended = {
      ...CALL_START,
      result: OUTPUT.result,
      isError: true,
      failure: 'threw',
      server: 'mcpServers[0]',
      durationMs: 12,
      error: undefined,
    };
    expect(told).toEqual([
      ['start', CALL_START],
      ['end', ended],
      ['start', CALL_START],
      ['end', { ...ended, approval }],
    ]);
    expect(Object.keys((told[1] as [string, object])[1])).not.toContain('approval');
  });

  it('with only an end hook, a call stopped before its result ends with the error, no result', async () => {
    const ends: ToolCallEndEvent[] = [];
    const stopped = new Error('user left');
    const denied = { approved: false, reason: 'no', edited: false } as const;
    for (const approval of [undefined, denied]) {
      await expect(
        observedCall(
          { onToolCallEnd: (event) => ends.push(event) },
          CALL_START,
          async () => {
            throw stopped;
          },
          approval,
        ),
      ).rejects.toBe(stopped);
    }
    const failed = {
      ...CALL_START,
      result: undefined,
      isError: true,
      failure: undefined,
      server: undefined,
      durationMs: 0,
      error: stopped,
    };
    expect(ends).toEqual([failed, { ...failed, approval: denied }]);
    expect(Object.keys(ends[0] as object)).not.toContain('approval');
    const starts: unknown[] = [];
    await observedCall(
      { onToolCallStart: (event) => starts.push(event) },
      CALL_START,
      async () => OUTPUT,
    );
    expect(starts).toEqual([CALL_START]);
  });
});
