import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faults, type Simulator, startSimulator } from './index.js';

// What a user of the simulator sees for each broken rule of the Gemini and Hermes wires and of
// the call ledger every wire shares: the exact list of violations a request gets, and the exact
// reply a scripted step renders, over loopback HTTP.

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
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const violationsOf = (lane: string) => simulator.received(lane).at(-1)?.violations;
const BASE64 = 'QUJD'.repeat(100);
const GEMINI = '/v1beta/models/gemini-x:generateContent';

describe('the gemini simulator', () => {
  it('names every broken rule of tools, system instruction and parts, in order', async () => {
    const lane = 'gemini-parts';
    const reply = await post(`${simulator.baseUrl('gemini', lane)}${GEMINI}`, {
      model: 'gemini-x',
      tools: [
        'search',
        {
          functionDeclarations: [
            { parameters: { type: 'object' } },
            { name: 'a', parameters: 'object' },
            { name: 'b', parameters: { $schema: 'https://json-schema.org/draft/2020-12/schema' } },
            { name: 'c', parametersJsonSchema: { type: 'object' } },
            { name: 'd' },
          ],
        },
      ],
      systemInstruction: { text: 'be brief' },
      contents: [
        'hi',
        { role: 'system', parts: [{ text: 'hi' }] },
        { role: 'user', parts: [] },
        {
          role: 'user',
          parts: [
            'hi',
            { text: 'two fields', inlineData: { mimeType: 'image/png', data: 'QUJD' } },
            { inlineData: { mimeType: 'image/png', data: '' } },
            { inlineData: { data: 'QUJD' } },
            { fileData: { mimeType: 'image/png', fileUri: 'https://example.com/cat.png' } },
            { fileData: { mimeType: 'image/png', fileUri: 'gs://bucket/cat.png' } },
            { text: 'fine' },
          ],
        },
      ],
    });
    const one =
      'a part holds exactly one of text, inlineData, fileData, functionCall, functionResponse, executableCode, codeExecutionResult';
    expect(reply.status).toBe(400);
    expect(violationsOf(lane)).toEqual([
      'gemini names the model in the path, not in the body',
      'tools[0] must be an object',
      'tools[1].functionDeclarations[0] needs a name',
      'a: parameters must be an object',
      'b: parameters must not carry $schema',
      'systemInstruction must be { parts }',
      'contents[0]: role must be user or model',
      'contents[1]: role must be user or model',
      'contents[2]: parts must be a non-empty array',
      'contents[3].parts[0]: part must be an object',
      `contents[3].parts[1]: ${one}`,
      'contents[3].parts[2].inlineData needs mimeType and base64 data',
      'contents[3].parts[3].inlineData needs mimeType and base64 data',
      'contents[3].parts[4]: image URL sent as fileData; gemini needs the bytes inline',
      // The catalogue's rule on function names, checked after the wire's own.
      'tools[1].functionDeclarations[0].name: undefined: [FIELD_INVALID] Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.',
    ]);
    expect(simulator.received(lane).at(-1)?.tools).toEqual(['a', 'b', 'c', 'd']);
    expect(JSON.parse(reply.text)).toEqual({
      error: {
        code: 400,
        message: `invalid request: ${violationsOf(lane)?.join('; ')}`,
        status: 'INVALID_ARGUMENT',
      },
    });
  });

  it('matches function responses to the calls of the last model turn and names each mismatch', async () => {
    const lane = 'gemini-calls';
    const call = (name: string, id?: string) => ({
      functionCall: { name, args: {}, ...(id === undefined ? {} : { id }) },
    });
    const reply = await post(`${simulator.baseUrl('gemini', lane)}${GEMINI}`, {
      systemInstruction: { parts: [{ text: 'be brief' }] },
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [call('echo', 'f1'), call('echo', 'f2')] },
        {
          role: 'function',
          parts: [
            { functionResponse: { name: 'echo', id: 'f1', response: { ok: true } } },
            {
              functionResponse: {
                id: 'f9',
                response: 'done',
                parts: [{ text: 'no' }, { inlineData: { mimeType: 'image/png', data: 'QUJD' } }],
              },
            },
          ],
        },
        { role: 'model', parts: [{ text: 'let me see' }, call('look')] },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'look', response: { a: 1 } } },
            { functionResponse: { name: 'look', response: { a: 2 } } },
          ],
        },
      ],
    });
    expect(reply.status).toBe(400);
    expect(violationsOf(lane)).toEqual([
      'contents[2].parts[1].functionResponse needs a name',
      'contents[2].parts[1].functionResponse.response must be an object',
      'contents[2].parts[1].functionResponse.id f9 answers no call',
      'contents[2].parts[1].functionResponse.parts[0] must be inlineData',
      'contents[2]: tool result for an unnamed tool answers no call of the previous assistant turn',
      'contents[2]: tool call echo (f2) has no result',
      'contents[4]: tool call look has more than one result',
    ]);
    const [first, second] = [
      { functionResponse: { name: 'look', response: { a: 1 } } },
      { functionResponse: { name: 'look', response: { a: 2 } } },
    ];
    expect(simulator.received(lane).at(-1)?.toolResults).toEqual([
      { id: '', name: 'look', block: first },
      { id: '', name: 'look', block: second },
    ]);
  });

  it('asks Gemini 3 for the thought signature of the first call of each model turn only', async () => {
    const lane = 'gemini-3-signature';
    simulator.script(lane, [
      { type: 'text', text: 'ok' },
      { type: 'text', text: 'ok' },
    ]);
    const url = (model: string) =>
      `${simulator.baseUrl('gemini', lane)}/v1beta/models/${model}:generateContent`;
    const turn = (first: Record<string, unknown>) => ({
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        {
          role: 'model',
          parts: [
            { text: 'calling' },
            { functionCall: { name: 'a', args: {} }, ...first },
            { functionCall: { name: 'b', args: {} } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'a', response: {} } },
            { functionResponse: { name: 'b', response: {} } },
          ],
        },
      ],
    });
    const missing =
      'contents[1]: Function call is missing a thought_signature in functionCall parts';
    await post(url('gemini-3-pro-preview'), turn({}));
    expect(violationsOf(lane)).toEqual([missing]);
    await post(url('gemini-3-pro-preview'), turn({ thoughtSignature: '' }));
    expect(violationsOf(lane)).toEqual([missing]);
    await post(url('gemini-2.5-flash'), turn({}));
    expect(violationsOf(lane)).toEqual([]);
    const signed = await post(url('gemini-3-pro-preview'), turn({ thoughtSignature: 'c2ln' }));
    expect([signed.status, violationsOf(lane)]).toEqual([200, []]);
  });

  it('renders text and calls in the Gemini shape, arguments as written, a signature on Gemini 3', async () => {
    const lane = 'gemini-reply';
    simulator.script(lane, [
      {
        type: 'tool_calls',
        text: 'let me',
        calls: [
          { name: 'echo', arguments: '{"a": 1}', id: 'x1' },
          { name: 'two', arguments: 'not json' },
        ],
        finish: 'length',
      },
      { type: 'text', text: 'done' },
    ]);
    const url = `${simulator.baseUrl('gemini', lane)}/v1beta/models/gemini-3-pro-preview:generateContent`;
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const first = await post(url, body);
    expect(first.status).toBe(200);
    // The arguments go out as the script wrote them (the space kept), not re-serialised.
    expect(first.text).toContain('"args":{"a": 1}');
    expect(JSON.parse(first.text)).toStrictEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'let me' },
              {
                functionCall: { name: 'echo', args: { a: 1 }, id: 'x1' },
                thoughtSignature: 'c2ltLTE=',
              },
              { functionCall: { name: 'two', args: {} } },
            ],
          },
          finishReason: 'MAX_TOKENS',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 38, totalTokenCount: 48 },
      modelVersion: 'gemini-3-pro-preview',
    });
    const second = JSON.parse((await post(url, body)).text);
    expect(second).toStrictEqual({
      candidates: [
        { content: { role: 'model', parts: [{ text: 'done' }] }, finishReason: 'STOP', index: 0 },
      ],
      usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 4, totalTokenCount: 24 },
      modelVersion: 'gemini-3-pro-preview',
    });
  });

  it('answers scripted errors with the Gemini status names', async () => {
    const lane = 'gemini-errors';
    simulator.script(lane, [
      faults.rateLimited(3),
      faults.serverError(),
      { type: 'error', status: 503 },
      { type: 'error', status: 403, message: 'no', code: 'PERMISSION_DENIED' },
      { type: 'error', status: 404, message: 'gone' },
    ]);
    const url = `${simulator.baseUrl('gemini', lane)}${GEMINI}`;
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const replies = [];
    for (let index = 0; index < 5; index++) {
      const reply = await post(url, body);
      replies.push([reply.status, JSON.parse(reply.text)]);
    }
    expect(replies).toEqual([
      [
        429,
        {
          error: {
            code: 429,
            message: 'rate limit reached (simulated)',
            status: 'RESOURCE_EXHAUSTED',
          },
        },
      ],
      [500, { error: { code: 500, message: 'internal error (simulated)', status: 'INTERNAL' } }],
      [503, { error: { code: 503, message: 'simulated HTTP 503', status: 'INTERNAL' } }],
      [403, { error: { code: 403, message: 'no', status: 'PERMISSION_DENIED' } }],
      [404, { error: { code: 404, message: 'gone', status: 'INVALID_ARGUMENT' } }],
    ]);
  });

  it('refuses a Vertex AI path that is not projects/P/locations/L/publishers/google/models/M', async () => {
    const lane = 'gemini-vertex-path';
    const base = simulator.baseUrl('gemini', lane);
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const path = '/v1/projects/p/publishers/google/models/gemini-2.5-flash:generateContent';
    await post(`${base}${path}`, body, { 'x-goog-api-key': 'AQ.k' });
    expect(violationsOf(lane)).toEqual([
      `${path}: not projects/PROJECT/locations/LOCATION/publishers/google/models/MODEL`,
    ]);
    expect(simulator.received(lane).at(-1)?.model).toBe('gemini-2.5-flash');
  });
});

describe('the hermes simulator', () => {
  const HERMES = '/v1/chat/completions';

  it('reads a tool list of one object, or one JSON object a line, skipping lines that are no JSON', async () => {
    const lane = 'hermes-tool-lines';
    simulator.script(lane, [
      { type: 'text', text: 'ok' },
      { type: 'text', text: 'ok' },
    ]);
    const url = `${simulator.baseUrl('hermes', lane)}${HERMES}`;
    const ask = (system: string) =>
      post(url, {
        model: 'hermes-x',
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: 'hi' },
        ],
      });
    await ask('<tools>\n{"name": "solo", "parameters": {}}\n</tools>');
    expect(simulator.received(lane).at(-1)?.tools).toEqual(['solo']);
    await ask(
      '<tools>\n{"name": "a"}\n{"type": "function", "function": {"name": "b"}}\nnot json\n{"function": {}}\n[1]\n</tools>',
    );
    expect(simulator.received(lane).at(-1)?.tools).toEqual(['a', 'b']);
  });

  it('names every broken rule of a hermes conversation, in order', async () => {
    const lane = 'hermes-rules';
    const reply = await post(`${simulator.baseUrl('hermes', lane)}${HERMES}`, {
      model: 5,
      tools: [],
      messages: [
        'hi',
        { role: 'system', content: '<tools>\n[{"name": "a"}]\n</tools>' },
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content:
            'calling\n<tool_call>\n{"name": "a", "arguments": {}}\n</tool_call>\n<tool_call>\nnot json\n</tool_call>',
          tool_calls: [{ id: 'x', type: 'function', function: { name: 'a', arguments: '{}' } }],
        },
        {
          role: 'tool',
          content: `<tool_response>\n{"name": "a", "content": "${BASE64}"}\n</tool_response>\n<tool_response>\n[1]\n</tool_response>\n<tool_response>\nnope\n</tool_response>`,
        },
      ],
    });
    expect(reply.status).toBe(400);
    expect(violationsOf(lane)).toEqual([
      'model must be a string',
      'a hermes request sends its tools in the system prompt, not in tools',
      'messages[0]: must be { role, content }',
      'messages[3]: a hermes assistant echo carries its calls as <tool_call> text, not tool_calls',
      'messages[4]: tool response carries a base64 payload',
      'messages[4]: <tool_response> must hold {"name", "content"}',
      'messages[4]: <tool_response> does not hold JSON',
      // The call whose text is no JSON has no name: both nameless responses answer it.
      'messages[4]: tool call  has more than one result',
    ]);
    expect(simulator.received(lane).at(-1)?.toolResults).toEqual([
      {
        id: '',
        name: 'a',
        block: `<tool_response>\n{"name": "a", "content": "${BASE64}"}\n</tool_response>`,
      },
      { id: '', name: '', block: '<tool_response>\n[1]\n</tool_response>' },
      { id: '', name: '', block: '<tool_response>\nnope\n</tool_response>' },
    ]);
  });

  it('takes tool responses in a user turn, answers calls by name in order, and refuses an unanswered call', async () => {
    const lane = 'hermes-ledger';
    const call = (name: string) =>
      `<tool_call>\n{"name": "${name}", "arguments": {}}\n</tool_call>`;
    const response = (name: string) =>
      `<tool_response>\n{"name": "${name}", "content": "ok"}\n</tool_response>`;
    simulator.script(lane, [{ type: 'text', text: 'ok' }]);
    const url = `${simulator.baseUrl('hermes', lane)}${HERMES}`;
    const good = await post(url, {
      model: 'hermes-x',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: `${call('a')}\n${call('a')}` },
        { role: 'user', content: `${response('a')}\n${response('a')}` },
        { role: 'assistant', content: 'both done' },
      ],
    });
    expect([good.status, violationsOf(lane)]).toEqual([200, []]);
    expect(simulator.received(lane).at(-1)?.toolResults).toHaveLength(2);
    await post(url, {
      model: 'hermes-x',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: `${call('a')}\n${call('b')}` },
        { role: 'tool', content: response('b') },
        { role: 'user', content: 'and a?' },
      ],
    });
    expect(violationsOf(lane)).toEqual(['messages[3]: tool call a has no result']);
  });

  it('renders calls as <tool_call> text after the text, with usage and the finish reason', async () => {
    const lane = 'hermes-reply';
    simulator.script(lane, [
      {
        type: 'tool_calls',
        text: 'sure',
        calls: [
          { name: 'a', arguments: { x: 1 } },
          { name: 'b', arguments: '{"raw": true}' },
        ],
        finish: 'length',
      },
      { type: 'tool_calls', calls: [{ name: 'c' }] },
    ]);
    const url = `${simulator.baseUrl('hermes', lane)}${HERMES}`;
    const body = { model: 'hermes-x', messages: [{ role: 'user', content: 'hi' }] };
    const content =
      'sure\n<tool_call>\n{"name": "a", "arguments": {"x":1}}\n</tool_call>\n<tool_call>\n{"name": "b", "arguments": {"raw": true}}\n</tool_call>';
    expect(JSON.parse((await post(url, body)).text)).toStrictEqual({
      id: 'chatcmpl-sim-1',
      object: 'chat.completion',
      created: 1_767_225_600,
      model: 'hermes-x',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'length' }],
      usage: { prompt_tokens: 10, completion_tokens: 47, total_tokens: 57 },
    });
    const second = JSON.parse((await post(url, body)).text);
    expect(second.choices).toStrictEqual([
      {
        index: 0,
        message: {
          role: 'assistant',
          content: '<tool_call>\n{"name": "c", "arguments": {}}\n</tool_call>',
        },
        finish_reason: 'stop',
      },
    ]);
    expect(second.usage).toStrictEqual({
      prompt_tokens: 20,
      completion_tokens: 24,
      total_tokens: 44,
    });
  });
});

describe('the hermes simulator, edge by edge', () => {
  const url = (lane: string) => `${simulator.baseUrl('hermes', lane)}/v1/chat/completions`;
  const call = (json: string) => `<tool_call>\n${json}\n</tool_call>`;
  const response = (json: string) => `<tool_response>\n${json}\n</tool_response>`;

  it('refuses a body that is no object, and one without messages', async () => {
    await post(url('hermes-edges-body'), [{ role: 'user', content: 'hi' }]);
    const [notObject] = simulator.received('hermes-edges-body');
    expect([
      notObject?.model,
      notObject?.tools,
      notObject?.toolResults,
      notObject?.violations,
    ]).toEqual([undefined, [], [], ['body must be a JSON object']]);
    await post(url('hermes-edges-body'), { model: 'hermes-x', messages: [] });
    expect(violationsOf('hermes-edges-body')).toEqual(['messages must be a non-empty array']);
  });

  it('reads tools from system turns only, the last non-empty block, skipping entries that are no tool', async () => {
    const lane = 'hermes-edges-tools';
    simulator.script(lane, [
      { type: 'text', text: 'ok' },
      { type: 'text', text: 'ok' },
      { type: 'text', text: 'ok' },
    ]);
    const ask = async (...messages: unknown[]) => {
      await post(url(lane), { model: 'hermes-x', messages });
      return simulator.received(lane).at(-1);
    };
    const first = await ask({ role: 'user', content: 'hi' });
    expect([first?.tools, first?.toolResults, first?.violations]).toEqual([[], [], []]);
    const second = await ask(
      {
        role: 'system',
        content:
          '<tools>\n[null, {"name": "a"}, 5, {"type": "function", "function": {"name": 5}}]\n</tools> and <tools></tools>',
      },
      { role: 'system', content: 'be brief' },
      { role: 'user', content: '<tools>[{"name": "from the user"}]</tools>' },
    );
    expect(second?.tools).toEqual(['a']);
    const third = await ask({ role: 'system', content: 'none: <tools></tools>' });
    expect([third?.tools, third?.violations]).toEqual([[], []]);
  });

  it('names a nameless call and a nameless response by an empty name, and checks user content only on user turns', async () => {
    const lane = 'hermes-edges-names';
    await post(url(lane), {
      model: 'hermes-x',
      messages: [
        { role: 5, content: 'x' },
        { role: 'system', content: 5 },
        { role: 'user', content: 5 },
        { role: 'assistant', content: 'nothing to call', tool_calls: [] },
        { role: 'assistant', content: call('{"arguments": {}}') },
        { role: 'tool', content: response('{"content": "x"}') },
        { role: 'assistant', content: call('{"name": "a", "arguments": {}}') },
        { role: 'system', content: response('{"name": "a", "content": "x"}') },
        { role: 'assistant', content: call('{"name": "b", "arguments": {}}') },
      ],
    });
    expect(violationsOf(lane)).toEqual([
      'messages[0]: must be { role, content }',
      'messages[2]: content must be a string or an array of parts',
      'messages[5]: <tool_response> must hold {"name", "content"}',
      'messages[7]: tool call a has no result',
      'end of messages: tool call b has no result',
    ]);
    expect(simulator.received(lane).at(-1)?.toolResults).toEqual([]);
    await post(url(lane), {
      model: 'hermes-x',
      messages: [
        { role: 'assistant', content: call('[1]') },
        { role: 'tool', content: response('{"content": "x"}') },
        { role: 'user', content: 'and?' },
      ],
    });
    expect(simulator.received(lane).at(-1)?.toolResults).toEqual([
      { id: '', name: '', block: response('{"content": "x"}') },
    ]);
    expect(violationsOf(lane)).toEqual([
      'messages[1]: <tool_response> must hold {"name", "content"}',
    ]);
  });
});

describe('the call ledger every wire shares (here on the openai wire)', () => {
  it('names a call without id, an id used twice, a result answering nothing, a second result and a call left unanswered', async () => {
    const lane = 'ledger-openai';
    const call = (id: string, name: string) => ({
      id,
      type: 'function',
      function: { name, arguments: '{}' },
    });
    await post(`${simulator.baseUrl('openai', lane)}/chat/completions`, {
      model: 'gpt-x',
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [call('c1', 'a'), call('c1', 'b'), call('', 'c')],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'one' },
        { role: 'tool', tool_call_id: 'c1', content: 'two' },
        { role: 'tool', tool_call_id: 'zz', content: 'three' },
      ],
    });
    expect(violationsOf(lane)).toEqual([
      'messages[1]: tool call id c1 used twice',
      'messages[1]: tool call c has no id',
      'messages[3]: tool call a (c1) has more than one result',
      'messages[4]: tool result for call id zz answers no call of the previous assistant turn',
      'end of messages: tool call b (c1) has no result',
      'end of messages: tool call c has no result',
    ]);
  });
});
