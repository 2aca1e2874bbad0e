import { describe, expect, it } from 'vitest';
import type { CrosswireWarning } from './index.js';
import {
  resolveSchemaReference,
  schemaReferenceProblem,
  toClosedJsonSchema,
  toGeminiSchema,
  toStrictJsonSchema,
} from './index.js';

// The schema transforms and the reference resolver at their edges, as a caller defining tools
// meets them; every expected schema written out by hand.
const string = { type: 'string' };

describe('toGeminiSchema', () => {
  it('keeps each format Gemini knows for its type, drops the rest', () => {
    const warnings: CrosswireWarning[] = [];
    const schema = {
      type: 'object',
      properties: {
        choice: { type: 'string', format: 'enum', enum: ['a'] },
        when: { type: 'string', format: 'date-time' },
        small: { type: 'integer', format: 'int32' },
        big: { type: 'integer', format: 'int64' },
        ratio: { type: 'number', format: 'float' },
        exact: { type: 'number', format: 'double' },
        mail: { type: 'string', format: 'email' },
        flag: { type: 'boolean', format: 'int32' },
      },
    };
    expect(toGeminiSchema(schema, { onWarning: (warning) => warnings.push(warning) })).toEqual({
      type: 'object',
      properties: {
        choice: { type: 'string', format: 'enum', enum: ['a'] },
        when: { type: 'string', format: 'date-time' },
        small: { type: 'integer', format: 'int32' },
        big: { type: 'integer', format: 'int64' },
        ratio: { type: 'number', format: 'float' },
        exact: { type: 'number', format: 'double' },
        mail: { type: 'string' },
        flag: { type: 'boolean' },
      },
    });
    expect(warnings.map((warning) => warning.details)).toEqual([{ keywords: ['format'] }]);
  });

  it('a schema of one type or a union is sent; an object without properties is not', () => {
    expect(toGeminiSchema({ type: 'string' })).toEqual({ type: 'string' });
    expect(toGeminiSchema({ anyOf: [string, { type: 'integer' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
    });
    expect(toGeminiSchema({ description: 'nothing to fill in' })).toBeUndefined();
  });

  it('one type beside null is that type, nullable; two are a union', () => {
    const schema = {
      type: 'object',
      properties: {
        one: { type: ['string', 'null'] },
        two: { type: ['string', 'integer'] },
        member: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      },
    };
    expect(toGeminiSchema(schema)).toEqual({
      type: 'object',
      properties: {
        one: { type: 'string', nullable: true },
        two: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        member: { type: 'integer', nullable: true },
      },
    });
  });

  it('enums: strings kept (typed string), anything else dropped and told', () => {
    const warnings: CrosswireWarning[] = [];
    const schema = {
      type: 'object',
      properties: {
        colour: { enum: ['red', 'green'] },
        mixed: { type: 'string', enum: ['a', 1] },
        odd: { type: 'string', enum: 'red' },
      },
    };
    expect(toGeminiSchema(schema, { onWarning: (warning) => warnings.push(warning) })).toEqual({
      type: 'object',
      properties: {
        colour: { type: 'string', enum: ['red', 'green'] },
        mixed: { type: 'string' },
        odd: { type: 'string' },
      },
    });
    expect(warnings.map((warning) => warning.details)).toEqual([{ keywords: ['enum'] }]);
  });

  it('required keeps declared string names only, and goes without properties', () => {
    const schema = {
      type: 'object',
      properties: {
        a: string,
        1: string,
        inner: { type: 'object', required: ['x'], description: 'free' },
      },
      required: ['a', 1, 'missing'],
    };
    expect(toGeminiSchema(schema)).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string' },
        1: { type: 'string' },
        inner: { type: 'object', description: 'free' },
      },
      required: ['a'],
    });
  });

  it('ignores properties and anyOf that are not schemas', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'object', properties: 'none', description: 'd' },
        b: { type: 'string', anyOf: 5 },
      },
    };
    expect(toGeminiSchema(schema)).toEqual({
      type: 'object',
      properties: { a: { type: 'object', description: 'd' }, b: { type: 'string' } },
    });
  });

  it('merges allOf: properties and required joined, the first value of any other keyword kept', () => {
    const schema = {
      type: 'object',
      properties: {
        both: {
          allOf: [
            { type: 'object', properties: { a: string }, required: ['a'], description: 'first' },
            { properties: { b: string }, required: ['b', 3], description: 'second' },
            true,
          ],
        },
        text: { allOf: [{ type: 'string' }, { enum: ['x', 'y'] }, { minLength: 1 }] },
      },
    };
    expect(toGeminiSchema(schema)).toEqual({
      type: 'object',
      properties: {
        both: {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'string' } },
          required: ['a', 'b'],
          description: 'first',
        },
        text: { type: 'string', enum: ['x', 'y'], minLength: 1 },
      },
    });
  });

  it('names the cut references in order, and keeps $comment silent', () => {
    const warnings: CrosswireWarning[] = [];
    const schema = {
      type: 'object',
      $comment: 'internal',
      properties: { first: { $ref: '#/$defs/b' }, second: { $ref: '#/$defs/a' } },
      $defs: {
        a: { type: 'object', properties: { again: { $ref: '#/$defs/a' } } },
        b: { type: 'object', properties: { again: { $ref: '#/$defs/b' } } },
      },
    };
    toGeminiSchema(schema, { onWarning: (warning) => warnings.push(warning) });
    expect(warnings.map(({ code, message, details }) => ({ code, message, details }))).toEqual([
      {
        code: 'schema_ref_cycle',
        message:
          "recursive schema references '#/$defs/a', '#/$defs/b' cut for gemini (sent as an untyped object)",
        details: { reference: '#/$defs/a', references: ['#/$defs/a', '#/$defs/b'] },
      },
    ]);
  });

  it('refuses a $ref that resolves nowhere, naming where it is', () => {
    expect(() => toGeminiSchema({ type: 'object', properties: { a: { $ref: '#/nope' } } })).toThrow(
      expect.objectContaining({
        code: 'invalid_tool_definition',
        details: { path: 'inputSchema.properties.a.$ref' },
      }),
    );
  });

  /** `levels` definitions, each holding the one below twice: 2^levels leaves once inlined. */
  const doubling = (levels: number) => {
    const $defs: Record<string, unknown> = { d0: { type: 'string' } };
    for (let level = 1; level <= levels; level++) {
      const below = { $ref: `#/$defs/d${level - 1}` };
      $defs[`d${level}`] = { type: 'object', properties: { l: below, r: below } };
    }
    return {
      type: 'object',
      properties: { root: { $ref: `#/$defs/d${levels}` } },
      required: ['root'],
      $defs,
    };
  };

  it('inlines a schema up to 100 times its size (41 nodes: 1,536 sent)', () => {
    const sent = toGeminiSchema(doubling(9)) as { properties: { root: unknown } };
    // The leaf, nine levels down the left side.
    let node = sent.properties.root as { properties?: { l: unknown } };
    for (let level = 0; level < 9; level++) node = node.properties?.l as typeof node;
    expect(node).toEqual({ type: 'string' });
  });

  it('refuses a schema that inlining would grow past its bound', () => {
    expect(() => toGeminiSchema(doubling(10))).toThrow(
      expect.objectContaining({
        code: 'gemini_schema_too_large',
        details: { path: 'inputSchema' },
        message: expect.stringContaining('more than 100 times its size'),
      }),
    );
  });
  it('inlines a schema whose growth is exactly its bound, counting the nodes inside lists', () => {
    // doubling(9) is 41 nodes and 3,070 once inlined; the extra properties bring it to 46 nodes
    // (47 with the one inside the unused definition's anyOf list) and 4,700 inlined: 1 + 1,533
    // (d8) + 93 (d4) + 3 (d0) + 1 more. So it passes at exactly 100 x 47, and only when the
    // member of the list counts.
    const schema = doubling(9) as {
      properties: Record<string, unknown>;
      $defs: Record<string, unknown>;
    };
    schema.properties.big = { $ref: '#/$defs/d8' };
    schema.properties.mid = { $ref: '#/$defs/d4' };
    schema.properties.leaf = { $ref: '#/$defs/d0' };
    schema.properties.plain = { type: 'string' };
    schema.$defs.unused = { anyOf: [{}] };
    const sent = toGeminiSchema(schema) as { properties: Record<string, unknown> };
    expect(sent.properties.leaf).toEqual({ type: 'string' });
    expect(sent.properties.plain).toEqual({ type: 'string' });
  });

  it('merges allOf keywords whose value is an object other than properties as they are', () => {
    expect(
      toGeminiSchema({
        allOf: [{ type: 'array', items: { type: 'string' } }, { description: 'tags' }],
      }),
    ).toEqual({ type: 'array', items: { type: 'string' }, description: 'tags' });
  });

  it('adds no required list when no allOf member requires anything', () => {
    expect(
      toGeminiSchema({
        allOf: [{ type: 'object', properties: { a: string } }, { properties: { b: string } }],
      }),
    ).toEqual({ type: 'object', properties: { a: string, b: string } });
  });

  it('sends a type list or anyOf of null alone as nullable, with no empty anyOf', () => {
    expect(toGeminiSchema({ type: 'object', properties: { gone: { type: ['null'] } } })).toEqual({
      type: 'object',
      properties: { gone: { nullable: true } },
    });
    expect(
      toGeminiSchema({ type: 'object', properties: { gone: { anyOf: [{ type: 'null' }] } } }),
    ).toEqual({ type: 'object', properties: { gone: { nullable: true } } });
  });
});

describe('toStrictJsonSchema and toClosedJsonSchema', () => {
  it('close the objects under oneOf, allOf, tuple items and definitions', () => {
    const object = { type: 'object', properties: { a: string }, required: ['a'] };
    const closed = {
      type: 'object',
      properties: { a: string },
      required: ['a'],
      additionalProperties: false,
    };
    expect(
      toClosedJsonSchema({
        oneOf: [object],
        allOf: [object],
        items: [object],
        definitions: { o: object },
      }),
    ).toEqual({ oneOf: [closed], allOf: [closed], items: [closed], definitions: { o: closed } });
  });

  it('leave values that only look like schemas as they are', () => {
    const looksLikeOne = { type: 'object', properties: {} };
    const schema = {
      type: 'string',
      examples: [looksLikeOne],
      default: { nested: looksLikeOne },
      items: true,
    };
    expect(toStrictJsonSchema(schema)).toEqual({
      type: 'string',
      examples: [{ type: 'object', properties: {} }],
      default: { nested: { type: 'object', properties: {} } },
      items: true,
    });
  });

  it('make each optional property nullable in the form its type has', () => {
    const schema = {
      type: 'object',
      properties: {
        anything: true,
        none: { type: 'null' },
        several: { type: ['string', 'integer'] },
        already: { type: ['string', 'null'] },
        needed: string,
      },
      required: ['needed'],
    };
    expect(toStrictJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        anything: true,
        none: { type: 'null' },
        several: { type: ['string', 'integer', 'null'] },
        already: { type: ['string', 'null'] },
        needed: { type: 'string' },
      },
      required: ['anything', 'none', 'several', 'already', 'needed'],
      additionalProperties: false,
    });
  });

  it('give a copy whose fields a caller may delete', () => {
    const strict = toStrictJsonSchema({ type: 'object', description: 'd', properties: {} });
    delete strict.description;
    expect(strict).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    });
  });
});

describe('schema references', () => {
  it('finds a broken $ref under any keyword holding one schema, with its path', () => {
    for (const keyword of ['not', 'additionalProperties', 'contains', 'if', 'items']) {
      expect(schemaReferenceProblem({ [keyword]: { $ref: '#/nowhere' } })).toEqual({
        path: `$.${keyword}.$ref`,
        reference: '#/nowhere',
        reason: 'points at nothing in the schema',
      });
    }
  });

  it('finds a loop through not and through dependentSchemas', () => {
    const reason =
      'leads back to itself through references alone, never into a property or an item, so no value can ever be checked against it';
    expect(schemaReferenceProblem({ $defs: { a: { not: { $ref: '#/$defs/a' } } } })).toEqual({
      path: '$.$defs.a.not.$ref',
      reference: '#/$defs/a',
      reason,
    });
    expect(
      schemaReferenceProblem({ $defs: { a: { dependentSchemas: { x: { $ref: '#/$defs/a' } } } } }),
    ).toEqual({ path: '$.$defs.a.dependentSchemas.x.$ref', reference: '#/$defs/a', reason });
  });

  it('takes a $ref to a boolean schema', () => {
    expect(
      schemaReferenceProblem({ $defs: { any: true }, properties: { a: { $ref: '#/$defs/any' } } }),
    ).toBeUndefined();
  });

  it('walks a schema object that contains itself once', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).self = node;
    expect(schemaReferenceProblem(node)).toBeUndefined();
  });

  it('resolves draft-06 anchors ($id: "#name") and pointer escapes', () => {
    const named = { $id: '#item', type: 'string' };
    const root = { $defs: { named, 'a~b': string, 'c/d': string } };
    expect(resolveSchemaReference(root, '#item')).toEqual({ found: true, target: named });
    expect(resolveSchemaReference(root, '#/$defs/a~0b')).toEqual({ found: true, target: string });
    expect(resolveSchemaReference(root, '#/$defs/c~1d')).toEqual({ found: true, target: string });
    expect(resolveSchemaReference(true, '#item')).toEqual({
      found: false,
      reason: 'names no $anchor "item" of the schema',
    });
  });

  it('reads array indexes as JSON pointer writes them', () => {
    const items = Array.from({ length: 11 }, (_, index) => ({ const: index }));
    const root = { prefixItems: items };
    const at = (pointer: string) => resolveSchemaReference(root, pointer);
    expect(at('#/prefixItems/0')).toEqual({ found: true, target: { const: 0 } });
    expect(at('#/prefixItems/1')).toEqual({ found: true, target: { const: 1 } });
    expect(at('#/prefixItems/10')).toEqual({ found: true, target: { const: 10 } });
    const nothing = { found: false, reason: 'points at nothing in the schema' };
    for (const pointer of [
      '#/prefixItems/11',
      '#/prefixItems/01',
      '#/prefixItems/%201',
      '#/prefixItems/1%20',
    ]) {
      expect(at(pointer)).toEqual(nothing);
    }
  });
  it('of two equal anchors takes the outer one, for $anchor and draft-06 $id alike', () => {
    const inner = { $anchor: 'node', type: 'string' };
    const outer = { $anchor: 'node', type: 'object', properties: { inner } };
    expect(resolveSchemaReference(outer, '#node')).toEqual({ found: true, target: outer });
    const innerId = { $id: '#node', type: 'string' };
    const outerId = { $id: '#node', type: 'object', properties: { inner: innerId } };
    expect(resolveSchemaReference(outerId, '#node')).toEqual({ found: true, target: outerId });
  });

  it('reads no anchor from an $id that is a URI rather than #name', () => {
    const root = { $defs: { named: { $id: '/named', type: 'string' } } };
    expect(resolveSchemaReference(root, '#named')).toEqual({
      found: false,
      reason: 'names no $anchor "named" of the schema',
    });
  });
});
