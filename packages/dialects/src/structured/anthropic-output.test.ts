import { describe, expect, it } from 'vitest';
import {
  anthropicFormatObstacles,
  anthropicNativeSchema,
  outputToolName,
  wrappedRootSchema,
  wrapsRoot,
} from './anthropic-output.js';

const strings = (count: number, required: boolean, type: unknown = 'string') => {
  const names = Array.from({ length: count }, (_, index) => `p${index}`);
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type }])),
    ...(required ? { required: names } : {}),
  };
};
const rules = (schema: Record<string, unknown>) =>
  anthropicFormatObstacles(schema).map((obstacle) => obstacle.rule);

describe('what output_config.format refuses', () => {
  it('24 optional properties pass, 25 do not (counted over the whole schema)', () => {
    expect(rules(strings(24, false))).toEqual([]);
    expect(anthropicFormatObstacles(strings(25, false))).toEqual([
      {
        rule: 'anthropic-output-format-optional',
        reason: '25 optional properties in all (at most 24)',
      },
    ]);
    // 13 + 12 optional in two nested objects: 25 in all.
    expect(
      rules({
        type: 'object',
        properties: { a: strings(13, false), b: strings(12, false) },
        required: ['a', 'b'],
      }),
    ).toEqual(['anthropic-output-format-optional']);
  });

  it('16 union-typed properties pass, 17 do not (type arrays and anyOf both count)', () => {
    expect(rules(strings(16, true, ['string', 'null']))).toEqual([]);
    expect(rules(strings(17, true, ['string', 'null']))).toEqual([
      'anthropic-output-format-unions',
    ]);
    const anyOf = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 17 }, (_, index) => [
          `u${index}`,
          { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        ]),
      ),
      required: Array.from({ length: 17 }, (_, index) => `u${index}`),
    };
    expect(rules(anyOf)).toEqual(['anthropic-output-format-unions']);
  });

  it('a $ref cycle is recursive; shared definitions without a cycle are not', () => {
    const shared = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/point' }, b: { $ref: '#/$defs/point' } },
      required: ['a', 'b'],
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
    };
    expect(rules(shared)).toEqual([]);
    const mutual = {
      type: 'object',
      properties: { a: { $ref: '#/definitions/left' } },
      required: ['a'],
      definitions: {
        left: {
          type: 'object',
          properties: { r: { $ref: '#/definitions/right' } },
          required: ['r'],
        },
        right: { type: 'array', items: { $ref: '#/definitions/left' } },
      },
    };
    expect(anthropicFormatObstacles(mutual)).toEqual([
      {
        rule: 'anthropic-output-format-recursive',
        reason: 'the schema is recursive (a $ref cycle through "left")',
      },
    ]);
    const root = { type: 'object', properties: { next: { $ref: '#' } }, required: ['next'] };
    expect(rules(root)).toEqual(['anthropic-output-format-recursive']);
  });

  it('an enum of objects or arrays is refused; primitives are not', () => {
    expect(
      rules({ type: 'object', properties: { k: { enum: ['a', 1, null, true] } }, required: ['k'] }),
    ).toEqual([]);
    expect(
      rules({ type: 'object', properties: { k: { enum: [[1], [2]] } }, required: ['k'] }),
    ).toEqual(['anthropic-output-format-enum']);
  });

  it('a string format outside the ten the SDK keeps is left out, and where is said', () => {
    expect(
      anthropicNativeSchema({
        type: 'object',
        properties: {
          link: { type: 'string', format: 'uri-reference' },
          at: { type: 'string', format: 'date-time' },
          n: { type: 'integer', minimum: 1 },
        },
        required: ['link'],
      }),
    ).toEqual({
      schema: {
        type: 'object',
        properties: {
          link: { type: 'string' },
          at: { type: 'string', format: 'date-time' },
          n: { type: 'integer' },
        },
        required: ['link'],
        additionalProperties: false,
      },
      droppedFormats: ['$.properties.link (uri-reference)'],
    });
  });
});

describe('the tool form', () => {
  it('the output tool takes the first name no other tool has', () => {
    expect(outputToolName('trip', ['weather'])).toBe('trip');
    expect(outputToolName('trip', ['trip'])).toBe('trip_output');
    expect(outputToolName('trip', ['trip', 'trip_output'])).toBe('trip_output_2');
    expect(outputToolName('trip', ['trip', 'trip_output', 'trip_output_2'])).toBe('trip_output_3');
  });

  it('wraps a root that is not a plain object, with its definitions moved up', () => {
    expect(wrapsRoot({ type: 'object', properties: {} })).toBe(false);
    expect(wrapsRoot({ properties: { a: { type: 'string' } } })).toBe(false);
    expect(wrapsRoot({ type: 'array', items: {} })).toBe(true);
    expect(wrapsRoot({ type: 'string' })).toBe(true);
    expect(wrapsRoot({ anyOf: [{ type: 'object' }, { type: 'object' }] })).toBe(true);
    expect(wrapsRoot({ type: 'object', oneOf: [{}, {}] })).toBe(true);
    expect(
      wrappedRootSchema({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'array',
        items: { $ref: '#/$defs/stop' },
        $defs: { stop: { type: 'string' } },
      }),
    ).toEqual({
      type: 'object',
      properties: { value: { type: 'array', items: { $ref: '#/$defs/stop' } } },
      required: ['value'],
      additionalProperties: false,
      $defs: { stop: { type: 'string' } },
    });
  });
});
