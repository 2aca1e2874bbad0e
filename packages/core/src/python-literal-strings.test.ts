import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePythonLiteral } from './python-literal.js';

// Issue 27: Python string prefixes and escapes, from the Python reference ("String and Bytes
// literals"); expected values written by hand.

describe('parsePythonLiteral strings', () => {
  it("a u'…' string reads its escapes (u is not r)", () => {
    expect(parsePythonLiteral(String.raw`u'a\nb'`)).toEqual({ ok: true, value: 'a\nb' });
    expect(parsePythonLiteral(String.raw`U"tab\there"`)).toEqual({ ok: true, value: 'tab\there' });
  });

  it("an r'…' string keeps its backslashes", () => {
    expect(parsePythonLiteral(String.raw`r'a\nb'`)).toEqual({ ok: true, value: String.raw`a\nb` });
    expect(parsePythonLiteral(String.raw`R"\d+"`)).toEqual({ ok: true, value: String.raw`\d+` });
  });

  it('a backslash before a line break continues the string: both are dropped', () => {
    expect(parsePythonLiteral("'one \\\ntwo'")).toEqual({ ok: true, value: 'one two' });
    expect(parsePythonLiteral('"""a\\\nb"""')).toEqual({ ok: true, value: 'ab' });
  });

  it('a \\U escape beyond U+10FFFF is a syntax error, not a thrown RangeError', () => {
    const result = parsePythonLiteral(String.raw`'\U00110000'`);
    expect(result.ok).toBe(false);
    expect(parsePythonLiteral(String.raw`'\U0010FFFF'`)).toEqual({ ok: true, value: '\u{10FFFF}' });
  });

  it('a word starting with r or u after a string is not a prefixed string: it is text after the value', () => {
    // Adjacent literals join only when a quote follows the prefix letter.
    expect(parsePythonLiteral("'a' u'b'")).toEqual({ ok: true, value: 'ab' });
    expect(parsePythonLiteral("'a' u")).toEqual({
      ok: false,
      error: 'unexpected text after the value at position 4',
    });
    expect(parsePythonLiteral("['a' rest]")).toEqual({
      ok: false,
      error: "expected ',' or ']' at position 5",
    });
  });

  it('never throws, whatever the \\U escape', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-fA-F]{8}$/), (hex) => {
        const result = parsePythonLiteral(`'\\U${hex}'`);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});
