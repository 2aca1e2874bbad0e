// What a caller sees of the approval rules at their edges: the refusals of options before
// anything is sent, a policy function that fails or answers no boolean, every form a decision
// may not take (through the step API's recordApproval and through onApproval), what a turn's
// call record says about a decision (edited only when the arguments really differ, whatever
// their key order), and what the withdrawn question's signal says when the approval timed out.
import { ToolLoopError, ValidationError } from '@crosswire/core';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine/engine.js';
import { gatherTools } from '../mcp/gather.js';
import { createAnnotatedServer } from '../mcp/test-support/annotated-server.js';
import { connectInMemory } from '../mcp/test-support/fixture-servers.js';
import type { ApprovalDecision, ApprovalHandler } from './approval.js';
import { recordApproval, runModelStep, startToolLoop } from './tool-loop-steps.js';

let simulator: Simulator;
let files: Client;
const engines: Engine[] = [];
let lanes = 0;

beforeAll(async () => {
  simulator = await startSimulator();
  files = await connectInMemory(createAnnotatedServer('files').server);
});
afterAll(async () => {
  await files.close();
  await Promise.all(engines.map((engine) => engine.close()));
  await simulator.close();
});

/** An openai engine on a fresh lane scripted with `steps`. */
function scripted(steps: readonly SimulatorStep[]): Engine {
  lanes += 1;
  const lane = `approval-checks-${lanes}`;
  simulator.script(lane, [...steps]);
  const engine = createEngine({
    provider: 'openai',
    model: 'gpt-6.1-sol',
    apiKey: 'k',
    baseUrl: simulator.baseUrl('openai', lane),
    retry: { maxRetries: 0 },
    discover: false,
  });
  engines.push(engine);
  return engine;
}

const deleteA = { name: 'delete_file', arguments: { path: 'a.txt' }, id: 'call_delete' };
const answer: SimulatorStep = { type: 'text', text: 'Done.' };

/** The rejection of `running`, which must reject. */
async function rejection(running: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await running.then(
    () => {
      throw new Error('it did not reject');
    },
    (caught: unknown) => caught,
  );
  return error as Record<string, unknown>;
}

describe('options refused before anything is sent', () => {
  // No lane is scripted: a request would fail with another error than the refusal.
  const refusal = (options: Record<string, unknown>) =>
    rejection(scripted([]).runToolLoop('go', { mcpServers: [files], ...options } as never));

  it('a policy that is none of the forms, at path approval', async () => {
    for (const [approval, shown] of [
      ['sometimes', '"sometimes"'],
      ['x'.repeat(50), JSON.stringify('x'.repeat(40))],
      [null, 'null'],
      [['always'], 'an array'],
      [{ always: true }, 'an object'],
      [true, 'true'],
      [3, '3'],
    ] as const) {
      const error = await refusal({ approval, onApproval: async () => ({ approved: true }) });
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        code: 'invalid_approval_policy',
        path: 'approval',
        message: `approval must be 'never', 'always', 'unless-read-only' or a function of the request, got ${shown}`,
      });
    }
  });

  it('a policy that can ask without onApproval names the policy', async () => {
    expect(await refusal({ approval: 'unless-read-only' })).toMatchObject({
      path: 'onApproval',
      message:
        "approval 'unless-read-only' can ask a person before a tool runs, and there is no onApproval to ask with; give onApproval, or use the step API to decide outside the loop",
    });
    expect(await refusal({ approval: () => false, onApproval: 'yes' })).toMatchObject({
      code: 'approval_handler_required',
      message:
        'approval (a function) can ask a person before a tool runs, and there is no onApproval to ask with; give onApproval, or use the step API to decide outside the loop',
    });
  });

  it('an approvalTimeoutMs that is no positive finite number', async () => {
    const onApproval = async () => ({ approved: true }) as const;
    for (const [approvalTimeoutMs, shown] of [
      ['50', '"50"'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      [-5, '-5'],
      [0, '0'],
      [null, 'null'],
    ] as const) {
      const error = await refusal({ approval: 'always', onApproval, approvalTimeoutMs });
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        code: 'invalid_approval_timeout',
        path: 'approvalTimeoutMs',
        message: `approvalTimeoutMs must be a positive number of milliseconds, got ${shown}`,
      });
    }
  });
});

describe('a policy function that fails', () => {
  it('throwing fails the loop with tool_approval_failed, the error as its cause; nothing runs', async () => {
    const engine = scripted([{ type: 'tool_calls', calls: [deleteA] }, answer]);
    const broken = new Error('policy store offline');
    const error = await rejection(
      engine.runToolLoop('go', {
        mcpServers: [files],
        approval: () => {
          throw broken;
        },
        onApproval: async () => ({ approved: true }),
      }),
    );
    expect(error).toBeInstanceOf(ToolLoopError);
    expect(error).toMatchObject({
      code: 'tool_approval_failed',
      message:
        'the approval policy failed for call "call_delete" of tool delete_file: policy store offline',
      details: { tool: 'delete_file', callId: 'call_delete' },
    });
    expect(error.cause).toBe(broken);
  });

  it('answering something other than true or false fails the loop the same way', async () => {
    const engine = scripted([{ type: 'tool_calls', calls: [deleteA] }, answer]);
    const error = await rejection(
      engine.runToolLoop('go', {
        mcpServers: [files],
        approval: (() => 'yes') as never,
        onApproval: async () => ({ approved: true }),
      }),
    );
    expect(error).toBeInstanceOf(ToolLoopError);
    expect(error).toMatchObject({
      code: 'tool_approval_failed',
      message:
        'the approval policy must return true (ask) or false (run), got "yes" for tool delete_file',
      details: { tool: 'delete_file', callId: 'call_delete' },
    });
  });
});

describe('what a decision may be (the step API)', () => {
  /** A state whose call `call_delete` waits for a decision (built in each test). */
  async function waiting() {
    const engine = scripted([{ type: 'tool_calls', calls: [deleteA] }]);
    const roster = await gatherTools([files]);
    return runModelStep(engine, startToolLoop('Clean up.', { loopId: 'L' }), {
      roster,
      approval: 'always',
    });
  }

  it('refuses what is no decision object, saying what it got', async () => {
    const state = await waiting();
    const refused = (decision: unknown) => {
      try {
        recordApproval(state, 'call_delete', decision as ApprovalDecision);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const shape = 'decision must be { approved: true, arguments? } or { approved: false, reason? }';
    for (const [decision, message] of [
      [null, `${shape}, got null`],
      ['approve', `${shape}, got "approve"`],
      [[{ approved: true }], `${shape}, got an array`],
      [true, `${shape}, got true`],
      [undefined, `${shape}, got undefined`],
      [{ approved: {} }, 'decision must say approved: true or false, got an object'],
      [{ approved: () => true }, 'decision must say approved: true or false, got a function'],
      [{ approved: 1 }, 'decision must say approved: true or false, got 1'],
      [{ approved: null }, 'decision must say approved: true or false, got null'],
      [
        { approved: true, arguments: null },
        'decision.arguments must be an object of arguments, got null',
      ],
      [
        { approved: true, arguments: 'path=c.txt' },
        'decision.arguments must be an object of arguments, got "path=c.txt"',
      ],
      [{ approved: false, reason: 42 }, 'decision.reason must be a string, got 42'],
    ] as const) {
      const error = refused(decision);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ code: 'invalid_tool_approval', message });
    }
  });

  it('takes a reason of exactly 2,000 characters, an empty reason as none, and undefined extras', async () => {
    const state = await waiting();
    const decided = (decision: ApprovalDecision) =>
      recordApproval(state, 'call_delete', decision).pendingCalls[0]?.approval?.decision;
    const longest = 'r'.repeat(2000);
    expect(decided({ approved: false, reason: longest })).toStrictEqual({
      approved: false,
      reason: longest,
    });
    expect(decided({ approved: false, reason: '' })).toStrictEqual({ approved: false });
    expect(
      decided({ approved: true, reason: undefined } as unknown as ApprovalDecision),
    ).toStrictEqual({ approved: true });
    expect(
      decided({ approved: false, arguments: undefined } as unknown as ApprovalDecision),
    ).toStrictEqual({ approved: false });
  });
});

describe("a turn's record of each decision", () => {
  /** Runs one turn of `calls`, every call decided by `decide`; returns the calls' records. */
  async function records(
    calls: readonly { name: string; arguments: Record<string, unknown>; id: string }[],
    decide: ApprovalHandler,
  ) {
    const engine = scripted([{ type: 'tool_calls', calls }, answer]);
    const result = await engine.runToolLoop('go', {
      mcpServers: [files],
      approval: 'always',
      onApproval: decide,
    });
    return result.turns[0]?.toolCalls.map((call) => call.approval);
  }

  it('a denial without a reason records none (no reason key at all)', async () => {
    const [approval] = (await records([deleteA], async () => ({ approved: false }))) ?? [];
    expect(approval).toStrictEqual({ approved: false, edited: false });
  });

  it('edited is false for the same arguments in another key order, true for other values', async () => {
    const model = {
      path: 'a.txt',
      mode: 'soft',
      options: { zeta: 1, alpha: [2, { y: null, b: 3 }], mid: null },
    };
    const reordered = {
      options: { mid: null, alpha: [2, { b: 3, y: null }], zeta: 1 },
      mode: 'soft',
      path: 'a.txt',
    };
    const calls = [
      { name: 'delete_file', arguments: model, id: 'call_same' },
      { name: 'delete_file', arguments: model, id: 'call_array' },
      { name: 'delete_file', arguments: model, id: 'call_value' },
      { name: 'delete_file', arguments: { b: 1, a: 2, c: 3 }, id: 'call_flat' },
    ];
    const decided: Record<string, ApprovalDecision> = {
      call_same: { approved: true, arguments: reordered },
      // An array is not an object with index keys: that is another value.
      call_array: {
        approved: true,
        arguments: {
          ...model,
          options: { ...model.options, alpha: { 0: 2, 1: { y: null, b: 3 } } },
        },
      },
      call_value: { approved: true, arguments: { ...reordered, mode: 'hard' } },
      call_flat: { approved: true, arguments: { c: 3, a: 2, b: 1 } },
    };
    expect(
      await records(calls, async (request) => decided[request.toolCall.id] as ApprovalDecision),
    ).toEqual([
      { approved: true, edited: false },
      { approved: true, edited: true },
      { approved: true, edited: true },
      { approved: true, edited: false },
    ]);
  });
});

describe('a question withdrawn', () => {
  it("after approvalTimeoutMs the handler's signal says why: no decision within that time", async () => {
    const engine = scripted([{ type: 'tool_calls', calls: [deleteA] }, answer]);
    let signal: AbortSignal | undefined;
    await engine.runToolLoop('go', {
      mcpServers: [files],
      approval: 'always',
      approvalTimeoutMs: 15,
      onApproval: (_request, context) => {
        signal = context.signal;
        return new Promise(() => undefined);
      },
    });
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toMatchObject({
      code: 'approval_timeout',
      message: 'no decision within 15 ms',
    });
  });

  it('a handler failure or an answer that is no decision names the tool and the approval id', async () => {
    const thrown = new Error('service down');
    for (const onApproval of [
      async () => {
        throw thrown;
      },
      async () => ({ approved: 'maybe' }) as unknown as ApprovalDecision,
    ]) {
      const engine = scripted([{ type: 'tool_calls', calls: [deleteA] }, answer]);
      let approvalId: string | undefined;
      const error = await rejection(
        engine.runToolLoop('go', {
          mcpServers: [files],
          approval: 'always',
          onApproval: (request) => {
            approvalId = request.approvalId;
            return onApproval();
          },
        }),
      );
      expect(error).toBeInstanceOf(ToolLoopError);
      expect(error.details).toEqual({ tool: 'delete_file', approvalId });
      expect(error.cause).toBeInstanceOf(Error);
    }
  });
});
