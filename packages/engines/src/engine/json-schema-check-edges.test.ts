// The structured reply's check at the edges a caller meets: a keyword given a value of another
// type (ignored, never coerced), every bound at its exact value, lengths counted in code points
// whatever the surrogates, numbers written with many digits, the patterns found wherever the
// schema puts them (a property named `default`, a key left undefined), and the checker's own
// bound on nested calls. Every expected issue is written out by hand.
import type { CrosswireWarning } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from './json-schema-check.js';

const issues = (schema: Record<string, unknown>, value: unknown) =>
  compileJsonSchema(schema).check(value);
const at = (message: string, path = '$') => [{ path, message }];

describe('a keyword whose value has another type is ignored, never coerced', () => {
  it.each([
    ['minimum "5"', { minimum: '5' }, 3],
    ['maximum "1"', { maximum: '1' }, 3],
    [
      'draft-04 exclusiveMinimum: true is no bound of 1',
      { minimum: 0, exclusiveMinimum: true },
      0.5,
    ],
    ['multipleOf "2"', { multipleOf: '2' }, 3],
    ['minLength "3" beside a numeric maxLength', { minLength: '3', maxLength: 5 }, 'ab'],
    ['maxLength "1" beside a numeric minLength', { minLength: 0, maxLength: '1' }, 'ab'],
    [
      'format "hasOwnProperty" (no format, though FORMATS inherits it)',
      { format: 'hasOwnProperty' },
      'x',
    ],
    ['format ["email"] (a list, not a name)', { format: ['email'] }, 'x'],
    ['minItems "3"', { minItems: '3' }, [1]],
    ['maxItems "1"', { maxItems: '1' }, [1, 2]],
    ['maxContains "1"', { contains: { type: 'number' }, maxContains: '1' }, [1, 2]],
    ['minProperties "2"', { minProperties: '2' }, { a: 1 }],
    ['maxProperties "1"', { maxProperties: '1' }, { a: 1, b: 2 }],
    ['a dependentRequired name that is no string', { dependentRequired: { a: [1] } }, { a: 1 }],
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then` keyword, not a thenable.
    ['then without if', { then: { minimum: 10 } }, 3],
    ['a subschema of null', { properties: { a: null } }, { a: 1 }],
    ['a subschema of 5', { items: 5 }, [1]],
    ['properties: null', { properties: null, $defs: null }, { a: 1 }],
  ] as const)('%s', async (_name, schema, value) => {
    expect(await issues(schema, value)).toEqual([]);
  });
});

describe('every bound holds at its exact value', () => {
  it.each([
    ['minItems 2, two items', { minItems: 2 }, [1, 2]],
    ['maxContains 2, two matching', { contains: { type: 'number' }, maxContains: 2 }, [1, 2, 'a']],
    ['maxProperties 2, two properties', { maxProperties: 2 }, { a: 1, b: 2 }],
    ['const met', { const: 5 }, 5],
    [
      'const met, a list of objects in another key order',
      { const: [{ a: 1, b: 2 }] },
      [{ b: 2, a: 1 }],
    ],
    ['dependentRequired met', { dependentRequired: { a: ['b'] } }, { a: 1, b: 2 }],
  ] as const)('%s', async (_name, schema, value) => {
    expect(await issues(schema, value)).toEqual([]);
  });
});

describe('multipleOf on numbers written with many digits', () => {
  it.each([
    // Exactly 0.3 × 3 333 333 333 333 334: one decimal written, sixteen digits before it.
    ['1000000000000000.2 of 0.3', 1000000000000000.2, 0.3, []],
    // Exactly 1.1 × 909 090 909 090 910: a sixteen-digit integer, no point.
    ['1000000000000001 of 1.1', 1000000000000001, 1.1, []],
    // Exactly 7 × 0.000001000000001: fifteen decimals, the most read as decimals.
    ['0.000007000000007 of 0.000001000000001', 0.000007000000007, 0.000001000000001, []],
    // JavaScript writes it 2e+21; the quotient is a whole number in binary.
    ['2e21 of 2', 2e21, 2, []],
    // 0.007 × 59 in binary: seventeen decimals are not read as decimals.
    ['0.41300000000000003 of 0.007', 0.41300000000000003, 0.007, at('must be a multiple of 0.007')],
  ] as const)('%s', async (_name, value, step, expected) => {
    expect(await issues({ multipleOf: step }, value)).toEqual(expected);
  });
});

describe('lengths are code points, whatever the surrogates', () => {
  const atMostOne = at('must be at most 1 characters');
  it.each([
    ['a letter before a lone low surrogate: two', 'a\udc00', atMostOne],
    ['two lone low surrogates: two', '\udc00\udc00', atMostOne],
    ['U+10000, the first pair: one', '\ud800\udc00', []],
    ['U+10FFFF, the last pair: one', '\udbff\udfff', []],
    ['a high surrogate before a letter: two', '\ud83da', atMostOne],
    ['a high surrogate before U+E000: two', '\ud83d\ue000', atMostOne],
  ] as const)('%s', async (_name, value, expected) => {
    expect(await issues({ maxLength: 1 }, value)).toEqual(expected);
  });

  it('a pair counts as one character, not none', async () => {
    expect(await issues({ minLength: 1 }, '😀')).toEqual([]);
    expect(await issues({ minLength: 2 }, '😀😀')).toEqual([]);
  });
});

describe('patterns are found wherever the schema puts them', () => {
  it('under a property named like a value keyword (enum, const, default, examples)', async () => {
    const checker = compileJsonSchema({
      type: 'object',
      properties: {
        enum: { type: 'string', pattern: '^e' },
        const: { type: 'string', pattern: '^c' },
        default: { type: 'string', pattern: '^d' },
        examples: { type: 'string', pattern: '^x' },
      },
      $defs: { default: { pattern: '^z' } },
    });
    expect(await checker.check({ enum: 'e', const: 'c', default: 'd', examples: 'x' })).toEqual([]);
    expect(await checker.check({ enum: '1', const: '2', default: '3', examples: '4' })).toEqual([
      { path: '$.enum', message: 'must match the pattern "^e"' },
      { path: '$.const', message: 'must match the pattern "^c"' },
      { path: '$.default', message: 'must match the pattern "^d"' },
      { path: '$.examples', message: 'must match the pattern "^x"' },
    ]);
  });

  it('after a key left undefined, and after an item left undefined', async () => {
    const code = { properties: { code: { type: 'string', pattern: '^[A-Z]+$' } } };
    for (const schema of [
      { type: 'object', description: undefined, ...code },
      { allOf: [undefined, code] },
    ]) {
      const checker = compileJsonSchema(schema);
      expect(await checker.check({ code: 'abc' })).toEqual([
        { path: '$.code', message: 'must match the pattern "^[A-Z]+$"' },
      ]);
      expect(await checker.check({ code: 'ABC' })).toEqual([]);
    }
  });

  it('a value keyword holds data, not schemas: a `pattern` in it is no pattern (no warning)', async () => {
    const warnings: CrosswireWarning[] = [];
    const checker = compileJsonSchema(
      {
        type: 'object',
        enum: [{ pattern: '(?=e)' }],
        const: { pattern: '(?=c)' },
        default: { pattern: '(?=d)' },
        examples: [{ pattern: '(?=x)' }],
      },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(await checker.check({ pattern: '(?=c)' })).toEqual([
      { path: '$', message: 'expected one of [{"pattern":"(?=e)"}]' },
    ]);
    expect(warnings).toEqual([]);
  });

  it('patterns RE2 runs bring no warning', async () => {
    const warnings: CrosswireWarning[] = [];
    const checker = compileJsonSchema(
      { type: 'string', pattern: '^a' },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(await checker.check('b')).toEqual(at('must match the pattern "^a"'));
    expect(warnings).toEqual([]);
  });

  it('one pattern RE2 cannot run is named in the singular; `\\u` with no hex digits is one', async () => {
    const warnings: CrosswireWarning[] = [];
    const checker = compileJsonSchema(
      { type: 'string', pattern: '\\uu{41}' },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(await checker.check('x')).toEqual([]);
    expect(warnings).toEqual([
      {
        code: 'output_pattern_unchecked',
        message:
          'output.schema has a pattern the linear-time engine (RE2) cannot run, so it is not checked on the reply: "\\\\uu{41}" (lookarounds and backreferences are not supported; a backtracking engine on a model\'s text could block the process)',
        details: { patterns: ['\\uu{41}'] },
      },
    ]);
  });
});

describe('a schema key left undefined is read as JSON sends it: absent', () => {
  it.each([
    ['const: undefined', { type: 'string', const: undefined }, 'a', []],
    ['a const object with a key left undefined', { const: { a: 1, b: undefined } }, { a: 1 }, []],
    ['an enum item left undefined is null', { enum: ['a', undefined] }, null, []],
    [
      'an enum item left undefined is named null',
      { enum: [[undefined]] },
      [],
      at('expected one of [[null]]'),
    ],
  ] as const)('%s', async (_name, schema, value, expected) => {
    expect(await issues(schema, value)).toEqual(expected);
  });
});

describe('anyOf with no member', () => {
  it('matches nothing, and says so (no TypeError)', async () => {
    expect(await issues({ anyOf: [] }, 1)).toEqual(
      at('matches none of the anyOf schemas (it has none)'),
    );
  });
});

describe('the bound on nested calls of the checker', () => {
  /** `depth` schemas nested in allOf, the innermost `{ type: 'string' }`. */
  function allOfNest(depth: number): Record<string, unknown> {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 1; level < depth; level++) schema = { allOf: [schema] };
    return schema;
  }

  it('1 024 nested schemas are checked whole; the 1 025th is where it stops', async () => {
    expect(await issues(allOfNest(1024), 5)).toEqual(at('expected string, got integer'));
    expect(await issues(allOfNest(1025), 5)).toEqual(
      at('the schema nests too deeply here to be checked'),
    );
  });

  it('counts calls in progress, not calls made: 2 000 items are all checked', async () => {
    const value = Array.from({ length: 2000 }, (_, index) => index);
    value[1999] = -1;
    expect(await issues({ items: { minimum: 0 } }, value)).toEqual(at('must be >= 0', '$[1999]'));
  });
});
