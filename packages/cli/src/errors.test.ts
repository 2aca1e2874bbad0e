import { describe, expect, it } from 'vitest';
import { errorLine, printable, withCommandPrefix } from './errors.js';

describe('printable', () => {
  it('folds newlines and escapes control characters, undecodable bytes and lone surrogates', () => {
    expect(printable('a\n  b\u0000c\u001b[31md\u0007\u009b\ufffd\ud800e')).toBe(
      'a b\\x00c\\x1b[31md\\x07\\x9b\\ufffd\\ud800e',
    );
  });

  it('escapes bidirectional overrides and isolates, zero-width characters, the BOM and line separators', () => {
    // "gpt" + RLO + "evil" would read "gpt" then "live" reversed: a spoofed id in a report.
    expect(printable('gpt\u202Eevil\u200B\u200D\u2066x\u2069\uFEFF\u2028y\u{E0001}')).toBe(
      'gpt\\u202eevil\\u200b\\u200d\\u2066x\\u2069\\ufeff\\u2028y\\u{e0001}',
    );
  });

  it('keeps tabs out, printable Unicode and whole surrogate pairs in', () => {
    expect(printable('Köln 21 °C 😀\tx')).toBe('Köln 21 °C 😀\\x09x');
  });
});

describe('errorLine and withCommandPrefix', () => {
  it('prints one safe line', () => {
    expect(errorLine(new Error('bad \u001b[2J\ninput'))).toBe('bad \\x1b[2J input');
  });

  it('names the command once', () => {
    expect(withCommandPrefix('caps', 'unknown provider "x"')).toBe('caps: unknown provider "x"');
    expect(withCommandPrefix('caps', 'caps: missing MODEL')).toBe('caps: missing MODEL');
    expect(withCommandPrefix(undefined, 'missing command')).toBe('missing command');
  });
});
