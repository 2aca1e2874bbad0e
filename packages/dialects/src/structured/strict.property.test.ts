// Over generated schemas: a schema `strictOutputSchema` makes strict keeps every strict rule the
// preflight catalogue (and so the simulator) checks, and one it refuses names a reason.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preflight } from '../preflight/preflight.js';
import { strictObstacles, strictOutputSchema, withoutStrictNulls } from './strict.js';

const leaf = fc.constantFrom<Record<string, unknown>>(
  { type: 'string' },
  { type: 'string', minLength: 2, format: 'email' },
  { type: 'string', format: 'color' },
  { type: 'integer', minimum: 0 },
  { type: 'boolean' },
  { enum: ['a', 'b'] },
  { type: ['number', 'null'] },
  { oneOf: [{ type: 'string' }, { type: 'number' }] },
);

const schema = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ type: fc.constant('array'), items: tie('node') }),
    fc
      .dictionary(fc.stringMatching(/^[a-z]{1,6}$/), tie('node'), { maxKeys: 4 })
      .chain((properties) =>
        fc.record({
          type: fc.constant('object'),
          properties: fc.constant(properties),
          required: fc.subarray(Object.keys(properties)),
        }),
      ),
  ),
})).node;

const root = fc
  .dictionary(fc.stringMatching(/^[a-z]{1,6}$/), schema, { maxKeys: 5 })
  .map((properties) => ({ type: 'object', properties }));

const body = (made: unknown) => ({
  model: 'gpt-4.1',
  messages: [{ role: 'user', content: 'x' }],
  response_format: { type: 'json_schema', json_schema: { name: 'x', schema: made, strict: true } },
});

describe('strictOutputSchema over all schemas', () => {
  it('a schema made strict breaks no strict rule of the catalogue', () => {
    fc.assert(
      fc.property(root, (input) => {
        const made = strictOutputSchema(input);
        if (!made.strict) return made.reasons.length > 0;
        expect(preflight(body(made.schema), { wire: 'openai' }).violations).toEqual([]);
        return true;
      }),
    );
  });

  it('a map (additionalProperties a schema) and a root anyOf cannot be strict', () => {
    expect(
      strictOutputSchema({ type: 'object', additionalProperties: { type: 'string' } }),
    ).toEqual({
      strict: false,
      reasons: ['$: additionalProperties other than false (a map) cannot be strict'],
    });
    expect(strictOutputSchema({ anyOf: [{ type: 'object' }] })).toMatchObject({ strict: false });
  });

  it('the null strict mode sends for an optional property is read as absent', () => {
    const original = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: ['string', 'null'] },
        list: { type: 'array', items: { type: 'object', properties: { c: { type: 'number' } } } },
      },
      required: ['list'],
    };
    expect(withoutStrictNulls({ a: null, b: null, list: [{ c: null }] }, original)).toEqual({
      b: null,
      list: [{}],
    });
  });
});

describe('the strict limits hold across the whole schema (issue 38)', () => {
  const object = (properties: Record<string, unknown>) => ({
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  });
  const values = (count: number, width: number, prefix: string) =>
    Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(width, '0')}`);

  it('1,000 enum values in all pass; 1,001 across two enums do not', () => {
    expect(
      strictObstacles(
        object({
          a: { type: 'string', enum: values(500, 3, 'a') },
          b: { type: 'string', enum: values(500, 3, 'b') },
        }),
      ),
    ).toEqual([]);
    expect(
      strictObstacles(
        object({
          a: { type: 'string', enum: values(500, 3, 'a') },
          b: { type: 'string', enum: values(501, 3, 'b') },
        }),
      ),
    ).toEqual(['1001 enum values in all (at most 1000)']);
  });

  it('15,000 characters are the limit of an enum of more than 250 values only', () => {
    // 250 values of 100 characters: 25,000 characters, but not more than 250 values.
    expect(strictObstacles(object({ a: { type: 'string', enum: values(250, 99, 'x') } }))).toEqual(
      [],
    );
    // 251 values of 60 characters: 15,060.
    expect(strictObstacles(object({ a: { type: 'string', enum: values(251, 59, 'x') } }))).toEqual([
      '$.properties.a: an enum of more than 250 values has 15060 characters (at most 15000)',
    ]);
    // 300 values of 50 characters: exactly 15,000.
    expect(strictObstacles(object({ a: { type: 'string', enum: values(300, 49, 'x') } }))).toEqual(
      [],
    );
  });

  it('120,000 characters of names and values in all, counting definitions and const', () => {
    const names = (count: number, width: number) =>
      Object.fromEntries(values(count, width, 'p').map((name) => [name, { type: 'string' }]));
    expect(strictObstacles(object(names(120, 999)))).toEqual([]);
    expect(
      strictObstacles({
        ...object(names(120, 999)),
        $defs: { d: { type: 'string', const: 'x' } },
      }),
    ).toEqual([
      '120002 characters of property names, definition names, enum and const values in all (at most 120000)',
    ]);
  });

  it('a node without a type, and an array without items, cannot be strict', () => {
    expect(strictObstacles(object({ a: {}, b: { type: 'array' } }))).toEqual([
      "$.properties.a: schema must have a 'type' key",
      '$.properties.b: array schema missing items',
    ]);
  });
});
