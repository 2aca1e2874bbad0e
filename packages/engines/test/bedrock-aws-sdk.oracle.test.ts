// Amazon Bedrock against AWS's own code (issue 45), none of it written here:
// - SigV4: AWS's published signature test vectors, and the AWS SDK's signature of the same
//   request at the same clock with the same credentials (session token included);
// - requests: every Converse body Crosswire builds goes through the AWS SDK's ConverseCommand
//   (and ConverseStreamCommand) serializer, which keeps only the members AWS models, and comes
//   out field for field the same, at the same path; hand-written SDK inputs for a few
//   conversations equal what Crosswire builds from the neutral form (no difference to list);
// - the signature of what an engine really sends, re-computed by AWS's signer from the bytes
//   received;
// - replies and streams: the AWS SDK reads every reply and event stream the simulator sends,
//   and every recorded real one (pydantic-ai's cassettes) the same way Crosswire does.
// The request handler given to the SDK captures its request and answers from memory; only the
// simulator tests use the network, on loopback.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
  type ConverseCommandOutput,
  ConverseStreamCommand,
  type ConverseStreamOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { createStreamDecoder, parseResponse } from '@crosswire/dialects';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { Hash } from '@smithy/hash-node';
import { HttpResponse } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectFixtures } from '../../../test-support/wire-fixtures.js';
import { awsSigV4Authorizer } from '../src/cloud/aws.js';
import { createEngine } from '../src/engine/engine.js';
import {
  CONVERSATIONS,
  type Conversation,
  crosswireMessages,
  crosswireOptions,
  PIXEL_PNG,
} from '../src/test-support/differential-conversations.js';
import { structuralDiff } from '../src/test-support/structural-diff.js';

const CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLEsessionTOKEN',
};

// -- AWS's published test vectors ------------------------------------------------------------
// https://github.com/awslabs/aws-c-auth/tree/main/tests/aws-signing-test-suite/v4 (the suite
// AWS published as aws-sig-v4-test-suite): credentials, clock, region and service of the suite.
describe('SigV4: the AWS signature test suite', () => {
  const suite = awsSigV4Authorizer({
    credentials: {
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    },
    region: 'us-east-1',
    service: 'service',
    now: () => new Date('2015-08-30T12:36:00Z'),
    applyChecksum: false,
  });
  const scope = 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request';
  const sign = async (url: string, headers: Record<string, string>, body: string) =>
    (await suite({ method: 'POST', url, headers, body: new TextEncoder().encode(body) }, undefined))
      .headers;

  it.each([
    {
      vector: 'post-vanilla',
      url: 'https://example.amazonaws.com/',
      headers: {} as Record<string, string>,
      body: '',
      signed: 'host;x-amz-date',
      signature: '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
    },
    {
      vector: 'post-vanilla-query',
      url: 'https://example.amazonaws.com/?Param1=value1',
      headers: {},
      body: '',
      signed: 'host;x-amz-date',
      signature: '28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11',
    },
    {
      vector: 'post-x-www-form-urlencoded',
      url: 'https://example.amazonaws.com/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'Param1=value1',
      signed: 'content-type;host;x-amz-date',
      signature: 'ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a',
    },
  ])('$vector', async ({ url, headers, body, signed, signature }) => {
    expect(await sign(url, headers, body)).toEqual({
      authorization: `${scope}, SignedHeaders=${signed}, Signature=${signature}`,
      'x-amz-date': '20150830T123600Z',
    });
  });
});

// -- The AWS SDK, captured -------------------------------------------------------------------

interface Captured {
  readonly path: string;
  readonly hostname: string;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
}

/** An SDK client whose request handler keeps the request and answers `reply` (never sends). */
function capturingClient(
  reply: () => { status?: number; headers: Record<string, string>; body: Uint8Array },
) {
  const captured: Captured[] = [];
  const client = new BedrockRuntimeClient({
    region: 'us-east-1',
    credentials: CREDENTIALS,
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: {
        path: string;
        hostname: string;
        headers: Record<string, string>;
        body: Uint8Array | string;
      }) => {
        captured.push({
          path: request.path,
          hostname: request.hostname,
          headers: { ...request.headers },
          body:
            typeof request.body === 'string'
              ? new TextEncoder().encode(request.body)
              : request.body,
        });
        const answer = reply();
        return {
          response: new HttpResponse({
            statusCode: answer.status ?? 200,
            headers: answer.headers,
            body: Readable.from([Buffer.from(answer.body)]),
          }),
        };
      },
    } as never,
  });
  return { client, captured };
}

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' } as Record<string, string>,
  body: new TextEncoder().encode(JSON.stringify(value)),
});

const TEXT_REPLY = {
  output: { message: { role: 'assistant', content: [{ text: 'ok' }] } },
  stopReason: 'end_turn',
  usage: { inputTokens: 3, outputTokens: 1, totalTokens: 4 },
  metrics: { latencyMs: 5 },
};

const recordedStream = (name: string) =>
  new Uint8Array(
    readFileSync(
      new URL(`../../dialects/fixtures/streams/pydantic-ai/${name}.eventstream`, import.meta.url),
    ),
  );

/** A Converse body as SDK input: base64 `bytes` back to the bytes the SDK encodes itself. */
function sdkInput(value: unknown, key?: string): unknown {
  if (key === 'bytes' && typeof value === 'string')
    return new Uint8Array(Buffer.from(value, 'base64'));
  if (Array.isArray(value)) return value.map((item) => sdkInput(item));
  if (typeof value !== 'object' || value === null) return value;
  // Documents (tool schemas, `json` results, model fields) are free JSON: kept as they are.
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      name,
      ['json', 'additionalModelRequestFields'].includes(name) ? inner : sdkInput(inner, name),
    ]),
  );
}

const decoded = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

const MODELS = {
  claude: 'us.anthropic.claude-sonnet-4-6',
  llama: 'us.meta.llama4-scout-17b-instruct-v1:0',
} as const;

async function crosswireBody(
  model: string,
  build: (engine: ReturnType<typeof createEngine>) => Promise<Record<string, unknown>>,
) {
  const engine = createEngine({
    provider: 'bedrock',
    model,
    env: {},
    cloud: { awsCredentials: CREDENTIALS },
    discover: false,
    onWarning: () => undefined,
  });
  try {
    return {
      body: JSON.parse(JSON.stringify(await build(engine))) as Record<string, unknown>,
      endpoint: new URL(engine.endpoint),
    };
  } finally {
    await engine.close();
  }
}

describe('every Converse request Crosswire builds, through the AWS SDK serializer', () => {
  const cases = Object.entries(MODELS).flatMap(([family, model]) =>
    CONVERSATIONS.map((conversation) => ({ family, model, name: conversation.name, conversation })),
  );

  it.each(cases)('$family: $name', async ({ model, conversation }) => {
    const { body, endpoint } = await crosswireBody(model, (engine) =>
      engine.buildRequest(crosswireMessages(conversation), crosswireOptions(conversation)),
    );
    const { client, captured } = capturingClient(() => json(TEXT_REPLY));
    await client.send(
      new ConverseCommand({
        modelId: model,
        ...(sdkInput(body) as object),
      } as ConverseCommandInput),
    );
    await client
      .send(
        new ConverseStreamCommand({
          modelId: model,
          ...(sdkInput(body) as object),
        } as ConverseCommandInput),
      )
      .catch(() => undefined);
    const [converse, stream] = captured;
    // Same host and path (the model id escaped alike), and nothing Crosswire sends is dropped
    // or changed by the serializer of AWS's model.
    expect(converse?.hostname).toBe(endpoint.hostname);
    expect(converse?.path).toBe(endpoint.pathname);
    expect(stream?.path).toBe(endpoint.pathname.replace(/\/converse$/, '/converse-stream'));
    expect(structuralDiff(decoded(converse?.body ?? new Uint8Array()), body)).toEqual([]);
    expect(decoded(stream?.body ?? new Uint8Array())).toEqual(body);
  });

  it('the serializer is a real check: a member AWS does not model is dropped', async () => {
    const { client, captured } = capturingClient(() => json(TEXT_REPLY));
    await client.send(
      new ConverseCommand({
        modelId: MODELS.claude,
        messages: [{ role: 'user', content: [{ text: 'hi' }] }],
        inferenceConfig: { maxTokens: 5, topK: 3 },
      } as ConverseCommandInput),
    );
    expect(decoded(captured[0]?.body ?? new Uint8Array())).toEqual({
      messages: [{ role: 'user', content: [{ text: 'hi' }] }],
      inferenceConfig: { maxTokens: 5 },
    });
  });
});

// -- Hand-written SDK inputs for the same conversations ---------------------------------------

const WEATHER = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};

const HAND_WRITTEN: readonly {
  readonly name: string;
  readonly sdk: ConverseCommandInput;
  readonly crosswire: (engine: ReturnType<typeof createEngine>) => Promise<Record<string, unknown>>;
}[] = [
  {
    name: 'system prompt, text and inference settings',
    sdk: {
      modelId: MODELS.claude,
      system: [{ text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ text: 'Hello' }] }],
      inferenceConfig: { maxTokens: 100, temperature: 0.2 },
    },
    crosswire: (engine) =>
      engine.buildRequest(
        [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hello' },
        ],
        { maxTokens: 100, temperature: 0.2 },
      ),
  },
  {
    name: 'a tool, a forced choice, a call and its error result with an image',
    sdk: {
      modelId: MODELS.claude,
      messages: [
        { role: 'user', content: [{ text: 'Weather in Oslo?' }] },
        {
          role: 'assistant',
          content: [
            { toolUse: { toolUseId: 'call_oslo', name: 'get_weather', input: { city: 'Oslo' } } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              toolResult: {
                toolUseId: 'call_oslo',
                status: 'error',
                content: [
                  { text: 'station offline' },
                  {
                    image: {
                      format: 'png',
                      source: { bytes: new Uint8Array(Buffer.from(PIXEL_PNG, 'base64')) },
                    },
                  },
                ],
              },
            },
          ],
        },
      ],
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: 'get_weather',
              description: 'Current weather.',
              inputSchema: { json: WEATHER },
            },
          },
        ],
        toolChoice: { tool: { name: 'get_weather' } },
      },
    },
    crosswire: (engine) => {
      const conversation: Conversation = {
        name: 'forced tool, error result with an image',
        turns: [
          { role: 'user', parts: [{ text: 'Weather in Oslo?' }] },
          {
            role: 'assistant',
            text: '',
            calls: [{ id: 'call_oslo', name: 'get_weather', input: { city: 'Oslo' } }],
          },
          {
            role: 'tool',
            results: [
              {
                id: 'call_oslo',
                name: 'get_weather',
                isError: true,
                items: [{ text: 'station offline' }, { image: PIXEL_PNG, mediaType: 'image/png' }],
              },
            ],
          },
        ],
        tools: [{ name: 'get_weather', description: 'Current weather.', inputSchema: WEATHER }],
        toolChoice: { name: 'get_weather' },
      };
      return engine.buildRequest(crosswireMessages(conversation), crosswireOptions(conversation));
    },
  },
];

// Hand-written from AWS's Converse reference: no difference at all (Crosswire leaves
// `inferenceConfig` out when nothing is asked, as these inputs do: the model's defaults apply).
describe('hand-written AWS SDK requests and Crosswire agree field for field', () => {
  it.each(HAND_WRITTEN)('$name', async ({ sdk, crosswire }) => {
    const { body } = await crosswireBody(sdk.modelId ?? MODELS.claude, crosswire);
    const { client, captured } = capturingClient(() => json(TEXT_REPLY));
    await client.send(new ConverseCommand(sdk));
    expect(structuralDiff(decoded(captured[0]?.body ?? new Uint8Array()), body)).toEqual([]);
  });
});

// -- Signatures ------------------------------------------------------------------------------

describe('SigV4: the AWS SDK and Crosswire sign the same request alike', () => {
  it('same credentials (with a session token), clock, headers and body: the same signature', async () => {
    const { client, captured } = capturingClient(() => json(TEXT_REPLY));
    await client.send(
      new ConverseCommand({
        modelId: 'anthropic.claude-opus-4-5-20251101-v1:0',
        messages: [{ role: 'user', content: [{ text: 'Sign me: ünïcödé and / : ?' }] }],
      }),
    );
    const sent = captured[0] as Captured;
    const date = sent.headers['x-amz-date'] as string;
    const own = new Set([
      'authorization',
      'x-amz-date',
      'x-amz-content-sha256',
      'x-amz-security-token',
      'host',
    ]);
    const headers = Object.fromEntries(
      Object.entries(sent.headers).filter(([name]) => !own.has(name.toLowerCase())),
    );
    const signed = await awsSigV4Authorizer({
      credentials: CREDENTIALS,
      region: 'us-east-1',
      service: 'bedrock',
      now: () =>
        new Date(
          `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
        ),
    })(
      { method: 'POST', url: `https://${sent.hostname}${sent.path}`, headers, body: sent.body },
      undefined,
    );
    expect(signed.headers).toEqual({
      authorization: sent.headers.authorization,
      'x-amz-date': date,
      'x-amz-content-sha256': sent.headers['x-amz-content-sha256'],
      'x-amz-security-token': CREDENTIALS.sessionToken,
    });
    expect(signed.headers.authorization).toContain('/us-east-1/bedrock/aws4_request');
  });

  it("what an engine sends verifies: AWS's signer, from the bytes a server received, gives its signature", async () => {
    const received: { request: IncomingMessage; body: Buffer }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ request, body: Buffer.concat(chunks) });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(TEXT_REPLY));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const engine = createEngine({
      provider: 'bedrock',
      model: 'anthropic.claude-opus-4-5-20251101-v1:0',
      env: { AWS_REGION: 'eu-west-1' },
      cloud: { awsCredentials: CREDENTIALS },
      baseUrl: `http://127.0.0.1:${port}`,
      discover: false,
    });
    try {
      expect((await engine.chat('hello')).content).toBe('ok');
    } finally {
      await engine.close();
      server.close();
    }
    const [{ request, body }] = received as [{ request: IncomingMessage; body: Buffer }];
    const authorization = String(request.headers.authorization);
    const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    expect(signedNames).toEqual(
      expect.arrayContaining([
        'content-type',
        'host',
        'x-amz-content-sha256',
        'x-amz-date',
        'x-amz-security-token',
      ]),
    );
    const headers = Object.fromEntries(
      signedNames.map((name) => [name, String(request.headers[name])]),
    );
    const date = headers['x-amz-date'] as string;
    const signer = new SignatureV4({
      credentials: CREDENTIALS,
      region: 'eu-west-1',
      service: 'bedrock',
      sha256: Hash.bind(null, 'sha256'),
    });
    const again = await signer.sign(
      {
        method: 'POST',
        protocol: 'http:',
        hostname: '127.0.0.1',
        port,
        path: request.url ?? '/',
        query: {},
        headers,
        body,
      },
      {
        signingDate: new Date(
          `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
        ),
      },
    );
    expect(again.headers.authorization).toBe(authorization);
    expect(request.url).toBe('/model/anthropic.claude-opus-4-5-20251101-v1%3A0/converse');
  });
});

// -- The AWS SDK reads the simulator ----------------------------------------------------------

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await simulator.close();
});

/**
 * The SDK's own HTTP/2 handler cannot talk to the simulator (HTTP/1.1): this handler sends the
 * request the SDK built and signed, byte for byte, over HTTP/1.1 and hands back the response.
 */
const http1 = {
  handle: async (request: {
    method: string;
    protocol: string;
    hostname: string;
    port?: number;
    path: string;
    headers: Record<string, string>;
    body?: Uint8Array | string;
  }) => {
    const { host: _host, ...headers } = request.headers;
    const response = await undiciRequest(
      `${request.protocol}//${request.hostname}:${request.port}${request.path}`,
      { method: 'POST', headers, body: request.body },
    );
    return {
      response: new HttpResponse({
        statusCode: response.statusCode,
        headers: response.headers as Record<string, string>,
        body: response.body,
      }),
    };
  },
};

function simulatorClient(lane: string) {
  return new BedrockRuntimeClient({
    region: 'us-east-1',
    endpoint: simulator.baseUrl('bedrock', lane),
    credentials: CREDENTIALS,
    maxAttempts: 1,
    requestHandler: http1 as never,
  });
}

/** What the SDK's stream events add up to. */
async function readSdkStream(stream: AsyncIterable<ConverseStreamOutput> | undefined) {
  let text = '';
  let reasoning = '';
  let stopReason: string | undefined;
  let usage: unknown;
  const calls: { id: string; name: string; input: string }[] = [];
  for await (const event of stream ?? []) {
    const start = event.contentBlockStart?.start?.toolUse;
    if (start) calls.push({ id: start.toolUseId ?? '', name: start.name ?? '', input: '' });
    const delta = event.contentBlockDelta?.delta;
    if (delta?.text !== undefined) text += delta.text;
    if (delta?.reasoningContent?.text !== undefined) reasoning += delta.reasoningContent.text;
    if (delta?.toolUse?.input !== undefined) {
      const call = calls.at(-1);
      if (call) call.input += delta.toolUse.input;
    }
    if (event.messageStop) stopReason = event.messageStop.stopReason;
    if (event.metadata) usage = event.metadata.usage;
  }
  return {
    text,
    reasoning,
    stopReason,
    usage,
    calls: calls.map((call) => [
      call.id,
      call.name,
      call.input === '' ? {} : JSON.parse(call.input),
    ]),
  };
}

const sdkReply = (output: ConverseCommandOutput) => ({
  text: (output.output?.message?.content ?? []).map((block) => block.text ?? '').join(''),
  calls: (output.output?.message?.content ?? [])
    .filter((block) => block.toolUse)
    .map((block) => [block.toolUse?.toolUseId, block.toolUse?.name, block.toolUse?.input]),
  stopReason: output.stopReason,
});

describe('the AWS SDK reads every reply and stream the simulator sends', () => {
  const STEPS = [
    { name: 'text', step: { type: 'text' as const, text: 'Hello from the simulator, ünïcödé.' } },
    {
      name: 'parallel calls with text',
      step: {
        type: 'tool_calls' as const,
        text: 'Looking.',
        calls: [
          { name: 'get_weather', arguments: { city: 'Oslo' } },
          { name: 'get_time', arguments: { zone: 'Europe/Oslo', precise: true } },
        ],
      },
    },
    { name: 'truncated', step: { type: 'text' as const, text: 'cut', finish: 'length' as const } },
  ];

  it.each(STEPS)('Converse: $name', async ({ name, step }) => {
    const lane = `sdk-converse-${name.replace(/\W+/g, '-')}`;
    simulator.script(lane, [step]);
    const output = await simulatorClient(lane).send(
      new ConverseCommand({
        modelId: MODELS.claude,
        messages: [{ role: 'user', content: [{ text: 'hi' }] }],
      }),
    );
    expect(simulator.received(lane)[0]?.violations).toEqual([]);
    const read = sdkReply(output);
    expect(read.text).toBe(step.text ?? '');
    expect(read.calls.map(([, callName, input]) => [callName, input])).toEqual(
      step.type === 'tool_calls' ? step.calls.map((call) => [call.name, call.arguments]) : [],
    );
    expect(read.stopReason).toBe(
      step.type === 'tool_calls' ? 'tool_use' : 'finish' in step ? 'max_tokens' : 'end_turn',
    );
    expect(output.usage?.totalTokens).toBeGreaterThan(0);
  });

  it.each(STEPS)('ConverseStream (frames split every 7 bytes): $name', async ({ name, step }) => {
    const lane = `sdk-stream-${name.replace(/\W+/g, '-')}`;
    simulator.script(lane, [{ ...step, stream: { chunkBytes: 7, pieceSize: 3 } }]);
    const output = await simulatorClient(lane).send(
      new ConverseStreamCommand({
        modelId: MODELS.claude,
        messages: [{ role: 'user', content: [{ text: 'hi' }] }],
      }),
    );
    const read = await readSdkStream(output.stream);
    expect(simulator.received(lane)[0]?.violations).toEqual([]);
    expect(read.text).toBe(step.text ?? '');
    expect(read.calls.map(([, callName, input]) => [callName, input])).toEqual(
      step.type === 'tool_calls' ? step.calls.map((call) => [call.name, call.arguments]) : [],
    );
    expect(read.stopReason).toBe(
      step.type === 'tool_calls' ? 'tool_use' : 'finish' in step ? 'max_tokens' : 'end_turn',
    );
  });

  it('an HTTP error is the exception AWS names, with its message', async () => {
    simulator.script('sdk-error', [{ type: 'error', status: 429, message: 'Too many requests' }]);
    const error = await simulatorClient('sdk-error')
      .send(
        new ConverseCommand({
          modelId: MODELS.claude,
          messages: [{ role: 'user', content: [{ text: 'hi' }] }],
        }),
      )
      .catch((caught: unknown) => caught as Error & { $metadata?: { httpStatusCode?: number } });
    expect(error).toMatchObject({ name: 'ThrottlingException', message: 'Too many requests' });
    expect(error.$metadata?.httpStatusCode).toBe(429);
  });

  it('an exception frame mid-stream is the exception AWS names', async () => {
    simulator.script('sdk-stream-error', [
      {
        type: 'text',
        text: 'partial answer that is cut',
        stream: { fail: { afterChunks: 3, mode: 'error-event', message: 'Slow down' } },
      },
    ]);
    const output = await simulatorClient('sdk-stream-error').send(
      new ConverseStreamCommand({
        modelId: MODELS.claude,
        messages: [{ role: 'user', content: [{ text: 'hi' }] }],
      }),
    );
    const error = await readSdkStream(output.stream).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ThrottlingException', message: 'Slow down' });
  });

  it('the SDK signs, the simulator checks the signature form: no violation', async () => {
    simulator.script('sdk-signed', [{ type: 'text', text: 'ok' }]);
    await simulatorClient('sdk-signed').send(
      new ConverseCommand({
        modelId: MODELS.claude,
        messages: [{ role: 'user', content: [{ text: 'hi' }] }],
      }),
    );
    const [record] = simulator.received('sdk-signed');
    expect(record?.violations).toEqual([]);
    expect(record?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 \[redacted/);
  });
});

// -- Recorded real traffic, read by both ------------------------------------------------------

const REPLIES = new URL('../../dialects/fixtures/replies/pydantic-ai/', import.meta.url);
const RECORDED_REPLIES = readdirSync(REPLIES).filter(
  (name) => name.startsWith('bedrock-') && name.endsWith('.json') && !name.includes('error'),
);
const RECORDED_STREAMS = readdirSync(
  new URL('../../dialects/fixtures/streams/pydantic-ai/', import.meta.url),
)
  .filter((name) => name.endsWith('.eventstream'))
  .map((name) => name.replace(/\.eventstream$/, ''));

describe('recorded Converse traffic: the AWS SDK and Crosswire read it alike', () => {
  it.each(RECORDED_REPLIES)('reply %s', async (name) => {
    const reply = JSON.parse(readFileSync(new URL(name, REPLIES), 'utf8')) as unknown;
    const { client } = capturingClient(() => json(reply));
    const sdk = sdkReply(
      await client.send(
        new ConverseCommand({
          modelId: MODELS.claude,
          messages: [{ role: 'user', content: [{ text: 'hi' }] }],
        }),
      ),
    );
    const ours = parseResponse('bedrock', reply);
    expect([
      ours.content ?? '',
      ours.toolCalls.map((call) => [call.id, call.name, call.arguments]),
    ]).toEqual([sdk.text, sdk.calls]);
  });

  it.each(RECORDED_STREAMS)('stream %s', async (name) => {
    const bytes = recordedStream(name);
    const { client } = capturingClient(() => ({
      headers: { 'content-type': 'application/vnd.amazon.eventstream' },
      body: bytes,
    }));
    const output = await client.send(
      new ConverseStreamCommand({
        modelId: MODELS.claude,
        messages: [{ role: 'user', content: [{ text: 'hi' }] }],
      }),
    );
    const sdk = await readSdkStream(output.stream);
    const decoder = createStreamDecoder('bedrock');
    const events = [...decoder.push(bytes), ...decoder.end()];
    const finish = events.at(-1);
    if (finish?.type !== 'finish') throw new Error(`expected finish, got ${finish?.type}`);
    expect({
      text: finish.response.content ?? '',
      reasoning: finish.response.reasoning ?? '',
      calls: finish.response.toolCalls.map((call) => [call.id, call.name, call.arguments]),
      usage: finish.response.usage,
    }).toEqual({
      text: sdk.text,
      reasoning: sdk.reasoning,
      calls: sdk.calls,
      usage: expect.objectContaining({
        inputTokens: (sdk.usage as { inputTokens: number }).inputTokens,
        outputTokens: (sdk.usage as { outputTokens: number }).outputTokens,
      }),
    });
  });

  it('the recorded error reply is a typed error for both', async () => {
    const reply = JSON.parse(
      readFileSync(new URL('bedrock-invalid-model-error.json', REPLIES), 'utf8'),
    ) as unknown;
    const { client } = capturingClient(() => ({
      status: 400,
      headers: { 'content-type': 'application/json', 'x-amzn-errortype': 'ValidationException' },
      body: new TextEncoder().encode(JSON.stringify(reply)),
    }));
    await expect(
      client.send(
        new ConverseCommand({
          modelId: 'nope',
          messages: [{ role: 'user', content: [{ text: 'hi' }] }],
        }),
      ),
    ).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'The provided model identifier is invalid.',
    });
    expect(() => parseResponse('bedrock', reply)).toThrow(
      'The provided model identifier is invalid.',
    );
  });
});

// The dialects' own reply fixtures read by the SDK too.
describe('the wire fixtures of the bedrock dialect, read by the AWS SDK', () => {
  const { readFixture } = dialectFixtures;
  it.each(['text', 'tool-calls', 'parallel-calls', 'truncated', 'thinking', 'refusal'])(
    '%s',
    async (name) => {
      const reply = readFixture(`replies/bedrock/${name}.json`);
      const { client } = capturingClient(() => json(reply));
      const sdk = sdkReply(
        await client.send(
          new ConverseCommand({
            modelId: MODELS.claude,
            messages: [{ role: 'user', content: [{ text: 'hi' }] }],
          }),
        ),
      );
      const ours = parseResponse('bedrock', reply);
      expect([
        ours.content ?? '',
        ours.toolCalls.map((call) => [call.id, call.name, call.arguments]),
      ]).toEqual([sdk.text, sdk.calls]);
    },
  );
});
