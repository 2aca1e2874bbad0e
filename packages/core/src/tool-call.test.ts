import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createToolCall,
  decodeToolArguments,
  extractToolCall,
  formatToolCall,
  locateToolCallItems,
  locateToolCalls,
  MAX_TOOL_ARGUMENTS_DEPTH,
  nestsDeeperThan,
  requireToolArguments,
  ToolArgumentsError,
  toolCallsFrom,
  ValidationError,
  WIRE_FORMATS,
  type WireFormat,
} from './index.js';

describe('decodeToolArguments', () => {
  it.each([
    [undefined, {}],
    [null, {}],
    ['', {}],
    ['  \n', {}],
    ['{}', {}],
    ['{"a":1,"b":{"c":[true]}}', { a: 1, b: { c: [true] } }],
    [{ a: 'x' }, { a: 'x' }],
  ])('%j decodes to %j', (raw, expected) => {
    expect(decodeToolArguments(raw)).toEqual({
      arguments: expected,
      undecodable: false,
      error: undefined,
    });
  });

  it.each([
    ['{"a":', 'arguments are not valid JSON: Unexpected end of JSON input'],
    ['[1,2]', 'arguments are not valid JSON: expected a JSON object, got an array'],
    ['42', 'arguments are not valid JSON: expected a JSON object, got a number'],
    ['"text"', 'arguments are not valid JSON: expected a JSON object, got a string'],
    ['null', 'arguments are not valid JSON: expected a JSON object, got null'],
    [[1], 'arguments are not valid JSON: expected a JSON object, got an array'],
    [7, 'arguments are not valid JSON: expected a JSON object, got a number'],
    [true, 'arguments are not valid JSON: expected a JSON object, got a boolean'],
  ])('%j is undecodable: %s', (raw, error) => {
    expect(decodeToolArguments(raw)).toEqual({ arguments: {}, undecodable: true, error });
  });

  it('keeps a "__proto__" key as a plain key, never as a prototype', () => {
    const { arguments: decoded } = decodeToolArguments('{"__proto__":{"polluted":true},"a":1}');
    expect(Object.keys(decoded)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect((decoded as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('copies and deep-freezes an object', () => {
    const raw = { a: { b: [1] } };
    const { arguments: decoded } = decodeToolArguments(raw);
    expect(decoded).toEqual(raw);
    expect(decoded).not.toBe(raw);
    expect(Object.isFrozen(decoded)).toBe(true);
    expect(Object.isFrozen(decoded.a)).toBe(true);
    expect(Object.isFrozen(raw)).toBe(false);
  });

  it('decodes any JSON object, whether given as object or as JSON text (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const expected = JSON.parse(JSON.stringify(object));
        expect(decodeToolArguments(JSON.stringify(object)).arguments).toEqual(expected);
        expect(decodeToolArguments(expected).arguments).toEqual(expected);
      }),
    );
  });

  it('never throws, and flags exactly the non-object values (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue()), (raw) => {
        const decoded = decodeToolArguments(raw);
        expect(decoded.undecodable).toBe(decoded.error !== undefined);
        if (decoded.undecodable) expect(decoded.error).toMatch(/^arguments are not valid JSON: ./);
      }),
    );
  });
});

describe('createToolCall / requireToolArguments', () => {
  it('builds a frozen call with defaults', () => {
    const call = createToolCall({ name: 'f', arguments: '{"x":1}' });
    expect(call).toEqual({
      id: '',
      name: 'f',
      arguments: { x: 1 },
      rawArguments: '{"x":1}',
      argumentsUndecodable: false,
      argumentsError: undefined,
      wire: 'openai',
      raw: undefined,
    });
    expect(Object.isFrozen(call)).toBe(true);
    expect(
      createToolCall({
        name: 'g',
        id: 'toolu_1',
        arguments: { y: 2 },
        wire: 'anthropic',
        raw: 'r',
      }),
    ).toEqual({
      id: 'toolu_1',
      name: 'g',
      arguments: { y: 2 },
      rawArguments: { y: 2 },
      argumentsUndecodable: false,
      argumentsError: undefined,
      wire: 'anthropic',
      raw: 'r',
    });
  });

  it('refuses an empty name', () => {
    expect(() => createToolCall({ name: '' })).toThrowError(ValidationError);
    expect(() => createToolCall({ name: '' })).toThrowError('a tool call needs a non-empty name');
  });

  it('requireToolArguments returns the arguments or throws ToolArgumentsError', () => {
    expect(requireToolArguments(createToolCall({ name: 'f', arguments: '{"a":1}' }))).toEqual({
      a: 1,
    });
    const broken = createToolCall({ name: 'f', id: 'c9', arguments: '{' });
    try {
      requireToolArguments(broken);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ToolArgumentsError);
      const typed = error as ToolArgumentsError;
      expect([typed.code, typed.message, typed.toolName, typed.callId]).toEqual([
        'invalid_tool_arguments',
        "arguments are not valid JSON: Expected property name or '}' in JSON at position 1",
        'f',
        'c9',
      ]);
    }
  });
});

/** A reply body of `wire` holding `calls` (name and arguments), in that wire's spelling. */
function replyWith(
  wire: WireFormat,
  calls: { name: string; args: Record<string, unknown>; noise: boolean }[],
): unknown {
  switch (wire) {
    case 'openai':
      return {
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              tool_calls: calls.map((call, index) => ({
                id: `call_${index}`,
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.args) },
              })),
            },
          },
        ],
      };
    case 'anthropic':
      return {
        content: calls.flatMap((call, index) => [
          ...(call.noise ? [{ type: 'text', text: '<tool_call>{"name":"fake"}</tool_call>' }] : []),
          { type: 'tool_use', id: `toolu_${index}`, name: call.name, input: call.args },
        ]),
      };
    case 'gemini':
      return {
        candidates: [
          {
            content: {
              parts: calls.flatMap((call) => [
                ...(call.noise ? [{ text: 'x', thought: true }] : []),
                { functionCall: { name: call.name, args: call.args } },
              ]),
            },
          },
        ],
      };
    case 'ollama':
      return {
        message: {
          content: '',
          tool_calls: calls.map((call) => ({
            function: { name: call.name, arguments: call.args },
          })),
        },
      };
    case 'responses':
      return {
        output: calls.flatMap((call, index) => [
          ...(call.noise ? [{ type: 'reasoning', id: `rs_${index}`, summary: [] }] : []),
          {
            type: 'function_call',
            call_id: `call_${index}`,
            name: call.name,
            arguments: JSON.stringify(call.args),
          },
        ]),
      };
    case 'bedrock':
      return {
        output: {
          message: {
            role: 'assistant',
            content: calls.flatMap((call, index) => [
              ...(call.noise ? [{ reasoningContent: { reasoningText: { text: 'x' } } }] : []),
              { toolUse: { toolUseId: `tooluse_${index}`, name: call.name, input: call.args } },
            ]),
          },
        },
      };
    case 'hermes':
      return {
        choices: [
          {
            message: {
              content: calls
                .map(
                  (call) =>
                    `${call.noise ? '<think><tool_call>{"name":"ignored"}</tool_call></think>' : ''}text <tool_call>\n${JSON.stringify({ name: call.name, arguments: call.args })}\n</tool_call>`,
                )
                .join('\n'),
            },
          },
        ],
      };
  }
}

describe('tool-call extraction never loses a named call (property)', () => {
  const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,30}$/);
  // Values that mention the Hermes tags must not cut a call short.
  const tricky = fc.constantFrom('</tool_call>', '<tool_call>', 'a </tool_call> b');
  // Round-tripped through JSON so -0 (which JSON spells 0) cannot differ between wires.
  const value = fc
    .oneof(fc.jsonValue({ maxDepth: 2 }), tricky)
    .map((json) => JSON.parse(JSON.stringify(json)) as unknown);
  const args = fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 4 });
  const calls = fc.array(fc.record({ name, args, noise: fc.boolean() }), { maxLength: 6 });

  it.each(WIRE_FORMATS)('%s: N named calls in, the same N calls out, in order', (wire) => {
    fc.assert(
      fc.property(calls, (generated) => {
        const extracted = toolCallsFrom(wire, replyWith(wire, generated));
        expect(extracted.map((call) => call.name)).toEqual(generated.map((call) => call.name));
        expect(extracted.map((call) => call.arguments)).toEqual(
          generated.map((call) => JSON.parse(JSON.stringify(call.args))),
        );
        expect(extracted.every((call) => !call.argumentsUndecodable && call.wire === wire)).toBe(
          true,
        );
      }),
      { numRuns: 60 },
    );
  });

  it.each(WIRE_FORMATS)('%s: the echo of each call reads back as the same call', (wire) => {
    fc.assert(
      fc.property(calls, (generated) => {
        for (const call of toolCallsFrom(wire, replyWith(wire, generated))) {
          const echoed = formatToolCall(wire, call);
          const body = replyWithRaw(wire, echoed);
          const [again] = toolCallsFrom(wire, body);
          expect([again?.id, again?.name, again?.arguments]).toEqual([
            call.id,
            call.name,
            call.arguments,
          ]);
        }
      }),
      { numRuns: 30 },
    );
  });
});

/** A body holding one already-formatted call. */
function replyWithRaw(wire: WireFormat, raw: unknown): unknown {
  switch (wire) {
    case 'openai':
      return { choices: [{ message: { tool_calls: [raw] } }] };
    case 'anthropic':
      return { content: [raw] };
    case 'gemini':
      return { candidates: [{ content: { parts: [raw] } }] };
    case 'ollama':
      return { message: { tool_calls: [raw] } };
    case 'responses':
      return { output: [raw] };
    case 'hermes':
      return raw;
    case 'bedrock':
      return { output: { message: { content: [raw] } } };
  }
}

describe('a tool call destructures as the seeds pair', () => {
  it('gives [name, arguments] and still equals the plain call', () => {
    const call = extractToolCall('openai', {
      id: 'call_1',
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    });
    if (!call) throw new Error('expected a call');
    const [name, args] = call;
    expect([name, args]).toEqual(['get_weather', { city: 'Paris' }]);
    expect(Object.keys(call)).not.toContain(Symbol.iterator.toString());
    expect(JSON.parse(JSON.stringify(call)).name).toBe('get_weather');
    const [createdName, createdArgs] = createToolCall({ name: 'n', arguments: '{"a":1}' });
    expect([createdName, createdArgs]).toEqual(['n', { a: 1 }]);
  });
});

describe('deeply nested arguments', () => {
  const nested = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('decodes arguments 256 levels deep and refuses 257 levels (no RangeError at any depth)', () => {
    expect(MAX_TOOL_ARGUMENTS_DEPTH).toBe(256);
    expect(decodeToolArguments(nested(256)).undecodable).toBe(false);
    expect(decodeToolArguments(nested(257))).toEqual({
      arguments: {},
      undecodable: true,
      error: 'arguments are not valid JSON: nested deeper than 256 levels',
    });
    expect(decodeToolArguments(nested(100_000)).error).toBe(
      'arguments are not valid JSON: nested deeper than 256 levels',
    );
    let deep: unknown = [];
    for (let level = 0; level < 100_000; level++) deep = { a: [deep] };
    expect(decodeToolArguments(deep).undecodable).toBe(true);
  });

  it('measures nesting without recursion, cycles included', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: [{}] }, 2)).toBe(true);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(nestsDeeperThan(cycle, 10)).toBe(true);
  });
});

describe('locateToolCallItems', () => {
  it('keeps the nameless structures locateToolCalls leaves out, as the body holds them', () => {
    const named = { id: 'a', type: 'function', function: { name: 'echo', arguments: '{}' } };
    const nullFunction = { id: 'b', type: 'function', function: null };
    const body = { choices: [{ message: { tool_calls: [named, nullFunction] } }] };
    expect(locateToolCalls('openai', body)).toEqual([named]);
    const items = locateToolCallItems('openai', body);
    expect(items).toEqual([named, nullFunction]);
    expect(items[1]).toBe(nullFunction);
  });
});
