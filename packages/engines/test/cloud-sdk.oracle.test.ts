// The cloud routes against the providers' own clients (issue 45): `@anthropic-ai/bedrock-sdk`,
// `@anthropic-ai/vertex-sdk`, `@google/genai` in Vertex AI mode and `openai`'s `AzureOpenAI`
// (with the plain `OpenAI` client at Azure's v1 URL, Microsoft's own guidance for that API).
// Each official client and a Crosswire engine send the same conversation to two lanes of the
// strict simulator: the simulator takes both (no violation), records both, and the paths, the
// credentials' form and the bodies are compared, each difference LISTED with its reason. The
// clients also read what the simulator answers, plain and streamed (Bedrock's stream in
// event-stream frames), to the text it was scripted to send.
import AnthropicBedrock from '@anthropic-ai/bedrock-sdk';
import { AnthropicVertex } from '@anthropic-ai/vertex-sdk';
import { type Simulator, type SimulatorRequest, startSimulator } from '@crosswire/simulator';
import { type Content, type GenerateContentConfig, GoogleGenAI } from '@google/genai';
import { OAuth2Client } from 'google-auth-library';
import OpenAI, { AzureOpenAI } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type EngineOptions } from '../src/engine/engine.js';
import {
  type Conversation,
  crosswireMessages,
} from '../src/test-support/differential-conversations.js';
import {
  type Difference,
  pathPattern,
  structuralDiff,
} from '../src/test-support/structural-diff.js';

const AWS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLEsessionTOKEN',
};
const TOKEN = 'ya29.oracle-access-token';
const PROJECT = 'crosswire-oracle';

const WEATHER = {
  type: 'object' as const,
  properties: { city: { type: 'string' } },
  required: ['city'],
};

/** The conversation every client sends: a system prompt, a tool, a call and its result, a question. */
const CONVERSATION: Conversation = {
  name: 'a tool round trip',
  system: 'Answer in one sentence.',
  turns: [
    { role: 'user', parts: [{ text: 'Weather in Oslo?' }] },
    {
      role: 'assistant',
      text: 'Checking.',
      calls: [{ id: 'toolu_oslo', name: 'get_weather', input: { city: 'Oslo' } }],
    },
    {
      role: 'tool',
      results: [{ id: 'toolu_oslo', name: 'get_weather', items: [{ text: 'sunny, 21 C' }] }],
    },
  ],
};
const TOOLS = [{ name: 'get_weather', description: 'Current weather.', inputSchema: WEATHER }];
const MAX_TOKENS = 300;

// The same conversation in each client's own terms.
const ANTHROPIC_PARAMS = {
  max_tokens: MAX_TOKENS,
  system: 'Answer in one sentence.',
  tools: [{ name: 'get_weather', description: 'Current weather.', input_schema: WEATHER }],
  messages: [
    { role: 'user' as const, content: 'Weather in Oslo?' },
    {
      role: 'assistant' as const,
      content: [
        { type: 'text' as const, text: 'Checking.' },
        {
          type: 'tool_use' as const,
          id: 'toolu_oslo',
          name: 'get_weather',
          input: { city: 'Oslo' },
        },
      ],
    },
    {
      role: 'user' as const,
      content: [
        {
          type: 'tool_result' as const,
          tool_use_id: 'toolu_oslo',
          content: [{ type: 'text' as const, text: 'sunny, 21 C' }],
        },
      ],
    },
  ],
};

const GEMINI_CONTENTS = [
  { role: 'user', parts: [{ text: 'Weather in Oslo?' }] },
  {
    role: 'model',
    parts: [
      { text: 'Checking.' },
      { functionCall: { id: 'toolu_oslo', name: 'get_weather', args: { city: 'Oslo' } } },
    ],
  },
  {
    role: 'user',
    parts: [
      {
        functionResponse: {
          id: 'toolu_oslo',
          name: 'get_weather',
          response: { result: 'sunny, 21 C' },
        },
      },
    ],
  },
];
const GEMINI_CONFIG = {
  systemInstruction: 'Answer in one sentence.',
  maxOutputTokens: MAX_TOKENS,
  tools: [
    {
      functionDeclarations: [
        { name: 'get_weather', description: 'Current weather.', parameters: WEATHER },
      ],
    },
  ],
};

const OPENAI_MESSAGES = [
  { role: 'system' as const, content: 'Answer in one sentence.' },
  { role: 'user' as const, content: 'Weather in Oslo?' },
  {
    role: 'assistant' as const,
    content: 'Checking.',
    tool_calls: [
      {
        id: 'toolu_oslo',
        type: 'function' as const,
        function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
      },
    ],
  },
  { role: 'tool' as const, tool_call_id: 'toolu_oslo', content: 'sunny, 21 C' },
];
const OPENAI_TOOLS = [
  {
    type: 'function' as const,
    function: { name: 'get_weather', description: 'Current weather.', parameters: WEATHER },
  },
];

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await simulator.close();
});

interface Listed {
  readonly name: string;
  /** `-path`: only the client's; `+path`: only Crosswire's; `~path`: both, unequal. */
  readonly paths: readonly string[];
  readonly reason: string;
  readonly when?: (difference: Difference) => boolean;
}

const SIGN: Record<Difference['kind'], string> = {
  'only-ai-sdk': '-',
  'only-crosswire': '+',
  changed: '~',
};

function unlisted(differences: readonly Difference[], listed: readonly Listed[]) {
  return differences.filter(
    (difference) =>
      !listed.some((entry) =>
        entry.paths.some(
          (path) =>
            path[0] === SIGN[difference.kind] &&
            pathPattern(path.slice(1)).test(difference.path) &&
            (entry.when?.(difference) ?? true),
        ),
      ),
  );
}

interface Route {
  readonly name: string;
  readonly wire: 'anthropic' | 'gemini' | 'openai' | 'responses';
  /** What the engine's base URL has after the lane (a Vertex AI project and location). */
  readonly basePath: string;
  readonly engine: Pick<EngineOptions, 'provider' | 'model' | 'apiKey' | 'cloud'>;
  /** The official client's call, plain and streamed, against `baseUrl`; gives the text it read. */
  readonly official: (baseUrl: string, stream: boolean) => Promise<string>;
  /** The client's path, when it is not Crosswire's (with the reason). */
  readonly path?: (crosswirePath: string) => string;
  readonly listed: readonly Listed[];
  /** The credentials both sent, checked on the recorded (redacted) headers. */
  readonly credentials: (headers: Readonly<Record<string, string>>) => void;
}

const sigv4 = (headers: Readonly<Record<string, string>>) => {
  expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 \[redacted/);
  expect(headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
  expect(headers['x-amz-security-token']).toMatch(/^\[redacted/);
};
const bearer = (headers: Readonly<Record<string, string>>) =>
  expect(headers.authorization).toMatch(/^Bearer \[redacted/);

/** A Google auth client holding a token: no network, no credentials file. */
function tokenClient() {
  const client = new OAuth2Client();
  client.setCredentials({ access_token: TOKEN, expiry_date: Date.now() + 3_600_000 });
  return client;
}

async function anthropicText(
  anyClient: AnthropicBedrock | AnthropicVertex,
  model: string,
  stream: boolean,
): Promise<string> {
  // Both clients share the Messages resource of @anthropic-ai/sdk.
  const client = anyClient as AnthropicBedrock;
  if (!stream) {
    const message = await client.messages.create({ model, ...ANTHROPIC_PARAMS });
    return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  }
  let text = '';
  const events = await client.messages.create({ model, ...ANTHROPIC_PARAMS, stream: true });
  for await (const event of events) {
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
      text += event.delta.text;
  }
  return text;
}

const ROUTES: readonly Route[] = [
  {
    name: 'anthropic-bedrock / @anthropic-ai/bedrock-sdk',
    wire: 'anthropic',
    basePath: '',
    engine: {
      provider: 'anthropic-bedrock',
      model: 'us.anthropic.claude-sonnet-4-6',
      cloud: { awsCredentials: AWS },
    },
    official: (baseURL, stream) =>
      anthropicText(
        new AnthropicBedrock({
          baseURL,
          awsRegion: 'us-east-1',
          awsAccessKey: AWS.accessKeyId,
          awsSecretKey: AWS.secretAccessKey,
          awsSessionToken: AWS.sessionToken,
          maxRetries: 0,
        }),
        'us.anthropic.claude-sonnet-4-6',
        stream,
      ),
    listed: [
      {
        name: 'API version in the body',
        paths: ['~anthropic_version'],
        reason:
          'Crosswire sends the version AWS documents for Claude on Bedrock (`bedrock-2023-05-31`, model-parameters-anthropic-claude-messages); @anthropic-ai/bedrock-sdk 1.x moves its first-party API version (`2026-10-21`, the `anthropic-version` header) into the body instead. The simulator takes both.',
        when: ({ aiSdk, crosswire }) =>
          aiSdk === '2026-10-21' && crosswire === 'bedrock-2023-05-31',
      },
    ],
    credentials: sigv4,
  },
  {
    name: 'anthropic-vertex / @anthropic-ai/vertex-sdk',
    wire: 'anthropic',
    basePath: `/v1/projects/${PROJECT}/locations/global`,
    engine: {
      provider: 'anthropic-vertex',
      model: 'claude-sonnet-4-6',
      cloud: { getAccessToken: () => TOKEN },
    },
    official: (baseURL, stream) =>
      anthropicText(
        new AnthropicVertex({
          baseURL: `${baseURL}/v1`,
          region: 'global',
          projectId: PROJECT,
          authClient: tokenClient() as never,
          maxRetries: 0,
        }),
        'claude-sonnet-4-6',
        stream,
      ),
    listed: [
      {
        name: 'API version in the body',
        paths: ['~anthropic_version'],
        reason:
          'Crosswire sends the version Google documents for Claude on Vertex AI (`vertex-2023-10-16`); @anthropic-ai/vertex-sdk 1.x moves its first-party API version (`2026-10-21`) into the body instead. The simulator takes both.',
        when: ({ aiSdk, crosswire }) => aiSdk === '2026-10-21' && crosswire === 'vertex-2023-10-16',
      },
    ],
    credentials: bearer,
  },
  {
    name: 'gemini-vertex / @google/genai (vertexai: true)',
    wire: 'gemini',
    basePath: `/v1/projects/${PROJECT}/locations/global`,
    engine: {
      provider: 'gemini-vertex',
      model: 'gemini-2.5-flash',
      cloud: { getAccessToken: () => TOKEN },
    },
    official: async (baseUrl, stream) => {
      const client = new GoogleGenAI({
        vertexai: true,
        project: PROJECT,
        location: 'global',
        googleAuthOptions: { authClient: tokenClient() as never },
        httpOptions: { baseUrl, apiVersion: 'v1' },
      });
      const params = {
        model: 'gemini-2.5-flash',
        contents: GEMINI_CONTENTS as Content[],
        // The JSON Schema as written; the client rewrites it to its own Schema type.
        config: GEMINI_CONFIG as unknown as GenerateContentConfig,
      };
      if (!stream) return (await client.models.generateContent(params)).text ?? '';
      let text = '';
      for await (const chunk of await client.models.generateContentStream(params))
        text += chunk.text ?? '';
      return text;
    },
    listed: [
      {
        name: 'schema type case',
        paths: [
          '~tools[*].functionDeclarations[*].parameters.**.type',
          '~tools[*].functionDeclarations[*].parameters.type',
        ],
        reason:
          "@google/genai rewrites a declaration's `parameters` types to its `Type` enum (`OBJECT`, `STRING`); Crosswire sends JSON Schema's lower-case names, which the API takes alike.",
        when: ({ aiSdk, crosswire }) =>
          typeof aiSdk === 'string' && aiSdk === String(crosswire).toUpperCase(),
      },
      {
        name: 'system instruction role',
        paths: ['-systemInstruction.role'],
        reason:
          "@google/genai gives the system instruction `role: 'user'`; Crosswire leaves the role out (the API ignores it there).",
        when: ({ aiSdk }) => aiSdk === 'user',
      },
      {
        name: 'thought signature sentinel',
        paths: ['+contents[*].parts[*].thoughtSignature'],
        reason:
          'Crosswire marks a functionCall Gemini did not produce with the documented `skip_thought_signature_validator` (wire-truth.md); a caller of the client writes the history by hand.',
        when: ({ crosswire }) => crosswire === 'skip_thought_signature_validator',
      },
    ],
    credentials: bearer,
  },
  {
    name: 'azure-openai / openai AzureOpenAI',
    wire: 'openai',
    basePath: '/openai/v1',
    engine: { provider: 'azure-openai', model: 'gpt-4.1', apiKey: 'azure-oracle-key' },
    official: async (baseURL, stream) => {
      const client = new AzureOpenAI({
        baseURL: `${baseURL}/openai`,
        apiKey: 'azure-oracle-key',
        apiVersion: '2024-10-21',
        deployment: 'gpt-4.1',
        maxRetries: 0,
      });
      const params = {
        model: 'gpt-4.1',
        messages: OPENAI_MESSAGES,
        tools: OPENAI_TOOLS,
        max_completion_tokens: MAX_TOKENS,
      };
      if (!stream)
        return (await client.chat.completions.create(params)).choices[0]?.message.content ?? '';
      let text = '';
      for await (const chunk of await client.chat.completions.create({ ...params, stream: true }))
        text += chunk.choices[0]?.delta.content ?? '';
      return text;
    },
    // AzureOpenAI speaks the dated data-plane API: the deployment in the path, `api-version` in
    // the query. Crosswire speaks the v1 API (GA 2025-08), whose path has neither: the body's
    // `model` names the deployment. Both carry the same body and the `api-key` header.
    path: (crosswire) =>
      crosswire.replace(
        '/openai/v1/chat/completions',
        '/openai/deployments/gpt-4.1/chat/completions',
      ),
    listed: [
      {
        name: 'stream usage',
        paths: ['+stream_options'],
        reason:
          'Crosswire asks a Chat Completions stream for its usage (`stream_options.include_usage`); the client sends what it is given.',
      },
    ],
    credentials: (headers) => expect(headers['api-key']).toMatch(/^\[redacted/),
  },
  {
    name: 'azure-openai / openai OpenAI at the v1 URL (Microsoft guidance)',
    wire: 'openai',
    basePath: '/openai/v1',
    engine: { provider: 'azure-openai', model: 'gpt-4.1', cloud: { getAccessToken: () => TOKEN } },
    official: async (baseURL, stream) => {
      const client = new OpenAI({ baseURL: `${baseURL}/openai/v1`, apiKey: TOKEN, maxRetries: 0 });
      const params = {
        model: 'gpt-4.1',
        messages: OPENAI_MESSAGES,
        tools: OPENAI_TOOLS,
        max_completion_tokens: MAX_TOKENS,
      };
      if (!stream)
        return (await client.chat.completions.create(params)).choices[0]?.message.content ?? '';
      let text = '';
      for await (const chunk of await client.chat.completions.create({ ...params, stream: true }))
        text += chunk.choices[0]?.delta.content ?? '';
      return text;
    },
    listed: [
      {
        name: 'stream usage',
        paths: ['+stream_options'],
        reason:
          'Crosswire asks a Chat Completions stream for its usage (`stream_options.include_usage`); the client sends what it is given.',
      },
    ],
    credentials: bearer,
  },
  {
    name: 'azure-openai-responses / openai AzureOpenAI (v1 preview)',
    wire: 'responses',
    basePath: '/openai/v1',
    engine: { provider: 'azure-openai-responses', model: 'gpt-4.1', apiKey: 'azure-oracle-key' },
    official: async (baseURL, stream) => {
      const client = new AzureOpenAI({
        baseURL: `${baseURL}/openai/v1`,
        apiKey: 'azure-oracle-key',
        apiVersion: 'preview',
        maxRetries: 0,
      });
      const params = {
        model: 'gpt-4.1',
        instructions: 'Answer in one sentence.',
        input: [
          { role: 'user' as const, content: 'Weather in Oslo?' },
          { role: 'assistant' as const, content: 'Checking.' },
          {
            type: 'function_call' as const,
            call_id: 'toolu_oslo',
            name: 'get_weather',
            arguments: '{"city":"Oslo"}',
          },
          { type: 'function_call_output' as const, call_id: 'toolu_oslo', output: 'sunny, 21 C' },
        ],
        tools: [
          {
            type: 'function' as const,
            name: 'get_weather',
            description: 'Current weather.',
            parameters: WEATHER,
            strict: false,
          },
        ],
        max_output_tokens: MAX_TOKENS,
      };
      if (!stream) return (await client.responses.create(params)).output_text;
      let text = '';
      for await (const event of await client.responses.create({ ...params, stream: true }))
        if (event.type === 'response.output_text.delta') text += event.delta;
      return text;
    },
    listed: [],
    credentials: (headers) => expect(headers['api-key']).toMatch(/^\[redacted/),
  },
];

function expectSame(route: Route, official: SimulatorRequest, ours: SimulatorRequest) {
  expect([official.status, official.violations]).toEqual([200, []]);
  expect([ours.status, ours.violations]).toEqual([200, []]);
  const path = (record: SimulatorRequest) => record.path.split('?')[0] as string;
  expect(path(official)).toBe(route.path ? route.path(path(ours)) : path(ours));
  route.credentials(official.headers);
  route.credentials(ours.headers);
  return unlisted(structuralDiff(official.body, ours.body), route.listed);
}

describe.each(ROUTES)('$name', (route) => {
  const lane = (what: string) => `${route.name.replace(/\W+/g, '-')}-${what}`;

  it.each([false, true])(
    'the client and Crosswire send the same request (stream: %s)',
    async (stream) => {
      const text = `Oslo is sunny${stream ? ', streamed' : ''}.`;
      const step = {
        type: 'text' as const,
        text,
        ...(stream ? { stream: { chunkBytes: 11 } } : {}),
      };
      simulator.script(lane(`official-${stream}`), [step]);
      simulator.script(lane(`crosswire-${stream}`), [step]);
      // The client reads the simulator's reply to the scripted text.
      expect(
        await route.official(simulator.baseUrl(route.wire, lane(`official-${stream}`)), stream),
      ).toBe(text);

      const engine = createEngine({
        ...route.engine,
        env: {},
        baseUrl: simulator.baseUrl(route.wire, lane(`crosswire-${stream}`)) + route.basePath,
        discover: false,
        retry: { maxRetries: 0 },
        onWarning: () => undefined,
      });
      try {
        const options = { tools: TOOLS, maxTokens: MAX_TOKENS };
        const messages = crosswireMessages(CONVERSATION);
        if (stream) {
          const events = engine.stream(messages, options);
          for await (const _event of events) {
            // drained
          }
          expect((await events.finalResponse()).content).toBe(text);
        } else {
          expect((await engine.chat(messages, options)).content).toBe(text);
        }
      } finally {
        await engine.close();
      }
      const [official] = simulator.received(lane(`official-${stream}`));
      const [ours] = simulator.received(lane(`crosswire-${stream}`));
      expect(expectSame(route, official as SimulatorRequest, ours as SimulatorRequest)).toEqual([]);
    },
  );

  it('every listed difference still occurs', async () => {
    const found = new Set<string>();
    for (const stream of [false, true]) {
      const official = simulator.received(lane(`official-${stream}`))[0];
      const ours = simulator.received(lane(`crosswire-${stream}`))[0];
      if (!official || !ours) continue;
      for (const difference of structuralDiff(official.body, ours.body))
        for (const entry of route.listed)
          if (unlisted([difference], [entry]).length === 0) found.add(entry.name);
    }
    expect(route.listed.map((entry) => entry.name).filter((name) => !found.has(name))).toEqual([]);
  });
});
