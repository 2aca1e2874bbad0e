import { describe, expect, it } from 'vitest';
import {
  type CrosswireWarning,
  createToolCall,
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCalls,
  TOOL_WIRES,
  type ToolCall,
  toolCallsFrom,
  UnknownWireFormatError,
  UnsupportedToolCallError,
  ValidationError,
  WIRE_FORMATS,
  type WireFormat,
} from './index.js';
import { expectGolden } from './test-support/golden.js';
import { sampleReplies, sampleTools } from './test-support/samples.js';

const collect = () => {
  const warnings: CrosswireWarning[] = [];
  return { warnings, onWarning: (warning: CrosswireWarning) => warnings.push(warning) };
};

describe('formatTools', () => {
  it.each(WIRE_FORMATS)('matches the golden tools payload of %s', (wire) => {
    const { onWarning } = collect();
    expectGolden(`format-tools-${wire}`, formatTools(wire, sampleTools, { onWarning }));
  });

  it.each(['openai', 'responses', 'anthropic', 'bedrock'] as const)(
    'matches the strict golden of %s',
    (wire) => {
      expectGolden(`format-tools-${wire}-strict`, formatTools(wire, sampleTools, { strict: true }));
    },
  );

  it('sends gemini parametersJsonSchema on request, without $schema', () => {
    expectGolden(
      'format-tools-gemini-parameters-json-schema',
      formatTools('gemini', sampleTools, { geminiSchemaField: 'parametersJsonSchema' }),
    );
  });

  it('sends hermes tools in the MCP shape on request', () => {
    expectGolden(
      'format-tools-hermes-mcp',
      formatTools('hermes', sampleTools, { hermesShape: 'mcp' }),
    );
  });

  it('gives the exact shape per wire for a minimal tool', () => {
    const tool = {
      name: 'echo',
      description: 'Echoes',
      inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } } },
    };
    const parameters = { type: 'object', properties: { text: { type: 'string' } } };
    expect(formatTools('openai', [tool])).toEqual([
      { type: 'function', function: { name: 'echo', description: 'Echoes', parameters } },
    ]);
    expect(formatTools('ollama', [tool])).toEqual([
      { type: 'function', function: { name: 'echo', description: 'Echoes', parameters } },
    ]);
    expect(formatTools('hermes', [tool])).toEqual([
      { type: 'function', function: { name: 'echo', description: 'Echoes', parameters } },
    ]);
    expect(formatTools('anthropic', [tool])).toEqual([
      { name: 'echo', description: 'Echoes', input_schema: parameters },
    ]);
    expect(formatTools('responses', [tool])).toEqual([
      { type: 'function', name: 'echo', description: 'Echoes', parameters, strict: false },
    ]);
    expect(formatTools('gemini', [tool])).toEqual([
      { functionDeclarations: [{ name: 'echo', description: 'Echoes', parameters }] },
    ]);
  });

  it('gives [] for no tools on every wire (gemini sends no empty declaration list)', () => {
    for (const wire of WIRE_FORMATS) expect(formatTools(wire, [])).toEqual([]);
  });

  it('fills in a missing inputSchema and a missing schema type', () => {
    expect(
      formatTools('anthropic', [{ name: 'a' }, { name: 'b', inputSchema: { properties: {} } }]),
    ).toEqual([
      { name: 'a', input_schema: { type: 'object', properties: {} } },
      { name: 'b', input_schema: { type: 'object', properties: {} } },
    ]);
  });

  it('does not share or change the caller schema', () => {
    const inputSchema = { type: 'object' as const, properties: { a: { type: 'string' } } };
    const [tool] = formatTools('openai', [{ name: 'a', inputSchema }]);
    (tool?.function.parameters.properties as Record<string, unknown>).b = 1;
    expect(inputSchema).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });

  it('refuses a non-object input schema, naming the field', () => {
    expect(() =>
      formatTools('openai', [{ name: 'ok' }, { name: 'bad', inputSchema: { type: 'string' } }]),
    ).toThrowError(
      "tools[1].inputSchema.type: must be 'object' (a tool takes an object of arguments)",
    );
    try {
      formatTools('openai', [{ name: '' }]);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).path).toBe('tools[0].name');
      expect((error as ValidationError).code).toBe('invalid_tool_definition');
      expect((error as ValidationError).message).toBe('tools[0].name: must be a non-empty string');
    }
    expect.assertions(5);
  });

  it('refuses a duplicate tool name', () => {
    try {
      formatTools('anthropic', [{ name: 'a' }, { name: 'b' }, { name: 'a' }]);
    } catch (error) {
      expect((error as ValidationError).code).toBe('duplicate_tool_name');
      expect((error as ValidationError).message).toBe("tools[2].name: duplicate tool name 'a'");
    }
    expect.assertions(2);
  });

  it('formats a name some wire refuses as it is, without a warning (the engine maps names, preflight refuses)', () => {
    const { warnings, onWarning } = collect();
    expect(formatTools('openai', [{ name: 'fs.read' }], { onWarning })).toEqual([
      {
        type: 'function',
        function: { name: 'fs.read', parameters: { type: 'object', properties: {} } },
      },
    ]);
    expect(warnings).toEqual([]);
  });

  it('warns once when the gemini clean-up drops a keyword that carries meaning', () => {
    const { warnings, onWarning } = collect();
    formatTools('gemini', sampleTools, { onWarning });
    expect(warnings).toEqual([
      {
        code: 'schema_keyword_dropped',
        message: "gemini takes no 'format' in a tool schema; dropped",
        details: { keywords: ['format'] },
      },
    ]);
  });

  it('throws UnknownWireFormatError for an unknown wire', () => {
    expect(() => formatTools('bogus' as WireFormat, [])).toThrowError(UnknownWireFormatError);
    expect(() => toolCallsFrom('bogus' as WireFormat, {})).toThrowError(
      "unknown wire format 'bogus' (known: openai, anthropic, gemini, ollama, responses, hermes, bedrock)",
    );
  });

  it('has one wire module per wire format', () => {
    expect(Object.keys(TOOL_WIRES).sort()).toEqual([...WIRE_FORMATS].sort());
  });
});

describe('locateToolCalls / toolCallsFrom', () => {
  it.each(WIRE_FORMATS)('matches the golden calls of a %s reply', (wire) => {
    const body = sampleReplies[wire];
    expectGolden(`tool-calls-${wire}`, {
      body,
      located: locateToolCalls(wire, body),
      calls: toolCallsFrom(wire, body),
    });
  });

  it('reads the calls of each wire in order with ids, names and arguments', () => {
    const summary = (wire: WireFormat) =>
      toolCallsFrom(wire, sampleReplies[wire]).map((call) => [
        call.id,
        call.name,
        call.arguments,
        call.argumentsError ?? null,
      ]);
    expect(summary('openai')).toEqual([
      ['call_1', 'get_weather', { city: 'Paris', unit: 'celsius' }, null],
      ['call_2', 'get_time', {}, null],
      ['call_3', 'get_weather', {}, 'arguments are not valid JSON: Unexpected end of JSON input'],
      [
        'call_5',
        'get_weather',
        {},
        'arguments are not valid JSON: expected a JSON object, got an array',
      ],
    ]);
    expect(summary('anthropic')).toEqual([
      ['toolu_1', 'get_weather', { city: 'Paris' }, null],
      ['toolu_2', 'get_time', { zone: 'UTC' }, null],
    ]);
    expect(summary('gemini')).toEqual([
      ['fc_1', 'get_weather', { city: 'Paris' }, null],
      ['', 'get_time', {}, null],
      ['', 'get_weather', { city: 'Rome' }, null],
    ]);
    expect(summary('ollama')).toEqual([
      ['call_x', 'get_weather', { city: 'Paris' }, null],
      ['', 'get_time', {}, null],
      [
        '',
        'get_weather',
        {},
        `arguments are not valid JSON: Unexpected token 'o', "not json" is not valid JSON`,
      ],
    ]);
    expect(summary('responses')).toEqual([
      ['call_a', 'get_weather', { city: 'Paris' }, null],
      ['call_b', 'get_time', {}, null],
      [
        'call_c',
        'get_weather',
        {},
        "arguments are not valid JSON: Expected property name or '}' in JSON at position 1",
      ],
    ]);
    expect(summary('bedrock')).toEqual([
      ['tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', 'get_weather', { city: 'Paris' }, null],
      ['tooluse_2', 'get_time', {}, null],
    ]);
    expect(summary('hermes')).toEqual([
      ['', 'get_weather', { city: 'Paris' }, null],
      ['', 'get_time', { zone: 'UTC' }, null],
      [
        '',
        'get_weather',
        {},
        'arguments are not valid JSON: Unterminated string in JSON at position 49',
      ],
    ]);
  });

  it('leaves out structures without a name, so located and extracted agree', () => {
    for (const wire of WIRE_FORMATS) {
      const located = locateToolCalls(wire, sampleReplies[wire]);
      expect(located.map((raw) => extractToolCall(wire, raw)?.raw)).toEqual(located);
    }
  });

  it('gives [] for bodies of the wrong shape', () => {
    const odd = [
      null,
      undefined,
      42,
      'text',
      [],
      {},
      { choices: 'x' },
      { choices: [null] },
      { message: [] },
      { content: 'x' },
      { candidates: [{ content: { parts: 'x' } }] },
      { output: {} },
    ];
    for (const wire of WIRE_FORMATS) {
      for (const body of odd) {
        if (wire === 'hermes' && body === 'text') continue;
        expect(locateToolCalls(wire, body)).toEqual([]);
        expect(toolCallsFrom(wire, body)).toEqual([]);
      }
    }
  });

  it('returns frozen calls whose arguments cannot be changed', () => {
    const [call] = toolCallsFrom('anthropic', sampleReplies.anthropic) as [ToolCall];
    expect(Object.isFrozen(call)).toBe(true);
    expect(Object.isFrozen(call.arguments)).toBe(true);
    expect(() => {
      (call as { name: string }).name = 'x';
    }).toThrowError(TypeError);
    // The arguments are a copy: the reply body stays the caller's.
    expect(call.arguments).not.toBe(sampleReplies.anthropic.content[2].input);
    expect(Object.isFrozen(sampleReplies.anthropic.content[2].input)).toBe(false);
  });

  it('refuses a Responses reply that asks the client for a non-function action', () => {
    const body = { output: [{ type: 'computer_call', call_id: 'c', action: {} }] };
    expect(() => locateToolCalls('responses', body)).toThrowError(UnsupportedToolCallError);
    expect(() => toolCallsFrom('responses', body)).toThrowError(
      "the reply contains a 'computer_call' output item (a computer-use action) that the client must answer, and only function calls are supported; refusing to end the turn as if the model were done",
    );
  });

  it('reads a Gemini bare functionCall as well as the part', () => {
    expect(extractToolCall('gemini', { name: 'f', args: { a: 1 }, id: 'x' })).toEqual({
      id: 'x',
      name: 'f',
      arguments: { a: 1 },
      rawArguments: { a: 1 },
      argumentsUndecodable: false,
      argumentsError: undefined,
      wire: 'gemini',
      raw: { name: 'f', args: { a: 1 }, id: 'x' },
    });
    expect(extractToolCall('gemini', { text: 'hello' })).toBeUndefined();
  });

  it('refuses a structure of another kind on each wire', () => {
    expect(extractToolCall('anthropic', { type: 'text', name: 'x' })).toBeUndefined();
    expect(extractToolCall('responses', { type: 'message', name: 'x' })).toBeUndefined();
    expect(extractToolCall('responses', { name: 'x', call_id: 'c' })?.name).toBe('x');
    expect(extractToolCall('openai', { name: 'x' })).toBeUndefined();
    expect(extractToolCall('ollama', { function: 'x' })).toBeUndefined();
    expect(extractToolCall('hermes', 'x')).toBeUndefined();
    expect(extractToolCall('hermes', { name: 'x', parameters: { a: 1 } })?.arguments).toEqual({
      a: 1,
    });
  });

  it('reads Hermes calls a server already lifted into tool_calls, then the text', () => {
    const body = {
      choices: [
        {
          message: {
            content: 'ok <tool_call>{"name": "b", "arguments": {}}</tool_call>',
            tool_calls: [
              { id: 'call_9', type: 'function', function: { name: 'a', arguments: '{"x":1}' } },
            ],
          },
        },
      ],
    };
    expect(
      toolCallsFrom('hermes', body).map((call) => [call.id, call.name, call.arguments]),
    ).toEqual([
      ['call_9', 'a', { x: 1 }],
      ['', 'b', {}],
    ]);
  });

  it('reads Hermes calls from a plain string, with a custom tag and the think filter off', () => {
    const text =
      '<think><fn>{"name": "a"}</fn></think><fn>{"name": "b", "arguments": {"k": 2}}</fn>';
    expect(toolCallsFrom('hermes', text, { callTag: 'fn' }).map((call) => call.name)).toEqual([
      'b',
    ]);
    expect(
      toolCallsFrom('hermes', text, { callTag: 'fn', thinkFilter: false }).map((call) => call.name),
    ).toEqual(['a', 'b']);
    expect(toolCallsFrom('hermes', text).map((call) => call.name)).toEqual([]);
  });
});

describe('formatToolCall', () => {
  const call = createToolCall({ id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' });
  const broken = createToolCall({ id: 'c2', name: 'get_weather', arguments: '{"city":' });

  it('gives the echo form per wire', () => {
    expect(formatToolCall('openai', call)).toEqual({
      id: 'c1',
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    });
    expect(formatToolCall('anthropic', call)).toEqual({
      type: 'tool_use',
      id: 'c1',
      name: 'get_weather',
      input: { city: 'Paris' },
    });
    expect(formatToolCall('gemini', call)).toEqual({
      functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'c1' },
      thoughtSignature: 'skip_thought_signature_validator',
    });
    expect(formatToolCall('ollama', call)).toEqual({
      function: { name: 'get_weather', arguments: { city: 'Paris' } },
      id: 'c1',
    });
    expect(formatToolCall('responses', call)).toEqual({
      type: 'function_call',
      call_id: 'c1',
      name: 'get_weather',
      arguments: '{"city":"Paris"}',
    });
    expect(formatToolCall('hermes', call)).toBe(
      '<tool_call>\n{"name":"get_weather","arguments":{"city":"Paris"}}\n</tool_call>',
    );
    expect(formatToolCall('hermes', call, { callTag: 'fn' })).toBe(
      '<fn>\n{"name":"get_weather","arguments":{"city":"Paris"}}\n</fn>',
    );
  });

  it('keeps what the model sent when the arguments did not decode', () => {
    expect(formatToolCall('openai', broken).function.arguments).toBe('{"city":');
    expect(formatToolCall('responses', broken).arguments).toBe('{"city":');
    expect(formatToolCall('anthropic', broken).input).toEqual({});
  });

  it('round-trips every located call of a reply through its echo form', () => {
    const [part] = locateToolCalls('gemini', sampleReplies.gemini);
    const geminiCall = extractToolCall('gemini', part) as ToolCall;
    expect(formatToolCall('gemini', geminiCall)).toEqual(part);
    const [item] = locateToolCalls('responses', sampleReplies.responses);
    expect(formatToolCall('responses', extractToolCall('responses', item) as ToolCall)).toEqual({
      type: 'function_call',
      call_id: 'call_a',
      name: 'get_weather',
      arguments: '{"city":"Paris"}',
      id: 'fc_1',
    });
    for (const wire of ['openai', 'anthropic'] as const) {
      const [raw] = locateToolCalls(wire, sampleReplies[wire]);
      expect(formatToolCall(wire, extractToolCall(wire, raw) as ToolCall)).toEqual(raw);
    }
  });
});
