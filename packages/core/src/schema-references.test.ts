import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.js';
import {
  stripSchemaDialect,
  toClosedJsonSchema,
  toGeminiSchema,
  toStrictJsonSchema,
} from './json-schema.js';
import { resolveSchemaReference, schemaReferenceProblem } from './schema-references.js';
import { parseToolDefinition } from './tool-definition.js';
import { formatTools } from './tools.js';
import { WIRE_FORMATS } from './wire-format.js';

/** An object schema whose property `a` refers to `reference`, with one definition `item`. */
const referring = (reference: unknown) => ({
  type: 'object',
  properties: { a: { $ref: reference } },
  $defs: { item: { type: 'string' }, 'a b': { type: 'number' }, 'x/y': { type: 'boolean' } },
});

describe('resolveSchemaReference', () => {
  const root = {
    type: 'object',
    $defs: { item: { type: 'string' }, 'a b': { type: 'number' }, 'x/y': { type: 'boolean' } },
    allOf: [{ required: ['a'] }],
    properties: { n: { $anchor: 'node', type: 'integer' } },
  };

  it('follows #, JSON pointers (percent-encoded, ~1 and ~0, into lists) and $anchor names', () => {
    expect(resolveSchemaReference(root, '#')).toEqual({ found: true, target: root });
    expect(resolveSchemaReference(root, '#/$defs/item')).toEqual({
      found: true,
      target: { type: 'string' },
    });
    expect(resolveSchemaReference(root, '#/$defs/a%20b')).toEqual({
      found: true,
      target: { type: 'number' },
    });
    expect(resolveSchemaReference(root, '#/$defs/x~1y')).toEqual({
      found: true,
      target: { type: 'boolean' },
    });
    expect(resolveSchemaReference(root, '#/allOf/0')).toEqual({
      found: true,
      target: { required: ['a'] },
    });
    expect(resolveSchemaReference(root, '#node')).toEqual({
      found: true,
      target: { $anchor: 'node', type: 'integer' },
    });
  });

  it('says why, and never throws, for what does not resolve', () => {
    expect(resolveSchemaReference(root, '#/$defs/%E0%A4%A')).toEqual({
      found: false,
      reason: 'is not a well-formed JSON pointer (bad percent-encoding)',
    });
    expect(resolveSchemaReference(root, '#/$defs/missing')).toEqual({
      found: false,
      reason: 'points at nothing in the schema',
    });
    expect(resolveSchemaReference(root, '#/allOf/01')).toEqual({
      found: false,
      reason: 'points at nothing in the schema',
    });
    expect(resolveSchemaReference(root, 'https://example.com/schema.json#/a')).toEqual({
      found: false,
      reason: 'names another document; only references inside the schema (#...) resolve',
    });
    expect(resolveSchemaReference(root, '#elsewhere')).toEqual({
      found: false,
      reason: 'names no $anchor "elsewhere" of the schema',
    });
    expect(resolveSchemaReference(root, '#%E0%A4%A')).toEqual({
      found: false,
      reason: 'is not well-formed percent-encoding',
    });
  });
});

describe('schemaReferenceProblem', () => {
  it('is undefined when every reference resolves, recursion through properties and items included', () => {
    expect(schemaReferenceProblem(referring('#/$defs/item'))).toBeUndefined();
    expect(
      schemaReferenceProblem({
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#' } } },
      }),
    ).toBeUndefined();
    expect(
      schemaReferenceProblem({
        $defs: {
          node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } },
        },
        allOf: [{ $ref: '#/$defs/node' }],
      }),
    ).toBeUndefined();
  });

  it('names the $ref at fault and why', () => {
    expect(schemaReferenceProblem(referring('#/$defs/%E0%A4%A'))).toEqual({
      path: '$.properties.a.$ref',
      reference: '#/$defs/%E0%A4%A',
      reason: 'is not a well-formed JSON pointer (bad percent-encoding)',
    });
    expect(schemaReferenceProblem(referring('#/$defs/nothing'))).toEqual({
      path: '$.properties.a.$ref',
      reference: '#/$defs/nothing',
      reason: 'points at nothing in the schema',
    });
    expect(schemaReferenceProblem(referring(7))).toEqual({
      path: '$.properties.a.$ref',
      reference: 7,
      reason: 'is not a string',
    });
    expect(schemaReferenceProblem(referring('#/type'))).toEqual({
      path: '$.properties.a.$ref',
      reference: '#/type',
      reason: 'points at something that is not a schema',
    });
  });

  it('refuses references that only lead to each other (directly, through allOf, or through anyOf)', () => {
    const loop =
      'leads back to itself through references alone, never into a property or an item, so no value can ever be checked against it';
    expect(
      schemaReferenceProblem({
        type: 'object',
        properties: { a: { $ref: '#/$defs/a' } },
        $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
      }),
    ).toEqual({ path: '$.$defs.a.$ref', reference: '#/$defs/b', reason: loop });
    expect(schemaReferenceProblem({ $defs: { self: { $ref: '#/$defs/self' } } })).toEqual({
      path: '$.$defs.self.$ref',
      reference: '#/$defs/self',
      reason: loop,
    });
    expect(
      schemaReferenceProblem({
        type: 'object',
        $defs: { a: { allOf: [{ type: 'object' }, { $ref: '#/$defs/a' }] } },
      }),
    ).toEqual({ path: '$.$defs.a.allOf[1].$ref', reference: '#/$defs/a', reason: loop });
    expect(schemaReferenceProblem({ anyOf: [{ type: 'string' }, { $ref: '#' }] })).toEqual({
      path: '$.anyOf[1].$ref',
      reference: '#',
      reason: loop,
    });
  });

  it('walks a schema of 20 000 references in one pass (iterative: no stack overflow)', () => {
    const $defs: Record<string, unknown> = {};
    for (let index = 0; index < 20_000; index++) {
      $defs[`d${index}`] =
        index === 19_999 ? { type: 'string' } : { $ref: `#/$defs/d${index + 1}` };
    }
    expect(schemaReferenceProblem({ $ref: '#/$defs/d0', $defs })).toBeUndefined();
    $defs.d19999 = { $ref: '#/$defs/d0' };
    expect(schemaReferenceProblem({ $ref: '#/$defs/d0', $defs })?.reason).toMatch(/^leads back/);
  });
});

describe('every converter of a tool schema is total on malformed pointers (issue 39)', () => {
  const HOSTILE = ['#/$defs/%E0%A4%A', '#/$defs/%', '#/$defs/missing', 'other.json#/a', '#nowhere'];
  const tool = (reference: string) => ({ name: 'hostile', inputSchema: referring(reference) });

  it('parseToolDefinition refuses each with invalid_tool_definition naming the $ref', () => {
    const codes = HOSTILE.map((reference) => {
      try {
        parseToolDefinition(tool(reference));
        return 'accepted';
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return `${(error as ValidationError).code} ${(error as ValidationError).path}`;
      }
    });
    expect(codes).toEqual(
      HOSTILE.map(() => 'invalid_tool_definition tool.inputSchema.properties.a.$ref'),
    );
    expect(() => parseToolDefinition(tool('#/$defs/%E0%A4%A'))).toThrow(
      'tool.inputSchema.properties.a.$ref: "#/$defs/%E0%A4%A" is not a well-formed JSON pointer (bad percent-encoding)',
    );
  });

  it('formatTools of every wire refuses it with a typed error, never a URIError', () => {
    const outcomes = WIRE_FORMATS.map((wire) => {
      try {
        formatTools(wire, [tool('#/$defs/%E0%A4%A')]);
        return `${wire}: sent`;
      } catch (error) {
        return `${wire}: ${error instanceof ValidationError ? error.code : String(error)}`;
      }
    });
    expect(outcomes).toEqual([
      'openai: invalid_tool_definition',
      'anthropic: invalid_tool_definition',
      'gemini: invalid_tool_definition',
      'ollama: invalid_tool_definition',
      'responses: invalid_tool_definition',
      'hermes: invalid_tool_definition',
      'bedrock: invalid_tool_definition',
    ]);
  });

  it('the schema converters, called directly, return or throw ValidationError for any $ref', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(...HOSTILE),
          fc.string().map((text) => `#/${text}`),
          fc.string().map((text) => `#/$defs/${text}`),
        ),
        (reference) => {
          const schema = referring(reference);
          for (const convert of [stripSchemaDialect, toStrictJsonSchema, toClosedJsonSchema]) {
            expect(() => convert(schema)).not.toThrow();
          }
          try {
            toGeminiSchema(schema);
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationError);
            expect((error as ValidationError).code).toBe('invalid_tool_definition');
          }
        },
      ),
    );
  });

  it('toGeminiSchema says which $ref it refused', () => {
    expect(() => toGeminiSchema(referring('#/$defs/%E0%A4%A'))).toThrow(
      'tool schema refused for gemini: the $ref at $.properties.a.$ref is not a well-formed JSON pointer (bad percent-encoding)',
    );
  });
});
