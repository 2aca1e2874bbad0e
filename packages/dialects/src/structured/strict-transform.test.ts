import type { CrosswireWarning } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../dialect.js';
import { unfencedJson } from './json-text.js';
import {
  anthropicOutputSchema,
  strictObstacles,
  strictOutputSchema,
  withoutStrictNulls,
} from './strict.js';

// What the strict transform sends, keyword by keyword, in every schema position (properties,
// definitions, items, prefixItems, unions), and how the nulls strict mode sends are read back.
// Each expected schema is written out by hand from OpenAI's and Anthropic's documented limits.

describe('strictOutputSchema: the schema sent with strict: true', () => {
  it('drops constraint keywords and undocumented formats in every position; oneOf reads as anyOf', () => {
    const made = strictOutputSchema({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', minLength: 3, maxLength: 90 },
        color: { type: 'string', format: 'color', default: 'red' },
        tags: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true },
        pair: {
          type: 'array',
          prefixItems: [{ type: 'string', maxLength: 2 }],
          items: { type: 'number', default: 0 },
        },
        kind: { oneOf: [{ type: 'string', maxLength: 4 }, { type: 'number' }] },
        either: { anyOf: [{ type: 'string', maxLength: 4 }, { type: 'null' }] },
        odd: { type: 'string', format: 5 },
        place: { $ref: '#/$defs/place' },
        old: { $ref: '#/definitions/old' },
      },
      required: ['email', 'color', 'tags', 'pair', 'kind', 'either', 'odd', 'place', 'old'],
      $defs: {
        place: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1 } },
          required: ['name'],
          minProperties: 1,
        },
      },
      definitions: { old: { type: 'string', maxLength: 2, format: 'date' } },
    });
    expect(made).toEqual({
      strict: true,
      schema: {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email' },
          color: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
          pair: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'number' } },
          kind: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          either: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          odd: { type: 'string', format: 5 },
          place: { $ref: '#/$defs/place' },
          old: { $ref: '#/definitions/old' },
        },
        required: ['email', 'color', 'tags', 'pair', 'kind', 'either', 'odd', 'place', 'old'],
        additionalProperties: false,
        $defs: {
          place: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
        definitions: { old: { type: 'string', format: 'date' } },
      },
    });
  });

  it('a oneOf beside an anyOf keeps its own key (the anyOf is not overwritten)', () => {
    const made = strictOutputSchema({
      type: 'object',
      properties: {
        both: { anyOf: [{ type: 'string' }], oneOf: [{ type: 'number', maxLength: 1 }] },
      },
      required: ['both'],
    });
    expect(made).toEqual({
      strict: true,
      schema: {
        type: 'object',
        properties: { both: { anyOf: [{ type: 'string' }], oneOf: [{ type: 'number' }] } },
        required: ['both'],
        additionalProperties: false,
      },
    });
  });

  it('a property named like a keyword is a property, not a keyword', () => {
    const made = strictOutputSchema({
      type: 'object',
      properties: { minLength: { type: 'integer' }, format: { type: 'string' } },
      required: ['minLength', 'format'],
    });
    expect(made).toEqual({
      strict: true,
      schema: {
        type: 'object',
        properties: { minLength: { type: 'integer' }, format: { type: 'string' } },
        required: ['minLength', 'format'],
        additionalProperties: false,
      },
    });
  });

  it('names every obstacle it finds: a root that is not an object, unsupported keywords, an open map', () => {
    expect(
      strictOutputSchema({
        type: 'object',
        anyOf: [{ type: 'object' }],
        properties: {
          a: { type: 'string', not: { const: 'x' } },
          b: { type: 'object', additionalProperties: true },
          c: { type: 'object', additionalProperties: false, allOf: [{ type: 'object' }] },
        },
      }),
    ).toEqual({
      strict: false,
      reasons: [
        'the root schema must be an object (type "object", not anyOf)',
        "$.properties.a: 'not' is not supported",
        '$.properties.b: additionalProperties other than false (a map) cannot be strict',
        "$.properties.c: 'allOf' is not supported",
      ],
    });
    expect(strictOutputSchema({ type: 'array', items: { type: 'string' } })).toEqual({
      strict: false,
      reasons: ['the root schema must be an object (type "object", not anyOf)'],
    });
  });

  it('an array type given as a list still needs items', () => {
    expect(
      strictOutputSchema({
        type: 'object',
        properties: { a: { type: ['array', 'null'] }, b: { type: ['string', 'null'] } },
      }),
    ).toEqual({ strict: false, reasons: ['$.properties.a: array schema missing items'] });
  });

  it('an enum of more than 250 values of other types counts no characters toward the enum cap', () => {
    const numbers = Array.from({ length: 251 }, (_, index) => index * 1_000_000_000);
    const mixed = [...Array.from({ length: 260 }, (_, index) => `${'x'.repeat(60)}${index}`), 1];
    expect(
      strictOutputSchema({
        type: 'object',
        properties: { n: { type: 'number', enum: numbers }, m: { enum: mixed } },
        required: ['n', 'm'],
      }).strict,
    ).toBe(true);
  });
});

describe('strictObstacles: what counts toward the 120,000 characters', () => {
  const closed = (properties: Record<string, unknown>, extra: object = {}) => ({
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
    ...extra,
  });
  /** `count` properties whose names are `width` characters each. */
  const names = (count: number, width: number) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, index) => [
        `p${String(index).padStart(width - 1, '0')}`,
        { type: 'string' },
      ]),
    );

  it('the names under definitions count as $defs do', () => {
    expect(strictObstacles(closed(names(120, 1000)))).toEqual([]);
    expect(
      strictObstacles(closed(names(120, 1000), { definitions: { d: { type: 'string' } } })),
    ).toEqual([
      '120001 characters of property names, definition names, enum and const values in all (at most 120000)',
    ]);
  });

  it('enum values count too', () => {
    const properties = {
      ...names(119, 1000),
      e: { type: 'string', enum: ['a'.repeat(500), 'b'.repeat(500)] },
    };
    // 119,000 + 1 ('e') + 1,000 = 120,001.
    expect(strictObstacles(closed(properties))).toEqual([
      '120001 characters of property names, definition names, enum and const values in all (at most 120000)',
    ]);
  });
});

describe('strictObstacles: how the schema is walked', () => {
  const closed = (properties: Record<string, unknown>, extra: object = {}) => ({
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
    ...extra,
  });
  const nested = (levels: number): Record<string, unknown> =>
    levels === 1 ? { type: 'string' } : closed({ a: nested(levels - 1) });

  it("a union member is at its union's level, and is named by its index", () => {
    expect(strictObstacles(closed({ u: { anyOf: [nested(9), { type: 'null' }] } }))).toEqual([]);
    expect(strictObstacles(closed({ u: { anyOf: [{ type: 'string' }, {}] } }))).toEqual([
      "$.properties.u.anyOf[1]: schema must have a 'type' key",
    ]);
  });

  it('definitions start again at level 1, both $defs and definitions', () => {
    expect(
      strictObstacles(closed({ x: { $ref: '#/$defs/d' } }, { $defs: { d: nested(10) } })),
    ).toEqual([]);
    expect(
      strictObstacles(
        closed({ x: { $ref: '#/definitions/d' } }, { definitions: { d: nested(10) } }),
      ),
    ).toEqual([]);
  });

  it('values that are not schemas (enum members, const objects, examples) are not walked', () => {
    expect(
      strictObstacles(
        closed({
          e: { enum: [{ a: 1 }] },
          c: { const: { x: {} } },
          x: { type: 'string', examples: [{}] },
        }),
      ),
    ).toEqual([]);
  });
});

describe('anthropicOutputSchema: the keywords output_config.format refuses', () => {
  it('drops numeric, string and array bounds but keeps minItems of 0 or 1', () => {
    expect(
      anthropicOutputSchema({
        type: 'object',
        properties: {
          n: { type: 'number', minimum: 0, maximum: 9, exclusiveMinimum: 0, multipleOf: 2 },
          m: { type: 'number', exclusiveMaximum: 10 },
          s: { type: 'string', minLength: 1, maxLength: 9, format: 'color' },
          one: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 4 },
          two: { type: 'array', items: { type: 'string' }, minItems: 2, uniqueItems: true },
          all: { allOf: [{ type: 'string', maxLength: 3 }] },
          any: { type: 'array', items: true },
          fixed: { const: { properties: { maximum: 1 } } },
          plain: { const: { maximum: 1 } },
        },
      }),
    ).toStrictEqual({
      type: 'object',
      properties: {
        n: { type: 'number' },
        m: { type: 'number' },
        s: { type: 'string', format: 'color' },
        one: { type: 'array', items: { type: 'string' }, minItems: 1 },
        two: { type: 'array', items: { type: 'string' } },
        all: { allOf: [{ type: 'string' }] },
        any: { type: 'array', items: true },
        fixed: { const: { properties: { maximum: 1 } } },
        plain: { const: { maximum: 1 } },
      },
    });
  });
});

describe('withoutStrictNulls: the nulls strict mode sends for optional properties', () => {
  const schema = {
    type: 'object',
    properties: {
      typeNull: { type: 'null' },
      typeList: { type: ['string', 'null'] },
      enumNull: { enum: ['x', null] },
      enumPlain: { enum: ['x'] },
      constNull: { const: null },
      constPlain: { const: 'x' },
      anyOfNull: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      oneOfPlain: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      oneOfNull: { oneOf: [{ type: 'string' }, { type: 'null' }] },
      empty: {},
      ref: { $ref: '#/$defs/thing' },
      anything: true,
      plain: { type: 'string' },
      kept: { type: 'string' },
    },
    required: ['kept'],
  };

  it('removes a null only where the property is optional and its schema does not allow null', () => {
    const value = Object.fromEntries(
      [...Object.keys(schema.properties), 'unknown'].map((name) => [name, null]),
    );
    expect(withoutStrictNulls(value, schema)).toEqual({
      typeNull: null,
      typeList: null,
      enumNull: null,
      constNull: null,
      anyOfNull: null,
      oneOfNull: null,
      empty: null,
      anything: null,
      kept: null,
      unknown: null,
    });
  });

  it('goes into array items and nested objects, and leaves values it has no schema for', () => {
    const list = {
      type: 'array',
      items: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
    };
    expect(withoutStrictNulls([{ a: null, b: 'x' }, 'text'], list)).toEqual([{ b: 'x' }, 'text']);
    const untyped = [{ a: null }];
    expect(withoutStrictNulls(untyped, { type: 'array' })).toBe(untyped);
    expect(withoutStrictNulls({ a: null }, true)).toEqual({ a: null });
    expect(withoutStrictNulls({ a: null }, { type: 'object' })).toEqual({ a: null });
    expect(withoutStrictNulls('text', schema)).toBe('text');
    expect(
      withoutStrictNulls(
        // `required` that is not a list requires nothing: b is optional.
        { outer: { a: null, other: 1 }, b: null },
        { type: 'object', properties: { outer: list.items, b: { type: 'string' } }, required: 'b' },
      ),
    ).toEqual({ outer: { other: 1 } });
    // A schema that is not an object (`null` where a schema should be) leaves the value alone.
    expect(withoutStrictNulls({ a: null }, null)).toEqual({ a: null });
  });
});

describe('withoutStrictNulls: objects reached through $ref', () => {
  const schema = {
    type: 'object',
    properties: {
      home: { $ref: '#/$defs/address' },
      work: { $ref: '#/$defs/office' },
      chain: { $ref: '#/$defs/node' },
      maybe: { $ref: '#/$defs/nullable' },
    },
    required: ['home', 'work', 'chain'],
    $defs: {
      address: {
        type: 'object',
        properties: { street: { type: 'string' }, unit: { type: 'string' } },
        required: ['street'],
      },
      office: { $ref: '#/$defs/address' },
      node: {
        type: 'object',
        properties: { label: { type: 'string' }, next: { $ref: '#/$defs/node' } },
        required: ['label'],
      },
      nullable: { type: ['string', 'null'] },
      loop: { anyOf: [{ $ref: '#/$defs/loop' }] },
    },
  };

  it('removes the nulls of optional properties inside the definitions, through chains and recursion', () => {
    expect(
      withoutStrictNulls(
        {
          home: { street: 'Main 1', unit: null },
          work: { street: 'Pier 2', unit: null },
          chain: { label: 'a', next: { label: 'b', next: null } },
          maybe: null,
        },
        schema,
      ),
    ).toEqual({
      home: { street: 'Main 1' },
      work: { street: 'Pier 2' },
      chain: { label: 'a', next: { label: 'b' } },
      // The definition allows null: kept.
      maybe: null,
    });
  });

  it('a reference that leads nowhere, or to itself, ends without an error', () => {
    const odd = {
      type: 'object',
      properties: {
        lost: { $ref: '#/$defs/missing' },
        looped: { $ref: '#/$defs/loop' },
        other: { $ref: 'https://example.com/schema.json' },
      },
      $defs: schema.$defs,
    };
    expect(withoutStrictNulls({ lost: null, looped: null, other: null, kept: 1 }, odd)).toEqual({
      kept: 1,
    });
  });
});

describe('unfencedJson: the JSON a model wrapped in a Markdown fence', () => {
  it.each([
    ['  {"a":1}  ', '{"a":1}'],
    ['```json\n{"a":1}\n```', '{"a":1}'],
    ['```\n[1, 2]\n```', '[1, 2]'],
    ['```JSON  \n{"a":1}```', '{"a":1}'],
    ['```json {"a":1}```', '```json {"a":1}```'],
    ['```c++\n1\n```', '```c++\n1\n```'],
    ['```js on\n{}\n```', '```js on\n{}\n```'],
    ['```a ```json\n{}\n```', '```a ```json\n{}\n```'],
    ['```json\n{"a":1}', '```json\n{"a":1}'],
    ['{"a":1}\n```', '{"a":1}\n```'],
    ['```', '```'],
  ])('%j reads as %j', (text, json) => {
    expect(unfencedJson(text)).toBe(json);
  });
});

describe('the strict flag and its warnings on the openai wires', () => {
  const request = (schema: Record<string, unknown>, strict: boolean) => ({
    model: 'gpt-4.1',
    messages: [{ role: 'user' as const, content: 'Plan' }],
    output: { name: 'trip', schema, strict },
  });

  it('an array without items gets items: {}, is warned, and goes with strict: false', () => {
    const warnings: CrosswireWarning[] = [];
    const schema = {
      type: 'object',
      properties: {
        tags: { type: 'array' },
        more: { type: 'array', items: { type: 'string' } },
        notes: { type: 'array' },
      },
      required: ['tags', 'more', 'notes'],
    };
    const body = buildRequest('openai', request(schema, true), {
      onWarning: (warning) => warnings.push(warning),
    });
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'trip',
        schema: {
          type: 'object',
          properties: {
            tags: { type: 'array', items: {} },
            more: { type: 'array', items: { type: 'string' } },
            notes: { type: 'array', items: {} },
          },
          required: ['tags', 'more', 'notes'],
        },
        strict: false,
      },
    });
    expect(warnings.map(({ code, message, details }) => ({ code, message, details }))).toEqual([
      {
        code: 'structured_output_repaired',
        message:
          'openai: the schema of output "trip" has arrays without items; they get items: {} at $.properties.tags, $.properties.notes (rule openai-structured-array-items); the reply is still validated against the schema as given',
        details: {
          wire: 'openai',
          name: 'trip',
          rule: 'openai-structured-array-items',
          paths: ['$.properties.tags', '$.properties.notes'],
        },
      },
      {
        code: 'structured_output_not_strict',
        message:
          "openai: the schema of output \"trip\" cannot be made strict ($.properties.tags.items: schema must have a 'type' key; $.properties.notes.items: schema must have a 'type' key); sent with strict: false (rule openai-structured-strict-schema), and the reply is still validated",
        details: {
          wire: 'openai',
          name: 'trip',
          rule: 'openai-structured-strict-schema',
          reasons: [
            "$.properties.tags.items: schema must have a 'type' key",
            "$.properties.notes.items: schema must have a 'type' key",
          ],
        },
      },
    ]);
  });

  it('the same schema object asked strict, then not, then strict again gets each answer right', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } };
    const sent = (strict: boolean) =>
      buildRequest('responses', request(schema, strict)).text as { format: object };
    const strictFormat = {
      type: 'json_schema',
      name: 'trip',
      schema: {
        type: 'object',
        properties: { city: { type: ['string', 'null'] } },
        required: ['city'],
        additionalProperties: false,
      },
      strict: true,
    };
    const looseFormat = { type: 'json_schema', name: 'trip', schema, strict: false };
    expect(sent(true).format).toEqual(strictFormat);
    expect(sent(false).format).toEqual(looseFormat);
    expect(sent(true).format).toEqual(strictFormat);
    expect(sent(false).format).toEqual(looseFormat);
  });
});
