// One hostile tool schema never fails the loop (issue 39, item 2): a malformed `$ref`, one that
// points at nothing, `$ref`s that only lead to each other, and a schema Gemini would inline to
// more than 100 times its size are each left out with `invalid_tool_definition`, on every
// wire, and the loop runs with the other tools. A real MCP SDK server lists them; the
// simulator checks each request by the wire's documented rules.
import { type CrosswireWarning, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { connectInMemory } from '../src/mcp/test-support/fixture-servers.js';

/** A provider and a model per wire (tools on every one). */
const LANES: Readonly<Record<WireFormat, { provider: string; model: string }>> = {
  openai: { provider: 'openai', model: 'gpt-6.1-sol' },
  anthropic: { provider: 'anthropic', model: 'claude-sonnet-5-5' },
  gemini: { provider: 'gemini', model: 'gemini-2.5-flash-lite' },
  ollama: { provider: 'ollama', model: 'llama3.2' },
  responses: { provider: 'openai-responses', model: 'gpt-6.1-sol' },
  hermes: { provider: 'nousresearch', model: 'Hermes-4-405B' },
  bedrock: { provider: 'bedrock', model: 'anthropic.claude-sonnet-4-6' },
};

/** 24 chained definitions, each using the next twice: 2^24 copies once inlined. */
function chainedDefs(links: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let index = 0; index < links; index++) {
    $defs[`d${index}`] =
      index === links - 1
        ? { type: 'string' }
        : {
            type: 'object',
            properties: {
              a: { $ref: `#/$defs/d${index + 1}` },
              b: { $ref: `#/$defs/d${index + 1}` },
            },
          };
  }
  return { type: 'object', properties: { root: { $ref: '#/$defs/d0' } }, $defs };
}

const HOSTILE_TOOLS = [
  {
    name: 'malformed',
    inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/%E0%A4%A' } }, $defs: {} },
  },
  {
    name: 'dangling',
    inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } },
  },
  {
    name: 'looping',
    inputSchema: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a' } },
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
    },
  },
  { name: 'chained', inputSchema: chainedDefs(24) },
  { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
];

/** A real SDK server listing the hostile tools and `echo`, which answers with its text. */
function hostileServer(): Server {
  const server = new Server({ name: 'hostile', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: HOSTILE_TOOLS as never }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: 'text', text: `ran ${request.params.name}` }],
  }));
  return server;
}

let simulator: Simulator;
const engines: Engine[] = [];
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await simulator.close();
});

/** The tool names a request body offered, whatever the wire's shape (hermes: inside the prompt's text). */
function offered(body: unknown): string[] {
  return [
    ...JSON.stringify(body).matchAll(
      /\\?"name\\?": ?\\?"(malformed|dangling|looping|chained|echo)\\?"/g,
    ),
  ]
    .map((match) => match[1] as string)
    .filter((name, index, all) => all.indexOf(name) === index);
}

describe.each(WIRE_FORMATS)('hostile tool schemas on %s', (wire) => {
  it('each is left out with invalid_tool_definition; the loop runs with echo', async () => {
    const lane = `schema-${wire}`;
    simulator.script(lane, [
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'hi' } }] },
      { type: 'text', text: 'done' },
    ]);
    const warnings: CrosswireWarning[] = [];
    const engine = createEngine({
      ...LANES[wire],
      apiKey: 'k',
      baseUrl: simulator.baseUrl(wire, lane),
      retry: { maxRetries: 0 },
      discover: false,
      onWarning: (warning) => warnings.push(warning),
    });
    engines.push(engine);
    const client = await connectInMemory(hostileServer());
    const result = await engine.runToolLoop('go', { mcpServers: [client] });
    await client.close();
    expect(result.text).toBe('done');
    const requests = simulator.received(lane);
    expect(requests.map((request) => request.status)).toEqual([200, 200]);
    // The three whose references no wire can follow are refused when listed; the chained one
    // only where inlining is needed (gemini's `parameters`): every other wire sends it.
    expect(offered(requests[0]?.body)).toEqual(wire === 'gemini' ? ['echo'] : ['chained', 'echo']);
    const refused = warnings.filter((warning) => warning.code === 'invalid_tool_definition');
    expect(refused.map((warning) => (warning.details as { tool: string }).tool)).toEqual([
      'malformed',
      'dangling',
      'looping',
      ...(wire === 'gemini' ? ['chained'] : []),
    ]);
    expect(refused[0]?.message).toBe(
      '"hostile" (mcpServers[0]) offers an invalid tool definition, left out: tool "malformed".inputSchema.properties.a.$ref: "#/$defs/%E0%A4%A" is not a well-formed JSON pointer (bad percent-encoding)',
    );
    if (wire === 'gemini') {
      expect(refused[3]?.message).toMatch(
        /^"hostile" \(mcpServers\[0\]\) offers tool "chained", which the gemini wire cannot send; it is left out: tool schema refused for gemini: inlining its \$refs makes it more than 100 times its size/,
      );
    }
  });
});
