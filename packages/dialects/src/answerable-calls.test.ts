import type { CrosswireWarning, WireFormat } from '@crosswire/core';
import { describe, expect, test } from 'vitest';
import { answerableCalls } from './answerable-calls.js';
import { parseResponse } from './dialect.js';
import type { DialectOptions } from './dialect-types.js';

// Every call echoed in the next request must get exactly one result: the calls of a reply
// that cannot be answered (no name, OpenAI `function: null`, a repeated id) are left out of
// the echo with one `tool_call_dropped` warning per turn; a call whose object arguments do not
// decode stays, echoed with `{}`. Reply bodies shaped as each provider sends them (see
// fixtures/wire/replies/); expected bodies written out by hand.

function run(wire: WireFormat, body: unknown, dialectOptions: DialectOptions = {}) {
  const warnings: CrosswireWarning[] = [];
  const reply = parseResponse(wire, body, dialectOptions);
  const result = answerableCalls(wire, reply, {
    dialectOptions,
    onWarning: (warning) => warnings.push(warning),
  });
  return { reply, result, warnings };
}

const dropped = (wire: WireFormat, names: string[]) => ({
  code: 'tool_call_dropped',
  message: `${wire}: ${names.length} tool call(s) of the reply cannot be answered and are left out of the conversation: ${names.join(', ')}`,
  details: { calls: names },
});

const idsAndNames = (calls: readonly { id: string; name: string }[]) =>
  calls.map((call) => `${call.name}:${call.id}`);

/** `levels` nested one-key objects around `{ leaf: true }`. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let level = 0; level < levels; level++) value = { inner: value };
  return value;
}

// --- OpenAI Chat Completions --------------------------------------------------------------

const openaiCall = (id: string, name: string, args: string) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

function openaiReply(toolCalls: unknown[]) {
  return {
    id: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT',
    object: 'chat.completion',
    created: 1741569952,
    model: 'gpt-4.1-2025-04-14',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          refusal: null,
          annotations: [],
          tool_calls: toolCalls,
        },
        logprobs: null,
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 96, completion_tokens: 64, total_tokens: 160 },
  };
}

describe('openai', () => {
  test('a call with `function: null` is left out of the echo with one warning', () => {
    const berlin = openaiCall('call_B0hcmH8l', 'get_weather', '{"city":"Berlin"}');
    const paris = openaiCall('call_Q2bUG7Nw', 'get_weather', '{"city":"Paris"}');
    const body = openaiReply([
      berlin,
      { id: 'call_nul0001', type: 'function', function: null },
      paris,
    ]);
    const { result, warnings } = run('openai', body);
    expect(result.raw).toEqual(openaiReply([berlin, paris]));
    expect(idsAndNames(result.toolCalls)).toEqual([
      'get_weather:call_B0hcmH8l',
      'get_weather:call_Q2bUG7Nw',
    ]);
    expect(warnings).toEqual([dropped('openai', ['(no name)'])]);
    // The reply as read is not changed.
    expect(body.choices[0]?.message.tool_calls).toHaveLength(3);
  });

  test('a repeated id: the first call of that id stays, the later one is left out', () => {
    const berlin = openaiCall('call_dup', 'get_weather', '{"city":"Berlin"}');
    const paris = openaiCall('call_dup', 'get_weather', '{"city":"Paris"}');
    const shot = openaiCall('call_xW0m', 'screenshot', '{"url":"https://example.com"}');
    const { result, warnings } = run('openai', openaiReply([berlin, paris, shot]));
    expect(result.raw).toEqual(openaiReply([berlin, shot]));
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:call_dup', 'screenshot:call_xW0m']);
    expect(result.toolCalls[0]?.arguments).toEqual({ city: 'Berlin' });
    expect(warnings).toEqual([dropped('openai', ['get_weather (call_dup, a repeated id)'])]);
  });

  test('a call repeated word for word keeps its first copy in the echo', () => {
    const call = () => openaiCall('call_same', 'get_weather', '{"city":"Berlin"}');
    const { result, warnings } = run('openai', openaiReply([call(), call()]));
    expect(result.raw).toEqual(openaiReply([call()]));
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:call_same']);
    expect(warnings).toEqual([dropped('openai', ['get_weather (call_same, a repeated id)'])]);
  });

  test('nameless and repeated calls of one turn give a single warning naming them all', () => {
    const first = openaiCall('call_a', 'get_weather', '{"city":"Berlin"}');
    const again = openaiCall('call_a', 'screenshot', '{"url":"https://example.com"}');
    const third = openaiCall('call_a', 'get_weather', '{"city":"Rome"}');
    const body = openaiReply([
      first,
      { id: 'call_b', type: 'function', function: null },
      again,
      { id: 'call_c', type: 'function', function: { name: '', arguments: '{}' } },
      third,
    ]);
    const { result, warnings } = run('openai', body);
    expect(result.raw).toEqual(openaiReply([first]));
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:call_a']);
    expect(warnings).toEqual([
      dropped('openai', [
        '(no name)',
        '(no name)',
        'screenshot (call_a, a repeated id)',
        'get_weather (call_a, a repeated id)',
      ]),
    ]);
  });

  test('arguments that are not JSON stay as they are: the echo shows the model what it sent', () => {
    const body = openaiReply([openaiCall('call_bad', 'get_weather', '{"city": "Berl')]);
    const { reply, result, warnings } = run('openai', body);
    expect(result).toBe(reply);
    expect(result.toolCalls[0]?.argumentsUndecodable).toBe(true);
    expect(warnings).toEqual([]);
  });

  test('calls without ids are not repeats of each other', () => {
    const body = openaiReply([
      openaiCall('', 'get_weather', '{"city":"Berlin"}'),
      openaiCall('', 'get_weather', '{"city":"Paris"}'),
    ]);
    const { reply, result, warnings } = run('openai', body);
    expect(result).toBe(reply);
    expect(result.toolCalls).toHaveLength(2);
    expect(warnings).toEqual([]);
  });

  test('the warning goes to the dialect options handler when no other is given', () => {
    const warnings: CrosswireWarning[] = [];
    const dialectOptions: DialectOptions = { onWarning: (warning) => warnings.push(warning) };
    const body = openaiReply([
      openaiCall('call_1', 'get_weather', '{}'),
      openaiCall('call_1', 'get_weather', '{}'),
    ]);
    answerableCalls('openai', parseResponse('openai', body), { dialectOptions });
    expect(warnings).toEqual([dropped('openai', ['get_weather (call_1, a repeated id)'])]);
  });

  test('a handler given beside the dialect options is the one told', () => {
    const told: string[] = [];
    const dialectOptions: DialectOptions = { onWarning: () => told.push('dialect') };
    const body = openaiReply([{ id: 'call_1', type: 'function', function: null }]);
    answerableCalls('openai', parseResponse('openai', body), {
      dialectOptions,
      onWarning: () => told.push('given'),
    });
    expect(told).toEqual(['given']);
  });
});

// --- Anthropic Messages -------------------------------------------------------------------

function anthropicReply(content: unknown[], extra: Record<string, unknown> = {}) {
  return {
    id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    content,
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 412, output_tokens: 88 },
    ...extra,
  };
}

const text = { type: 'text', text: 'Checking both cities.' };
const toolUse = (id: string, name: string, input: unknown) => ({
  type: 'tool_use',
  id,
  name,
  input,
});

describe('anthropic', () => {
  test('a tool_use without a name and a repeated id are left out, the text stays', () => {
    const berlin = toolUse('toolu_01Berlin', 'get_weather', { city: 'Berlin' });
    const body = anthropicReply([
      text,
      berlin,
      { type: 'tool_use', id: 'toolu_01Nameless', input: {} },
      toolUse('toolu_01Berlin', 'get_weather', { city: 'Paris' }),
    ]);
    const { result, warnings } = run('anthropic', body);
    expect(result.raw).toEqual(anthropicReply([text, berlin]));
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:toolu_01Berlin']);
    expect(warnings).toEqual([
      dropped('anthropic', ['(no name)', 'get_weather (toolu_01Berlin, a repeated id)']),
    ]);
  });

  test('an input that is an array stays as a call, echoed with `{}` as its input', () => {
    const body = anthropicReply([
      text,
      toolUse('toolu_01List', 'get_weather', ['Berlin', 'Paris']),
      toolUse('toolu_01Fine', 'get_weather', { city: 'Rome' }),
    ]);
    const { result, warnings } = run('anthropic', body);
    expect(result.raw).toEqual(
      anthropicReply([
        text,
        toolUse('toolu_01List', 'get_weather', {}),
        toolUse('toolu_01Fine', 'get_weather', { city: 'Rome' }),
      ]),
    );
    expect(idsAndNames(result.toolCalls)).toEqual([
      'get_weather:toolu_01List',
      'get_weather:toolu_01Fine',
    ]);
    expect(result.toolCalls[0]?.argumentsUndecodable).toBe(true);
    expect(result.toolCalls[0]?.rawArguments).toEqual(['Berlin', 'Paris']);
    expect(warnings).toEqual([]);
    // The reply as read keeps its input.
    expect(body.content[1]).toEqual(toolUse('toolu_01List', 'get_weather', ['Berlin', 'Paris']));
  });

  test('a reply with nothing to leave out is returned as it is', () => {
    const body = anthropicReply([
      text,
      toolUse('toolu_01Berlin', 'get_weather', { city: 'Berlin' }),
      toolUse('toolu_01Paris', 'get_weather', { city: 'Paris' }),
    ]);
    const { reply, result, warnings } = run('anthropic', body);
    expect(result).toBe(reply);
    expect(result.raw).toBe(body);
    expect(warnings).toEqual([]);
  });

  test('the copy keeps every key in the order the provider sent it', () => {
    const weather = toolUse('toolu_01Berlin', 'get_weather', { city: 'Berlin', unit: 'celsius' });
    const body = anthropicReply([text, weather, { type: 'tool_use', id: 'toolu_01X', input: {} }]);
    const { result } = run('anthropic', body);
    expect(JSON.stringify(result.raw)).toBe(
      '{"id":"msg_01XFDUDYJgAACzvnptvVoYEL","type":"message","role":"assistant",' +
        '"model":"claude-sonnet-4-5-20250929","content":[' +
        '{"type":"text","text":"Checking both cities."},' +
        '{"type":"tool_use","id":"toolu_01Berlin","name":"get_weather",' +
        '"input":{"city":"Berlin","unit":"celsius"}}],' +
        '"stop_reason":"tool_use","stop_sequence":null,' +
        '"usage":{"input_tokens":412,"output_tokens":88}}',
    );
  });

  test('the copy is a plain object that can be changed like any decoded JSON', () => {
    const body = anthropicReply([text, { type: 'tool_use', id: 'toolu_01X', input: {} }]);
    const { result } = run('anthropic', body);
    const raw = result.raw as Record<string, unknown>;
    raw.stop_reason = 'end_turn';
    delete raw.stop_sequence;
    expect(raw).toEqual({
      ...anthropicReply([text]),
      stop_reason: 'end_turn',
      stop_sequence: undefined,
    });
    expect(Object.keys(raw)).not.toContain('stop_sequence');
    expect(body.stop_reason).toBe('tool_use');
  });

  test('a "__proto__" key of the reply stays a plain key of the copy', () => {
    const body = JSON.parse(
      JSON.stringify(
        anthropicReply([text, { type: 'tool_use', id: 'toolu_01X', input: {} }], {
          metadata: { user_id: 'u-1' },
        }),
      ).replace('"user_id"', '"__proto__"'),
    );
    const { result } = run('anthropic', body);
    const metadata = (result.raw as { metadata: object }).metadata;
    expect(Object.keys(metadata)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(metadata)).toBe(Object.prototype);
    expect(JSON.stringify(result.raw)).toBe(
      JSON.stringify(anthropicReply([text], { metadata: { user_id: 'u-1' } })).replace(
        '"user_id"',
        '"__proto__"',
      ),
    );
  });

  test('a reply nested deeper than the call stack allows is copied without overflowing', () => {
    const levels = 50_000;
    const container = nested(levels);
    const body = anthropicReply([text, { type: 'tool_use', id: 'toolu_01X', input: {} }], {
      container,
    });
    const { result } = run('anthropic', body);
    const raw = result.raw as { content: unknown[]; container: Record<string, unknown> };
    expect(raw.content).toEqual([text]);
    let value = raw.container;
    let depth = 0;
    while (value.inner !== undefined) {
      value = value.inner as Record<string, unknown>;
      depth++;
    }
    expect(depth).toBe(levels);
    expect(value).toEqual({ leaf: true });
    expect(raw.container === container).toBe(false);
  });
});

// --- OpenAI Responses ---------------------------------------------------------------------

function responsesReply(output: unknown[]) {
  return {
    id: 'resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b',
    object: 'response',
    created_at: 1741476542,
    status: 'completed',
    error: null,
    incomplete_details: null,
    model: 'gpt-4.1-2025-04-14',
    output,
    parallel_tool_calls: true,
    usage: { input_tokens: 36, output_tokens: 87, total_tokens: 123 },
  };
}

const functionCall = (id: string, callId: string, name: string, args: unknown) => ({
  type: 'function_call',
  id,
  call_id: callId,
  name,
  arguments: args,
  status: 'completed',
});

describe('responses', () => {
  test('a function_call without a name and a repeated call_id are left out', () => {
    const berlin = functionCall('fc_berlin01', 'call_berlin01', 'get_weather', '{"city":"Berlin"}');
    const shot = functionCall(
      'fc_shot0003',
      'call_shot0003',
      'screenshot',
      '{"url":"https://a.b"}',
    );
    const body = responsesReply([
      berlin,
      { type: 'function_call', id: 'fc_nameless', call_id: 'call_nameless', arguments: '{}' },
      functionCall('fc_paris002', 'call_berlin01', 'get_weather', '{"city":"Paris"}'),
      shot,
    ]);
    const { result, warnings } = run('responses', body);
    expect(result.raw).toEqual(responsesReply([berlin, shot]));
    expect(idsAndNames(result.toolCalls)).toEqual([
      'get_weather:call_berlin01',
      'screenshot:call_shot0003',
    ]);
    expect(warnings).toEqual([
      dropped('responses', ['(no name)', 'get_weather (call_berlin01, a repeated id)']),
    ]);
  });

  test('arguments sent as an array stay as a call, echoed as `{}`', () => {
    const body = responsesReply([functionCall('fc_list', 'call_list', 'get_weather', ['Berlin'])]);
    const { result, warnings } = run('responses', body);
    expect(result.raw).toEqual(
      responsesReply([functionCall('fc_list', 'call_list', 'get_weather', {})]),
    );
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:call_list']);
    expect(warnings).toEqual([]);
  });
});

// --- Gemini -------------------------------------------------------------------------------

function geminiReply(parts: unknown[]) {
  return {
    candidates: [{ content: { parts, role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 60, candidatesTokenCount: 40, totalTokenCount: 100 },
    modelVersion: 'gemini-3-pro-preview',
    responseId: 'kT1vaL6XLIGOz7IP2Nev4Ao',
  };
}

describe('gemini', () => {
  test('a functionCall without a name and a repeated id are left out, the signature stays', () => {
    const berlin = {
      functionCall: { id: 'fc-1', name: 'get_weather', args: { city: 'Berlin' } },
      thoughtSignature: 'CiQB0e2KLXBhcmFsbGVsLXNpZ25hdHVyZQ==',
    };
    const body = geminiReply([
      berlin,
      { functionCall: { id: 'fc-2', args: { city: 'Oslo' } } },
      { functionCall: { id: 'fc-1', name: 'get_weather', args: { city: 'Paris' } } },
    ]);
    const { result, warnings } = run('gemini', body);
    expect(result.raw).toEqual(geminiReply([berlin]));
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:fc-1']);
    expect(warnings).toEqual([
      dropped('gemini', ['(no name)', 'get_weather (fc-1, a repeated id)']),
    ]);
  });

  test('args nested too deep stay as a call, echoed as `{}`', () => {
    const body = geminiReply([
      { functionCall: { name: 'store', args: nested(300) } },
      { functionCall: { name: 'get_weather', args: { city: 'Rome' } } },
    ]);
    const { result, warnings } = run('gemini', body);
    expect(result.raw).toEqual(
      geminiReply([
        { functionCall: { name: 'store', args: {} } },
        { functionCall: { name: 'get_weather', args: { city: 'Rome' } } },
      ]),
    );
    expect(result.toolCalls.map((call) => call.name)).toEqual(['store', 'get_weather']);
    expect(result.toolCalls[0]?.argumentsError).toBe(
      'arguments are not valid JSON: nested deeper than 256 levels',
    );
    expect(warnings).toEqual([]);
  });

  test('parallel calls without ids are all answerable: the reply is returned as it is', () => {
    const body = geminiReply([
      { functionCall: { name: 'get_weather', args: { city: 'Berlin' } } },
      { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
    ]);
    const { reply, result, warnings } = run('gemini', body);
    expect(result).toBe(reply);
    expect(warnings).toEqual([]);
  });
});

// --- Ollama -------------------------------------------------------------------------------

function ollamaReply(toolCalls: unknown[]) {
  return {
    model: 'qwen3:8b',
    created_at: '2025-09-03T10:21:47.123456Z',
    message: { role: 'assistant', content: '', tool_calls: toolCalls },
    done_reason: 'stop',
    done: true,
    prompt_eval_count: 180,
    eval_count: 60,
  };
}

describe('ollama', () => {
  test('a call without a name and a repeated id are left out', () => {
    const berlin = {
      id: 'call_o1',
      function: { index: 0, name: 'get_weather', arguments: { city: 'Berlin' } },
    };
    const body = ollamaReply([
      berlin,
      { id: 'call_o2', function: { index: 1, arguments: { city: 'Oslo' } } },
      { id: 'call_o1', function: { index: 2, name: 'screenshot', arguments: {} } },
    ]);
    const { result, warnings } = run('ollama', body);
    expect(result.raw).toEqual(ollamaReply([berlin]));
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:call_o1']);
    expect(warnings).toEqual([
      dropped('ollama', ['(no name)', 'screenshot (call_o1, a repeated id)']),
    ]);
  });

  test('arguments sent as an array stay as a call, echoed as `{}`', () => {
    const body = ollamaReply([
      { function: { index: 0, name: 'get_weather', arguments: ['Berlin'] } },
    ]);
    const { result, warnings } = run('ollama', body);
    expect(result.raw).toEqual(
      ollamaReply([{ function: { index: 0, name: 'get_weather', arguments: {} } }]),
    );
    expect(result.toolCalls).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});

// --- Hermes -------------------------------------------------------------------------------

function hermesReply(message: Record<string, unknown>) {
  return {
    id: 'chatcmpl-9f3c2a1b7d',
    object: 'chat.completion',
    created: 1741571000,
    model: 'NousResearch/Hermes-3-Llama-3.1-8B',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 310, completion_tokens: 90, total_tokens: 400 },
  };
}

const block = (call: Record<string, unknown>, tag = 'tool_call') =>
  `<${tag}>\n${JSON.stringify(call)}\n</${tag}>`;

describe('hermes', () => {
  test('a repeated id among the <tool_call> blocks: the later block is left out of the text', () => {
    const berlin = block({ id: 'h1', name: 'get_weather', arguments: { city: 'Berlin' } });
    const paris = block({ id: 'h1', name: 'get_weather', arguments: { city: 'Paris' } });
    const body = hermesReply({ content: `I'll look that up.\n${berlin}\n${paris}` });
    const { result, warnings } = run('hermes', body);
    expect(result.raw).toEqual(hermesReply({ content: `I'll look that up.\n${berlin}` }));
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:h1']);
    expect(result.toolCalls[0]?.arguments).toEqual({ city: 'Berlin' });
    expect(warnings).toEqual([dropped('hermes', ['get_weather (h1, a repeated id)'])]);
  });

  test('a block repeated word for word keeps its first copy in the text', () => {
    const berlin = block({ id: 'h1', name: 'get_weather', arguments: { city: 'Berlin' } });
    const body = hermesReply({ content: `Looking.\n${berlin}\nAgain:\n${berlin}` });
    const { result, warnings } = run('hermes', body);
    expect(result.raw).toEqual(hermesReply({ content: `Looking.\n${berlin}\nAgain:` }));
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:h1']);
    expect(warnings).toEqual([dropped('hermes', ['get_weather (h1, a repeated id)'])]);
  });

  test('three copies of one block: the first stays, both later ones go', () => {
    const berlin = block({ id: 'h1', name: 'get_weather', arguments: { city: 'Berlin' } });
    const body = hermesReply({ content: `${berlin} ${berlin} ${berlin}` });
    const { result } = run('hermes', body);
    expect(result.raw).toEqual(hermesReply({ content: berlin }));
  });

  test('the blocks are found under the configured call tag', () => {
    const berlin = block({ id: 'h1', name: 'get_weather', arguments: { city: 'Berlin' } }, 'fn');
    const paris = block({ id: 'h1', name: 'get_weather', arguments: { city: 'Paris' } }, 'fn');
    const body = hermesReply({ content: `${berlin}\n${paris}` });
    const { result, warnings } = run('hermes', body, { hermes: { callTag: 'fn' } });
    expect(result.raw).toEqual(hermesReply({ content: berlin }));
    expect(warnings).toEqual([dropped('hermes', ['get_weather (h1, a repeated id)'])]);
  });

  test('a native tool call with a repeated id is left out of tool_calls', () => {
    const native = (id: string, city: string) => ({
      id,
      type: 'function',
      function: { name: 'get_weather', arguments: JSON.stringify({ city }) },
    });
    const body = hermesReply({
      content: '',
      tool_calls: [native('chatcmpl-tool-1', 'Berlin'), native('chatcmpl-tool-1', 'Paris')],
    });
    const { result, warnings } = run('hermes', body);
    expect(result.raw).toEqual(
      hermesReply({ content: '', tool_calls: [native('chatcmpl-tool-1', 'Berlin')] }),
    );
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:chatcmpl-tool-1']);
    expect(warnings).toEqual([dropped('hermes', ['get_weather (chatcmpl-tool-1, a repeated id)'])]);
  });

  test('native tool calls without a name are left out of tool_calls with one warning', () => {
    const berlin = {
      id: 'chatcmpl-tool-1',
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city": "Berlin"}' },
    };
    const body = hermesReply({
      content: '',
      tool_calls: [
        berlin,
        { id: 'chatcmpl-tool-2', type: 'function', function: null },
        { id: 'chatcmpl-tool-3', type: 'function', function: { name: '', arguments: '{}' } },
      ],
    });
    const { result, warnings } = run('hermes', body);
    expect(result.raw).toEqual(hermesReply({ content: '', tool_calls: [berlin] }));
    expect(idsAndNames(result.toolCalls)).toEqual(['get_weather:chatcmpl-tool-1']);
    expect(warnings).toEqual([dropped('hermes', ['(no name)', '(no name)'])]);
  });

  test('native arguments sent as an array stay as a call, echoed as `{}`', () => {
    const body = hermesReply({
      content: '',
      tool_calls: [
        { id: 'chatcmpl-tool-1', type: 'function', function: { name: 'f', arguments: [1, 2] } },
      ],
    });
    const { result, warnings } = run('hermes', body);
    expect(result.raw).toEqual(
      hermesReply({
        content: '',
        tool_calls: [
          { id: 'chatcmpl-tool-1', type: 'function', function: { name: 'f', arguments: {} } },
        ],
      }),
    );
    expect(result.toolCalls).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  test('blocks without ids are all answerable: the reply is returned as it is', () => {
    const body = hermesReply({
      content: `${block({ name: 'get_weather', arguments: { city: 'Berlin' } })}\n${block({ name: 'get_weather', arguments: { city: 'Paris' } })}`,
    });
    const { reply, result, warnings } = run('hermes', body);
    expect(result).toBe(reply);
    expect(result.toolCalls).toHaveLength(2);
    expect(warnings).toEqual([]);
  });
});
