// Over generated schemas: a schema `strictOutputSchema` makes strict keeps every strict rule the
// preflight catalogue (and so the simulator) checks, and one it refuses names a reason.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preflight } from '../preflight/preflight.js';
import { strictOutputSchema, withoutStrictNulls } from './strict.js';

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
