import { deepFreeze } from '@crosswire/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsLargeString, serializeJson } from './json-body.js';

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

  it('writes the bytes JSON.stringify would for a value whose toJSON gives a long string', () => {
    const body = { at: new Date(0), image: { toJSON: () => base64 }, text: 'x' };
    expect(serializeJson(body).toString()).toBe(JSON.stringify(body));
  });
});

describe('holdsLargeString (whether serializeJson lifts strings out)', () => {
  const long = 'a'.repeat(32 * 1024);

  it('is false for a text-only body, however many strings it holds', () => {
    const messages = Array.from({ length: 300 }, (_, index) => ({
      role: 'user',
      content: [{ type: 'text', text: `message ${index} ${'b'.repeat(1_000)}` }],
    }));
    expect(holdsLargeString({ model: 'm', messages, n: 1, ok: true, none: null })).toBe(false);
    expect(holdsLargeString('a'.repeat(32 * 1024 - 1))).toBe(false);
  });

  it('is true for a string of 32 KiB characters or more, at any depth', () => {
    expect(holdsLargeString(long)).toBe(true);
    expect(holdsLargeString({ messages: [{ content: [{ source: { data: long } }] }] })).toBe(true);
    expect(holdsLargeString([1, 'x', [[long]]])).toBe(true);
  });

  it('is true for a value with toJSON (what it gives is not known without asking it)', () => {
    expect(holdsLargeString({ at: new Date(0) })).toBe(true);
  });

  it('reads a message that is not frozen again: a large string added in place is found', () => {
    const block: Record<string, unknown> = { type: 'text', text: 'small' };
    const body = { messages: [{ role: 'user', content: [block] }] };
    expect(holdsLargeString(body)).toBe(false);
    block.text = long;
    expect(holdsLargeString(body)).toBe(true);
    expect(serializeJson(body).toString()).toBe(JSON.stringify(body));
  });

  it('reads a frozen message again when something inside it is not frozen', () => {
    const block: Record<string, unknown> = { type: 'text', text: 'small' };
    const message = Object.freeze({ role: 'user', content: Object.freeze([block]) });
    expect(holdsLargeString({ messages: [message] })).toBe(false);
    block.text = long;
    expect(holdsLargeString({ messages: [message] })).toBe(true);
  });

  it('answers the same for deeply frozen messages asked again and again, in new bodies', () => {
    const clean = deepFreeze({ role: 'user', content: [{ type: 'text', text: 'small' }] });
    const large = deepFreeze({
      role: 'user',
      content: [{ type: 'image', source: { data: long } }],
    });
    for (let round = 0; round < 3; round++) {
      expect(holdsLargeString({ messages: [clean, clean] })).toBe(false);
      expect(holdsLargeString({ messages: [clean, large] })).toBe(true);
      expect(holdsLargeString({ messages: [clean], extra: long })).toBe(true);
    }
  });

  it('walks a body nested 100,000 deep without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 100_000; level++) deep = { child: deep };
    expect(holdsLargeString(deep)).toBe(false);
  });
});
