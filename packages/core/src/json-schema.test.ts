import { describe, expect, it } from 'vitest';
import {
  type CrosswireWarning,
  GEMINI_SCHEMA_KEYWORDS,
  stripSchemaDialect,
  toClosedJsonSchema,
  toGeminiSchema,
  toStrictJsonSchema,
} from './index.js';

const gemini = (schema: Record<string, unknown>) => {
  const warnings: CrosswireWarning[] = [];
  const result = toGeminiSchema(schema, { onWarning: (warning) => warnings.push(warning) });
  return { result, warnings };
};

describe('toGeminiSchema', () => {
  it('drops $schema, additionalProperties and the other keywords Gemini refuses', () => {
    expect(
      gemini({
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: 'x',
        type: 'object',
        properties: {
          a: { type: 'string', examples: ['x'], pattern: '^a', minLength: 1, maxLength: 3 },
          b: { type: 'number', exclusiveMinimum: 0, multipleOf: 2, minimum: 1, maximum: 9 },
          c: {
            type: 'array',
            items: { type: 'string' },
            uniqueItems: true,
            minItems: 1,
            maxItems: 2,
          },
          d: {
            type: 'object',
            properties: { e: { type: 'boolean' } },
            patternProperties: {},
            minProperties: 1,
          },
        },
        additionalProperties: false,
      }),
    ).toEqual({
      result: {
        type: 'object',
        properties: {
          a: { type: 'string', pattern: '^a', minLength: 1, maxLength: 3 },
          b: { type: 'number', minimum: 1, maximum: 9 },
          c: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 },
          d: { type: 'object', properties: { e: { type: 'boolean' } }, minProperties: 1 },
        },
      },
      warnings: [
        {
          code: 'schema_keyword_dropped',
          message:
            "gemini takes no 'examples', 'exclusiveMinimum', 'multipleOf', 'patternProperties', 'uniqueItems' in a tool schema; dropped",
          details: {
            keywords: [
              'examples',
              'exclusiveMinimum',
              'multipleOf',
              'patternProperties',
              'uniqueItems',
            ],
          },
        },
      ],
    });
  });

  it('inlines local $refs ($defs and definitions) and merges allOf', () => {
    expect(
      gemini({
        type: 'object',
        definitions: { id: { type: 'string', description: 'An id' } },
        $defs: {
          point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
        },
        properties: {
          at: { $ref: '#/$defs/point' },
          id: { $ref: '#/definitions/id', description: 'Overrides' },
          both: {
            allOf: [
              { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
              { properties: { b: { type: 'string' } }, required: ['b'] },
            ],
          },
        },
        required: ['at'],
      }),
    ).toEqual({
      result: {
        type: 'object',
        properties: {
          at: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
          id: { type: 'string', description: 'Overrides' },
          both: {
            type: 'object',
            properties: { a: { type: 'string' }, b: { type: 'string' } },
            required: ['a', 'b'],
          },
        },
        required: ['at'],
      },
      warnings: [],
    });
  });

  it('cuts a recursive $ref and warns', () => {
    const { result, warnings } = gemini({
      type: 'object',
      $defs: {
        node: {
          type: 'object',
          properties: { child: { $ref: '#/$defs/node' }, v: { type: 'string' } },
        },
      },
      properties: { root: { $ref: '#/$defs/node' } },
    });
    expect(result).toEqual({
      type: 'object',
      properties: {
        root: { type: 'object', properties: { child: { type: 'object' }, v: { type: 'string' } } },
      },
    });
    expect(warnings).toEqual([
      {
        code: 'schema_ref_cycle',
        message:
          "recursive schema reference '#/$defs/node' cut for gemini (sent as an untyped object)",
        details: { reference: '#/$defs/node' },
      },
    ]);
  });

  it('turns null unions into nullable, oneOf into anyOf, const into enum', () => {
    expect(
      gemini({
        type: 'object',
        properties: {
          a: { type: ['string', 'null'] },
          b: { anyOf: [{ type: 'integer' }, { type: 'null' }], description: 'B' },
          c: { oneOf: [{ type: 'string' }, { type: 'number' }] },
          d: { const: 'fixed' },
          e: { type: ['string', 'number'] },
          f: { type: 'null' },
          g: { enum: [1, 2] },
          h: { type: 'string', enum: ['x', 'y'] },
        },
      }).result,
    ).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', nullable: true },
        b: { nullable: true, type: 'integer', description: 'B' },
        c: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        d: { type: 'string', enum: ['fixed'] },
        e: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        f: { nullable: true },
        g: {},
        h: { type: 'string', enum: ['x', 'y'] },
      },
    });
  });

  it('keeps the formats Gemini knows and drops the others', () => {
    const { result, warnings } = gemini({
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        count: { type: 'integer', format: 'int64' },
        ratio: { type: 'number', format: 'double' },
        site: { type: 'string', format: 'uri' },
      },
    });
    expect(result).toEqual({
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        count: { type: 'integer', format: 'int64' },
        ratio: { type: 'number', format: 'double' },
        site: { type: 'string' },
      },
    });
    expect(warnings.map((warning) => warning.details)).toEqual([{ keywords: ['format'] }]);
  });

  it('keeps only declared properties in required, and takes the first tuple item', () => {
    expect(
      gemini({
        type: 'object',
        properties: { a: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
        required: ['a', 'ghost'],
      }).result,
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'array', items: { type: 'string' } } },
      required: ['a'],
    });
  });

  it('gives undefined for a schema without properties (Gemini refuses an empty OBJECT)', () => {
    expect(gemini({ type: 'object' }).result).toBeUndefined();
    expect(gemini({ type: 'object', properties: {} }).result).toBeUndefined();
    expect(
      gemini({ $schema: 'x', type: 'object', additionalProperties: false }).result,
    ).toBeUndefined();
  });

  it('does not change its input', () => {
    const schema = {
      type: 'object',
      $schema: 'x',
      properties: { a: { $ref: '#/$defs/a' } },
      $defs: { a: { type: 'string' } },
    };
    const copy = structuredClone(schema);
    toGeminiSchema(schema);
    expect(schema).toEqual(copy);
  });

  it('lists the Schema keywords of the Gemini API', () => {
    expect([...GEMINI_SCHEMA_KEYWORDS].sort()).toEqual(
      [
        'anyOf',
        'default',
        'description',
        'enum',
        'example',
        'format',
        'items',
        'maxItems',
        'maxLength',
        'maxProperties',
        'maximum',
        'minItems',
        'minLength',
        'minProperties',
        'minimum',
        'nullable',
        'pattern',
        'properties',
        'propertyOrdering',
        'required',
        'title',
        'type',
      ].sort(),
    );
  });
});

describe('toStrictJsonSchema / toClosedJsonSchema / stripSchemaDialect', () => {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      a: { type: 'string' },
      b: { type: 'integer', enum: [1, 2] },
      c: { type: 'object', properties: { d: { type: 'string' } } },
      e: {
        type: 'array',
        items: { type: 'object', properties: { f: { type: 'boolean' } }, required: ['f'] },
      },
      g: { $ref: '#/$defs/g' },
      h: { anyOf: [{ type: 'string' }, { type: 'object', properties: {} }] },
    },
    required: ['a'],
    $defs: { g: { type: 'object', properties: { x: { type: ['string', 'null'] } } } },
  };

  it('makes every object closed and every property required, optional ones nullable', () => {
    expect(toStrictJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: ['integer', 'null'], enum: [1, 2, null] },
        c: {
          type: ['object', 'null'],
          properties: { d: { type: ['string', 'null'] } },
          additionalProperties: false,
          required: ['d'],
        },
        e: {
          type: ['array', 'null'],
          items: {
            type: 'object',
            properties: { f: { type: 'boolean' } },
            required: ['f'],
            additionalProperties: false,
          },
        },
        g: { anyOf: [{ $ref: '#/$defs/g' }, { type: 'null' }] },
        h: {
          anyOf: [
            {
              anyOf: [
                { type: 'string' },
                { type: 'object', properties: {}, additionalProperties: false, required: [] },
              ],
            },
            { type: 'null' },
          ],
        },
      },
      required: ['a', 'b', 'c', 'e', 'g', 'h'],
      $defs: {
        g: {
          type: 'object',
          properties: { x: { type: ['string', 'null'] } },
          additionalProperties: false,
          required: ['x'],
        },
      },
      additionalProperties: false,
    });
  });

  it('closes objects without touching required for Anthropic', () => {
    expect(
      toClosedJsonSchema({ type: 'object', properties: { a: { type: 'object' } }, required: [] }),
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'object', additionalProperties: false } },
      required: [],
      additionalProperties: false,
    });
  });

  it('keeps a property named "__proto__" as a property', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"x-extra":{"__proto__":1}}',
    );
    const strict = toStrictJsonSchema(schema) as { properties: object; required: string[] };
    expect(Object.keys(strict.properties)).toEqual(['__proto__']);
    expect(strict.required).toEqual(['__proto__']);
    const warnings: string[] = [];
    const gemini = toGeminiSchema(schema, { onWarning: (warning) => warnings.push(warning.code) });
    expect(Object.keys(gemini?.properties as object)).toEqual(['__proto__']);
    expect(warnings).toEqual(['schema_keyword_dropped']);
  });

  it('strips only the dialect keywords', () => {
    expect(
      stripSchemaDialect({ $schema: 'x', $id: 'y', $comment: 'z', type: 'object', $defs: {} }),
    ).toEqual({
      type: 'object',
      $defs: {},
    });
  });
});

describe('toGeminiSchema on hostile $refs (issue 25)', () => {
  // 24 chained defs, each using the next twice: inlined naively, 2^24 copies of the last.
  const chained = (links: number) => {
    const $defs: Record<string, unknown> = {};
    for (let index = 0; index < links; index++) {
      $defs[`d${index}`] =
        index === links - 1
          ? { type: 'string' }
          : {
              type: 'object',
              properties: {
                a: { $ref: `#/$defs/d${index + 1}` },
                b: { $ref: `#/$defs/d${index + 1}` },
              },
            };
    }
    return { type: 'object', properties: { root: { $ref: '#/$defs/d0' } }, $defs };
  };

  it('refuses a schema that would grow past 100x, with a typed error, before building it', () => {
    const schema = chained(24);
    expect(JSON.stringify(schema).length).toBeLessThan(3000);
    expect(() => toGeminiSchema(schema)).toThrow(
      expect.objectContaining({ code: 'gemini_schema_too_large' }),
    );
  });

  it('inlines a small chain whole, within 100x of its size', () => {
    const schema = chained(4);
    const out = toGeminiSchema(schema);
    expect(JSON.stringify(out).length).toBeLessThan(100 * JSON.stringify(schema).length);
    expect(JSON.stringify(out)).not.toContain('$ref');
  });

  it('mutually referencing defs give one warning per schema', () => {
    const warnings: unknown[] = [];
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/B' } },
      $defs: {
        A: { type: 'object', properties: { b: { $ref: '#/$defs/B' }, a: { $ref: '#/$defs/A' } } },
        B: { type: 'object', properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/B' } } },
      },
    };
    toGeminiSchema(schema, { onWarning: (warning) => warnings.push(warning) });
    expect(warnings).toEqual([
      {
        code: 'schema_ref_cycle',
        message:
          "recursive schema references '#/$defs/A', '#/$defs/B' cut for gemini (sent as an untyped object)",
        details: { reference: '#/$defs/A', references: ['#/$defs/A', '#/$defs/B'] },
      },
    ]);
  });
});
