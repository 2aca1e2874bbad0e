// Side by side with the AI SDK 7's tool approval (`needsApproval`) on the same scripted
// conversation against the provider simulator: the model deletes three files and reads one;
// a person approves one deletion, denies one with a reason and one without. Both sides run
// their tools on the same MCP server (the official SDK). Which calls run must be the same;
// what the model reads after a denial, and when the call that needs no approval runs, differ
// as written down here and in docs/design-notes/approval.md ("Beside the AI SDK").
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { WireFormat } from '@crosswire/core';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  generateText,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  stepCountIs,
  type ToolApprovalResponse,
  tool,
} from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import type { ApprovalDecision } from '../src/loop/approval.js';
import { createAnnotatedServer, type Execution } from '../src/mcp/test-support/annotated-server.js';
import { connectInMemory } from '../src/mcp/test-support/fixture-servers.js';

interface Target {
  readonly wire: WireFormat;
  readonly provider: string;
  readonly model: string;
  readonly aiSdk: (baseUrl: string) => LanguageModel;
  /** The two denials as the provider received them: the AI SDK's, then Crosswire's (by hand). */
  readonly denials: { readonly aiSdk: readonly unknown[]; readonly crosswire: readonly unknown[] };
}

const KEEP = 'the user denied this call: keep b.txt';
const BARE = 'the user denied this call';

const TARGETS: Readonly<Record<string, Target>> = {
  openai: {
    wire: 'openai',
    provider: 'openai',
    model: 'gpt-4o',
    aiSdk: (base) => createOpenAI({ apiKey: 'k', baseURL: `${base}/v1` }).chat('gpt-4o'),
    denials: {
      aiSdk: [
        { role: 'tool', tool_call_id: 'call_b', content: 'keep b.txt' },
        { role: 'tool', tool_call_id: 'call_d', content: 'Tool call execution denied.' },
      ],
      crosswire: [
        { role: 'tool', tool_call_id: 'call_b', content: KEEP },
        { role: 'tool', tool_call_id: 'call_d', content: BARE },
      ],
    },
  },
  responses: {
    wire: 'responses',
    provider: 'openai-responses',
    model: 'gpt-4o',
    aiSdk: (base) => createOpenAI({ apiKey: 'k', baseURL: `${base}/v1` }).responses('gpt-4o'),
    denials: {
      aiSdk: [
        { type: 'function_call_output', call_id: 'call_b', output: 'keep b.txt' },
        { type: 'function_call_output', call_id: 'call_d', output: 'Tool call execution denied.' },
      ],
      crosswire: [
        { type: 'function_call_output', call_id: 'call_b', output: KEEP },
        { type: 'function_call_output', call_id: 'call_d', output: BARE },
      ],
    },
  },
  anthropic: {
    wire: 'anthropic',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    aiSdk: (base) => createAnthropic({ apiKey: 'k', baseURL: `${base}/v1` })('claude-sonnet-4-5'),
    denials: {
      aiSdk: [
        { type: 'tool_result', tool_use_id: 'call_b', content: 'keep b.txt' },
        { type: 'tool_result', tool_use_id: 'call_d', content: 'Tool call execution denied.' },
      ],
      crosswire: [
        {
          type: 'tool_result',
          tool_use_id: 'call_b',
          content: [{ type: 'text', text: KEEP }],
          is_error: true,
        },
        {
          type: 'tool_result',
          tool_use_id: 'call_d',
          content: [{ type: 'text', text: BARE }],
          is_error: true,
        },
      ],
    },
  },
  gemini: {
    wire: 'gemini',
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    aiSdk: (base) =>
      createGoogleGenerativeAI({ apiKey: 'k', baseURL: `${base}/v1beta` })('gemini-2.5-flash'),
    denials: {
      aiSdk: [
        {
          functionResponse: {
            id: 'call_b',
            name: 'delete_file',
            response: { name: 'delete_file', error: 'keep b.txt' },
          },
        },
        {
          functionResponse: {
            id: 'call_d',
            name: 'delete_file',
            response: { name: 'delete_file', error: 'Tool call execution denied.' },
          },
        },
      ],
      crosswire: [
        {
          functionResponse: {
            id: 'call_b',
            name: 'delete_file',
            // Crosswire's Gemini results never repeat the name inside `response` (any result,
            // not only a denial; see wire-truth.md, "tool error as an error object").
            response: { error: KEEP },
          },
        },
        {
          functionResponse: {
            id: 'call_d',
            name: 'delete_file',
            response: { error: BARE },
          },
        },
      ],
    },
  },
};

/** The model asks for three deletions and one read, all at once, then answers. */
const SCRIPT: readonly SimulatorStep[] = [
  {
    type: 'tool_calls',
    calls: [
      { name: 'delete_file', arguments: { path: 'a.txt' }, id: 'call_a' },
      { name: 'delete_file', arguments: { path: 'b.txt' }, id: 'call_b' },
      { name: 'delete_file', arguments: { path: 'd.txt' }, id: 'call_d' },
      { name: 'read_file', arguments: { path: 'c.txt' }, id: 'call_c' },
    ],
  },
  { type: 'text', text: 'Deleted a.txt and read c.txt.' },
];

/** The person's decision on each deletion. */
function decisionFor(path: string): ApprovalDecision {
  if (path === 'a.txt') return { approved: true };
  return path === 'b.txt' ? { approved: false, reason: 'keep b.txt' } : { approved: false };
}

let simulator: Simulator;
let client: Client;
let ledger: Execution[];

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

/** The executions on the server when the person decided. */
interface Timeline {
  before?: string[];
}

const executed = () =>
  ledger.map((execution) => `${execution.tool} ${String(execution.arguments.path)}`);

async function withAiSdk(target: Target, lane: string, timeline: Timeline) {
  const schema = jsonSchema<{ path: string }>({
    type: 'object',
    properties: { path: { type: 'string' } },
    required: ['path'],
  });
  // The same MCP tools, called through the same client; the AI SDK decides which need approval
  // per tool (it has no annotations to read), here as 'unless-read-only' would.
  const run = (name: string) => async (input: { path: string }) => {
    const result = (await client.callTool({ name, arguments: input })) as {
      content: { text: string }[];
    };
    return result.content[0]?.text ?? '';
  };
  const tools = {
    delete_file: tool({ inputSchema: schema, needsApproval: true, execute: run('delete_file') }),
    read_file: tool({ inputSchema: schema, execute: run('read_file') }),
  };
  const model = target.aiSdk(simulator.baseUrl(target.wire, lane));
  const messages: ModelMessage[] = [{ role: 'user', content: 'Clean up.' }];
  const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) });
  // The run stops at the approval requests; the answers go back as a tool message.
  timeline.before = executed();
  const answers: ToolApprovalResponse[] = first.content.flatMap((part) => {
    if (part.type !== 'tool-approval-request') return [];
    const decision = decisionFor((part.toolCall.input as { path: string }).path);
    return [
      {
        type: 'tool-approval-response',
        approvalId: part.approvalId,
        approved: decision.approved,
        ...(decision.approved || decision.reason === undefined ? {} : { reason: decision.reason }),
      },
    ];
  });
  const second = await generateText({
    model,
    tools,
    stopWhen: stepCountIs(5),
    messages: [...messages, ...first.response.messages, { role: 'tool', content: answers }],
  });
  return second.text;
}

async function withCrosswire(target: Target, lane: string, timeline: Timeline) {
  const engine = createEngine({
    provider: target.provider,
    model: target.model,
    apiKey: 'k',
    baseUrl: simulator.baseUrl(target.wire, lane),
    retry: { maxRetries: 0 },
    onWarning: () => undefined,
  });
  try {
    const asked: string[] = [];
    const text = await engine.chatWithTools('Clean up.', {
      mcpServers: [client],
      approval: 'unless-read-only',
      onApproval: async (request) => {
        asked.push(String(request.toolCall.arguments.path));
        // The three questions come at once; the person answers them together.
        if (asked.length === 3) timeline.before = executed();
        return decisionFor(String(request.toolCall.arguments.path));
      },
    });
    return text;
  } finally {
    await engine.close();
  }
}

describe('tool approval beside the AI SDK 7 (needsApproval), same conversation, same MCP server', () => {
  it.each(Object.keys(TARGETS))('%s', async (name) => {
    const target = TARGETS[name] as Target;
    const runs: Record<'aiSdk' | 'crosswire', { timeline: Timeline; executed: string[] }> = {
      aiSdk: { timeline: {}, executed: [] },
      crosswire: { timeline: {}, executed: [] },
    };
    const denials: Record<'aiSdk' | 'crosswire', unknown[]> = { aiSdk: [], crosswire: [] };
    for (const side of ['aiSdk', 'crosswire'] as const) {
      const lane = `${name}-${side}`;
      simulator.script(lane, [...SCRIPT]);
      ledger.length = 0;
      const { timeline } = runs[side];
      const text =
        side === 'aiSdk'
          ? await withAiSdk(target, lane, timeline)
          : await withCrosswire(target, lane, timeline);
      expect(text).toBe('Deleted a.txt and read c.txt.');
      runs[side].executed = ledger.map(
        (execution) => `${execution.tool} ${execution.arguments.path}`,
      );
      const received = simulator.received(lane);
      expect(received.filter((request) => request.status !== 200)).toEqual([]);
      denials[side] = (received.at(-1)?.toolResults ?? [])
        .filter((result) => result.id === 'call_b' || result.id === 'call_d')
        .map((result) => result.block);
    }

    // The same calls ran on both sides: the approved deletion and the read; the denied
    // deletions never reached the server.
    expect(runs.aiSdk.executed.sort()).toEqual(['delete_file a.txt', 'read_file c.txt']);
    expect(runs.crosswire.executed.sort()).toEqual(['delete_file a.txt', 'read_file c.txt']);

    // Difference 1: the AI SDK runs the call that needs no approval before the person decides
    // (its first generateText ran it); Crosswire runs a turn's calls once every decision of
    // the turn is in.
    expect(runs.aiSdk.timeline.before).toEqual(['read_file c.txt']);
    expect(runs.crosswire.timeline.before).toEqual([]);

    // Difference 2: what the model reads for a denied call. The AI SDK sends the reason alone
    // (or "Tool call execution denied."), as a plain result on Anthropic; Crosswire says who
    // refused ("the user denied this call"), then the reason, as an error result.
    expect(denials.aiSdk).toEqual(target.denials.aiSdk);
    expect(denials.crosswire).toEqual(target.denials.crosswire);
  });

  it('ran every target', () => {
    expect(Object.keys(TARGETS)).toEqual(['openai', 'responses', 'anthropic', 'gemini']);
  });
});
