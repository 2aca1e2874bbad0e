import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callFrozen, callUnfrozen } from '../../../test-support/deep-freeze.js';
import { toolSchema } from '../../../test-support/wire-arbitraries.js';
import {
  createToolCall,
  decodeToolArguments,
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCalls,
  parseCallToolResult,
  parseContent,
  parseToolDefinition,
  parseToolDefinitions,
  resolveSchemaReference,
  schemaReferenceProblem,
  stripSchemaDialect,
  toClosedJsonSchema,
  toGeminiSchema,
  toolCallsFrom,
  toStrictJsonSchema,
  WIRE_FORMATS,
} from './index.js';
import { sampleReplies, sampleTools } from './test-support/samples.js';

// The tool seams are pure functions of the wire (docs/own-loop.md): each is called on a deeply
// frozen input (a write throws) and the input compared with a copy taken before.

describe.each(WIRE_FORMATS.map((wire) => [wire] as const))('%s: pure', (wire) => {
  it('formatTools leaves the tool definitions (and their schemas) as they were', () => {
    const tools = [
      ...structuredClone(sampleTools),
      {
        name: 'search',
        description: 'Search',
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object' as const,
          properties: { tags: { type: 'array' } },
        },
      },
    ];
    const heard: string[] = [];
    const formatted = callFrozen(tools, (frozen) =>
      formatTools(wire, frozen, { onWarning: (warning) => heard.push(warning.code) }),
    );
    // Gemini's subset drops the `format` of the sample's `days` (int32), with a warning.
    expect(heard).toEqual(wire === 'gemini' ? ['schema_keyword_dropped'] : []);
    // The schema-dialect keyword is taken out of the copy sent, not out of the caller's tool.
    expect(JSON.stringify(formatted)).not.toContain('json-schema.org');
    expect(tools[tools.length - 1]?.inputSchema?.$schema).toBe(
      'https://json-schema.org/draft/2020-12/schema',
    );
  });

  it('locateToolCalls and extractToolCall leave the reply as it was', () => {
    const calls = callFrozen(structuredClone(sampleReplies[wire]), (reply) =>
      locateToolCalls(wire, reply).map((raw) => extractToolCall(wire, raw)),
    );
    expect(calls.length).toBeGreaterThan(0);
  });
});

/** A tool schema with everything a transform rewrites: `$defs` and `$ref`s, nested objects,
 * optional properties, an array without `items`, unions, type lists, formats, the dialect
 * keywords at the top. */
const richSchema = () => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://example.test/event',
  $comment: 'an event',
  type: 'object' as const,
  $defs: {
    person: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1 },
        email: { type: 'string', format: 'email' },
        manager: { $ref: '#/$defs/person' },
      },
      required: ['name'],
    },
  },
  properties: {
    title: { type: 'string', examples: ['Stand-up'] },
    attendees: { type: 'array', items: { $ref: '#/$defs/person' }, minItems: 1 },
    tags: { type: 'array' },
    where: {
      type: 'object',
      properties: {
        room: { type: ['string', 'null'] },
        geo: {
          type: 'object',
          properties: { lat: { type: 'number' } },
          additionalProperties: true,
        },
      },
    },
    priority: { oneOf: [{ const: 'low' }, { const: 'high' }] },
    notes: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['title'],
});

describe('pure: the schema transforms and the parsers', () => {
  it('toStrictJsonSchema, toClosedJsonSchema and stripSchemaDialect rewrite a copy', () => {
    const strict = callFrozen(richSchema(), (schema) => toStrictJsonSchema(schema));
    // The copy is closed and lists every property; the caller's schema keeps its optional ones.
    expect((strict as { required?: string[] }).required).toEqual([
      'title',
      'attendees',
      'tags',
      'where',
      'priority',
      'notes',
    ]);
    const closed = callFrozen(richSchema(), (schema) => toClosedJsonSchema(schema));
    expect((closed as { additionalProperties?: unknown }).additionalProperties).toBe(false);
    const stripped = callFrozen(richSchema(), (schema) => stripSchemaDialect(schema));
    expect(Object.keys(stripped)).not.toContain('$schema');
    // The same transforms on the schema as the caller holds it (not frozen).
    callUnfrozen(richSchema(), (schema) => [
      toStrictJsonSchema(schema),
      toClosedJsonSchema(schema),
      stripSchemaDialect(schema),
    ]);
  });

  it('toGeminiSchema inlines the references and drops keywords in a copy', () => {
    const heard: string[] = [];
    const onWarning = (warning: { code: string }) => heard.push(warning.code);
    const gemini = callFrozen(richSchema(), (schema) => toGeminiSchema(schema, { onWarning }));
    expect(JSON.stringify(gemini)).not.toContain('$ref');
    callUnfrozen(richSchema(), (schema) => toGeminiSchema(schema, { onWarning }));
    // Each run: the recursive `manager` cut once, `examples`, `minItems`, `format`... dropped once.
    expect(heard).toEqual([
      'schema_ref_cycle',
      'schema_keyword_dropped',
      'schema_ref_cycle',
      'schema_keyword_dropped',
    ]);
  });

  it('the schema references are read without writing', () => {
    callFrozen(richSchema(), (schema) => {
      expect(resolveSchemaReference(schema, '#/$defs/person')).toMatchObject({ found: true });
      expect(schemaReferenceProblem(schema)).toBeUndefined();
    });
  });

  it('parseToolDefinitions copies the caller’s definitions, frozen or not', () => {
    const tools = () => [
      ...structuredClone(sampleTools),
      { name: 'plan', inputSchema: richSchema() },
    ];
    const parsed = callFrozen(tools(), (frozen) => parseToolDefinitions(frozen));
    expect(parsed.map((tool) => tool.name)).toEqual([
      'get_weather',
      'get_time',
      'create_event',
      'plan',
    ]);
    // A tool without a schema type gets `type: 'object'` in the copy only.
    const untyped = { name: 'bare', inputSchema: { properties: { a: { type: 'string' } } } };
    expect(callUnfrozen(untyped, (tool) => parseToolDefinition(tool)).inputSchema.type).toBe(
      'object',
    );
    expect(Object.isFrozen(untyped.inputSchema)).toBe(false);
    callUnfrozen(tools(), (list) => parseToolDefinitions(list));
  });

  it('the content parsers and the call builders read without writing', () => {
    const callToolResult = () => ({
      content: [
        { type: 'text', text: 'the chart' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png', _meta: { page: 1 } },
        { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'a' } },
        { type: 'mystery', payload: { nested: [1, 2] } },
      ],
      structuredContent: { rows: [{ city: 'Berlin' }] },
    });
    const heard: string[] = [];
    const onWarning = (warning: { code: string }) => heard.push(warning.code);
    callFrozen(callToolResult(), (result) => {
      expect(parseCallToolResult(result, { onWarning }).content).toHaveLength(4);
      expect(parseContent(result.content, { onWarning })).toHaveLength(4);
    });
    expect(heard).toEqual(['unknown_content_block', 'unknown_content_block']);
    // The legacy shape becomes text of a copy.
    callFrozen({ toolResult: { rows: [1, 2] } }, (legacy) => parseCallToolResult(legacy));
    const call = callFrozen(
      { name: 'get_weather', id: 'c1', arguments: { city: 'Paris', days: [1, 2] } },
      (init) => createToolCall(init),
    );
    expect(decodeToolArguments(call.arguments).arguments).toEqual({ city: 'Paris', days: [1, 2] });
    callFrozen({ city: 'Paris', nested: { list: [{ a: 1 }] } }, (raw) => decodeToolArguments(raw));
  });
});

describe.each(WIRE_FORMATS.map((wire) => [wire] as const))('%s: pure, continued', (wire) => {
  it('formatTools leaves a list it does not remember (not frozen) as it was', () => {
    const options = { strict: true, hermesShape: 'mcp' as const, onWarning: () => {} };
    callUnfrozen(
      [...structuredClone(sampleTools), { name: 'plan', inputSchema: richSchema() }],
      (tools) => formatTools(wire, tools, options),
    );
    callFrozen(
      [...structuredClone(sampleTools), { name: 'plan', inputSchema: richSchema() }],
      (tools) => formatTools(wire, tools, options),
    );
  });

  it('formatToolCall and toolCallsFrom read the call and the reply without writing', () => {
    callFrozen(structuredClone(sampleReplies[wire]), (reply) => {
      for (const call of toolCallsFrom(wire, reply)) formatToolCall(wire, call);
    });
    callFrozen({ name: 'get_weather', id: 'c1', arguments: { city: 'Paris' } }, (init) =>
      formatToolCall(wire, createToolCall(init)),
    );
  });
});

describe('pure over generated schemas', () => {
  it('every schema transform and formatTools leave any tool schema as it was', () => {
    fc.assert(
      fc.property(toolSchema, fc.boolean(), (schema, frozen) => {
        const call = frozen ? callFrozen : callUnfrozen;
        const onWarning = () => {};
        // A copy: fast-check shares generated objects between runs and shrinks.
        call(structuredClone(schema), (input) => {
          toStrictJsonSchema(input);
          toClosedJsonSchema(input);
          stripSchemaDialect(input);
          toGeminiSchema(input, { onWarning });
          for (const wire of WIRE_FORMATS) {
            formatTools(wire, [{ name: 'plan', inputSchema: input }], { strict: true, onWarning });
          }
        });
      }),
    );
  });
});
