import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeJson } from './json-body.js';

const base64 = Buffer.alloc(48 * 1024, 7).toString('base64');

describe('serializeJson', () => {
  it('writes the bytes JSON.stringify would, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(serializeJson(value).equals(Buffer.from(JSON.stringify(value) ?? 'null'))).toBe(
          true,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('copies long verbatim strings and escapes the long strings that need it', () => {
    // Long strings with a character JSON must escape (or that is not ASCII) go through JSON.stringify.
    const tricky = fc.constantFrom('"', '\\', '\n', '\u0000', 'é', '€', '😀', '\u007f', 'a');
    fc.assert(
      fc.property(
        fc.array(tricky, { maxLength: 4 }),
        fc.nat({ max: base64.length }),
        (inserts, at) => {
          const long = `${base64.slice(0, at)}${inserts.join('')}${base64.slice(at)}`;
          const body = {
            model: 'm',
            input: [{ image_url: `data:image/png;base64,${long}` }, long, { text: 'x' }],
          };
          expect(serializeJson(body).equals(Buffer.from(JSON.stringify(body)))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps a marker-like text intact', () => {
    const body = { note: '@@cw0123456789ab@@0@@cw0123456789ab@@', data: base64 };
    expect(serializeJson(body).toString()).toBe(JSON.stringify(body));
  });
});
