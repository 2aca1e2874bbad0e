// The request body bytes a provider receives, in the cases the copy path must get right: text
// that is not ASCII beside a lifted payload, arrays as long as a payload, nothing to send; and
// which bodies count as holding a payload (a string of 32 KiB characters or more).
import { describe, expect, it } from 'vitest';
import { holdsLargeString, serializeJson } from './json-body.js';

const LARGE = 32 * 1024;
const payload = 'QUJD'.repeat(LARGE / 4); // 32 KiB of base64, lifted out

describe('serializeJson', () => {
  it('writes text that is not ASCII as UTF-8 beside a lifted payload', () => {
    const body = { system: 'Réponds en français, 日本語も', image: payload, tail: '€' };
    const bytes = serializeJson(body);
    expect(bytes.equals(Buffer.from(JSON.stringify(body), 'utf8'))).toBe(true);
    expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify(body), 'utf8'));
  });

  it('writes an array as long as a payload as the array it is', () => {
    const body = { image: payload, embedding: Array.from({ length: LARGE }, () => 1) };
    expect(serializeJson(body).equals(Buffer.from(JSON.stringify(body)))).toBe(true);
  });

  it('writes null for a value JSON cannot write', () => {
    expect(serializeJson(undefined).toString()).toBe('null');
    expect(serializeJson(() => 1).toString()).toBe('null');
  });
});

describe('holdsLargeString', () => {
  it('finds a payload among the items of an array, at its exact size, not one short', () => {
    expect(holdsLargeString(['a', 'b', ['c']])).toBe(false);
    expect(holdsLargeString([null, 1, true, 'x'.repeat(LARGE - 1)])).toBe(false);
    expect(holdsLargeString([null, 1, true, 'x'.repeat(LARGE)])).toBe(true);
    expect(holdsLargeString([[['x'.repeat(LARGE)]]])).toBe(true);
    expect(holdsLargeString({ a: [1, 2], b: { c: 'x'.repeat(LARGE - 1) } })).toBe(false);
  });

  it('does not count an inherited property, which JSON does not write', () => {
    const body = Object.create({ inherited: 'x'.repeat(LARGE) }) as Record<string, unknown>;
    body.own = 'short';
    expect(holdsLargeString(body)).toBe(false);
    expect(serializeJson(body).toString()).toBe('{"own":"short"}');
  });
});
