import type { WarningHandler, WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { buildRequest, parseResponse, readStructured, structuredMechanism } from '../dialect.js';
import type { StructuredOutputRequest } from './types.js';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer' } },
  required: ['city'],
};
const output: StructuredOutputRequest = { name: 'trip', schema, strict: true };
const request = (extra: object = {}) => ({
  model: 'm',
  messages: [{ role: 'user' as const, content: 'Plan' }],
  output,
  ...extra,
});
const tool = { name: 'lookup', description: 'Look up', inputSchema: { type: 'object' } };

function collect(): { warnings: unknown[]; onWarning: WarningHandler } {
  const warnings: unknown[] = [];
  return { warnings, onWarning: (warning) => warnings.push(warning.code) };
}

describe('structured output requests, one mechanism per wire', () => {
  it('openai: response_format json_schema, made strict (optional days nullable, closed)', () => {
    expect(buildRequest('openai', request())).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'Plan' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'trip',
          schema: {
            type: 'object',
            properties: { city: { type: 'string' }, days: { type: ['integer', 'null'] } },
            required: ['city', 'days'],
            additionalProperties: false,
          },
          strict: true,
        },
      },
    });
  });

  it('responses: text.format with name, schema and strict', () => {
    const body = buildRequest('responses', request({ output: { ...output, strict: false } }));
    expect(body.text).toEqual({
      format: { type: 'json_schema', name: 'trip', schema, strict: false },
    });
  });

  it('anthropic tool mode (default): a synthetic tool forced by tool_choice', () => {
    const body = buildRequest('anthropic', request());
    expect(body.tools).toEqual([
      {
        name: 'trip',
        description: 'Give the answer: call this tool with it as the input, exactly once.',
        input_schema: {
          type: 'object',
          properties: { city: { type: 'string' }, days: { type: 'integer' } },
          required: ['city'],
        },
      },
    ]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'trip' });
    expect(buildRequest('anthropic', request({ tools: [tool] })).tool_choice).toEqual({
      type: 'any',
    });
  });

  it('anthropic native: output_config.format with closed objects', () => {
    const body = buildRequest('anthropic', request(), { structuredOutput: 'native' });
    expect(body.output_config).toEqual({
      format: {
        type: 'json_schema',
        schema: {
          type: 'object',
          properties: { city: { type: 'string' }, days: { type: 'integer' } },
          required: ['city'],
          additionalProperties: false,
        },
      },
    });
    expect(body.tools).toBeUndefined();
  });

  it('gemini: responseMimeType with responseJsonSchema, or the responseSchema subset', () => {
    expect(buildRequest('gemini', request()).generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseJsonSchema: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer' } },
        required: ['city'],
      },
    });
    expect(
      buildRequest('gemini', request(), { structuredOutput: 'subset' }).generationConfig,
    ).toEqual({
      responseMimeType: 'application/json',
      responseSchema: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer' } },
        required: ['city'],
      },
    });
  });

  it('ollama: format holds the schema', () => {
    expect(buildRequest('ollama', request()).format).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
      required: ['city'],
    });
  });

  it('hermes: the schema in the system prompt', () => {
    expect(buildRequest('hermes', request()).messages).toEqual([
      {
        role: 'system',
        content:
          'Answer with one JSON object (trip) and nothing else. Here\'s the json schema you must adhere to:\n<schema>\n{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]}\n</schema>',
      },
      { role: 'user', content: 'Plan' },
    ]);
  });

  it.each(['openai', 'anthropic', 'gemini', 'ollama', 'responses', 'hermes'] as WireFormat[])(
    '%s: a request without output is the same as before (no structured field)',
    (wire) => {
      const plain = buildRequest(wire, { model: 'm', messages: [{ role: 'user', content: 'x' }] });
      expect(JSON.stringify(plain)).not.toMatch(
        /response_format|output_config|responseMimeType|"format"|"text":\{|schema/,
      );
    },
  );

  it('names each mechanism', () => {
    expect(
      (['openai', 'anthropic', 'gemini', 'ollama', 'responses', 'hermes'] as const).map((wire) =>
        structuredMechanism(wire),
      ),
    ).toEqual(['response_format', 'tool', 'responseJsonSchema', 'format', 'text.format', 'prompt']);
    expect(structuredMechanism('anthropic', { structuredOutput: 'native' })).toBe(
      'output_config.format',
    );
    expect(structuredMechanism('gemini', { structuredOutput: 'subset' })).toBe('responseSchema');
  });

  it('a schema that cannot be strict goes with strict: false and one warning', () => {
    const { warnings, onWarning } = collect();
    const map = { type: 'object', additionalProperties: { type: 'number' } };
    const body = buildRequest('openai', request({ output: { ...output, schema: map } }), {
      onWarning,
    });
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'trip', schema: map, strict: false },
    });
    expect(warnings).toEqual(['structured_output_not_strict']);
  });
});

describe('reading structured replies', () => {
  it('openai: the content (a fence taken off) or the refusal', () => {
    const reply = (message: object) =>
      parseResponse('openai', {
        choices: [{ message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
      });
    expect(
      readStructured('openai', reply({ content: '```json\n{"city":"Oslo"}\n```' }), output),
    ).toEqual({ text: '{"city":"Oslo"}' });
    expect(
      readStructured('openai', reply({ content: null, refusal: 'I cannot help' }), output),
    ).toEqual({ text: '', refusal: 'I cannot help' });
  });

  it('anthropic tool mode: the synthetic call input; a refusal stop is a refusal', () => {
    const body = {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'trip', input: { city: 'Oslo' } }],
      stop_reason: 'tool_use',
    };
    expect(readStructured('anthropic', parseResponse('anthropic', body), output)).toEqual({
      text: '{"city":"Oslo"}',
      toolCallId: 'toolu_1',
      value: { city: 'Oslo' },
    });
    const refused = {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'No.' }],
      stop_reason: 'refusal',
    };
    expect(readStructured('anthropic', parseResponse('anthropic', refused), output)).toEqual({
      text: '',
      refusal: 'No.',
    });
  });
});

// A caller that keeps one output schema object and edits it between requests: each request
// reads it as it is now. (A deeply frozen schema cannot change, so what was made of it is
// remembered: the engine freezes the schema it sends on every turn of a loop.)
describe('an output schema changed in place between two requests', () => {
  const editable = () => ({
    type: 'object',
    properties: { city: { type: 'string' } } as Record<string, unknown>,
    required: ['city'],
    additionalProperties: false,
  });
  const grow = (given: ReturnType<typeof editable>) => {
    given.properties.days = { type: 'integer' };
    given.required = ['city', 'days'];
  };
  const withOutput = (given: Record<string, unknown>) => ({
    model: 'claude-sonnet-5-5',
    messages: [{ role: 'user' as const, content: 'Plan' }],
    output: { name: 'trip', schema: given, strict: true },
  });
  const grown = {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer' } },
    required: ['city', 'days'],
    additionalProperties: false,
  };

  it('openai sends the schema as it is now', () => {
    const given = editable();
    buildRequest('openai', withOutput(given));
    grow(given);
    expect(buildRequest('openai', withOutput(given)).response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'trip', schema: grown, strict: true },
    });
  });

  it('anthropic sends the schema as it is now in output_config.format', () => {
    const given = editable();
    buildRequest('anthropic', withOutput(given), { structuredOutput: 'native' });
    grow(given);
    const body = buildRequest('anthropic', withOutput(given), { structuredOutput: 'native' });
    expect(body.output_config).toEqual({ format: { type: 'json_schema', schema: grown } });
  });
});
