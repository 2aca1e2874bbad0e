import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Base64Schema,
  base64ToBytes,
  mediaTypeFromBase64,
  mediaTypeFromBytes,
  parseContentBlock,
} from './index.js';

/*
 * Base64Schema checks compact payloads with Node's native decoder and falls back to the
 * definition (the regex below) for anything that check cannot prove. These tests hold the
 * schema to that definition on arbitrary strings, so the fast path can never widen or narrow
 * what counts as base64.
 */

/** The definition, as Base64Schema had it before the fast path. */
function reference(value: string): boolean {
  return /^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(value) && value.replace(/[\s=]+/g, '').length % 4 !== 1;
}

const accepts = (value: string) => Base64Schema.safeParse(value).success;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Characters that are near-misses of base64 for one decoder or another. */
const SPECIALS = [
  '=',
  '==',
  '===',
  ' ',
  '\n',
  '\r\n',
  '\t',
  '\f',
  '\v',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\u3000',
  '-',
  '_',
  '!',
  '.',
  '\u0000',
  '\u0080',
  '\u00e9',
  '\ud83d',
  '\u{1f600}',
];
/** A UTF-16 code unit whose low byte is a base64 symbol (`Ł` is `A` truncated to a byte). */
const truncatesToSymbol = fc
  .constantFrom(...ALPHABET)
  .chain((symbol) =>
    fc
      .integer({ min: 1, max: 0xff })
      .map((high) => String.fromCharCode(high * 256 + symbol.charCodeAt(0))),
  );
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 12 }) },
  { weight: 2, arbitrary: fc.constantFrom(...SPECIALS) },
  { weight: 1, arbitrary: truncatesToSymbol },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
);
const nearBase64 = fc.array(piece, { maxLength: 16 }).map((pieces) => pieces.join(''));

describe('Base64Schema agrees with the base64 definition', () => {
  it('on near-base64 strings (whitespace, padding, wrong lengths, non-ASCII)', () => {
    fc.assert(
      fc.property(nearBase64, (value) => accepts(value) === reference(value)),
      { numRuns: 20_000 },
    );
  });

  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), (value) => {
        return accepts(value) === reference(value);
      }),
      { numRuns: 5_000 },
    );
  });

  it('on large payloads with one character changed, added or removed anywhere', () => {
    // Large enough to span several decoding chunks (64 Ki symbols each).
    const payload = randomBytes(200_000).toString('base64');
    fc.assert(
      fc.property(
        fc.nat({ max: payload.length }),
        fc.oneof(fc.constantFrom(...SPECIALS), truncatesToSymbol),
        fc.constantFrom('replace', 'insert', 'delete'),
        (position, character, edit) => {
          const value =
            edit === 'replace'
              ? payload.slice(0, position) + character + payload.slice(position + 1)
              : edit === 'insert'
                ? payload.slice(0, position) + character + payload.slice(position)
                : payload.slice(0, position) + payload.slice(position + 1);
          return accepts(value) === reference(value);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ['compact, padded', randomBytes(100_000).toString('base64'), true],
    ['compact, unpadded', randomBytes(100_001).toString('base64').replace(/=+$/, ''), true],
    [
      'wrapped at 76 columns',
      randomBytes(3_000).toString('base64').replace(/.{76}/g, '$&\n'),
      true,
    ],
    ['empty', '', true],
    ['only padding', '==', true],
    ['URL-safe alphabet', 'ab-_', false],
    ['a symbol in disguise (U+0141 is "A" as a byte)', `AAA${String.fromCharCode(0x141)}`, false],
    ['padding in the middle', 'AA==AAAA', false],
    ['three padding characters', 'AA===', false],
    ['1 mod 4 symbols', 'AAAAA', false],
    ['1 mod 4 symbols past a chunk', `${'A'.repeat(65_536)}A`, false],
    ['a stray "=" in a later chunk', `${'A'.repeat(70_000)}=${'A'.repeat(3)}`, false],
  ])('%s', (_name, value, expected) => {
    expect(reference(value)).toBe(expected);
    expect(accepts(value)).toBe(expected);
  });

  it('keeps a block with a bad payload as an unknown block, as before', () => {
    const raw = { type: 'image', data: `${'A'.repeat(70_000)}-AAA`, mimeType: 'image/png' };
    expect(parseContentBlock(raw)).toEqual({
      type: 'unknown',
      originalType: 'image',
      reason: "malformed 'image' block: data: Invalid Base64 string",
      raw,
    });
  });
});

describe('mediaTypeFromBase64 reads only the head of the payload', () => {
  /** The definition: the first 24 symbols once all whitespace is gone. */
  function referenceMediaType(base64: string): string | undefined {
    try {
      return mediaTypeFromBytes(base64ToBytes(base64.replace(/\s+/g, '').slice(0, 24)));
    } catch {
      return undefined;
    }
  }
  const png = randomBytes(60);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  const pngBase64 = png.toString('base64');

  it('finds a PNG behind a head of whitespace longer than the window', () => {
    expect(mediaTypeFromBase64(`${' \n'.repeat(50)}${pngBase64}`)).toBe('image/png');
  });

  it('agrees with the definition wherever whitespace falls', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.nat({ max: pngBase64.length }),
            fc.constantFrom(' ', '\n', '\t', '\u00a0', '  \r\n'.repeat(20)),
          ),
        ),
        (insertions) => {
          let value = pngBase64;
          for (const [position, space] of insertions) {
            value = value.slice(0, position) + space + value.slice(position);
          }
          return mediaTypeFromBase64(value) === referenceMediaType(value);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
