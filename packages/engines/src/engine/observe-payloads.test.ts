// What a hook sees of a payload, at each edge of the rule: a `data:` URL keeps its prefix and
// gets its decoded size (padding counted), a pure-base64 string is a payload from 256
// characters on and prose below, text with other characters is never a payload; the lazy
// fields are made once, on first read; a hook that throws is ignored.
import { describe, expect, it } from 'vitest';
import { notify, summarizePayloads, withLazy } from './observe.js';

describe('summarizePayloads on strings', () => {
  it('gives a data: URL its decoded size, its media type and parameters kept', () => {
    expect(summarizePayloads('data:image/png;base64,QUFB')).toBe('data:image/png;base64,[3 bytes]');
    expect(summarizePayloads('data:image/png;base64,QUE=')).toBe('data:image/png;base64,[2 bytes]');
    expect(summarizePayloads('data:image/png;base64,QQ==')).toBe('data:image/png;base64,[1 bytes]');
    expect(summarizePayloads('data:;base64,QUFBQUFB')).toBe('data:;base64,[6 bytes]');
    expect(summarizePayloads('data:application/pdf;name=a.pdf;base64,QUFB')).toBe(
      'data:application/pdf;name=a.pdf;base64,[3 bytes]',
    );
    expect(summarizePayloads('data:image/svg+xml;charset=utf-8;base64,')).toBe(
      'data:image/svg+xml;charset=utf-8;base64,[0 bytes]',
    );
    // Not base64: kept as it is.
    for (const text of [
      'data:text/plain,hello',
      ' data:image/png;base64,QUFB',
      'data:image/png;base64;x y,QUFB',
    ]) {
      expect(summarizePayloads(text)).toBe(text);
    }
  });

  it('takes pure base64 for a payload from 256 characters on, with its padding', () => {
    expect(summarizePayloads('QUFB'.repeat(64))).toBe('[base64 192 bytes]');
    expect(summarizePayloads(`${'QUFB'.repeat(63)}QUE=`)).toBe('[base64 191 bytes]');
    expect(summarizePayloads(`${'QUFB'.repeat(63)}QQ==`)).toBe('[base64 190 bytes]');
    expect(summarizePayloads(`${'ab+/'.repeat(64)}`)).toBe('[base64 192 bytes]');
    const short = 'QUFB'.repeat(63).concat('QUF');
    expect(short.length).toBe(255);
    expect(summarizePayloads(short)).toBe(short);
    for (const prose of [
      `${'QUFB'.repeat(64)} `,
      ` ${'QUFB'.repeat(64)}`,
      `${'QUFB'.repeat(64)}===`,
      `${'QUFB'.repeat(32)}=${'QUFB'.repeat(32)}`,
      `${'QUFB'.repeat(64)}-`,
    ]) {
      expect(summarizePayloads(prose)).toBe(prose);
    }
  });

  it('summarises inside arrays and objects, and copies: the input is left as it is', () => {
    const payload = 'QUFB'.repeat(64);
    const body = { images: [payload, 'caption'], nested: { source: { data: payload } } };
    const copy = summarizePayloads(body) as typeof body;
    expect(copy).toEqual({
      images: ['[base64 192 bytes]', 'caption'],
      nested: { source: { data: '[base64 192 bytes]' } },
    });
    expect(copy).not.toBe(body);
    expect(copy.nested).not.toBe(body.nested);
    expect(body.images[0]).toBe(payload);
    expect(Array.isArray(copy.images)).toBe(true);
    // A plain object a hook may change: every field writable, deletable and listed.
    expect(Object.getOwnPropertyDescriptor(copy, 'nested')).toEqual({
      value: copy.nested,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(Object.getOwnPropertyDescriptor(copy.images, 1)).toEqual({
      value: 'caption',
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(summarizePayloads([])).toEqual([]);
    expect(summarizePayloads(undefined)).toBeUndefined();
    expect(summarizePayloads(3)).toBe(3);
  });
});

describe('withLazy', () => {
  it('makes the value on first read only, once, as an enumerable field', () => {
    let made = 0;
    const event = withLazy({ id: 1 }, 'body', () => {
      made += 1;
      return { size: made };
    });
    expect(made).toBe(0);
    expect(Object.keys(event)).toEqual(['id', 'body']);
    expect(event.body).toEqual({ size: 1 });
    expect(event.body).toBe(event.body);
    expect(made).toBe(1);
    // A value made as undefined is made once too.
    let undefinedMade = 0;
    const empty = withLazy({}, 'value', () => {
      undefinedMade += 1;
      return undefined;
    });
    expect([empty.value, empty.value, undefinedMade]).toEqual([undefined, undefined, 1]);
  });
});

describe('notify', () => {
  it('calls the hook with the event, makes no event without a hook, and swallows what it throws', () => {
    const told: unknown[] = [];
    let made = 0;
    const make = () => {
      made += 1;
      return { n: made };
    };
    notify((event) => told.push(event), make);
    expect(told).toEqual([{ n: 1 }]);
    notify(undefined, make);
    expect(made).toBe(1);
    expect(() =>
      notify(() => {
        throw new Error('logger down');
      }, make),
    ).not.toThrow();
  });
});
