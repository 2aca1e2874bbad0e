/**
 * The MCP reference servers' recorded tools and results (fixtures/mcp-reference/, recorded by
 * scripts/record-mcp-reference.mjs) replayed through the tool loop on every wire, against the
 * strict simulator: an MCP SDK server serves the recorded tools and answers each call with its
 * recorded result. No request may carry a base64 payload as text, and no error result may go
 * out as a success.
 */
import { readFileSync } from 'node:fs';
import type { CrosswireWarning, WireFormat } from '@crosswire/core';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import { connectInMemory } from '../src/mcp/test-support/fixture-servers.js';

interface Recording {
  readonly server: string;
  readonly tools: Tool[];
  readonly calls: { name: string; arguments: Record<string, unknown>; result: CallToolResult }[];
}

const SERVERS = ['server-everything', 'server-filesystem', 'server-memory'] as const;

function recording(name: string): Recording {
  return JSON.parse(
    readFileSync(new URL(`../fixtures/mcp-reference/${name}.json`, import.meta.url), 'utf8'),
  );
}

/** A real SDK server that lists the recorded tools and answers with the recorded results. */
function replayServer(recorded: Recording): Server {
  const server = new Server(
    { name: recorded.server, version: 'replay' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: recorded.tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const key = JSON.stringify(request.params.arguments ?? {});
    const call = recorded.calls.find(
      (entry) => entry.name === request.params.name && JSON.stringify(entry.arguments) === key,
    );
    if (!call) throw new Error(`no recorded call for ${request.params.name} ${key}`);
    return call.result;
  });
  return server;
}

/** Every base64 payload in the recorded results (images, blobs, structured copies). */
function payloads(recorded: Recording): string[] {
  const found = new Set<string>();
  for (const { result } of recorded.calls) {
    for (const block of result.content ?? []) {
      const record = block as Record<string, unknown>;
      if (typeof record.data === 'string') found.add(record.data);
      const resource = record.resource as { blob?: unknown } | undefined;
      if (typeof resource?.blob === 'string') found.add(resource.blob);
    }
  }
  return [...found].filter((payload) => payload.length >= 64);
}

/** Paths where a wire carries media natively (not text). */
const NATIVE = [
  /\.source\.data$/, // anthropic
  /\.inlineData\.data$/, // gemini
  /\.image_url(\.url)?$/, // openai, responses (data: URLs)
  /\.file_data$/, // responses input_file
  /\.images\[\d+\]$/, // ollama
];

/** Each string of `value` outside a native media field that holds 40 characters of a payload. */
function payloadsAsText(value: unknown, needles: readonly string[], path = ''): string[] {
  if (typeof value === 'string') {
    if (NATIVE.some((pattern) => pattern.test(path))) return [];
    return needles.some((needle) => value.includes(needle)) ? [path] : [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => payloadsAsText(item, needles, `${path}[${index}]`));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      payloadsAsText(item, needles, `${path}.${key}`),
    );
  }
  return [];
}

/** Whether a result block, as the wire sent it, says the call failed. */
const SAYS_ERROR: Readonly<Record<WireFormat, ((block: unknown) => boolean) | undefined>> = {
  anthropic: (block) => (block as { is_error?: unknown }).is_error === true,
  gemini: (block) =>
    (block as { functionResponse: { response: Record<string, unknown> } }).functionResponse.response
      .error !== undefined,
  bedrock: (block) => (block as { toolResult: { status?: unknown } }).toolResult.status === 'error',
  // These wires have no error flag: the error's text is what the model reads.
  openai: undefined,
  responses: undefined,
  ollama: undefined,
  hermes: undefined,
};

const LANES: { lane: string; provider: string; model: string; wire: WireFormat }[] = [
  { lane: 'ref-openai', provider: 'openai', model: 'gpt-6.1-sol', wire: 'openai' },
  { lane: 'ref-anthropic', provider: 'anthropic', model: 'claude-sonnet-5-5', wire: 'anthropic' },
  { lane: 'ref-gemini', provider: 'gemini', model: 'gemini-3.8-flash', wire: 'gemini' },
  { lane: 'ref-gemini-2.5', provider: 'gemini', model: 'gemini-2.5-flash-lite', wire: 'gemini' },
  { lane: 'ref-responses', provider: 'openai-responses', model: 'gpt-6.1-sol', wire: 'responses' },
  { lane: 'ref-ollama', provider: 'ollama', model: 'llama3.2', wire: 'ollama' },
  { lane: 'ref-hermes', provider: 'nousresearch', model: 'Hermes-4-405B', wire: 'hermes' },
];

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await simulator.close();
});

describe('the MCP reference servers, replayed through the loop on every wire', () => {
  const cases = LANES.flatMap((lane) => SERVERS.map((server) => ({ ...lane, server })));
  it.each(cases)('$server on $lane', async ({ lane, provider, model, wire, server }) => {
    const recorded = recording(server);
    const client = await connectInMemory(replayServer(recorded));
    const name = `${lane}-${server}`;
    simulator.script(name, [
      {
        type: 'tool_calls',
        calls: recorded.calls.map((call) => ({ name: call.name, arguments: call.arguments })),
      },
      { type: 'text', text: 'done' },
    ]);
    const warnings: CrosswireWarning[] = [];
    const engine = createEngine({
      provider,
      model,
      apiKey: 'sk-replay',
      baseUrl: simulator.baseUrl(wire, name),
      discover: false,
      onWarning: (warning) => warnings.push(warning),
    });
    try {
      const result = await engine.runToolLoop('Use the tools.', { mcpServers: [client] });
      expect(result.text).toBe('done');
      const records = simulator.received(name);
      expect(records.map((record) => [record.status, record.violations])).toEqual([
        [200, []],
        [200, []],
      ]);
      const sent = records[1];
      // No base64 payload as text anywhere in the request.
      const needles = payloads(recorded).map((payload) => payload.slice(8, 48));
      expect(payloadsAsText(sent?.body, needles)).toEqual([]);
      // Every call answered; every error result sent as an error (or, on wires without a
      // flag, as the error's own text).
      expect(sent?.toolResults).toHaveLength(recorded.calls.length);
      recorded.calls.forEach((call, index) => {
        const block = sent?.toolResults[index]?.block;
        const saysError = SAYS_ERROR[wire];
        if (saysError)
          expect(saysError(block), `${call.name} #${index}`).toBe(call.result.isError === true);
        if (call.result.isError) {
          const text = (call.result.content[0] as { text: string }).text;
          expect(JSON.stringify(block)).toContain(JSON.stringify(text.slice(0, 30)).slice(1, -1));
        }
      });
      // The filesystem server's image copy in structuredContent is told, not sent.
      if (server === 'server-filesystem' && wire === 'gemini') {
        expect(warnings.map((warning) => warning.code)).toContain(
          'structured_content_media_replaced',
        );
      }
    } finally {
      await engine.close();
      await client.close();
    }
  });
});
