// Tool approval in the step API: the approval step, recordApproval, tool steps that wait,
// run the decided arguments or record the denial, and decisions that survive a save and a
// load. A real MCP server (the official SDK) with annotated tools, the provider simulator.
import { ValidationError } from '@crosswire/core';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBlobStore } from '../durable/blob-store.js';
import { parseConversation, serializeConversation } from '../durable/conversation.js';
import {
  loadToolLoopState,
  parseToolLoopState,
  saveToolLoopState,
  serializeToolLoopState,
} from '../durable/tool-loop-state.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { gatherTools, type ToolRoster } from '../mcp/gather.js';
import { createAnnotatedServer, type Execution } from '../mcp/test-support/annotated-server.js';
import { connectInMemory } from '../mcp/test-support/fixture-servers.js';
import { denialResult } from './approval.js';
import { runToolLoop } from './tool-loop.js';
import {
  nextToolLoopStep,
  type PendingToolCall,
  recordApproval,
  recordToolResult,
  runModelStep,
  runnableToolLoopSteps,
  runToolStep,
  startToolLoop,
  type ToolLoopState,
  ToolLoopStepError,
} from './tool-loop-steps.js';

let simulator: Simulator;
let files: Client;
let ledger: Execution[];
let roster: ToolRoster;
let engine: Engine;

const calls = [
  { name: 'read_file', arguments: { path: 'b.txt' }, id: 'call_read' },
  { name: 'delete_file', arguments: { path: 'a.txt' }, id: 'call_delete' },
  { name: 'send_email', arguments: { to: 'ops@example.test', body: 'hi' }, id: 'call_email' },
];

beforeAll(async () => {
  simulator = await startSimulator();
  const annotated = createAnnotatedServer('files');
  ledger = annotated.ledger;
  files = await connectInMemory(annotated.server);
  roster = await gatherTools([files]);
  engine = createEngine({
    provider: 'openai',
    model: 'gpt-6.1-sol',
    apiKey: 'k',
    baseUrl: simulator.baseUrl('openai', 'steps'),
    retry: { maxRetries: 0 },
    onWarning: () => undefined,
  });
  // Every request gets the same answer from the conversation it carries: calls first, then
  // the text once results are in (so a model step sent twice gets the same reply).
  simulator.script('steps', (request) => {
    const body = request.body as { messages: { role: string }[] };
    return body.messages.some((message) => message.role === 'tool')
      ? { type: 'text', text: 'Done.' }
      : { type: 'tool_calls', calls };
  });
});
afterEach(() => {
  ledger.length = 0;
});
afterAll(async () => {
  await files.close();
  await engine.close();
  await simulator.close();
});

/** The state after the first model step with the policy `'unless-read-only'`. */
function asked(loopId = 'L'): Promise<ToolLoopState> {
  return runModelStep(engine, startToolLoop('Clean up.', { loopId }), {
    roster,
    approval: 'unless-read-only',
  });
}

/** Saved and loaded, as a queue would between two steps. */
const reloaded = (state: ToolLoopState) =>
  parseToolLoopState(JSON.stringify(serializeToolLoopState(state)));

function stepError(run: () => unknown): ToolLoopStepError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolLoopStepError);
    return error as ToolLoopStepError;
  }
  throw new Error('expected a ToolLoopStepError');
}

describe('the approval step', () => {
  it('runModelStep marks the calls the policy asks about; the next steps are their approval steps', async () => {
    const state = await asked();
    expect(state.pendingCalls.map((pending) => [pending.callId, pending.approval])).toEqual([
      ['call_read', undefined],
      [
        'call_delete',
        { approvalId: expect.stringMatching(/^[0-9a-f-]{36}$/), decision: undefined },
      ],
      ['call_email', { approvalId: expect.stringMatching(/^[0-9a-f-]{36}$/), decision: undefined }],
    ]);
    const [, deleting, emailing] = state.pendingCalls;
    expect(runnableToolLoopSteps(state)).toEqual([
      {
        kind: 'tool',
        iteration: 1,
        callId: 'call_read',
        call: expect.objectContaining({ name: 'read_file' }),
        key: 'L:1:call:call_read',
      },
      {
        kind: 'approval',
        iteration: 1,
        callId: 'call_delete',
        call: deleting?.call,
        approvalId: deleting?.approval?.approvalId,
        key: 'L:1:approval:call_delete',
      },
      {
        kind: 'approval',
        iteration: 1,
        callId: 'call_email',
        call: emailing?.call,
        approvalId: emailing?.approval?.approvalId,
        key: 'L:1:approval:call_email',
      },
    ]);
    // Once the read-only call ran, the next step is the first approval.
    const read = await runToolStep(state, 'call_read', { roster });
    expect(nextToolLoopStep(read)).toMatchObject({ kind: 'approval', callId: 'call_delete' });
  });

  it('the policy reads annotations from mcpServers when no roster is given', async () => {
    const state = await runModelStep(engine, startToolLoop('Clean up.', { loopId: 'M' }), {
      mcpServers: [files],
      approval: 'unless-read-only',
    });
    expect(state.pendingCalls.map((pending) => pending.approval !== undefined)).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('without a policy no call waits (the default), and no onApproval is needed for one', async () => {
    const state = await runModelStep(engine, startToolLoop('Clean up.', { loopId: 'N' }), {
      roster,
    });
    expect(state.pendingCalls.map((pending) => pending.approval)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(runnableToolLoopSteps(state).map((step) => step.kind)).toEqual(['tool', 'tool', 'tool']);
  });

  it('a tool step of a call awaiting its decision throws tool_approval_pending; nothing runs', async () => {
    const state = await asked();
    const approvalId = state.pendingCalls[1]?.approval?.approvalId;
    await expect(runToolStep(state, 'call_delete', { roster })).rejects.toMatchObject({
      name: 'ToolLoopStepError',
      code: 'tool_approval_pending',
      message: `loop L: call call_delete (tool delete_file) of iteration 1 waits for a decision (approval ${approvalId}); record it with recordApproval first`,
    });
    expect(() =>
      recordToolResult(
        state,
        'call_delete',
        denialResult((state.pendingCalls[1] as PendingToolCall).call, 'x'),
      ),
    ).toThrow(expect.objectContaining({ code: 'tool_approval_pending' }));
    // The model step waits too: a call still has no result.
    await expect(runModelStep(engine, state, { roster })).rejects.toMatchObject({
      code: 'tool_step_out_of_order',
    });
    expect(ledger).toEqual([]);
  });
});

describe('recordApproval', () => {
  it('records a decision; the same again changes nothing; another one is a conflict', async () => {
    const state = await asked();
    const approved = recordApproval(state, 'call_delete', {
      approved: true,
      arguments: { path: 'c.txt' },
    });
    expect(approved.pendingCalls[1]?.approval?.decision).toEqual({
      approved: true,
      arguments: { path: 'c.txt' },
    });
    // The state given is not changed.
    expect(state.pendingCalls[1]?.approval?.decision).toBeUndefined();
    expect(
      recordApproval(approved, 'call_delete', { approved: true, arguments: { path: 'c.txt' } }),
    ).toBe(approved);
    const conflict = stepError(() => recordApproval(approved, 'call_delete', { approved: false }));
    expect(conflict.code).toBe('tool_approval_conflict');
    expect(conflict.message).toBe(
      `loop L: call call_delete (approval ${state.pendingCalls[1]?.approval?.approvalId}) of iteration 1 was already approved with another decision; the first one stands`,
    );
    expect(stepError(() => recordApproval(approved, 'call_delete', { approved: true })).code).toBe(
      'tool_approval_conflict',
    );
  });

  it('refuses a call the policy did not ask about, an unknown call, and what is no decision', async () => {
    const state = await asked();
    expect(stepError(() => recordApproval(state, 'call_read', { approved: true }))).toMatchObject({
      code: 'tool_approval_not_requested',
      message:
        'loop L: call call_read (tool read_file) of iteration 1 was not asked about (the approval policy let it run); there is no decision to record',
    });
    expect(stepError(() => recordApproval(state, 'call_nope', { approved: true })).code).toBe(
      'unknown_tool_step',
    );
    const cases: [unknown, string, string][] = [
      [{ approved: 'yes' }, 'decision', 'decision must say approved: true or false, got "yes"'],
      [
        { approved: true, reason: 'fine' },
        'decision',
        'decision has "reason", which a decision with approved: true does not take (approved, arguments)',
      ],
      [
        { approved: false, arguments: {} },
        'decision',
        'decision has "arguments", which a decision with approved: false does not take (approved, reason)',
      ],
      [
        { approved: true, arguments: ['a.txt'] },
        'decision.arguments',
        'decision.arguments must be an object of arguments, got an array',
      ],
      [
        { approved: false, reason: 'x'.repeat(2001) },
        'decision.reason',
        'decision.reason is 2001 characters; at most 2000 (it is stored and sent to the model)',
      ],
      [
        { approved: true, arguments: { n: 1n } },
        'decision.arguments',
        'decision.arguments cannot be stored: decision.arguments.n is a BigInt, which JSON cannot hold',
      ],
    ];
    for (const [decision, path, message] of cases) {
      let caught: unknown;
      try {
        recordApproval(state, 'call_delete', decision as never);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ValidationError);
      expect(caught).toMatchObject({ code: 'invalid_tool_approval', path, message });
    }
  });

  it('edited arguments past 1 MiB of JSON are refused', async () => {
    const state = await asked();
    // {"path":"…"} is the path's length + 11 characters: exactly 1 MiB is taken.
    const atLimit = { path: 'x'.repeat(1_048_565) };
    expect(
      recordApproval(state, 'call_delete', { approved: true, arguments: atLimit }).pendingCalls[1]
        ?.approval?.decision,
    ).toEqual({ approved: true, arguments: atLimit });
    expect(() =>
      recordApproval(state, 'call_delete', {
        approved: true,
        arguments: { path: 'x'.repeat(1_048_576) },
      }),
    ).toThrow('decision.arguments are 1048587 characters as JSON; at most 1048576');
  });
});

describe('tool steps after the decision', () => {
  it('an approved call runs once, with the decided arguments and its key; a denied one never reaches the server', async () => {
    let state = await asked();
    state = recordApproval(state, 'call_delete', { approved: true, arguments: { path: 'c.txt' } });
    state = recordApproval(state, 'call_email', { approved: false, reason: 'not now' });
    state = reloaded(state);
    expect(
      runnableToolLoopSteps(state).map(
        (step) => `${step.kind} ${'callId' in step ? step.callId : ''}`,
      ),
    ).toEqual(['tool call_read', 'tool call_delete', 'tool call_email']);
    // The denial needs no server at all: no mcpServers, no roster.
    const denied = await runToolStep(state, 'call_email');
    expect(denied.pendingCalls[2]?.result?.toJSON()).toEqual({
      name: 'send_email',
      id: 'call_email',
      content: [{ type: 'text', text: 'the user denied this call: not now' }],
      isError: true,
    });
    let done = await runToolStep(denied, 'call_delete', { roster });
    done = await runToolStep(done, 'call_read', { roster });
    // Delivered again: nothing runs.
    expect(await runToolStep(done, 'call_delete', { roster })).toBe(done);
    expect(await runToolStep(done, 'call_email')).toBe(done);
    expect(ledger).toEqual([
      { tool: 'delete_file', arguments: { path: 'c.txt' }, key: 'L:1:call:call_delete' },
      { tool: 'read_file', arguments: { path: 'b.txt' }, key: 'L:1:call:call_read' },
    ]);
    // A denied call takes no other result than its denial.
    const other = reloaded(recordApproval(await asked('P'), 'call_email', { approved: false }));
    const call = (other.pendingCalls[2] as PendingToolCall).call;
    expect(
      stepError(() =>
        recordToolResult(other, 'call_email', denialResult(call, 'a reason nobody gave')),
      ),
    ).toMatchObject({
      code: 'tool_result_conflict',
      message:
        'loop P: call call_email of iteration 1 was denied; its only result is the denial, not a result of the tool',
    });
    expect(
      recordToolResult(other, 'call_email', denialResult(call, undefined)).pendingCalls[2]?.result,
    ).toBeDefined();
    // The model reads the denial, and the loop goes on to its answer.
    const final = await runModelStep(engine, done, { roster });
    expect(final.text).toBe('Done.');
    const sent = simulator
      .received('steps')
      .at(-1)
      ?.toolResults.map((result) => result.block);
    expect(sent).toContainEqual({
      role: 'tool',
      tool_call_id: 'call_email',
      content: 'the user denied this call: not now',
    });
  });

  it('a stepped loop with decisions sends what runToolLoop with the same decisions sends', async () => {
    let state = await asked('S');
    state = reloaded(recordApproval(state, 'call_delete', { approved: true }));
    state = reloaded(recordApproval(state, 'call_email', { approved: false, reason: 'no' }));
    for (const pending of state.pendingCalls) {
      state = reloaded(await runToolStep(state, pending.callId, { roster }));
    }
    const before = simulator.received('steps').length;
    await runModelStep(engine, state, { roster });
    const stepped = simulator.received('steps')[before]?.toolResults;
    const result = await runToolLoop(engine, [{ role: 'user', content: 'Clean up.' }], {
      mcpServers: [files],
      approval: 'unless-read-only',
      onApproval: async (request) =>
        request.toolCall.name === 'delete_file'
          ? { approved: true }
          : { approved: false, reason: 'no' },
    });
    expect(result.text).toBe('Done.');
    expect(simulator.received('steps').at(-1)?.toolResults).toEqual(stepped);
  });
});

describe('decisions survive a save and a load', () => {
  it('an approval id, an undecided call, an edited approval and a denial', async () => {
    const state = await asked();
    const [, deleting, emailing] = state.pendingCalls;
    const decided = recordApproval(state, 'call_delete', {
      approved: true,
      arguments: { path: 'c.txt' },
    });
    const document = serializeToolLoopState(decided);
    expect(document.version).toBe(2);
    expect(document.pending?.calls).toEqual([
      { callId: 'call_read', answered: false },
      {
        callId: 'call_delete',
        answered: false,
        approval: {
          approvalId: deleting?.approval?.approvalId,
          decision: { approved: true, arguments: { path: 'c.txt' } },
        },
      },
      {
        callId: 'call_email',
        answered: false,
        approval: { approvalId: emailing?.approval?.approvalId },
      },
    ]);
    const loaded = parseToolLoopState(JSON.stringify(document));
    expect(loaded.pendingCalls.map((pending) => pending.approval)).toEqual(
      decided.pendingCalls.map((pending) => pending.approval),
    );
    expect(serializeToolLoopState(loaded)).toEqual(document);
    // And through a blob store.
    const blobStore = new MemoryBlobStore();
    const saved = await saveToolLoopState(decided, { blobStore });
    expect(serializeToolLoopState(await loadToolLoopState(saved, { blobStore }))).toEqual(document);

    // The denial result survives too, and the loop's conversation (with the denial) goes
    // through the conversation codec unchanged.
    let denied = recordApproval(loaded, 'call_email', { approved: false, reason: 'not now' });
    for (const pending of denied.pendingCalls) {
      denied = reloaded(await runToolStep(denied, pending.callId, { roster }));
    }
    expect(serializeToolLoopState(reloaded(denied))).toEqual(serializeToolLoopState(denied));
    const final = await runModelStep(engine, denied, { roster });
    const conversation = serializeConversation(final.messages);
    expect(JSON.stringify(conversation)).toContain('the user denied this call: not now');
    expect(serializeConversation(parseConversation(JSON.stringify(conversation)))).toEqual(
      conversation,
    );
  });

  it('a bad stored decision, a decision in a version 1 document, a result without a decision', async () => {
    const stored = async () => JSON.parse(JSON.stringify(serializeToolLoopState(await asked())));
    const bad = await stored();
    bad.pending.calls[1].approval.decision = { approved: false, reason: 7 };
    expect(() => parseToolLoopState(bad)).toThrow(
      expect.objectContaining({
        code: 'invalid_tool_loop_state',
        path: 'pending.calls[1].approval.decision.reason',
        message:
          'the tool-loop state is invalid: pending.calls[1].approval.decision.reason must be a string, got 7',
      }),
    );
    const old = await stored();
    old.version = 1;
    expect(() => parseToolLoopState(old)).toThrow(
      expect.objectContaining({
        path: 'pending.calls[1].approval',
        message:
          'the tool-loop state is invalid at pending.calls[1].approval: approvals are stored from version 2 on',
      }),
    );
    const unasked = await stored();
    unasked.pending.calls[1].answered = true;
    expect(() => parseToolLoopState(unasked)).toThrow(
      expect.objectContaining({
        path: 'pending.calls[1]',
        message:
          'the tool-loop state is invalid at pending.calls[1]: call call_delete has a result but no decision, and it waits for one',
      }),
    );
  });

  it('a denied call whose stored result is not the denial is refused', async () => {
    let state = recordApproval(await asked(), 'call_email', { approved: false, reason: 'no' });
    state = await runToolStep(state, 'call_email');
    const document = JSON.parse(JSON.stringify(serializeToolLoopState(state)));
    document.pending.turn.messages[2].results[0].content[0].text = 'sent to ops@example.test';
    expect(() => parseToolLoopState(document)).toThrow(
      expect.objectContaining({
        path: 'pending.calls[2]',
        message:
          'the tool-loop state is invalid at pending.calls[2]: call call_email was denied, yet its result is not the denial',
      }),
    );
  });
});
