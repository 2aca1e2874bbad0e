import { describe, expect, it } from 'vitest';
import { PYTHON_LITERAL_MAX_DEPTH, parsePythonLiteral } from './python-literal.js';

// Python literal syntax (the Python reference, "Literals" and `ast.literal_eval`), value by
// value and error by error; expected values and messages written by hand.

const ok = (value: unknown) => ({ ok: true, value });
const error = (message: string) => ({ ok: false, error: message });

describe('parsePythonLiteral: numbers', () => {
  it.each([
    ['0x1F', 31],
    ['0X1f', 31],
    ['0o17', 15],
    ['0O17', 15],
    ['0b101', 5],
    ['0B1_01', 5],
    ['-0x10', -16],
    ['+7', 7],
    ['-2.5', -2.5],
    ['1_000_000', 1_000_000],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['1E-2', 0.01],
    ['2.5e+1', 25],
  ])('%s is %d', (text, value) => {
    expect(parsePythonLiteral(text)).toEqual(ok(value));
  });

  it('a bare sign is not a number, and an infinite one is refused', () => {
    expect(parsePythonLiteral('-')).toEqual(error("unexpected '-' at position 0"));
    expect(parsePythonLiteral('+')).toEqual(error("unexpected '+' at position 0"));
    expect(parsePythonLiteral('1e999')).toEqual(error("bad number '1e999' at position 5"));
  });
});

describe('parsePythonLiteral: names', () => {
  it('reads the keywords of Python and of JSON', () => {
    expect(parsePythonLiteral('[True, False, None, true, false, null]')).toEqual(
      ok([true, false, null, true, false, null]),
    );
  });

  it('any other name is refused where it starts', () => {
    expect(parsePythonLiteral('[1, open]')).toEqual(error("unexpected name 'open' at position 4"));
    expect(parsePythonLiteral('TRUE')).toEqual(error("unexpected name 'TRUE' at position 0"));
    expect(parsePythonLiteral('r')).toEqual(error("unexpected name 'r' at position 0"));
    expect(parsePythonLiteral('u1')).toEqual(error("unexpected name 'u1' at position 0"));
    // Bytes (b'') and f-strings are not literals this reader takes.
    expect(parsePythonLiteral("b'x'")).toEqual(error("unexpected name 'b' at position 0"));
    expect(parsePythonLiteral("f'x'")).toEqual(error("unexpected name 'f' at position 0"));
  });
});

describe('parsePythonLiteral: containers', () => {
  it('dicts with string and number keys, spaces anywhere, a trailing comma', () => {
    expect(parsePythonLiteral(" { 'a' : 1 , 2 : 'b' , } ")).toEqual(ok({ a: 1, 2: 'b' }));
    expect(parsePythonLiteral('{}')).toEqual(ok({}));
    expect(parsePythonLiteral('{ }')).toEqual(ok({}));
  });

  it('a __proto__ key is a plain key', () => {
    const result = parsePythonLiteral("{'__proto__': {'x': 1}}");
    expect(result.ok).toBe(true);
    const value = (result as { value: Record<string, unknown> }).value;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')).toEqual({
      value: { x: 1 },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });

  it('lists and tuples, empty, nested, with a trailing comma', () => {
    expect(parsePythonLiteral('[ ]')).toEqual(ok([]));
    expect(parsePythonLiteral('()')).toEqual(ok([]));
    expect(parsePythonLiteral('( 1 , [2, (3,)] , )')).toEqual(ok([1, [2, [3]]]));
  });

  it('says what it expected, and where', () => {
    expect(parsePythonLiteral('{[1]: 2}')).toEqual(
      error('a dict key must be a string or a number at position 4'),
    );
    expect(parsePythonLiteral("{'a' 1}")).toEqual(error("expected ':' at position 5"));
    expect(parsePythonLiteral("{'a': 1 'b': 2}")).toEqual(
      error("expected ',' or '}' at position 8"),
    );
    expect(parsePythonLiteral('[1 2]')).toEqual(error("expected ',' or ']' at position 3"));
    expect(parsePythonLiteral('(1 2)')).toEqual(error("expected ',' or ')' at position 3"));
    expect(parsePythonLiteral('[1,')).toEqual(error('unexpected end at position 3'));
    expect(parsePythonLiteral('')).toEqual(error('unexpected end at position 0'));
    expect(parsePythonLiteral('   ')).toEqual(error('unexpected end at position 3'));
    expect(parsePythonLiteral('[1] x')).toEqual(
      error('unexpected text after the value at position 4'),
    );
    expect(parsePythonLiteral('@')).toEqual(error("unexpected '@' at position 0"));
  });

  it(`nests up to ${PYTHON_LITERAL_MAX_DEPTH} levels, no deeper`, () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(parsePythonLiteral(deep(PYTHON_LITERAL_MAX_DEPTH)).ok).toBe(true);
    expect(parsePythonLiteral(deep(PYTHON_LITERAL_MAX_DEPTH + 1))).toEqual(
      error(`nested deeper than 256 levels at position ${PYTHON_LITERAL_MAX_DEPTH}`),
    );
    const dicts = (levels: number) => `${"{'a': ".repeat(levels)}1${'}'.repeat(levels)}`;
    expect(parsePythonLiteral(dicts(PYTHON_LITERAL_MAX_DEPTH)).ok).toBe(true);
    expect(parsePythonLiteral(dicts(PYTHON_LITERAL_MAX_DEPTH + 1)).ok).toBe(false);
    const tuples = (levels: number) => `${'('.repeat(levels)}${')'.repeat(levels)}`;
    expect(parsePythonLiteral(tuples(PYTHON_LITERAL_MAX_DEPTH)).ok).toBe(true);
    expect(parsePythonLiteral(tuples(PYTHON_LITERAL_MAX_DEPTH + 1)).ok).toBe(false);
  });
});

describe('parsePythonLiteral: strings', () => {
  it('adjacent strings are joined, with any prefix and any spaces between', () => {
    expect(parsePythonLiteral(`'a' "b"  r'\\c' u"d"`)).toEqual(ok('ab\\cd'));
    expect(parsePythonLiteral(`['a' 'b', 'c']`)).toEqual(ok(['ab', 'c']));
    expect(parsePythonLiteral(`'a' x`)).toEqual(
      error('unexpected text after the value at position 4'),
    );
  });

  it('triple-quoted strings may hold line breaks and single quotes', () => {
    expect(parsePythonLiteral(`'''one\n'two'\n'''`)).toEqual(ok("one\n'two'\n"));
    expect(parsePythonLiteral(`"""say "hi" """`)).toEqual(ok('say "hi" '));
  });

  it('a line break in a one-quote string and an unterminated string are errors', () => {
    expect(parsePythonLiteral(`'a\nb'`)).toEqual(error('line break in a string at position 2'));
    expect(parsePythonLiteral(`'abc`)).toEqual(error('unterminated string at position 4'));
    expect(parsePythonLiteral(`r'abc\\'`)).toEqual(error('unterminated string at position 7'));
  });

  it('escapes: simple, hex, unicode, octal, and unknown ones kept', () => {
    expect(parsePythonLiteral(String.raw`'\a\b\f\n\r\t\v\\\'\"'`)).toEqual(
      ok('\x07\b\f\n\r\t\v\\\'"'),
    );
    expect(parsePythonLiteral(String.raw`'\x41\u00e9\U0001F600'`)).toEqual(ok('Aé😀'));
    expect(parsePythonLiteral(String.raw`'\101\0\7\1234'`)).toEqual(ok('A\0\x07S4'));
    expect(parsePythonLiteral(String.raw`'\q\d'`)).toEqual(ok('\\q\\d'));
  });

  it('a short or non-hex escape is an error', () => {
    expect(parsePythonLiteral(String.raw`'\x4'`)).toEqual(error('bad \\x escape at position 3'));
    expect(parsePythonLiteral(String.raw`'\u00g0'`)).toEqual(error('bad \\u escape at position 3'));
    expect(parsePythonLiteral(String.raw`'\U0001F60'`)).toEqual(
      error('bad \\U escape at position 3'),
    );
    expect(parsePythonLiteral(String.raw`'\U00110000'`)).toEqual(
      error('bad \\U escape at position 11'),
    );
  });
});
