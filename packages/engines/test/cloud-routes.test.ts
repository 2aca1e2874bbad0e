// The cloud routes (issue 45): Amazon Bedrock's Converse, Claude through Bedrock's InvokeModel
// and Vertex AI's rawPredict, Gemini on Vertex AI, Azure OpenAI. Each route's URL and
// credentials from options or the environment; and on every route, against the strict
// simulator, the tool loop (plain and streamed), structured output and prompt caching with no
// violation. The tool loop with every kind of tool output is in e2e.test.ts.
import type { WireFormat } from '@crosswire/core';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createEngine, type EngineOptions } from '../src/engine/engine.js';
import type { McpToolServer } from '../src/mcp/server.js';
import { connectInMemory, createFixtureServer } from '../src/mcp/test-support/fixture-servers.js';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYcloudSECRET';
const AWS = { awsCredentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: SECRET } };
const TOKEN = { getAccessToken: () => 'ya29.cloud-routes-token' };
const VERTEX = '/v1/projects/crosswire-test/locations/global';

interface Route {
  readonly name: string;
  readonly provider: string;
  readonly model: string;
  readonly wire: WireFormat;
  readonly options: Pick<EngineOptions, 'apiKey' | 'cloud'>;
  readonly basePath?: string;
  /** The body field that carries the schema, and the caching marker, on this route. */
  readonly schemaField: string;
}

const ROUTES: readonly Route[] = [
  {
    name: 'bedrock (SigV4)',
    provider: 'bedrock',
    model: 'us.anthropic.claude-sonnet-4-6',
    wire: 'bedrock',
    options: { cloud: AWS },
    schemaField: 'outputConfig',
  },
  {
    name: 'bedrock (API key)',
    provider: 'bedrock',
    model: 'us.amazon.nova-pro-v1:0',
    wire: 'bedrock',
    options: { apiKey: 'ABSKQmVkcm9ja0FQSUtleS1jbG91ZA' },
    schemaField: 'toolConfig',
  },
  {
    name: 'anthropic-bedrock',
    provider: 'anthropic-bedrock',
    model: 'us.anthropic.claude-sonnet-4-6',
    wire: 'anthropic',
    options: { cloud: AWS },
    schemaField: 'output_config',
  },
  {
    name: 'anthropic-vertex',
    provider: 'anthropic-vertex',
    model: 'claude-sonnet-4-6',
    wire: 'anthropic',
    options: { cloud: TOKEN },
    basePath: VERTEX,
    schemaField: 'tools',
  },
  {
    name: 'gemini-vertex',
    provider: 'gemini-vertex',
    model: 'gemini-2.5-flash',
    wire: 'gemini',
    options: { cloud: TOKEN },
    basePath: VERTEX,
    schemaField: 'generationConfig',
  },
  {
    name: 'gemini-vertex (express API key)',
    provider: 'gemini-vertex',
    model: 'gemini-2.5-flash',
    wire: 'gemini',
    options: { apiKey: 'AQ.express-key-cloud-routes' },
    basePath: '/v1',
    schemaField: 'generationConfig',
  },
  {
    name: 'azure-openai',
    provider: 'azure-openai',
    model: 'gpt-4.1',
    wire: 'openai',
    options: { apiKey: 'azure-key-cloud-routes' },
    schemaField: 'response_format',
  },
  {
    name: 'azure-openai-responses (Entra token)',
    provider: 'azure-openai-responses',
    model: 'gpt-4.1',
    wire: 'responses',
    options: { cloud: TOKEN },
    schemaField: 'text',
  },
];

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ caching: true });
});
afterAll(async () => {
  await simulator.close();
});

function engineFor(route: Route, lane: string, extra: Partial<EngineOptions> = {}) {
  return createEngine({
    provider: route.provider,
    model: route.model,
    ...route.options,
    env: {},
    baseUrl: simulator.baseUrl(route.wire, lane) + (route.basePath ?? ''),
    retry: { maxRetries: 0 },
    discover: false,
    onWarning: () => undefined,
    ...extra,
  });
}

const laneOf = (route: Route, what: string) => `${route.name.replace(/\W+/g, '-')}-${what}`;

/** Every request of `lane` answered 200 with no violation. */
function expectClean(lane: string, count: number) {
  const records = simulator.received(lane);
  expect(records.map((record) => [record.status, record.violations])).toEqual(
    Array.from({ length: count }, () => [200, []]),
  );
  return records;
}

const ECHO: SimulatorStep = {
  type: 'tool_calls',
  text: 'Calling.',
  calls: [
    { name: 'echo', arguments: { text: 'hello' } },
    { name: 'snapshot', arguments: {} },
  ],
};

const Trip = z.object({ city: z.string(), sights: z.array(z.string()) });
const OUTPUT = { schema: Trip, name: 'trip' } as const;
const RIGHT = { city: 'Oslo', sights: ['Opera'] };

describe.each(ROUTES)('$name against the simulator', (route) => {
  it('the tool loop, plain and streamed (the stream in the route framing)', async () => {
    const client = await connectInMemory(createFixtureServer());
    const lane = laneOf(route, 'loop');
    simulator.script(lane, [
      ECHO,
      { type: 'text', text: 'done plain' },
      { ...ECHO, stream: { chunkBytes: 7 } },
      { type: 'text', text: 'done streamed', stream: { chunkBytes: 5 } },
    ]);
    const engine = engineFor(route, lane);
    try {
      const plain = await engine.runToolLoop('Use the tools.', { mcpServers: [client] });
      expect(plain.text).toBe('done plain');
      const streamed = await engine
        .streamWithTools('Use the tools.', { mcpServers: [client] })
        .finalResult();
      expect(streamed.text).toBe('done streamed');
      expect(streamed.turns).toHaveLength(2);
      const records = expectClean(lane, 4);
      expect(records.map((record) => record.stream !== undefined)).toEqual([
        false,
        false,
        true,
        true,
      ]);
      // Bedrock streams binary event-stream frames; the others SSE.
      const eventStream = route.provider === 'bedrock' || route.provider === 'anthropic-bedrock';
      expect(records[2]?.headers.accept).toBe(
        eventStream
          ? 'application/vnd.amazon.eventstream'
          : 'text/event-stream, application/x-ndjson',
      );
      expect(records[2]?.path).toMatch(
        eventStream ? /\/(converse-stream|invoke-with-response-stream)$/ : /./,
      );
      // The result of every call reached the model on both runs.
      expect(records[1]?.toolResults.map((result) => result.name)).toEqual(['echo', 'snapshot']);
      expect(records[3]?.toolResults.map((result) => result.name)).toEqual(['echo', 'snapshot']);
    } finally {
      await engine.close();
      await client.close();
    }
  });

  it('structured output: chat and stream give the validated object', async () => {
    const lane = laneOf(route, 'structured');
    simulator.script(lane, [
      { type: 'object', value: RIGHT },
      { type: 'object', value: RIGHT, stream: { chunkBytes: 9 } },
    ]);
    const engine = engineFor(route, lane);
    try {
      expect((await engine.chat('Plan a trip', { output: OUTPUT })).object).toEqual(RIGHT);
      const stream = engine.stream('Plan a trip', { output: OUTPUT });
      for await (const _event of stream) {
        // drained
      }
      expect(((await stream.finalResponse()) as { object?: unknown }).object).toEqual(RIGHT);
      const [first] = expectClean(lane, 2);
      expect(
        JSON.stringify(((first?.body ?? {}) as Record<string, unknown>)[route.schemaField]),
      ).toContain('sights');
    } finally {
      await engine.close();
    }
  });

  it("prompt caching: with 'auto', from the second turn on most input is read from the cache", async () => {
    const lane = laneOf(route, 'cache');
    const system = `You are careful. ${'Follow the house rules exactly. '.repeat(300)}`;
    const tools: McpToolServer = {
      async listTools() {
        return {
          tools: Array.from({ length: 12 }, (_, index) => ({
            name: `tool_${index}`,
            description: `Tool ${index}. ${'It looks things up. '.repeat(10)}`,
            inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
          })),
        };
      },
      async callTool(params) {
        return { content: [{ type: 'text', text: `result of ${params.name}` }] };
      },
    };
    simulator.script(lane, [
      { type: 'tool_calls', calls: [{ name: 'tool_1', arguments: { query: 'a' } }] },
      { type: 'tool_calls', calls: [{ name: 'tool_2', arguments: { query: 'b' } }] },
      { type: 'text', text: 'done' },
    ]);
    const engine = engineFor(route, lane, { mcpServers: [tools] });
    try {
      const result = await engine.runToolLoop([{ role: 'system', content: system }, 'Go.'], {
        promptCache: 'auto',
      });
      expectClean(lane, 3);
      const shares = result.turns.map(
        (turn) => (turn.usage?.cacheReadTokens ?? 0) / (turn.usage?.inputTokens ?? 1),
      );
      expect(shares[0]).toBe(0);
      for (const share of shares.slice(1)) expect(share).toBeGreaterThanOrEqual(0.8);
    } finally {
      await engine.close();
    }
  });
});

describe('each route names its region, project, location or resource', () => {
  const endpoint = (options: Partial<EngineOptions> & { provider: string; model: string }) =>
    createEngine({ env: {}, discover: false, ...options }).endpoint;

  it('bedrock: the region from options, AWS_REGION, AWS_DEFAULT_REGION, else us-east-1', () => {
    const base = { provider: 'bedrock', model: 'anthropic.claude-sonnet-4-6', apiKey: 'key' };
    expect(endpoint(base)).toBe(
      'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-sonnet-4-6/converse',
    );
    expect(endpoint({ ...base, env: { AWS_DEFAULT_REGION: 'eu-west-1' } })).toContain(
      '//bedrock-runtime.eu-west-1.amazonaws.com/',
    );
    expect(
      endpoint({ ...base, env: { AWS_REGION: 'eu-central-1', AWS_DEFAULT_REGION: 'eu-west-1' } }),
    ).toContain('//bedrock-runtime.eu-central-1.amazonaws.com/');
    expect(endpoint({ ...base, cloud: { region: 'ap-northeast-1' } })).toContain(
      '//bedrock-runtime.ap-northeast-1.amazonaws.com/',
    );
    // A Bedrock id's version colon is escaped in the path, as the AWS SDK does.
    expect(endpoint({ ...base, model: 'anthropic.claude-opus-4-5-20251101-v1:0' })).toContain(
      '/model/anthropic.claude-opus-4-5-20251101-v1%3A0/converse',
    );
    expect(() => endpoint({ ...base, cloud: { region: 'us-east-1.evil.example/x' } })).toThrow(
      /cloud\.region .* must be one word/,
    );
  });

  it('anthropic-bedrock: InvokeModel on the same host', () => {
    expect(
      endpoint({
        provider: 'anthropic-bedrock',
        model: 'eu.anthropic.claude-sonnet-4-6',
        cloud: { ...AWS, region: 'eu-west-3' },
      }),
    ).toBe(
      'https://bedrock-runtime.eu-west-3.amazonaws.com/model/eu.anthropic.claude-sonnet-4-6/invoke',
    );
  });

  it('Vertex AI: project and location; the global location has no prefix; express keys none', () => {
    const vertex = { provider: 'anthropic-vertex', model: 'claude-sonnet-4-6', cloud: TOKEN };
    expect(endpoint({ ...vertex, cloud: { ...TOKEN, project: 'acme' } })).toBe(
      'https://aiplatform.googleapis.com/v1/projects/acme/locations/global/publishers/anthropic/models/claude-sonnet-4-6:rawPredict',
    );
    expect(
      endpoint({
        ...vertex,
        env: { GOOGLE_CLOUD_PROJECT: 'acme', GOOGLE_CLOUD_LOCATION: 'us-east5' },
      }),
    ).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/acme/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-6:rawPredict',
    );
    expect(() => endpoint(vertex)).toThrow(
      /needs the project its URL names: pass cloud\.project or set GOOGLE_CLOUD_PROJECT or ANTHROPIC_VERTEX_PROJECT_ID/,
    );
    expect(
      endpoint({
        provider: 'gemini-vertex',
        model: 'gemini-2.5-flash',
        cloud: { ...TOKEN, project: 'acme', location: 'europe-west4' },
      }),
    ).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1/projects/acme/locations/europe-west4/publishers/google/models/gemini-2.5-flash:generateContent',
    );
    // Vertex AI express mode: an API key, no project.
    expect(
      endpoint({
        provider: 'gemini-vertex',
        model: 'gemini-2.5-flash',
        env: { GOOGLE_API_KEY: 'AQ.express' },
      }),
    ).toBe(
      'https://aiplatform.googleapis.com/v1/publishers/google/models/gemini-2.5-flash:generateContent',
    );
  });

  it('Azure OpenAI: the resource, the v1 path', () => {
    expect(
      endpoint({
        provider: 'azure-openai',
        model: 'my-gpt-deployment',
        env: { AZURE_OPENAI_API_KEY: 'k', AZURE_RESOURCE_NAME: 'contoso' },
      }),
    ).toBe('https://contoso.openai.azure.com/openai/v1/chat/completions');
    expect(
      endpoint({
        provider: 'azure-openai-responses',
        model: 'gpt-4.1',
        apiKey: 'k',
        cloud: { resource: 'fabrikam' },
      }),
    ).toBe('https://fabrikam.openai.azure.com/openai/v1/responses');
    expect(() => endpoint({ provider: 'azure-openai', model: 'gpt-4.1', apiKey: 'k' })).toThrow(
      /pass cloud\.resource or set AZURE_RESOURCE_NAME/,
    );
  });

  it('a route without credentials is refused up front, naming the options and the variables', () => {
    expect(() => endpoint({ provider: 'bedrock', model: 'amazon.nova-pro-v1:0' })).toThrow(
      /AWS_BEARER_TOKEN_BEDROCK.*AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    );
    expect(() =>
      endpoint({ provider: 'azure-openai', model: 'gpt-4.1', cloud: { resource: 'contoso' } }),
    ).toThrow(/AZURE_OPENAI_API_KEY, or pass cloud\.getAccessToken/);
    // The standard AWS variables are enough.
    expect(
      endpoint({
        provider: 'bedrock',
        model: 'amazon.nova-pro-v1:0',
        env: { AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE', AWS_SECRET_ACCESS_KEY: SECRET },
      }),
    ).toContain('/model/amazon.nova-pro-v1%3A0/converse');
  });
});

describe('credentials on the wire, and nowhere else', () => {
  it('SigV4: a session token is sent and signed; a credentials provider is asked per request', async () => {
    const lane = 'sigv4-rotation';
    simulator.script(lane, [
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' },
    ]);
    let calls = 0;
    const engine = createEngine({
      provider: 'bedrock',
      model: 'us.anthropic.claude-sonnet-4-6',
      env: {},
      baseUrl: simulator.baseUrl('bedrock', lane),
      discover: false,
      cloud: {
        awsCredentials: async () => {
          calls += 1;
          return {
            accessKeyId: `ASIAROTATING0000000${calls}`,
            secretAccessKey: SECRET,
            sessionToken: `session-token-number-${calls}`,
          };
        },
      },
    });
    try {
      await engine.chat('hi');
      await engine.chat('again');
    } finally {
      await engine.close();
    }
    expect(calls).toBe(2);
    const records = expectClean(lane, 2);
    // The simulator's record keeps no credential: the headers that carry one are redacted.
    const recorded = JSON.stringify(records);
    expect(recorded).not.toContain(SECRET);
    expect(recorded).not.toContain('session-token-number');
  });

  it('a failed request names no credential, the session token and the access token included', async () => {
    const lane = 'secrets-in-errors';
    simulator.script(lane, [
      {
        type: 'error',
        status: 400,
        message:
          'bad token session-token-rotated-secret and ya29.leaked-token and AKIAIOSFODNN7EXAMPLE',
      },
      {
        type: 'error',
        status: 400,
        message: 'echo of ya29.leaked-token-vertex',
      },
    ]);
    const bedrock = createEngine({
      provider: 'bedrock',
      model: 'us.anthropic.claude-sonnet-4-6',
      env: {},
      baseUrl: simulator.baseUrl('bedrock', lane),
      discover: false,
      retry: { maxRetries: 0 },
      cloud: {
        awsCredentials: {
          accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
          secretAccessKey: SECRET,
          sessionToken: 'session-token-rotated-secret',
        },
      },
    });
    const error = await bedrock.chat('hi').catch((caught: unknown) => caught);
    await bedrock.close();
    const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`;
    expect(text).not.toContain('session-token-rotated-secret');
    expect(text).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(text).not.toContain(SECRET);

    const vertex = createEngine({
      provider: 'gemini-vertex',
      model: 'gemini-2.5-flash',
      env: {},
      baseUrl: `${simulator.baseUrl('gemini', lane)}${VERTEX}`,
      discover: false,
      retry: { maxRetries: 0 },
      cloud: { getAccessToken: () => 'ya29.leaked-token-vertex' },
    });
    const vertexError = await vertex.chat('hi').catch((caught: unknown) => caught);
    await vertex.close();
    expect(String(vertexError)).toMatch(/HTTP 400/);
    expect(`${String(vertexError)} ${JSON.stringify(vertexError)}`).not.toContain(
      'ya29.leaked-token-vertex',
    );
  });

  it('a credentials provider that fails is one typed error, not retried and not a network error', async () => {
    let calls = 0;
    const engine = createEngine({
      provider: 'bedrock',
      model: 'us.anthropic.claude-sonnet-4-6',
      env: {},
      baseUrl: simulator.baseUrl('bedrock', 'no-credentials'),
      discover: false,
      cloud: {
        awsCredentials: () => {
          calls += 1;
          throw new Error('the SSO session expired');
        },
      },
    });
    await expect(engine.chat('hi')).rejects.toThrow('the SSO session expired');
    await engine.close();
    expect(calls).toBe(1);
    expect(simulator.received('no-credentials')).toEqual([]);
  });

  it('an access token that is not one header value is refused before anything is sent', async () => {
    const engine = createEngine({
      provider: 'anthropic-vertex',
      model: 'claude-sonnet-4-6',
      env: {},
      baseUrl: `${simulator.baseUrl('anthropic', 'bad-token')}${VERTEX}`,
      discover: false,
      cloud: { getAccessToken: () => 'ya29.one\r\nx-injected: yes' },
    });
    await expect(engine.chat('hi')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await engine.close();
    expect(simulator.received('bad-token')).toEqual([]);
  });
});
