import { describe, expect, it } from 'vitest';

// Core runs where Node's Buffer does not exist (browsers, workers): there base64 goes through
// btoa and atob, and a base64 payload is checked by its spelling alone. This file loads copies
// of media.ts and content.ts of its own with Buffer hidden while they load.
const saved = globalThis.Buffer;
Reflect.deleteProperty(globalThis, 'Buffer');
const OWN_MEDIA = './media.js?without-buffer';
const media = (await import(OWN_MEDIA)) as typeof import('./media.js');
const OWN_CONTENT = './content.js?without-buffer';
const content = (await import(OWN_CONTENT)) as typeof import('./content.js');
globalThis.Buffer = saved;

describe('base64 without Node Buffer', () => {
  it('encodes bytes, across the 32 KiB steps of the encoder', () => {
    expect(media.bytesToBase64(Uint8Array.from([0x68, 0x69]))).toBe('aGk=');
    expect(media.bytesToBase64(new Uint8Array(0))).toBe('');
    const large = Uint8Array.from({ length: 0x8000 * 2 + 3 }, (_, index) => index % 251);
    expect(media.bytesToBase64(large)).toBe(Buffer.from(large).toString('base64'));
  });

  it('decodes base64, whitespace and missing padding tolerated', () => {
    expect(Array.from(media.base64ToBytes('aGk'))).toEqual([0x68, 0x69]);
    expect(Array.from(media.base64ToBytes('aG k=\n'))).toEqual([0x68, 0x69]);
    expect(Array.from(media.base64ToBytes(''))).toEqual([]);
    expect(() => media.base64ToBytes('aGk-')).toThrow(
      expect.objectContaining({ code: 'invalid_base64' }),
    );
  });
});

describe('base64 payloads of content blocks without Node Buffer', () => {
  it('accepts base64 by its spelling and refuses the rest', () => {
    const accepts = (value: string) => content.Base64Schema.safeParse(value).success;
    expect(['aGk=', 'aGk', 'aG k=\n', ''].map(accepts)).toEqual([true, true, true, true]);
    expect(['aGk-', 'AAAAA', 'AA==AA', 'a_b='].map(accepts)).toEqual([false, false, false, false]);
  });
});
