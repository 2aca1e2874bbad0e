// Property: for random turns of calls and random decisions (approve, approve with edited
// arguments, deny with or without a reason), on every wire, in the in-process loop and in the
// step API (saved and loaded between steps, steps picked in any runnable order, finished tool
// steps delivered again): every call ends with exactly one result, no denied call reaches the
// server, and every approved call runs exactly once, with the arguments decided.
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseToolLoopState, serializeToolLoopState } from '../durable/tool-loop-state.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { createAnnotatedServer, type Execution } from '../mcp/test-support/annotated-server.js';
import { connectInMemory } from '../mcp/test-support/fixture-servers.js';
import type { ApprovalDecision } from './approval.js';
import {
  recordApproval,
  runModelStep,
  runnableToolLoopSteps,
  runToolStep,
  startToolLoop,
  type ToolLoopState,
} from './tool-loop-steps.js';

const LANES: Readonly<Record<WireFormat, { provider: string; model: string }>> = {
  openai: { provider: 'openai', model: 'gpt-6.1-sol' },
  anthropic: { provider: 'anthropic', model: 'claude-sonnet-5-5' },
  gemini: { provider: 'gemini', model: 'gemini-2.5-flash-lite' },
  ollama: { provider: 'ollama', model: 'llama3.2' },
  responses: { provider: 'openai-responses', model: 'gpt-6.1-sol' },
  hermes: { provider: 'nousresearch', model: 'Hermes-4-405B' },
  bedrock: { provider: 'bedrock', model: 'anthropic.claude-sonnet-4-6' },
};

type Choice = 'approve' | 'edit' | 'deny' | 'deny-with-reason';

interface PlannedCall {
  readonly tool: 'read_file' | 'delete_file' | 'send_email';
  readonly choice: Choice;
}

let simulator: Simulator;
let client: Client;
let ledger: Execution[];
let runs = 0;

beforeAll(async () => {
  simulator = await startSimulator();
  const annotated = createAnnotatedServer();
  ledger = annotated.ledger;
  client = await connectInMemory(annotated.server);
});
afterAll(async () => {
  await client.close();
  await simulator.close();
});

/** The one argument that names a call (unique per call of a run). */
const nameOf = (args: Record<string, unknown>) => String(args.path ?? args.to);

/** The call's arguments; `tag` makes them unique within the run. */
function argumentsOf(call: PlannedCall, tag: string): Record<string, unknown> {
  return call.tool === 'send_email' ? { to: tag, body: 'hello' } : { path: tag };
}

function decisionOf(call: PlannedCall, args: Record<string, unknown>): ApprovalDecision {
  switch (call.choice) {
    case 'approve':
      return { approved: true };
    case 'edit':
      return { approved: true, arguments: { ...args, ...editedName(args) } };
    case 'deny':
      return { approved: false };
    case 'deny-with-reason':
      return { approved: false, reason: `no to ${nameOf(args)}` };
  }
}

function editedName(args: Record<string, unknown>): Record<string, unknown> {
  return 'to' in args ? { to: `${args.to}-edited` } : { path: `${args.path}-edited` };
}

const plannedCall = fc.record({
  tool: fc.constantFrom('read_file' as const, 'delete_file' as const, 'send_email' as const),
  choice: fc.constantFrom<Choice>('approve', 'edit', 'deny', 'deny-with-reason'),
});

const CASES = WIRE_FORMATS.flatMap((wire) =>
  (['loop', 'steps'] as const).map((mode) => [wire, mode] as const),
);

describe('approval: whatever the calls and the decisions', () => {
  test('it runs every wire in both modes', () => {
    expect(CASES).toHaveLength(14);
  });

  test.each(CASES)(
    '%s, %s: every call gets one result, no denied call runs, each approved call runs once as decided',
    async (wire, mode) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(plannedCall, { minLength: 1, maxLength: 3 }), {
            minLength: 1,
            maxLength: 3,
          }),
          fc.array(fc.record({ pick: fc.nat({ max: 5 }), again: fc.boolean() }), {
            minLength: 8,
            maxLength: 8,
          }),
          async (turns, deliveries) => {
            runs += 1;
            const lane = `property-${runs}`;
            ledger.length = 0;
            // Each call names itself: `r<run>-t<turn>-c<index>`.
            const decisions = new Map<
              string,
              { call: PlannedCall; args: Record<string, unknown> }
            >();
            const steps: SimulatorStep[] = turns.map((calls, turn) => ({
              type: 'tool_calls',
              calls: calls.map((call, index) => {
                const args = argumentsOf(call, `r${runs}-t${turn}-c${index}`);
                decisions.set(nameOf(args), { call, args });
                return { name: call.tool, arguments: args, id: `call_${turn}_${index}` };
              }),
            }));
            simulator.script(lane, [...steps, { type: 'text', text: 'Done.' }]);
            const engine = createEngine({
              ...LANES[wire],
              apiKey: 'k',
              baseUrl: simulator.baseUrl(wire, lane),
              retry: { maxRetries: 0 },
              onWarning: () => undefined,
            });
            const decide = (args: Readonly<Record<string, unknown>>) => {
              const planned = decisions.get(nameOf(args as Record<string, unknown>));
              if (!planned) throw new Error(`no plan for ${JSON.stringify(args)}`);
              return decisionOf(planned.call, planned.args);
            };
            try {
              const text =
                mode === 'loop'
                  ? (
                      await engine.runToolLoop('go', {
                        mcpServers: [client],
                        approval: 'always',
                        onApproval: async (request) => decide(request.toolCall.arguments),
                      })
                    ).text
                  : await stepped(engine, decide, deliveries);
              expect(text).toBe('Done.');
            } finally {
              await engine.close();
            }

            // One result per call, every turn: the simulator refuses a conversation where a
            // call has none or two, and received each turn's results.
            // (An Ollama engine also asks for its model's details: /api/show.)
            const requests = simulator
              .received(lane)
              .filter((request) => !request.path.endsWith('/api/show'));
            expect(requests.filter((request) => request.status !== 200)).toEqual([]);
            expect(requests.slice(1).map((request) => request.toolResults.length)).toEqual(
              turns.map((calls) => calls.length),
            );

            // The server saw exactly the approved calls, once each, with the decided arguments.
            const expected = [...decisions.values()]
              .filter(({ call }) => call.choice === 'approve' || call.choice === 'edit')
              .map(({ call, args }) => ({
                tool: call.tool,
                arguments: call.choice === 'edit' ? { ...args, ...editedName(args) } : args,
              }));
            const executed = ledger.map(({ tool, arguments: args }) => ({ tool, arguments: args }));
            const order = (list: { tool: string; arguments: Record<string, unknown> }[]) =>
              list.map((entry) => JSON.stringify(entry)).sort();
            expect(order(executed)).toEqual(order(expected));
          },
        ),
        { numRuns: 6 },
      );
    },
    60_000,
  );
});

/**
 * The loop through the step API, saved and loaded between steps: `deliveries` pick which
 * runnable step runs next and whether a finished tool step is delivered again.
 */
async function stepped(
  engine: Engine,
  decide: (args: Readonly<Record<string, unknown>>) => ApprovalDecision,
  deliveries: readonly { pick: number; again: boolean }[],
): Promise<string> {
  const save = (state: ToolLoopState) => JSON.stringify(serializeToolLoopState(state));
  let stored = save(startToolLoop('go', { loopId: 'p' }));
  for (let index = 0; index < 60; index++) {
    const state = parseToolLoopState(stored);
    const steps = runnableToolLoopSteps(state);
    const delivery = deliveries[index % deliveries.length] ?? { pick: 0, again: false };
    const step = steps[delivery.pick % steps.length];
    if (!step) throw new Error('no step');
    if (step.kind === 'done') return step.text;
    const next =
      step.kind === 'model'
        ? await runModelStep(engine, state, { mcpServers: [client], approval: 'always' })
        : step.kind === 'approval'
          ? recordApproval(state, step.callId, decide(step.call.arguments))
          : await runToolStep(state, step.callId, { mcpServers: [client] });
    stored = save(next);
    if (step.kind === 'tool' && delivery.again) {
      // The queue delivers the finished step again: it changes nothing and runs nothing.
      const again = parseToolLoopState(stored);
      const before = ledger.length;
      expect(await runToolStep(again, step.callId, { mcpServers: [client] })).toBe(again);
      expect(ledger.length).toBe(before);
    }
  }
  throw new Error('the stepped loop did not finish in 60 steps');
}
