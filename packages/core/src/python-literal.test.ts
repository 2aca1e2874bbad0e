import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PYTHON_LITERAL_MAX_DEPTH, parsePythonLiteral } from './python-literal.js';

const read = (text: string) => {
  const result = parsePythonLiteral(text);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe('parsePythonLiteral', () => {
  it("reads the NousResearch README's example call", () => {
    expect(read("{'arguments': {'symbol': 'TSLA'}, 'name': 'get_stock_fundamentals'}")).toEqual({
      arguments: { symbol: 'TSLA' },
      name: 'get_stock_fundamentals',
    });
  });

  it('reads keywords, numbers, tuples, nesting and mixed quotes', () => {
    expect(
      read(
        `{"a": True, 'b': False, 'c': None, 'd': (1, -2.5, 3e2, 0x1F, 1_000), 'e': [], 'f': {}, 'g': "it's"}`,
      ),
    ).toEqual({ a: true, b: false, c: null, d: [1, -2.5, 300, 31, 1000], e: [], f: {}, g: "it's" });
    expect(read('[1, 2,]')).toEqual([1, 2]);
    expect(read('{"x": true, "y": null}')).toEqual({ x: true, y: null });
  });

  it('reads escapes, raw strings, triple quotes and adjacent strings as Python does', () => {
    expect(read(String.raw`'a\'b\n\t\\\x41\u00e9\U0001F600\101'`)).toBe("a'b\n\t\\Aé😀A");
    expect(read(String.raw`r'C:\new'`)).toBe('C:\\new');
    expect(read("'''line1\nline2'''")).toBe('line1\nline2');
    expect(read('\'ab\' "cd"')).toBe('abcd');
    expect(read(String.raw`'\d'`)).toBe('\\d');
  });

  it('keeps a __proto__ key as data', () => {
    const value = read("{'__proto__': {'polluted': 1}}") as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses anything that is not a literal, without evaluating it', () => {
    for (const text of [
      "__import__('os').system('echo hi')",
      "{'a': open('x')}",
      "{'a': 1 + 2}",
      "{'a' 1}",
      "{'a': 1",
      "'unterminated",
      "'line\nbreak'",
      '{[1]: 2}',
      'lambda: 1',
      "{'a': 1} trailing",
      '',
    ]) {
      const result = parsePythonLiteral(text);
      expect(result.ok, text).toBe(false);
    }
  });

  it('bounds the nesting depth with an error, not a stack overflow', () => {
    const deep = `${'['.repeat(PYTHON_LITERAL_MAX_DEPTH + 1)}${']'.repeat(PYTHON_LITERAL_MAX_DEPTH + 1)}`;
    expect(parsePythonLiteral(deep)).toEqual({
      ok: false,
      error: expect.stringContaining('nested deeper than'),
    });
    const deeper = '['.repeat(100_000);
    expect(parsePythonLiteral(deeper).ok).toBe(false);
    const fine = `${'['.repeat(PYTHON_LITERAL_MAX_DEPTH)}${']'.repeat(PYTHON_LITERAL_MAX_DEPTH)}`;
    expect(parsePythonLiteral(fine).ok).toBe(true);
  });

  it('reads every JSON value as JSON.parse does (JSON is a Python literal here)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const text = JSON.stringify(value);
        expect(read(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        parsePythonLiteral(text);
      }),
      { numRuns: 300 },
    );
  });
});
