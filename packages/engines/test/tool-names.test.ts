// Tool names (issue 25): MCP names a wire refuses go out in the wire's legal form and every
// call comes back under the MCP name (loop results, events, the step API's state after a save
// and a load), on all six wires against the strict simulator and a real MCP SDK server.
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { buildRequest, DIALECTS, PROVIDER_RULES, preflight } from '@crosswire/dialects';
import { SIMULATOR_WIRES, type Simulator, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseToolLoopState, serializeToolLoopState } from '../src/durable/index.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import {
  runModelStep,
  runnableToolLoopSteps,
  runToolStep,
  startToolLoop,
} from '../src/loop/tool-loop-steps.js';
import { connectInMemory, createPagedServer } from '../src/mcp/test-support/fixture-servers.js';

const ENGINES: Readonly<Record<WireFormat, { provider: string; model: string }>> = {
  openai: { provider: 'openai', model: 'gpt-6.1-sol' },
  anthropic: { provider: 'anthropic', model: 'claude-sonnet-5-5' },
  gemini: { provider: 'gemini', model: 'gemini-3-flash-preview' },
  ollama: { provider: 'ollama', model: 'llama3.2' },
  responses: { provider: 'openai-responses', model: 'gpt-6.1-sol' },
  hermes: { provider: 'nousresearch', model: 'Hermes-4-405B' },
  bedrock: { provider: 'bedrock', model: 'us.anthropic.claude-sonnet-4-6' },
};

const LONG = `lookup_${'x'.repeat(93)}`;
/** The MCP tools, in server order; the last is legal and equals `calendar.read`'s first candidate. */
const MCP_NAMES = [
  'calendar.read',
  'caldav-mcp.create-event',
  '1password_lookup',
  LONG,
  '天气',
  'calendar_read_2505b184',
];

// The names each wire is sent, written down (the 8 hex digits are SHA-256 prefixes of the MCP
// names, checked against node:crypto in the dialects' tool-names tests).
const OPENAI_NAMES = [
  // `calendar_read_2505b184` is taken by the legal tool of that name: the next candidate.
  'calendar_read_3991bc91',
  'caldav-mcp_create-event_7b02b773',
  '1password_lookup',
  'lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_deee41bb',
  'tool_4d947325',
  'calendar_read_2505b184',
];
const SENT: Readonly<Record<WireFormat, readonly string[]>> = {
  openai: OPENAI_NAMES,
  responses: OPENAI_NAMES,
  anthropic: [
    'calendar_read_3991bc91',
    'caldav-mcp_create-event_7b02b773',
    '1password_lookup',
    LONG,
    'tool_4d947325',
    'calendar_read_2505b184',
  ],
  gemini: [
    'calendar.read',
    'caldav-mcp.create-event',
    '_1password_lookup_c81c8cd8',
    'lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_deee41bb',
    'tool_4d947325',
    'calendar_read_2505b184',
  ],
  ollama: MCP_NAMES,
  hermes: MCP_NAMES,
  bedrock: OPENAI_NAMES,
};

let simulator: Simulator;
let client: Client;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  simulator = await startSimulator();
  client = await connectInMemory(createPagedServer('names', [MCP_NAMES]));
  closers.push(() => client.close());
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await simulator.close();
});

const warnings: string[] = [];
function engineFor(wire: WireFormat, lane: string): Engine {
  const engine = createEngine({
    ...ENGINES[wire],
    apiKey: 'k',
    baseUrl: simulator.baseUrl(wire, lane),
    retry: { maxRetries: 0 },
    // Model discovery (Ollama's /api/show) is tested on its own (discovery.test.ts).
    discover: false,
    onWarning: (warning) => warnings.push(warning.code),
  });
  closers.push(() => engine.close());
  return engine;
}

/**
 * The simulated model calls every tool it was offered, by the offered name (`perTurn` calls a
 * turn), then answers.
 */
function callEveryTool(lane: string, perTurn = Number.POSITIVE_INFINITY): void {
  simulator.script(lane, (request) => {
    const calls = request.tools
      .slice((request.turn - 1) * perTurn, request.turn * perTurn)
      .map((name) => ({ name, arguments: {} }));
    return calls.length > 0 ? { type: 'tool_calls', calls } : { type: 'text', text: 'done' };
  });
}

/** What the requests carried: every result names the MCP tool that ran, every request was accepted. */
function expectAnswered(lane: string, wire: WireFormat): void {
  const [first, ...later] = simulator.received(lane);
  expect(first?.tools).toEqual(SENT[wire]);
  expect(later.length).toBeGreaterThan(0);
  for (const request of [first, ...later]) {
    expect(request?.status).toBe(200);
    expect(request?.violations).toEqual([]);
  }
  const results = later.flatMap((request) => request.toolResults);
  const texts = JSON.stringify(results.map((result) => result.block));
  for (const name of MCP_NAMES) {
    expect(texts).toContain(JSON.stringify(`${name} ran on names`).slice(1, -1));
  }
  // Where the wire names a result, it names it as the call did: the wire name.
  for (const result of results) if (result.name !== '') expect(SENT[wire]).toContain(result.name);
}

describe.each(WIRE_FORMATS)('%s: calls come back under the MCP name', (wire) => {
  it('runToolLoop: turns, results and the conversation', async () => {
    const lane = `loop-${wire}`;
    callEveryTool(lane);
    const result = await engineFor(wire, lane).runToolLoop('go', { mcpServers: [client] });
    expect(result.text).toBe('done');
    const records = result.turns[0]?.toolCalls ?? [];
    expect(records.map((record) => record.name)).toEqual(MCP_NAMES);
    expect(records.map((record) => record.failure)).toEqual(MCP_NAMES.map(() => undefined));
    expectAnswered(lane, wire);
    // The provider messages are the wire's own shape: they keep the wire names.
    const echoed = JSON.stringify(result.messages);
    for (const name of SENT[wire]) expect(echoed).toContain(name);
    expect(warnings.splice(0)).toEqual([]);
  });

  it('streamWithTools: every event names the MCP tool', async () => {
    const lane = `stream-${wire}`;
    // Three calls a turn: the MCP SDK adds an abort listener per request on the run's signal.
    callEveryTool(lane, 3);
    const named: string[] = [];
    const stream = engineFor(wire, lane).streamWithTools('go', { mcpServers: [client] });
    for await (const event of stream) {
      if (event.type === 'tool-call-start') named.push(`start ${event.name}`);
      if (event.type === 'tool-call-end') named.push(`end ${event.toolCall.name}`);
      if (event.type === 'tool-call-run') named.push(`run ${event.toolCall.name}`);
      if (event.type === 'tool-result') named.push(`result ${event.result.name}`);
      if (event.type === 'finish') {
        for (const call of event.response.toolCalls) named.push(`finish ${call.name}`);
      }
    }
    const kinds = ['start', 'end', 'finish', 'run', 'result'];
    const expected = kinds.flatMap((kind) => MCP_NAMES.map((name) => `${kind} ${name}`));
    expect([...named].sort()).toEqual([...expected].sort());
    expectAnswered(lane, wire);
    expect(warnings.splice(0)).toEqual([]);
  });

  it('the step API: pending calls under the MCP name, the same after a save and a load', async () => {
    const lane = `steps-${wire}`;
    callEveryTool(lane);
    const engine = engineFor(wire, lane);
    const reload = (state: Parameters<typeof serializeToolLoopState>[0]) =>
      parseToolLoopState(JSON.parse(JSON.stringify(serializeToolLoopState(state))));
    let state = reload(
      await runModelStep(engine, startToolLoop('go', { loopId: lane }), { mcpServers: [client] }),
    );
    expect(state.pendingCalls.map((pending) => pending.call.name)).toEqual(MCP_NAMES);
    for (const step of runnableToolLoopSteps(state)) {
      if (step.kind !== 'tool') throw new Error(`expected tool steps, got ${step.kind}`);
      expect(MCP_NAMES).toContain(step.call.name);
      state = reload(await runToolStep(state, step.callId, { mcpServers: [client] }));
    }
    expect(state.pendingCalls.map((pending) => pending.result?.name)).toEqual(MCP_NAMES);
    state = await runModelStep(engine, state, { mcpServers: [client] });
    expect(state.text).toBe('done');
    expectAnswered(lane, wire);
    expect(warnings.splice(0)).toEqual([]);
  });
});

/** A piece of each provider's quoted 400 for a tool name it refuses. */
const QUOTED_WORDS: Partial<Record<WireFormat, string>> = {
  openai: 'string does not match pattern',
  responses: 'string does not match pattern',
  anthropic: "String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
  gemini: 'Invalid function name. Must start with a letter or an underscore.',
};

describe('the preflight rule stays for bodies built by hand', () => {
  it.each([
    ['openai', 'calendar.read', 'openai-tool-name'],
    ['responses', 'calendar.read', 'responses-tool-name'],
    ['anthropic', 'calendar.read', 'anthropic-tool-name'],
    ['gemini', '1password_lookup', 'gemini-tool-name'],
  ] as const)('%s: buildRequest with a tool named %s breaks %s', (wire, name, rule) => {
    const body = buildRequest(
      wire,
      {
        model: ENGINES[wire].model,
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ name, inputSchema: { type: 'object' } }],
      },
      { onWarning: () => {} },
    );
    expect(preflight(body, { wire }).violations.map((violation) => violation.rule)).toEqual([rule]);
    // The simulator refuses it too, in the words of the provider's quoted 400.
    const quoted = PROVIDER_RULES.find((entry) => entry.id === rule)?.quoted ?? '';
    const { violations } = SIMULATOR_WIRES[wire].inspect(
      body,
      DIALECTS[wire].path(ENGINES[wire].model),
    );
    const said = QUOTED_WORDS[wire];
    expect(quoted).toContain(said);
    expect(violations.join('\n')).toContain(said);
  });

  it('a tool smuggled in through `extra` is refused by the engine, before sending', async () => {
    const lane = 'extra-tools';
    const engine = engineFor('openai', lane);
    const tools = [{ type: 'function', function: { name: 'calendar.read', parameters: {} } }];
    await expect(engine.chat('hi', { extra: { tools } })).rejects.toMatchObject({
      code: 'request_refused_preflight',
      rule: 'openai-tool-name',
      path: 'tools[0].function.name',
    });
    expect(simulator.received(lane)).toHaveLength(0);
  });

  it("a tool named '' is refused with a typed error, nothing is sent", async () => {
    const lane = 'empty-name';
    const engine = engineFor('anthropic', lane);
    await expect(
      engine.chat('hi', { tools: [{ name: '', inputSchema: { type: 'object' } }] }),
    ).rejects.toMatchObject({ code: 'empty_tool_name' });
    expect(simulator.received(lane)).toHaveLength(0);
  });
});

// Random MCP tool names: dots, spaces, non-ASCII, leading digits, very long.
const mcpName = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.stringMatching(/^[0-9][a-z0-9_.: -]{0,30}$/),
  fc.stringMatching(/^[a-zA-Z0-9_.: -]{60,160}$/),
  fc.constantFrom('calendar.read', 'caldav-mcp.create-event', '1password_lookup', '天气', 'météo'),
);

describe('property: the engine sends every tool set, and every call comes back by its MCP name', () => {
  it('on every wire, the simulator accepts the request and the reply reads back', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WIRE_FORMATS),
        fc.uniqueArray(mcpName, { minLength: 1, maxLength: 6 }),
        async (wire, names) => {
          const lane = `property-${run++}`;
          simulator.script(lane, (request) => ({
            type: 'tool_calls',
            calls: request.tools.map((name) => ({ name, arguments: {} })),
          }));
          const engine = engineFor(wire, lane);
          const tools = names.map((name) => ({ name, inputSchema: { type: 'object' as const } }));
          const reply = await engine.chat('hi', { tools });
          const [received] = simulator.received(lane);
          expect(received?.violations).toEqual([]);
          expect(received?.tools).toHaveLength(names.length);
          expect(reply.toolCalls.map((call) => call.name)).toEqual(names);
        },
      ),
      { numRuns: 60 },
    );
    expect(warnings.splice(0)).toEqual([]);
  });
});
