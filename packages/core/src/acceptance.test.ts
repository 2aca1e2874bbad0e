// Acceptance tests written from the spec only (seed 003, seed 000's carries_native /
// native_needs_vision, spec/README.md's name table and issue 3), the way a reader of those
// texts would call the public API.
import {
  CrosswireError,
  carriesNative,
  formatTools,
  locateToolCalls,
  nativeNeedsVision,
  toolCallsFrom,
  WIRE_FORMATS,
  type WireFormat,
} from '@crosswire/core';
import { describe, expect, it } from 'vitest';

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};

describe('wire facts (seed 000)', () => {
  it('WIRE_FORMATS lists the seven dialects', () => {
    expect([...WIRE_FORMATS].sort()).toEqual(
      ['anthropic', 'bedrock', 'gemini', 'hermes', 'ollama', 'openai', 'responses'].sort(),
    );
  });

  it('carriesNative: anthropic, responses, gemini and bedrock for both kinds; false elsewhere', () => {
    const table = Object.fromEntries(
      WIRE_FORMATS.map((wire) => [
        wire,
        { image: carriesNative(wire, 'image'), pdf: carriesNative(wire, 'pdf') },
      ]),
    );
    expect(table).toEqual({
      openai: { image: false, pdf: false },
      anthropic: { image: true, pdf: true },
      gemini: { image: true, pdf: true },
      ollama: { image: false, pdf: false },
      responses: { image: true, pdf: true },
      hermes: { image: false, pdf: false },
      bedrock: { image: true, pdf: true },
    });
  });

  it('carriesNative examples from the seed', () => {
    expect(carriesNative('gemini', 'image')).toBe(true);
    expect(carriesNative('openai', 'pdf')).toBe(false);
  });

  it('nativeNeedsVision: images everywhere they ride, PDF on responses and gemini, not anthropic or bedrock', () => {
    const table = Object.fromEntries(
      WIRE_FORMATS.map((wire) => [
        wire,
        { image: nativeNeedsVision(wire, 'image'), pdf: nativeNeedsVision(wire, 'pdf') },
      ]),
    );
    expect(table).toEqual({
      openai: { image: false, pdf: false },
      anthropic: { image: true, pdf: false },
      gemini: { image: true, pdf: true },
      ollama: { image: false, pdf: false },
      responses: { image: true, pdf: true },
      hermes: { image: false, pdf: false },
      bedrock: { image: true, pdf: false },
    });
    expect(nativeNeedsVision('responses', 'pdf')).toBe(true);
    expect(nativeNeedsVision('anthropic', 'pdf')).toBe(false);
  });

  it('an unknown or undefined wire gives false', () => {
    expect(carriesNative('bogus' as WireFormat, 'image')).toBe(false);
    expect(carriesNative(undefined as unknown as WireFormat, 'pdf')).toBe(false);
    expect(nativeNeedsVision('bogus' as WireFormat, 'image')).toBe(false);
    expect(nativeNeedsVision(undefined as unknown as WireFormat, 'pdf')).toBe(false);
  });

  it('an unknown kind throws a CrosswireError with code unknown_media_kind', () => {
    for (const call of [
      () => carriesNative('anthropic', 'audio' as never),
      () => nativeNeedsVision('anthropic', 'audio' as never),
      () => carriesNative('openai', 'video' as never),
    ]) {
      let caught: unknown;
      try {
        call();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CrosswireError);
      expect((caught as CrosswireError).code).toBe('unknown_media_kind');
    }
  });
});

describe('formatTools per wire', () => {
  it('openai: function tools with parameters', () => {
    const [tool] = formatTools('openai', [weatherTool]);
    expect(tool).toMatchObject({
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Current weather for a city',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
      },
    });
  });

  it('anthropic: name, description, input_schema', () => {
    expect(formatTools('anthropic', [weatherTool])).toEqual([
      {
        name: 'get_weather',
        description: 'Current weather for a city',
        input_schema: expect.objectContaining({
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        }),
      },
    ]);
  });

  it('responses: flat function tools', () => {
    const [tool] = formatTools('responses', [weatherTool]);
    expect(tool).toMatchObject({
      type: 'function',
      name: 'get_weather',
      description: 'Current weather for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    });
  });

  it('ollama: the OpenAI function shape', () => {
    const [tool] = formatTools('ollama', [weatherTool]);
    expect(tool).toMatchObject({
      type: 'function',
      function: { name: 'get_weather', parameters: { type: 'object' } },
    });
  });

  it('gemini: functionDeclarations without $schema or additionalProperties', () => {
    const payload = formatTools('gemini', [weatherTool]);
    const text = JSON.stringify(payload);
    expect(text).toContain('functionDeclarations');
    expect(text).toContain('get_weather');
    expect(text).not.toContain('$schema');
    expect(text).not.toContain('additionalProperties');
    expect(payload).toEqual([
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'Current weather for a city',
            parameters: {
              type: 'object',
              properties: { city: { type: 'string' } },
              required: ['city'],
            },
          },
        ],
      },
    ]);
  });

  it('hermes: a prompt form naming the tool', () => {
    const payload = formatTools('hermes', [weatherTool]);
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    expect(text).toContain('get_weather');
    expect(text).toContain('Current weather for a city');
  });
});

describe('locating tool calls per wire', () => {
  it('openai chat: tool_calls with JSON-string arguments', () => {
    const body = {
      choices: [
        {
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
        },
      ],
    };
    const [call] = toolCallsFrom('openai', body);
    expect(call).toMatchObject({
      id: 'call_1',
      name: 'get_weather',
      arguments: { city: 'Paris' },
    });
    expect(call?.argumentsUndecodable).toBeFalsy();
  });

  it('openai chat: undecodable arguments give argumentsError "arguments are not valid JSON: REASON"', () => {
    const body = {
      choices: [
        {
          message: {
            role: 'assistant',
            tool_calls: [
              {
                id: 'call_2',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":' },
              },
            ],
          },
        },
      ],
    };
    const [call] = toolCallsFrom('openai', body);
    expect(call?.name).toBe('get_weather');
    expect(call?.argumentsUndecodable).toBe(true);
    expect(call?.argumentsError).toMatch(/^arguments are not valid JSON: .+/);
  });

  it('anthropic: tool_use blocks', () => {
    const body = {
      content: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Rome' } },
      ],
      stop_reason: 'tool_use',
    };
    expect(toolCallsFrom('anthropic', body)).toEqual([
      expect.objectContaining({ id: 'toolu_1', name: 'get_weather', arguments: { city: 'Rome' } }),
    ]);
  });

  it('gemini: functionCall parts', () => {
    const body = {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }],
          },
        },
      ],
    };
    const calls = toolCallsFrom('gemini', body);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'get_weather', arguments: { city: 'Oslo' } });
  });

  it('ollama: message.tool_calls with object arguments', () => {
    const body = {
      message: {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Lima' } } }],
      },
      done: true,
    };
    const calls = toolCallsFrom('ollama', body);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'get_weather', arguments: { city: 'Lima' } });
  });

  it('responses: function_call output items', () => {
    const body = {
      output: [
        { type: 'reasoning', id: 'rs_1', summary: [] },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_9',
          name: 'get_weather',
          arguments: '{"city":"Kyiv"}',
        },
      ],
      status: 'completed',
    };
    const calls = toolCallsFrom('responses', body);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      id: 'call_9',
      name: 'get_weather',
      arguments: { city: 'Kyiv' },
    });
  });

  it('hermes: <tool_call> tags in the text, ignoring calls inside <think>', () => {
    const text = [
      '<think>maybe <tool_call>{"name":"wrong_tool","arguments":{}}</tool_call></think>',
      'Sure.',
      '<tool_call>{"name":"get_weather","arguments":{"city":"Bern"}}</tool_call>',
    ].join('\n');
    const body = { choices: [{ message: { role: 'assistant', content: text } }] };
    const calls = toolCallsFrom('hermes', body);
    expect(calls.map((call) => call.name)).toEqual(['get_weather']);
    expect(calls[0]?.arguments).toEqual({ city: 'Bern' });
  });

  it('locateToolCalls gives the raw structures as the wire spells them', () => {
    const body = {
      content: [
        { type: 'text', text: 'x' },
        { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Rome' } },
      ],
    };
    expect(locateToolCalls('anthropic', body)).toEqual([
      { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Rome' } },
    ]);
  });

  it('ToolCall keeps the raw arguments and marks decodable ones', () => {
    const [call] = toolCallsFrom('openai', {
      choices: [
        {
          message: {
            tool_calls: [
              { id: 'c', type: 'function', function: { name: 'f', arguments: '{"x":1}' } },
            ],
          },
        },
      ],
    });
    expect(call).toMatchObject({
      id: 'c',
      name: 'f',
      arguments: { x: 1 },
      rawArguments: '{"x":1}',
      argumentsUndecodable: false,
      argumentsError: undefined,
    });
  });

  it('a structure with no name is not a call', () => {
    const body = {
      choices: [
        {
          message: {
            role: 'assistant',
            tool_calls: [
              { id: 'call_a', type: 'function', function: { arguments: '{}' } },
              {
                id: 'call_b',
                type: 'function',
                function: { name: 'get_weather', arguments: '{}' },
              },
            ],
          },
        },
      ],
    };
    expect(toolCallsFrom('openai', body).map((call) => call.id)).toEqual(['call_b']);
  });
});
