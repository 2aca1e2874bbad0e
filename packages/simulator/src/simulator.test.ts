import { hermesToolsPrompt, type WireFormat } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faults, type Simulator, startSimulator } from './index.js';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(() => simulator.close());

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as unknown,
  };
}

const BASE64 = 'QUJD'.repeat(100);

/** Per wire: the endpoint, a conversation with one answered call, and the same with the result missing. */
const CASES: Record<
  WireFormat,
  { path: string; valid: unknown; missingResult: unknown; base64InString?: unknown }
> = {
  openai: {
    path: '/v1/chat/completions',
    valid: {
      model: 'gpt-x',
      tools: [{ type: 'function', function: { name: 'echo', parameters: { type: 'object' } } }],
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'echo', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'done' },
      ],
    },
    missingResult: {
      model: 'gpt-x',
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'echo', arguments: '{}' } }],
        },
        { role: 'user', content: 'well?' },
      ],
    },
    base64InString: {
      model: 'gpt-x',
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'echo', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: `here: ${BASE64}` },
      ],
    },
  },
  hermes: {
    path: '/v1/chat/completions',
    valid: {
      model: 'hermes-x',
      messages: [
        {
          role: 'system',
          content: '<tools>\n[{"name":"echo","description":"","inputSchema":{}}]\n</tools>',
        },
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: '<tool_call>\n{"name": "echo", "arguments": {}}\n</tool_call>',
        },
        {
          role: 'tool',
          content: '<tool_response>\n{"name":"echo","content":"done"}\n</tool_response>',
        },
      ],
    },
    missingResult: {
      model: 'hermes-x',
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: '<tool_call>\n{"name": "echo", "arguments": {}}\n</tool_call>',
        },
      ],
    },
  },
  anthropic: {
    path: '/v1/messages',
    valid: {
      model: 'claude-x',
      max_tokens: 100,
      tools: [{ name: 'echo', input_schema: { type: 'object' } }],
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'echo', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [
                {
                  type: 'image',
                  source: { type: 'base64', media_type: 'image/png', data: BASE64 },
                },
              ],
            },
          ],
        },
      ],
    },
    missingResult: {
      model: 'claude-x',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'echo', input: {} }] },
        { role: 'user', content: [{ type: 'text', text: 'well?' }] },
      ],
    },
  },
  gemini: {
    path: '/v1beta/models/gemini-x:generateContent',
    valid: {
      tools: [{ functionDeclarations: [{ name: 'echo', parameters: { type: 'object' } }] }],
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ functionCall: { name: 'echo', args: {} } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'echo', response: { result: 'done' } } }],
        },
      ],
    },
    missingResult: {
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ functionCall: { name: 'echo', args: {} } }] },
        { role: 'user', parts: [{ text: 'well?' }] },
      ],
    },
  },
  ollama: {
    path: '/api/chat',
    valid: {
      model: 'llama-x',
      stream: false,
      tools: [{ type: 'function', function: { name: 'echo', parameters: { type: 'object' } } }],
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'echo', arguments: {} } }],
        },
        { role: 'tool', tool_name: 'echo', content: 'done' },
      ],
    },
    missingResult: {
      model: 'llama-x',
      stream: false,
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ function: { name: 'echo', arguments: {} } }],
        },
      ],
    },
  },
  responses: {
    path: '/v1/responses',
    valid: {
      model: 'gpt-r',
      tools: [{ type: 'function', name: 'echo', parameters: { type: 'object' } }],
      input: [
        { role: 'user', content: 'hi' },
        { type: 'function_call', call_id: 'c1', name: 'echo', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: 'done' },
      ],
    },
    missingResult: {
      model: 'gpt-r',
      input: [
        { role: 'user', content: 'hi' },
        { type: 'function_call', call_id: 'c1', name: 'echo', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c2', output: 'done' },
      ],
    },
  },
  bedrock: {
    path: '/model/us.anthropic.claude-sonnet-4-6/converse',
    valid: {
      toolConfig: {
        tools: [{ toolSpec: { name: 'echo', inputSchema: { json: { type: 'object' } } } }],
      },
      messages: [
        { role: 'user', content: [{ text: 'hi' }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'echo', input: {} } }] },
        {
          role: 'user',
          content: [
            {
              toolResult: {
                toolUseId: 't1',
                content: [{ image: { format: 'png', source: { bytes: BASE64 } } }],
              },
            },
          ],
        },
      ],
    },
    missingResult: {
      toolConfig: {
        tools: [{ toolSpec: { name: 'echo', inputSchema: { json: { type: 'object' } } } }],
      },
      messages: [
        { role: 'user', content: [{ text: 'hi' }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'echo', input: {} } }] },
        { role: 'user', content: [{ text: 'and?' }] },
      ],
    },
  },
};

describe.each(Object.entries(CASES) as [WireFormat, (typeof CASES)[WireFormat]][])(
  'simulated %s',
  (wire, fixture) => {
    it('accepts a valid conversation, records what it received and replies in the wire shape', async () => {
      const lane = `ok-${wire}`;
      simulator.script(lane, [
        { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'x' } }] },
      ]);
      const { status, body } = await post(
        `${simulator.baseUrl(wire, lane)}${fixture.path}`,
        fixture.valid,
        {
          authorization: 'Bearer sk-secret-123456',
        },
      );
      expect(status).toBe(200);
      const [record] = simulator.received(lane);
      expect(record?.violations).toEqual([]);
      expect(record?.tools).toEqual(['echo']);
      expect(record?.toolResults).toHaveLength(1);
      expect(record?.headers.authorization).toBe('Bearer [redacted…56]');
      expect(JSON.stringify(body)).toContain('echo');
    });

    it('answers 400 naming the call left without a result', async () => {
      const lane = `bad-${wire}`;
      const { status, body } = await post(
        `${simulator.baseUrl(wire, lane)}${fixture.path}`,
        fixture.missingResult,
      );
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toMatch(/has no result|answers no call/);
      expect(simulator.received(lane)[0]?.status).toBe(400);
    });
  },
);

describe('simulator rules', () => {
  it('refuses a base64 payload in a string tool result', async () => {
    const { status, body } = await post(
      `${simulator.baseUrl('openai', 'b64')}/chat/completions`,
      CASES.openai.base64InString,
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        message: 'invalid request: messages[2]: tool message carries a base64 payload',
        type: 'invalid_request_error',
        code: null,
      },
    });
  });

  it('refuses a base64 payload inside a Gemini functionResponse.response (media sent as JSON text)', async () => {
    const { status, body } = await post(
      `${simulator.baseUrl('gemini', 'b64-gemini')}/v1beta/models/gemini-x:generateContent`,
      {
        contents: [
          { role: 'user', parts: [{ text: 'hi' }] },
          { role: 'model', parts: [{ functionCall: { name: 'echo', args: {} } }] },
          {
            role: 'user',
            parts: [
              {
                functionResponse: {
                  name: 'echo',
                  response: { result: [{ inlineData: { mimeType: 'image/png', data: BASE64 } }] },
                },
              },
            ],
          },
        ],
      },
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: 400,
        message:
          'invalid request: contents[2].parts[0].functionResponse.response carries a base64 payload',
        status: 'INVALID_ARGUMENT',
      },
    });
  });

  it('scripts 429 with Retry-After, a 500, then text, in the wire error shapes', async () => {
    simulator.script('faults', [
      faults.rateLimited(2),
      faults.serverError(),
      { type: 'text', text: 'fine' },
    ]);
    const url = `${simulator.baseUrl('anthropic', 'faults')}/v1/messages`;
    const body = { model: 'claude-x', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] };
    const first = await post(url, body);
    expect([first.status, first.headers.get('retry-after'), first.body]).toEqual([
      429,
      '2',
      {
        type: 'error',
        error: { type: 'rate_limit_error', message: 'rate limit reached (simulated)' },
      },
    ]);
    const second = await post(url, body);
    expect([second.status, second.body]).toEqual([
      500,
      { type: 'error', error: { type: 'api_error', message: 'internal error (simulated)' } },
    ]);
    const third = await post(url, body);
    expect(third.status).toBe(200);
    expect(third.body).toEqual({
      id: 'msg_sim_3',
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [{ type: 'text', text: 'fine' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 30, output_tokens: 8 },
    });
    expect(third.headers.get('anthropic-ratelimit-requests-remaining')).toBe('997');
  });

  it('renders truncated calls with each wire’s token-limit reason', async () => {
    const step = {
      type: 'tool_calls',
      calls: [{ name: 'echo', arguments: '{"text": "cu', id: 'c9' }],
      finish: 'length',
    } as const;
    simulator.script('trunc-openai', [step]);
    simulator.script('trunc-responses', [step]);
    const openai = await post(`${simulator.baseUrl('openai', 'trunc-openai')}/chat/completions`, {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(openai.body).toMatchObject({
      choices: [
        {
          finish_reason: 'length',
          message: {
            tool_calls: [{ id: 'c9', function: { name: 'echo', arguments: '{"text": "cu' } }],
          },
        },
      ],
    });
    const responses = await post(`${simulator.baseUrl('responses', 'trunc-responses')}/responses`, {
      model: 'm',
      input: 'hi',
    });
    expect(responses.body).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [{ type: 'function_call', call_id: 'c9', arguments: '{"text": "cu' }],
    });
  });

  it('answers 404 outside ORIGIN/LANE/WIRE and 400 on the wrong endpoint', async () => {
    expect((await post(`${simulator.origin}/nowhere`, {})).status).toBe(404);
    const wrong = await post(`${simulator.baseUrl('ollama', 'x')}/chat/completions`, {
      model: 'm',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error:
        "invalid request: /chat/completions is not the ollama endpoint of sim.baseUrl('ollama', 'x'); it is the openai endpoint: give the openai engine sim.baseUrl('openai', 'x')",
    });
    const nowhere = await post(`${simulator.baseUrl('anthropic', 'y')}/v1/complete`, {});
    expect(nowhere.body).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message:
          "invalid request: /v1/complete is not the anthropic endpoint of sim.baseUrl('anthropic', 'y'); an engine of the anthropic wire posts to its own path under that URL",
      },
    });
  });
});

describe('the hermes simulator reads the tools of a real Hermes prompt', () => {
  it('skips the empty <tools></tools> of the prompt sentence and finds the list', async () => {
    const lane = 'hermes-prompt';
    simulator.script(lane, [{ type: 'text', text: 'ok' }]);
    const prompt = hermesToolsPrompt([
      { name: 'get_weather', inputSchema: { type: 'object' } },
      { name: 'book_table', inputSchema: { type: 'object' } },
    ]);
    expect(prompt.indexOf('<tools></tools>')).toBeGreaterThan(-1);
    const { status } = await post(`${simulator.baseUrl('hermes', lane)}/v1/chat/completions`, {
      model: 'hermes-x',
      messages: [
        { role: 'system', content: prompt },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(status).toBe(200);
    expect(simulator.received(lane)[0]?.tools).toEqual(['get_weather', 'book_table']);
  });
});

describe('the simulator speaks for itself', () => {
  it('answers a request past the end of its script with simulator_script_exhausted, not a silent ok', async () => {
    const lane = 'exhausted';
    simulator.script(lane, [{ type: 'text', text: 'first' }]);
    const body = { model: 'gpt-x', messages: [{ role: 'user', content: 'hi' }] };
    const url = `${simulator.baseUrl('openai', lane)}/v1/chat/completions`;
    expect((await post(url, body)).status).toBe(200);
    const second = await post(url, body);
    expect(second.status).toBe(400);
    expect(second.body).toEqual({
      error: {
        message:
          'simulator_script_exhausted: lane "exhausted" has no scripted reply left for request 2; script more steps or pass a fallback',
        type: 'invalid_request_error',
        code: 'simulator_script_exhausted',
      },
    });
  });

  it('reports a failure of its own checks as a simulator failure, not "body is not JSON"', async () => {
    const lane = 'check-throws';
    // A tool schema nested deeper than a recursive check can walk: valid JSON, valid request
    // (written as text: JSON.stringify itself recurses).
    const depth = 20_000;
    const schema = `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}`;
    const response = await fetch(`${simulator.baseUrl('openai', lane)}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"model":"gpt-x","tools":[{"type":"function","function":{"name":"deep","parameters":${schema}}}],"messages":[{"role":"user","content":"hi"}]}`,
    });
    const status = response.status;
    const body = (await response.json()) as unknown;
    expect(status).toBe(500);
    const error = (body as { error: { message: string; code: string } }).error;
    expect(error.code).toBe('simulator_check_failed');
    expect(error.message).toMatch(
      /^simulator check failed \(a simulator bug, not a violation of the request\): /,
    );
    expect(error.message).not.toContain('not JSON');
    expect(simulator.received(lane)[0]?.status).toBe(500);
  });
});

describe('the cloud routes', () => {
  const SIGV4 = {
    authorization:
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20261201/us-east-1/bedrock/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=' +
      'a'.repeat(64),
    'x-amz-date': '20261201T120000Z',
  };
  const messages = [{ role: 'user', content: 'hi' }];
  const violationsOf = (lane: string) => simulator.received(lane).at(-1)?.violations ?? [];

  it('Claude on Bedrock: the model in the path, bedrock-2023-05-31 in the body, no model or stream', async () => {
    const lane = 'cloud-anthropic-bedrock';
    simulator.script(lane, [
      { type: 'text', text: 'ok' },
      { type: 'text', text: 'ok' },
    ]);
    const url = `${simulator.baseUrl('anthropic', lane)}/model/us.anthropic.claude-sonnet-4-6/invoke`;
    const good = await post(
      url,
      { anthropic_version: 'bedrock-2023-05-31', max_tokens: 10, messages },
      SIGV4,
    );
    expect([good.status, violationsOf(lane)]).toEqual([200, []]);
    expect(simulator.received(lane).at(-1)?.model).toBe('us.anthropic.claude-sonnet-4-6');
    const bad = await post(url, {
      anthropic_version: 'vertex-2023-10-16',
      model: 'x',
      stream: false,
      max_tokens: 10,
      messages,
    });
    expect(bad.status).toBe(400);
    expect(violationsOf(lane)).toEqual([
      'anthropic_version: Amazon Bedrock needs "bedrock-2023-05-31" in the body (got "vertex-2023-10-16")',
      '#: extraneous key [model] is not permitted',
      '#: extraneous key [stream] is not permitted',
      'authorization: missing (a SigV4 signature or a Bedrock API key as Bearer)',
    ]);
  });

  it('Claude on Vertex AI: vertex-2023-10-16 and an access token', async () => {
    const lane = 'cloud-anthropic-vertex';
    simulator.script(lane, [{ type: 'text', text: 'ok' }]);
    const url = `${simulator.baseUrl('anthropic', lane)}/v1/projects/p/locations/global/publishers/anthropic/models/claude-sonnet-4-6:rawPredict`;
    expect(
      (
        await post(
          url,
          { anthropic_version: 'vertex-2023-10-16', max_tokens: 10, messages },
          {
            authorization: 'Bearer ya29.token',
          },
        )
      ).status,
    ).toBe(200);
    expect((await post(url, { max_tokens: 10, messages }, { 'x-api-key': 'k' })).status).toBe(400);
    expect(violationsOf(lane)).toEqual([
      'anthropic_version: Vertex AI needs "vertex-2023-10-16" in the body (got undefined)',
      'authorization: missing (Vertex AI takes an OAuth access token as Bearer)',
    ]);
  });

  it('Gemini on Vertex AI: a token with a project, a key in express mode', async () => {
    const lane = 'cloud-gemini-vertex';
    simulator.script(lane, [
      { type: 'text', text: 'ok' },
      { type: 'text', text: 'ok' },
    ]);
    const base = simulator.baseUrl('gemini', lane);
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const project = `${base}/v1/projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent`;
    const express = `${base}/v1/publishers/google/models/gemini-2.5-flash:generateContent`;
    expect((await post(project, body, { authorization: 'Bearer ya29.t' })).status).toBe(200);
    expect((await post(express, body, { 'x-goog-api-key': 'AQ.k' })).status).toBe(200);
    expect((await post(project, body)).status).toBe(400);
    expect(violationsOf(lane)).toEqual([
      'authorization: missing (Vertex AI takes an OAuth access token as Bearer)',
    ]);
    expect((await post(express, body, { authorization: 'Bearer ya29.t' })).status).toBe(400);
    expect(violationsOf(lane)).toEqual([
      'x-goog-api-key: Vertex AI express mode (no project in the path) takes an API key',
    ]);
  });

  it('Bedrock: a malformed signature or a signed token that is not sent is refused', async () => {
    const lane = 'cloud-bedrock-auth';
    const url = `${simulator.baseUrl('bedrock', lane)}/model/us.anthropic.claude-sonnet-4-6/converse`;
    const body = { messages: [{ role: 'user', content: [{ text: 'hi' }] }] };
    await post(url, body, {
      ...SIGV4,
      authorization: SIGV4.authorization.replace('bedrock', 's3'),
    });
    expect(violationsOf(lane)[0]).toMatch(
      /^authorization: not a SigV4 signature for the bedrock service/,
    );
    await post(url, body, {
      ...SIGV4,
      authorization: SIGV4.authorization.replace('x-amz-date', 'x-amz-date;x-amz-security-token'),
    });
    expect(violationsOf(lane)).toEqual(['x-amz-security-token: signed but not sent']);
    await post(url, body, { ...SIGV4, 'x-amz-date': '20261202T120000Z' });
    expect(violationsOf(lane)).toEqual([
      'x-amz-date: its day is not the day of the credential scope',
    ]);
  });
});
