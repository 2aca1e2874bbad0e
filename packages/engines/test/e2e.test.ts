/**
 * End to end: one conversation through every wire (and the provider quirks that matter),
 * with an MCP SDK server whose tools return every kind of output, and provider faults on the
 * way. The golden files in fixtures/loop/ show what each provider received for each kind of
 * tool output; a missing one fails, `pnpm golden:record packages/engines` records them.
 */
import { fileURLToPath } from 'node:url';
import type { WireFormat } from '@crosswire/core';
import { faults, type Simulator, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGolden } from '../../../scripts/golden.js';
import { createEngine, type EngineOptions } from '../src/engine/engine.js';
import type { McpToolServer } from '../src/mcp/server.js';
import {
  connectInMemory,
  connectRawServer,
  createFixtureServer,
} from '../src/mcp/test-support/fixture-servers.js';

const TOOLS = [
  'echo',
  'snapshot',
  'report',
  'readme',
  'link',
  'weather',
  'fail',
  'throws',
  'slow',
  'garbled',
  'missing',
];

interface Lane {
  readonly lane: string;
  readonly provider: string;
  readonly model: string;
  readonly wire: WireFormat;
  /** The credentials of a cloud route (instead of an API key). */
  readonly credentials?: Pick<EngineOptions, 'apiKey' | 'cloud'>;
  /** What the route's base URL has after the host (a Vertex AI project and location). */
  readonly basePath?: string;
}

// The clouds' own credentials (fake ones: the simulator checks their form, not their value).
const AWS = {
  awsCredentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'e2e-secret-key' },
};
const TOKEN = { getAccessToken: () => 'ya29.e2e-token' };
const VERTEX = '/v1/projects/e2e-project/locations/global';

const LANES: readonly Lane[] = [
  { lane: 'openai', provider: 'openai', model: 'gpt-5.1', wire: 'openai' },
  { lane: 'anthropic', provider: 'anthropic', model: 'claude-sonnet-4-5', wire: 'anthropic' },
  { lane: 'gemini-3', provider: 'gemini', model: 'gemini-3-flash-preview', wire: 'gemini' },
  { lane: 'gemini-2.5', provider: 'gemini', model: 'gemini-2.5-flash', wire: 'gemini' },
  { lane: 'ollama', provider: 'ollama', model: 'llama3.2', wire: 'ollama' },
  { lane: 'responses', provider: 'openai-responses', model: 'gpt-5.1', wire: 'responses' },
  { lane: 'perplexity', provider: 'perplexity', model: 'perplexity/sonar', wire: 'responses' },
  { lane: 'hermes', provider: 'nousresearch', model: 'Hermes-4-405B', wire: 'hermes' },
  { lane: 'aki-anthropic', provider: 'aki-anthropic', model: 'gemma-3-27b-it', wire: 'anthropic' },
  {
    lane: 'moonshot-anthropic',
    provider: 'moonshot-anthropic',
    model: 'kimi-k2-0905-preview',
    wire: 'anthropic',
  },
  // Converse takes a tool-result image from Claude, not from Llama 4 Scout (which sees images:
  // it gets them after the results, in the same user turn).
  {
    lane: 'bedrock-claude',
    provider: 'bedrock',
    model: 'us.anthropic.claude-sonnet-4-6',
    wire: 'bedrock',
  },
  {
    lane: 'bedrock-llama',
    provider: 'bedrock',
    model: 'us.meta.llama4-scout-17b-instruct-v1:0',
    wire: 'bedrock',
  },
  // The cloud routes: Claude through Bedrock's InvokeModel (signed) and Vertex AI's rawPredict,
  // Gemini on Vertex AI, GPT on Azure OpenAI, each with its own credentials.
  {
    lane: 'anthropic-bedrock',
    provider: 'anthropic-bedrock',
    model: 'us.anthropic.claude-sonnet-4-6',
    wire: 'anthropic',
    credentials: { apiKey: undefined, cloud: AWS },
  },
  {
    lane: 'anthropic-vertex',
    provider: 'anthropic-vertex',
    model: 'claude-sonnet-4-6',
    wire: 'anthropic',
    credentials: { apiKey: undefined, cloud: TOKEN },
    basePath: VERTEX,
  },
  {
    lane: 'gemini-vertex',
    provider: 'gemini-vertex',
    model: 'gemini-2.5-flash',
    wire: 'gemini',
    credentials: { apiKey: undefined, cloud: TOKEN },
    basePath: VERTEX,
  },
  { lane: 'azure-openai', provider: 'azure-openai', model: 'gpt-4.1', wire: 'openai' },
  {
    lane: 'azure-openai-responses',
    provider: 'azure-openai-responses',
    model: 'gpt-4.1',
    wire: 'responses',
  },
];

let simulator: Simulator;
let fixture: Client;
let raw: Client;
beforeAll(async () => {
  simulator = await startSimulator();
  fixture = await connectInMemory(createFixtureServer());
  // A result the SDK's own schema rejects whole: the valid block must still arrive, the
  // unknown and the malformed ones as placeholders.
  raw = await connectRawServer(
    {
      content: [
        { type: 'text', text: 'partly readable' },
        { type: 'hologram', frames: 3 },
        { type: 'image', data: 42, mimeType: 'image/png' },
      ],
    },
    'garbled',
  );
});
afterAll(async () => {
  await Promise.all([fixture.close(), raw.close(), simulator.close()]);
});

function counting(servers: readonly McpToolServer[]): {
  servers: McpToolServer[];
  calls: Map<string, number>;
} {
  const calls = new Map<string, number>();
  return {
    calls,
    servers: servers.map((server) => ({
      listTools: (params, options) => server.listTools(params, options),
      callTool: (params, schema, options) => {
        calls.set(params.name, (calls.get(params.name) ?? 0) + 1);
        return server.callTool(params, schema, options);
      },
      getServerVersion: () => server.getServerVersion?.(),
    })),
  };
}

function golden(name: string, actual: unknown): void {
  expectGolden(fileURLToPath(new URL(`../fixtures/loop/${name}.json`, import.meta.url)), actual);
}

describe('one conversation through every wire', () => {
  it.each(LANES)(
    '$lane: every kind of tool output arrives, once, under 429 and 500 faults',
    async (lane) => {
      simulator.script(lane.lane, [
        faults.rateLimited(0),
        {
          type: 'tool_calls',
          text: 'Calling every tool.',
          calls: TOOLS.map((name) => ({
            name,
            arguments:
              name === 'echo' ? { text: 'hello' } : name === 'weather' ? { city: 'Oslo' } : {},
          })),
        },
        faults.serverError(),
        { type: 'text', text: `final answer on ${lane.lane}` },
      ]);
      const counted = counting([fixture, raw]);
      const engine = createEngine({
        provider: lane.provider,
        model: lane.model,
        apiKey: 'sk-e2e',
        ...lane.credentials,
        env: {},
        baseUrl: simulator.baseUrl(lane.wire, lane.lane) + (lane.basePath ?? ''),
        retry: { baseDelayMs: 1 },
        toolTimeoutMs: 250,
        onWarning: () => undefined,
        // The scripted faults answer the chat requests; model discovery is tested on its own.
        discover: false,
      });
      try {
        const result = await engine.runToolLoop('Use every tool once, then answer.', {
          mcpServers: counted.servers,
        });
        expect(result.text).toBe(`final answer on ${lane.lane}`);
        // Nothing lost, nothing doubled: every existing tool ran exactly once despite the faults.
        expect(Object.fromEntries([...counted.calls].sort())).toEqual(
          Object.fromEntries(
            TOOLS.filter((name) => name !== 'missing')
              .map((name) => [name, 1])
              .sort(),
          ),
        );
        const records = simulator.received(lane.lane);
        expect(records.map((record) => record.status)).toEqual([429, 200, 500, 200]);
        expect(records.every((record) => record.violations.length === 0)).toBe(true);
        const final = records[3];
        expect(final?.toolResults).toHaveLength(TOOLS.length);
        golden(lane.lane, {
          provider: lane.provider,
          model: lane.model,
          wire: lane.wire,
          received: Object.fromEntries(
            TOOLS.map((name, index) => [name, final?.toolResults[index]?.block]),
          ),
        });
      } finally {
        await engine.close();
      }
    },
  );
});
