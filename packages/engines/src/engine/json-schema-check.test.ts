// The structured reply's check (issue 39, item 3): patterns in a linear-time engine, recursion
// bounded, references that only lead to each other refused, and the verdict of every keyword
// the same as Ajv's (an implementation we did not write) on the same schema and value.
import type { CrosswireWarning } from '@crosswire/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema, MAX_STRUCTURED_DEPTH } from './json-schema-check.js';

/** `{ child: { child: ... } }`, `depth` objects deep. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < depth; level++) value = { child: value };
  return value;
}

const TREE = {
  type: 'object',
  properties: { child: { $ref: '#' } },
  additionalProperties: false,
};

describe('patterns run in a linear-time engine', () => {
  it("'^(a+)+$' against 28, 29 and 100 000 a's and a '!' (6.9 s and 32.8 s for 28 and 29 with a backtracking engine)", async () => {
    const checker = compileJsonSchema({ type: 'string', pattern: '^(a+)+$' });
    const verdicts = await Promise.all(
      [28, 29, 100_000].map((length) => checker.check(`${'a'.repeat(length)}!`)),
    );
    expect(verdicts).toEqual([
      [{ path: '$', message: 'must match the pattern "^(a+)+$"' }],
      [{ path: '$', message: 'must match the pattern "^(a+)+$"' }],
      [{ path: '$', message: 'must match the pattern "^(a+)+$"' }],
    ]);
    expect(await checker.check('a'.repeat(100_000))).toEqual([]);
  });

  it('patternProperties keys are run by the same engine', async () => {
    const checker = compileJsonSchema({
      type: 'object',
      patternProperties: { '^(x+)+$': { type: 'number' } },
      additionalProperties: false,
    });
    expect(await checker.check({ xxxx: 1, [`${'x'.repeat(40)}!`]: 2 })).toEqual([
      { path: `$.${'x'.repeat(40)}!`, message: 'property not allowed' },
    ]);
  });

  it('a pattern is searched, not anchored; \\uXXXX and \\u{X} escapes are read as ECMA-262 writes them', async () => {
    const checker = compileJsonSchema({
      type: 'array',
      prefixItems: [{ pattern: 'b' }, { pattern: '^\\u00e9$' }, { pattern: '^\\u{1F600}$' }],
    });
    expect(await checker.check(['abc', 'é', '😀'])).toEqual([]);
    expect(await checker.check(['ac', 'e', ':)'])).toEqual([
      { path: '$[0]', message: 'must match the pattern "b"' },
      { path: '$[1]', message: 'must match the pattern "^\\\\u00e9$"' },
      { path: '$[2]', message: 'must match the pattern "^\\\\u{1F600}$"' },
    ]);
  });

  it('a pattern RE2 cannot run (lookaround, backreference) is not checked, with one warning naming it at the first check', async () => {
    const warnings: CrosswireWarning[] = [];
    const checker = compileJsonSchema(
      {
        type: 'object',
        properties: { a: { pattern: '^(?!x)' }, b: { pattern: '(y)\\1' }, c: { pattern: '^z' } },
      },
      { onWarning: (warning) => warnings.push(warning) },
    );
    // Told at the first check, when the engine is loaded and the patterns compiled.
    expect(await checker.check({ a: 'x', b: 'q', c: 'q' })).toEqual([
      { path: '$.c', message: 'must match the pattern "^z"' },
    ]);
    expect(warnings).toEqual([
      {
        code: 'output_pattern_unchecked',
        message:
          'output.schema has patterns the linear-time engine (RE2) cannot run, so they are not checked on the reply: "^(?!x)", "(y)\\\\1" (lookarounds and backreferences are not supported; a backtracking engine on a model\'s text could block the process)',
        details: { patterns: ['^(?!x)', '(y)\\1'] },
      },
    ]);
  });
});

describe('recursion is bounded', () => {
  it(`a reply nested 10 000 deep against a recursive schema: one issue, no RangeError (bound ${MAX_STRUCTURED_DEPTH})`, async () => {
    expect(MAX_STRUCTURED_DEPTH).toBe(256);
    const checker = compileJsonSchema(TREE);
    expect(await checker.check(nested(10_000))).toEqual([
      { path: '$', message: 'nests deeper than 256 levels' },
    ]);
    expect(await checker.check(nested(256))).toEqual([]);
    expect(await checker.check(nested(257))).toEqual([
      { path: '$', message: 'nests deeper than 256 levels' },
    ]);
  });

  it('every level of a 256 deep reply through anyOf and $ref is checked', async () => {
    const checker = compileJsonSchema({
      $defs: {
        node: {
          anyOf: [
            { type: 'null' },
            {
              type: 'object',
              properties: { child: { $ref: '#/$defs/node' } },
              required: ['child'],
            },
          ],
        },
      },
      $ref: '#/$defs/node',
    });
    let value: unknown = null;
    for (let level = 0; level < 255; level++) value = { child: value };
    expect(await checker.check(value)).toEqual([]);
  });

  it('a schema nested 5 000 deep is an issue where the checker stops, not a RangeError', async () => {
    let schema: Record<string, unknown> = { type: 'integer' };
    for (let level = 0; level < 5000; level++) schema = { allOf: [schema] };
    expect(await compileJsonSchema(schema).check(1)).toEqual([
      { path: '$', message: 'the schema nests too deeply here to be checked' },
    ]);
  });

  it('references that only lead to each other are refused when compiled, with invalid_output', async () => {
    expect(() =>
      compileJsonSchema({
        type: 'object',
        properties: { a: { $ref: '#/$defs/a' } },
        $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid_output',
        path: 'output.schema.$defs.a.$ref',
        message:
          'output.schema cannot be used: the $ref at $.$defs.a.$ref leads back to itself through references alone, never into a property or an item, so no value can ever be checked against it',
      }),
    );
    expect(() => compileJsonSchema({ properties: { a: { $ref: '#/$defs/%E0%A4%A' } } })).toThrow(
      expect.objectContaining({ code: 'invalid_output' }),
    );
  });
});

/** Schema, value, and the issues written down by hand. */
const CASES: readonly [string, Record<string, unknown>, unknown, unknown[]][] = [
  ['type', { type: 'string' }, 5, [{ path: '$', message: 'expected string, got integer' }]],
  ['type list', { type: ['string', 'null'] }, null, []],
  ['integer is a number', { type: 'number' }, 3, []],
  [
    'not an integer',
    { type: 'integer' },
    3.5,
    [{ path: '$', message: 'expected integer, got number' }],
  ],
  ['nullable (OpenAPI)', { type: 'string', nullable: true }, null, []],
  ['enum', { enum: ['a', { b: 1 }] }, { b: 1 }, []],
  ['enum miss', { enum: ['a', 'b'] }, 'c', [{ path: '$', message: 'expected one of ["a","b"]' }]],
  [
    'const',
    { const: { x: [1, 2] } },
    { x: [1, 3] },
    [{ path: '$', message: 'expected {"x":[1,2]}' }],
  ],
  ['minimum', { minimum: 3 }, 2, [{ path: '$', message: 'must be >= 3' }]],
  ['exclusiveMaximum', { exclusiveMaximum: 3 }, 3, [{ path: '$', message: 'must be < 3' }]],
  ['multipleOf', { multipleOf: 0.5 }, 1.5, []],
  ['multipleOf in decimals', { multipleOf: 0.1 }, 0.3, []],
  ['multipleOf miss', { multipleOf: 2 }, 3, [{ path: '$', message: 'must be a multiple of 2' }]],
  [
    'minLength counts code points',
    { minLength: 2 },
    '😀',
    [{ path: '$', message: 'must be at least 2 characters' }],
  ],
  ['maxLength', { maxLength: 1 }, '😀', []],
  ['format date-time', { format: 'date-time' }, '2026-01-02T03:04:05Z', []],
  [
    'format email miss',
    { format: 'email' },
    'no at sign',
    [{ path: '$', message: 'must be a valid email' }],
  ],
  ['format uuid', { format: 'uuid' }, '123e4567-e89b-12d3-a456-426614174000', []],
  ['format ipv6', { format: 'ipv6' }, '::1', []],
  [
    'format ipv4 miss',
    { format: 'ipv4' },
    '256.1.1.1',
    [{ path: '$', message: 'must be a valid ipv4' }],
  ],
  ['unknown format is an annotation', { format: 'color' }, 'anything', []],
  [
    'required, additionalProperties false',
    {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a', 'b'],
      additionalProperties: false,
    },
    { a: 1, c: true },
    [
      { path: '$.b', message: 'required property is missing' },
      { path: '$.a', message: 'expected string, got integer' },
      { path: '$.c', message: 'property not allowed' },
    ],
  ],
  [
    'additionalProperties schema',
    { additionalProperties: { type: 'number' } },
    { x: 'y' },
    [{ path: '$.x', message: 'expected number, got string' }],
  ],
  [
    'propertyNames',
    { propertyNames: { maxLength: 2 } },
    { abc: 1 },
    [{ path: '$.abc', message: 'property name not allowed: must be at most 2 characters' }],
  ],
  [
    'min/maxProperties',
    { minProperties: 2 },
    { a: 1 },
    [{ path: '$', message: 'must have at least 2 properties' }],
  ],
  [
    'dependentRequired',
    { dependentRequired: { a: ['b'] } },
    { a: 1 },
    [{ path: '$.b', message: 'required property is missing (a is present)' }],
  ],
  [
    'dependentSchemas',
    { dependentSchemas: { a: { required: ['c'] } } },
    { a: 1 },
    [{ path: '$.c', message: 'required property is missing' }],
  ],
  [
    'items',
    { items: { type: 'integer' } },
    [1, 'x'],
    [{ path: '$[1]', message: 'expected integer, got string' }],
  ],
  [
    'prefixItems then items false',
    { prefixItems: [{ type: 'string' }], items: false },
    ['a', 1],
    [{ path: '$[1]', message: 'no value is allowed here' }],
  ],
  ['min/maxItems', { maxItems: 1 }, [1, 2], [{ path: '$', message: 'must have at most 1 items' }]],
  [
    'uniqueItems',
    { uniqueItems: true },
    [
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ],
    [{ path: '$', message: 'items must be unique (items 0 and 1 are equal)' }],
  ],
  [
    'contains',
    { contains: { type: 'string' }, minContains: 2 },
    ['a', 1],
    [{ path: '$', message: 'must contain at least 2 matching items' }],
  ],
  [
    'allOf',
    { allOf: [{ minimum: 1 }, { maximum: 2 }] },
    3,
    [{ path: '$', message: 'must be <= 2' }],
  ],
  [
    'anyOf',
    { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 5 }] },
    3,
    [
      {
        path: '$',
        message: 'matches none of the anyOf schemas (nearest: $: expected string, got integer)',
      },
    ],
  ],
  [
    'oneOf twice',
    { oneOf: [{ type: 'integer' }, { minimum: 0 }] },
    3,
    [{ path: '$', message: 'matches 2 of the oneOf schemas, not exactly one' }],
  ],
  [
    'not',
    { not: { type: 'string' } },
    'x',
    [{ path: '$', message: 'must not match the schema in not' }],
  ],
  [
    'if/then/else',
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then` keyword, not a thenable.
    { if: { type: 'string' }, then: { minLength: 2 }, else: { minimum: 10 } },
    3,
    [{ path: '$', message: 'must be >= 10' }],
  ],
  [
    '$anchor',
    { $defs: { s: { $anchor: 'str', type: 'string' } }, $ref: '#str' },
    1,
    [{ path: '$', message: 'expected string, got integer' }],
  ],
  [
    'false schema',
    { properties: { a: false } },
    { a: 1 },
    [{ path: '$.a', message: 'no value is allowed here' }],
  ],
  ['true schema', { properties: { a: true } }, { a: [1] }, []],
];

describe('each keyword, by hand', () => {
  it.each(CASES)('%s', async (_name, schema, value, issues) => {
    expect(await compileJsonSchema(schema).check(value)).toEqual(issues);
  });
});

describe('the verdict is Ajv 2020-12 (with ajv-formats) on the same schema and value', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (instance: Ajv2020) => void)(ajv);
  // OpenAPI's `nullable` is no JSON Schema keyword: Ajv ignores it. Ajv reads multipleOf in
  // binary (0.3 / 0.1 is 2.9999999999999996); the check reads written decimals as decimals.
  const departures = ['nullable (OpenAPI)', 'multipleOf in decimals'];
  const shared = CASES.filter(([name]) => !departures.includes(name));
  const schemas = shared.map(([, schema]) => schema);

  it('for every hand-written case', async () => {
    const disagreements: string[] = [];
    for (const [name, schema, value] of shared) {
      const ours = (await compileJsonSchema(schema).check(value)).length === 0;
      if (ajv.validate(schema, value) !== ours) disagreements.push(name);
    }
    expect(disagreements).toEqual([]);
    expect(shared).toHaveLength(CASES.length - departures.length);
  });

  it('for any JSON value against each schema', async () => {
    const checkers = schemas.map((schema) => ({
      schema,
      checker: compileJsonSchema(schema),
      ajv: ajv.compile(schema),
    }));
    // Where Ajv itself errs, the value is not tried: it reads multipleOf with parseInt, which
    // takes a quotient of -1e21 for -1 (parseInt('-1e+21')).
    // Its deep equality (fast-deep-equal) calls a `valueOf` or `toString` key of the value.
    const unfit = (value: unknown): boolean =>
      typeof value === 'number'
        ? Math.abs(value) >= 1e15
        : typeof value === 'object' &&
          value !== null &&
          (Object.hasOwn(value, 'valueOf') ||
            Object.hasOwn(value, 'toString') ||
            Object.values(value).some(unfit));
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => {
        fc.pre(!unfit(value));
        for (const { checker, ajv: validate } of checkers) {
          expect((await checker.check(value)).length === 0).toBe(validate(value));
        }
      }),
      { numRuns: 300 },
    );
  });
});
