// The structured reply's check, message by message: what a caller reads for each keyword at its
// edges (draft-04's boolean exclusive bounds, draft-07's tuple items and dependencies, decimal
// multiples, code points, long values shortened in a message). Every expected issue is written
// out by hand.
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from './json-schema-check.js';

const issues = (schema: Record<string, unknown>, value: unknown) =>
  compileJsonSchema(schema).check(value);
const at = (message: string, path = '$') => [{ path, message }];

const long = (count: number) => 'x'.repeat(count);

describe('numbers', () => {
  it.each([
    ['minimum is inclusive', { minimum: 3 }, 3, []],
    ['maximum', { maximum: 3 }, 4, at('must be <= 3')],
    ['maximum is inclusive', { maximum: 3 }, 3, []],
    [
      'draft-04 exclusiveMinimum: true',
      { minimum: 3, exclusiveMinimum: true },
      3,
      at('must be > 3'),
    ],
    ['draft-04 exclusiveMinimum: true, above', { minimum: 3, exclusiveMinimum: true }, 4, []],
    [
      'draft-04 exclusiveMaximum: true',
      { maximum: 3, exclusiveMaximum: true },
      3,
      at('must be < 3'),
    ],
    ['draft-04 exclusiveMaximum: true, below', { maximum: 3, exclusiveMaximum: true }, 2, []],
    ['exclusiveMinimum', { exclusiveMinimum: 3 }, 3, at('must be > 3')],
    ['exclusiveMinimum, above', { exclusiveMinimum: 3 }, 3.5, []],
    ['exclusiveMaximum, below', { exclusiveMaximum: 3 }, 2.5, []],
    ['multipleOf read in decimals', { multipleOf: 0.01 }, 0.07, []],
    ['multipleOf in decimals, a miss', { multipleOf: 0.1 }, 0.35, at('must be a multiple of 0.1')],
    ['multipleOf 2.5', { multipleOf: 2.5 }, 7.5, []],
    ['multipleOf 0 is ignored', { multipleOf: 0 }, 3, []],
    [
      'a number with an exponent is no decimal multiple',
      { multipleOf: 0.3 },
      1e-7,
      at('must be a multiple of 0.3'),
    ],
  ] as const)('%s', async (_name, schema, value, expected) => {
    expect(await issues(schema, value)).toEqual(expected);
  });
});

describe('strings', () => {
  it.each([
    [
      'a lone high surrogate at the end is one character',
      { maxLength: 1 },
      'a\ud83d',
      at('must be at most 1 characters'),
    ],
    [
      'a high surrogate before a plain letter: two characters',
      { minLength: 3 },
      '\ud83da',
      at('must be at least 3 characters'),
    ],
    ['a surrogate pair is one character', { maxLength: 2 }, 'a😀', []],
    ['escapes other than \\u are kept', { pattern: '^\\d+$' }, '12', []],
    [
      'escapes other than \\u are kept, a miss',
      { pattern: '^\\d+$' },
      'ab',
      at('must match the pattern "^\\\\d+$"'),
    ],
    ['text after a \\u escape is read on', { pattern: '^\\u00e9x$' }, 'éx', []],
    ['text after a \\u{} escape is read on', { pattern: '^\\u{e9}y$' }, 'éy', []],
    [
      'hostname of 253 characters',
      { format: 'hostname' },
      [long(63), long(63), long(63), long(61)].join('.'),
      [],
    ],
    [
      'hostname of 254 characters',
      { format: 'hostname' },
      [long(63), long(63), long(63), long(62)].join('.'),
      at('must be a valid hostname'),
    ],
    ['ipv6 miss', { format: 'ipv6' }, 'not-an-address', at('must be a valid ipv6')],
  ] as const)('%s', async (_name, schema, value, expected) => {
    expect(await issues(schema, value)).toEqual(expected);
  });
});

describe('values named in a message', () => {
  it('a value over 80 characters is shortened; one of 80 is not', async () => {
    expect(await issues({ enum: [long(100)] }, 'y')).toEqual(
      at(`expected one of ["${long(78)}...`),
    );
    expect(await issues({ enum: [long(76)] }, 'y')).toEqual(at(`expected one of ["${long(76)}"]`));
  });

  it('equal objects compare equal whatever their key order; arrays keep their items apart', async () => {
    expect(await issues({ enum: [{ a: 1, b: 2 }] }, { b: 2, a: 1 })).toEqual([]);
    expect(await issues({ enum: [[1, 2]] }, [12])).toEqual(at('expected one of [[1,2]]'));
    expect(await issues({ const: { a: 1, b: [2, 3] } }, { a: 1, b: [23] })).toEqual(
      at('expected {"a":1,"b":[2,3]}'),
    );
    expect(await issues({ const: null }, 0)).toEqual(at('expected null'));
  });

  it('a type list is named whole', async () => {
    expect(await issues({ type: ['string', 'null'] }, 5)).toEqual(
      at('expected string or null, got integer'),
    );
    expect(await issues({ type: 'string', nullable: true }, 5)).toEqual(
      at('expected string, got integer'),
    );
  });
});

describe('arrays', () => {
  it.each([
    ['minItems', { minItems: 2 }, [1], at('must have at least 2 items')],
    [
      'draft-07 tuple items with additionalItems false',
      { items: [{ type: 'string' }], additionalItems: false },
      ['a', 1],
      at('no value is allowed here', '$[1]'),
    ],
    [
      'draft-07 tuple items alone leave the rest free',
      { items: [{ type: 'string' }] },
      ['a', 1],
      [],
    ],
    [
      'draft-07 tuple items check their positions',
      { items: [{ type: 'string' }] },
      [1],
      at('expected string, got integer', '$[0]'),
    ],
    [
      'maxContains',
      { contains: { type: 'number' }, maxContains: 1 },
      [1, 2],
      at('must contain at most 1 matching items'),
    ],
    [
      'contains at least one by default',
      { contains: { type: 'number' } },
      ['a'],
      at('must contain at least 1 matching items'),
    ],
    ['contains met', { contains: { type: 'number' } }, ['a', 1], []],
  ] as const)('%s', async (_name, schema, value, expected) => {
    expect(await issues(schema, value)).toEqual(expected);
  });
});

describe('objects', () => {
  it.each([
    ['minProperties', { minProperties: 2 }, { a: 1 }, at('must have at least 2 properties')],
    ['maxProperties', { maxProperties: 1 }, { a: 1, b: 2 }, at('must have at most 1 properties')],
    [
      'required names that are not strings are skipped',
      { required: [1, 'a'] },
      {},
      at('required property is missing', '$.a'),
    ],
    [
      'draft-07 dependencies: a list',
      { dependencies: { a: ['b'] } },
      { a: 1 },
      at('required property is missing (a is present)', '$.b'),
    ],
    [
      'draft-07 dependencies: a schema',
      { dependencies: { a: { required: ['c'] } } },
      { a: 1 },
      at('required property is missing', '$.c'),
    ],
    [
      'dependentSchemas: false',
      { dependentSchemas: { a: false } },
      { a: 1 },
      at('no value is allowed here'),
    ],
    ['dependentRequired, absent key', { dependentRequired: { a: ['b'] } }, { c: 1 }, []],
  ] as const)('%s', async (_name, schema, value, expected) => {
    expect(await issues(schema, value)).toEqual(expected);
  });
});

// biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then` keyword, not a thenable.
const IF_THEN = { if: { type: 'string' }, then: { minLength: 2 } };

describe('combinators', () => {
  it('anyOf names the first of the members with the fewest issues', async () => {
    expect(
      await issues(
        { anyOf: [{ required: ['x', 'y'] }, { required: ['z'] }, { required: ['w'] }] },
        {},
      ),
    ).toEqual(at('matches none of the anyOf schemas (nearest: $.z: required property is missing)'));
  });

  it.each([
    [
      'oneOf none',
      { oneOf: [{ type: 'string' }, { type: 'boolean' }] },
      3,
      at('matches 0 of the oneOf schemas, not exactly one'),
    ],
    ['oneOf exactly one', { oneOf: [{ type: 'string' }, { type: 'integer' }] }, 3, []],
    ['if without else', IF_THEN, 5, []],
    ['if with then', IF_THEN, 'a', at('must be at least 2 characters')],
    ['not, not matched', { not: { type: 'string' } }, 5, []],
  ] as const)('%s', async (_name, schema, value, expected) => {
    expect(await issues(schema, value)).toEqual(expected);
  });
});
