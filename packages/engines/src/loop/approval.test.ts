// Tool approval in the in-process loop and the streamed loop: a real MCP server (the official
// SDK) with annotated tools, the provider simulator on every wire, and handlers that approve,
// edit, deny, stay silent or fail.
import {
  AbortedError,
  type ToolLoopError,
  ValidationError,
  WIRE_FORMATS,
  type WireFormat,
} from '@crosswire/core';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, test, vi } from 'vitest';
import { createEngine, type Engine } from '../engine/engine.js';
import {
  ANNOTATIONS,
  createAnnotatedServer,
  type Execution,
} from '../mcp/test-support/annotated-server.js';
import { connectInMemory } from '../mcp/test-support/fixture-servers.js';
import type { ApprovalDecision, ApprovalHandler, ApprovalRequest } from './approval.js';
import type { ToolLoopStreamEvent } from './tool-loop-stream.js';

const LANES: Readonly<Record<WireFormat, { provider: string; model: string }>> = {
  openai: { provider: 'openai', model: 'gpt-6.1-sol' },
  anthropic: { provider: 'anthropic', model: 'claude-sonnet-5-5' },
  gemini: { provider: 'gemini', model: 'gemini-2.5-flash-lite' },
  ollama: { provider: 'ollama', model: 'llama3.2' },
  responses: { provider: 'openai-responses', model: 'gpt-6.1-sol' },
  hermes: { provider: 'nousresearch', model: 'Hermes-4-405B' },
  bedrock: { provider: 'bedrock', model: 'anthropic.claude-sonnet-4-6' },
};

let simulator: Simulator;
let files: Client;
let ledger: Execution[];
let other: Client;
const engines: Engine[] = [];
let laneCount = 0;

beforeAll(async () => {
  simulator = await startSimulator();
  const annotated = createAnnotatedServer('files');
  ledger = annotated.ledger;
  files = await connectInMemory(annotated.server);
  other = await connectInMemory(createAnnotatedServer('mirror').server);
});
afterEach(() => {
  ledger.length = 0;
});
afterAll(async () => {
  await files.close();
  await other.close();
  await Promise.all(engines.map((engine) => engine.close()));
  await simulator.close();
});

/** A fresh lane scripted with `steps`, and an engine of `wire` on it. */
function scripted(
  wire: WireFormat,
  steps: readonly SimulatorStep[],
): { engine: Engine; lane: string } {
  laneCount += 1;
  const lane = `approval-${laneCount}-${wire}`;
  simulator.script(lane, [...steps]);
  const engine = createEngine({
    ...LANES[wire],
    apiKey: 'k',
    baseUrl: simulator.baseUrl(wire, lane),
    retry: { maxRetries: 0 },
    onWarning: () => undefined,
  });
  engines.push(engine);
  return { engine, lane };
}

const deleteA = { name: 'delete_file', arguments: { path: 'a.txt' }, id: 'call_delete' };
const email = {
  name: 'send_email',
  arguments: { to: 'ops@example.test', body: 'hi' },
  id: 'call_email',
};
const readB = { name: 'read_file', arguments: { path: 'b.txt' }, id: 'call_read' };
const answer: SimulatorStep = { type: 'text', text: 'Done.' };

/**
 * The text of each result block the provider received on the last request (the one after
 * the tool turn; an Ollama engine also asks the lane for its model's details first).
 */
function receivedResults(lane: string): string[] {
  return (simulator.received(lane).at(-1)?.toolResults ?? []).map((result) =>
    JSON.stringify(result.block),
  );
}

/** A handler that answers by tool name, recording each request it got. */
function answering(
  decisions: Readonly<Record<string, ApprovalDecision>>,
  asked: ApprovalRequest[] = [],
): ApprovalHandler {
  return async (request) => {
    asked.push(request);
    return decisions[request.toolCall.name] ?? { approved: false, reason: 'unexpected' };
  };
}

describe('approval in runToolLoop, on every wire', () => {
  test.each(WIRE_FORMATS)(
    "%s: approval 'always' with a handler that denies: no tool runs, one denial result per call",
    async (wire) => {
      const { engine, lane } = scripted(wire, [
        { type: 'tool_calls', calls: [deleteA, email] },
        answer,
      ]);
      const asked: ApprovalRequest[] = [];
      const result = await engine.runToolLoop('Clean up and tell ops.', {
        mcpServers: [files],
        approval: 'always',
        onApproval: answering(
          {
            delete_file: { approved: false, reason: 'keep a.txt' },
            send_email: { approved: false },
          },
          asked,
        ),
      });
      expect(ledger).toEqual([]);
      expect(asked.map((request) => request.toolCall.name)).toEqual(['delete_file', 'send_email']);
      expect(result.text).toBe('Done.');
      // The provider got one result per call: the denial, with its reason when one was given.
      const received = receivedResults(lane);
      expect(received).toHaveLength(2);
      expect(received[0]).toContain('the user denied this call: keep a.txt');
      expect(received[1]).toContain('the user denied this call');
      expect(received[1]).not.toContain('the user denied this call:');
      expect(simulator.received(lane).filter((request) => request.status !== 200)).toEqual([]);
      const withoutIds = wire === 'ollama' || wire === 'hermes';
      expect(result.turns[0]?.toolCalls).toEqual([
        {
          name: 'delete_file',
          id: withoutIds ? '' : 'call_delete',
          server: undefined,
          isError: true,
          failure: 'denied',
          durationMs: 0,
          approval: { approved: false, reason: 'keep a.txt', edited: false },
        },
        {
          name: 'send_email',
          id: withoutIds ? '' : 'call_email',
          server: undefined,
          isError: true,
          failure: 'denied',
          durationMs: 0,
          approval: { approved: false, edited: false },
        },
      ]);
    },
  );

  test.each(WIRE_FORMATS)(
    '%s: approved calls each run once, with the arguments decided',
    async (wire) => {
      const { engine, lane } = scripted(wire, [
        { type: 'tool_calls', calls: [deleteA, email] },
        answer,
      ]);
      const result = await engine.runToolLoop('Clean up and tell ops.', {
        mcpServers: [files],
        approval: 'always',
        onApproval: answering({
          delete_file: { approved: true, arguments: { path: 'b.txt' } },
          send_email: { approved: true },
        }),
      });
      expect([...ledger].sort((a, b) => a.tool.localeCompare(b.tool))).toEqual([
        { tool: 'delete_file', arguments: { path: 'b.txt' }, key: undefined },
        { tool: 'send_email', arguments: { to: 'ops@example.test', body: 'hi' }, key: undefined },
      ]);
      const received = receivedResults(lane);
      expect(received[0]).toContain('deleted b.txt');
      expect(received[1]).toContain('sent to ops@example.test');
      expect(result.turns[0]?.toolCalls.map((record) => [record.failure, record.approval])).toEqual(
        [
          [undefined, { approved: true, edited: true }],
          [undefined, { approved: true, edited: false }],
        ],
      );
    },
  );
});

describe('which calls are asked about', () => {
  it("by default ('never') every call runs, nobody is asked and no record carries a decision", async () => {
    const { engine } = scripted('openai', [{ type: 'tool_calls', calls: [deleteA] }, answer]);
    const onApproval = vi.fn<ApprovalHandler>();
    const result = await engine.runToolLoop('go', { mcpServers: [files], onApproval });
    expect(onApproval).not.toHaveBeenCalled();
    expect(ledger.map((execution) => execution.tool)).toEqual(['delete_file']);
    expect(result.turns[0]?.toolCalls[0]).not.toHaveProperty('approval');
  });

  it("'unless-read-only' asks for every call but one to a tool annotated readOnlyHint: true", async () => {
    const { engine } = scripted('anthropic', [
      { type: 'tool_calls', calls: [readB, deleteA, email] },
      answer,
    ]);
    const asked: ApprovalRequest[] = [];
    const result = await engine.runToolLoop('go', {
      mcpServers: [files],
      approval: 'unless-read-only',
      onApproval: answering(
        { delete_file: { approved: true }, send_email: { approved: true } },
        asked,
      ),
    });
    // send_email has no annotations: by MCP's defaults it is not read-only, so it is asked.
    expect(asked.map((request) => request.toolCall.name)).toEqual(['delete_file', 'send_email']);
    expect(ledger.map((execution) => execution.tool).sort()).toEqual([
      'delete_file',
      'read_file',
      'send_email',
    ]);
    expect(result.turns[0]?.toolCalls.map((record) => record.approval)).toEqual([
      undefined,
      { approved: true, edited: false },
      { approved: true, edited: false },
    ]);
  });

  it('a policy function sees the call, the tool with its annotations and the server; onApproval gets the same request', async () => {
    const { engine } = scripted('openai', [
      { type: 'tool_calls', calls: [deleteA, readB] },
      answer,
    ]);
    const seen: ApprovalRequest[] = [];
    const asked: ApprovalRequest[] = [];
    await engine.runToolLoop('go', {
      // The second server offers the same names; the first one runs them.
      mcpServers: [files, other],
      approval: async (request) => {
        seen.push(request);
        return request.tool.annotations?.destructiveHint === true;
      },
      onApproval: answering({ delete_file: { approved: true } }, asked),
    });
    expect(seen).toHaveLength(2);
    const [deleting, reading] = seen as [ApprovalRequest, ApprovalRequest];
    expect(deleting).toEqual({
      approvalId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      toolCall: expect.objectContaining({
        name: 'delete_file',
        id: 'call_delete',
        arguments: { path: 'a.txt' },
      }),
      tool: expect.objectContaining({ name: 'delete_file', annotations: ANNOTATIONS.delete_file }),
      server: '"files" (mcpServers[0])',
      serverIndex: 0,
      iteration: 1,
    });
    expect(reading.tool.annotations).toEqual(ANNOTATIONS.read_file);
    expect(asked).toEqual([deleting]);
    expect(ledger.map((execution) => execution.tool).sort()).toEqual(['delete_file', 'read_file']);
  });

  it('a call that cannot run (an unknown tool) is not asked about and gets its error result', async () => {
    const { engine } = scripted('openai', [
      { type: 'tool_calls', calls: [{ name: 'format_disk', arguments: {}, id: 'call_x' }] },
      answer,
    ]);
    const onApproval = vi.fn<ApprovalHandler>();
    const result = await engine.runToolLoop('go', {
      mcpServers: [files],
      approval: 'always',
      onApproval,
    });
    expect(onApproval).not.toHaveBeenCalled();
    expect(result.turns[0]?.toolCalls[0]).toMatchObject({ failure: 'unknown_tool' });
  });

  it('calls the loop will not run (maxIterations reached) are not asked about', async () => {
    const { engine } = scripted('openai', [{ type: 'tool_calls', calls: [deleteA] }]);
    const onApproval = vi.fn<ApprovalHandler>();
    await expect(
      engine.runToolLoop('go', {
        mcpServers: [files],
        maxIterations: 1,
        approval: 'always',
        onApproval,
      }),
    ).rejects.toMatchObject({ code: 'tool_loop_max_iterations' });
    expect(onApproval).not.toHaveBeenCalled();
  });

  it('asks about the calls of one turn concurrently', async () => {
    const { engine } = scripted('gemini', [
      { type: 'tool_calls', calls: [deleteA, email] },
      answer,
    ]);
    // Neither decision comes before both questions were asked: asking one at a time would hang.
    const waiting: (() => void)[] = [];
    const onApproval: ApprovalHandler = (request) =>
      new Promise((resolve) => {
        waiting.push(() => resolve({ approved: request.toolCall.name === 'send_email' }));
        if (waiting.length === 2) for (const release of waiting) release();
      });
    const result = await engine.runToolLoop('go', {
      mcpServers: [files],
      approval: 'always',
      onApproval,
    });
    expect(waiting).toHaveLength(2);
    expect(ledger.map((execution) => execution.tool)).toEqual(['send_email']);
    expect(result.turns[0]?.toolCalls.map((record) => record.failure)).toEqual([
      'denied',
      undefined,
    ]);
  });
});

describe('refusals before the first request', () => {
  test.each([
    ['always', 'always'],
    ['unless-read-only', 'unless-read-only'],
    ['a function', () => true],
  ] as const)(
    'approval %s without onApproval: ValidationError approval_handler_required',
    async (_name, approval) => {
      const { engine, lane } = scripted('openai', [answer]);
      const error = await engine
        .runToolLoop('go', { mcpServers: [files], approval })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ code: 'approval_handler_required', path: 'onApproval' });
      expect((error as Error).message).toContain('there is no onApproval to ask with');
      expect(simulator.received(lane)).toEqual([]);
    },
  );

  it('refuses a policy that is no policy, and an approvalTimeoutMs that is no positive number', async () => {
    const { engine, lane } = scripted('openai', [answer]);
    const onApproval = answering({});
    await expect(
      engine.runToolLoop('go', {
        mcpServers: [files],
        approval: 'sometimes' as 'always',
        onApproval,
      }),
    ).rejects.toMatchObject({
      code: 'invalid_approval_policy',
      message:
        "approval must be 'never', 'always', 'unless-read-only' or a function of the request, got \"sometimes\"",
    });
    await expect(
      engine.runToolLoop('go', {
        mcpServers: [files],
        approval: 'always',
        onApproval,
        approvalTimeoutMs: 0,
      }),
    ).rejects.toMatchObject({ code: 'invalid_approval_timeout', path: 'approvalTimeoutMs' });
    expect(simulator.received(lane)).toEqual([]);
  });

  it('the stream refuses it the same way, before any request', async () => {
    const { engine, lane } = scripted('openai', [answer]);
    await expect(
      engine.streamWithTools('go', { mcpServers: [files], approval: 'always' }).finalText(),
    ).rejects.toMatchObject({ code: 'approval_handler_required' });
    expect(simulator.received(lane)).toEqual([]);
  });
});

describe('a person takes their time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('no deadline by default, and toolTimeoutMs starts only when the call runs', async () => {
    const { engine } = scripted('openai', [{ type: 'tool_calls', calls: [deleteA] }, answer]);
    let decide: ((decision: ApprovalDecision) => void) | undefined;
    let signal: AbortSignal | undefined;
    const onApproval: ApprovalHandler = (_request, context) => {
      signal = context.signal;
      return new Promise((resolve) => {
        decide = resolve;
      });
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const running = engine.runToolLoop('go', {
      mcpServers: [files],
      approval: 'always',
      onApproval,
      toolTimeoutMs: 1000,
    });
    await vi.waitFor(() => expect(decide).toBeDefined());
    // A day goes by: no default deadline ends the wait, and the tool's timer has not started.
    await vi.advanceTimersByTimeAsync(24 * 3600 * 1000);
    expect(signal?.aborted).toBe(false);
    expect(ledger).toEqual([]);
    decide?.({ approved: true });
    vi.useRealTimers();
    const result = await running;
    expect(result.turns[0]?.toolCalls[0]).toMatchObject({
      isError: false,
      failure: undefined,
      approval: { approved: true, edited: false },
    });
    expect(ledger.map((execution) => execution.tool)).toEqual(['delete_file']);
  });

  it('approvalTimeoutMs turns silence into a denial ("approval timed out") and withdraws the question', async () => {
    const { engine, lane } = scripted('anthropic', [
      { type: 'tool_calls', calls: [deleteA] },
      answer,
    ]);
    let signal: AbortSignal | undefined;
    const result = await engine.runToolLoop('go', {
      mcpServers: [files],
      approval: 'always',
      approvalTimeoutMs: 20,
      onApproval: (_request, context) => {
        signal = context.signal;
        return new Promise(() => undefined);
      },
    });
    expect(signal?.aborted).toBe(true);
    expect(ledger).toEqual([]);
    expect(result.turns[0]?.toolCalls[0]?.approval).toEqual({
      approved: false,
      reason: 'approval timed out',
      edited: false,
    });
    expect(receivedResults(lane)[0]).toContain('the user denied this call: approval timed out');
  });

  it("the caller's signal still stops the wait: AbortedError, nothing runs, the question is withdrawn", async () => {
    const { engine } = scripted('openai', [{ type: 'tool_calls', calls: [deleteA] }, answer]);
    const controller = new AbortController();
    let signal: AbortSignal | undefined;
    const error = await engine
      .runToolLoop('go', {
        mcpServers: [files],
        approval: 'always',
        signal: controller.signal,
        onApproval: (_request, context) => {
          signal = context.signal;
          controller.abort(new Error('user left'));
          return new Promise(() => undefined);
        },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as AbortedError).during).toBe('waiting for the approval of tool delete_file');
    expect(signal?.aborted).toBe(true);
    expect(ledger).toEqual([]);
  });

  it('a handler that throws fails the loop (tool_approval_failed); the other questions are withdrawn', async () => {
    const { engine } = scripted('openai', [
      { type: 'tool_calls', calls: [deleteA, email] },
      answer,
    ]);
    let emailSignal: AbortSignal | undefined;
    const error = await engine
      .runToolLoop('go', {
        mcpServers: [files],
        approval: 'always',
        onApproval: async (request, context) => {
          if (request.toolCall.name === 'send_email') {
            emailSignal = context.signal;
            return new Promise<ApprovalDecision>(() => undefined);
          }
          await Promise.resolve();
          throw new Error('the approval service is down');
        },
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'ToolLoopError',
      code: 'tool_approval_failed',
      message:
        'onApproval failed for call "call_delete" of tool delete_file: the approval service is down',
    });
    expect((error as ToolLoopError).cause).toEqual(new Error('the approval service is down'));
    expect(emailSignal?.aborted).toBe(true);
    expect(ledger).toEqual([]);
  });

  it('an answer that is no decision fails the loop with what was wrong', async () => {
    const { engine } = scripted('openai', [{ type: 'tool_calls', calls: [deleteA] }, answer]);
    await expect(
      engine.runToolLoop('go', {
        mcpServers: [files],
        approval: 'always',
        onApproval: async () => ({ approved: 'yes' }) as unknown as ApprovalDecision,
      }),
    ).rejects.toMatchObject({
      code: 'tool_approval_failed',
      message:
        'onApproval answered call "call_delete" of tool delete_file with no decision: onApproval result must say approved: true or false, got "yes"',
    });
    expect(ledger).toEqual([]);
  });
});

describe('approval in streamWithTools', () => {
  it('emits the request before asking and the decision after, in order with the call events', async () => {
    const { engine } = scripted('anthropic', [
      { type: 'tool_calls', calls: [readB, deleteA, email] },
      answer,
    ]);
    const ids = new Map<string, string>();
    const stream = engine.streamWithTools('go', {
      mcpServers: [files],
      approval: 'unless-read-only',
      onApproval: async (request) => {
        ids.set(request.approvalId, request.toolCall.name);
        return request.toolCall.name === 'delete_file'
          ? { approved: true, arguments: { path: 'c.txt' } }
          : { approved: false, reason: 'no emails today' };
      },
    });
    const events: ToolLoopStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const outline = events.flatMap((event): string[] => {
      switch (event.type) {
        case 'turn-start':
        case 'turn-end':
          return [`${event.iteration} ${event.type}`];
        case 'tool-approval-request':
          return [`${event.iteration} request ${ids.get(event.approvalId)} ${event.toolCall.name}`];
        case 'tool-approval-decision':
          return [
            `${event.iteration} decision ${ids.get(event.approvalId)} ${event.approved}${event.reason === undefined ? '' : ` ${event.reason}`}`,
          ];
        case 'tool-call-run':
          return [
            `${event.iteration} run ${event.toolCall.name} ${JSON.stringify(event.toolCall.arguments)}`,
          ];
        case 'tool-result':
          return [
            `${event.iteration} result ${event.toolCall.name} ${event.record.failure ?? 'ok'}`,
          ];
        default:
          return [];
      }
    });
    expect(outline).toEqual([
      '1 turn-start',
      '1 request delete_file delete_file',
      '1 request send_email send_email',
      '1 decision delete_file true',
      '1 decision send_email false no emails today',
      '1 run read_file {"path":"b.txt"}',
      '1 run delete_file {"path":"c.txt"}',
      '1 result read_file ok',
      '1 result delete_file ok',
      '1 result send_email denied',
      '1 turn-end',
      '2 turn-start',
      '2 turn-end',
    ]);
    const requestEvent = events.find((event) => event.type === 'tool-approval-request');
    expect(requestEvent).toEqual({
      type: 'tool-approval-request',
      iteration: 1,
      approvalId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      toolCall: expect.objectContaining({ name: 'delete_file', arguments: { path: 'a.txt' } }),
    });
    const result = await stream.finalResult();
    expect(result.turns[0]?.toolCalls.map((record) => record.approval)).toEqual([
      undefined,
      { approved: true, edited: true },
      { approved: false, reason: 'no emails today', edited: false },
    ]);
    expect(ledger.map((execution) => [execution.tool, execution.arguments]).sort()).toEqual([
      ['delete_file', { path: 'c.txt' }],
      ['read_file', { path: 'b.txt' }],
    ]);
  });
});
