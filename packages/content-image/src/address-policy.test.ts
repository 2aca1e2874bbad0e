import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIpLiteral } from './address-policy.js';

describe('isIpLiteral', () => {
  it('accepts the literals a URL host gives and refuses names', () => {
    expect(isIpLiteral('127.0.0.1')).toBe(true);
    expect(isIpLiteral('::1')).toBe(true);
    expect(isIpLiteral('::ffff:10.0.0.1')).toBe(true);
    expect(isIpLiteral('example.com')).toBe(false);
    expect(isIpLiteral('127.1')).toBe(false);
    expect(isIpLiteral('0x7f.0.0.1')).toBe(false);
    expect(isIpLiteral('')).toBe(false);
  });

  it('agrees with node:net isIP on every host a URL parser yields', () => {
    const host = fc.oneof(fc.ipV4(), fc.ipV6(), fc.domain(), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(host, (candidate) => {
        let hostname: string;
        try {
          hostname = new URL(`http://${candidate.includes(':') ? `[${candidate}]` : candidate}/`)
            .hostname;
        } catch {
          return;
        }
        const bare = hostname.replace(/^\[|\]$/g, '');
        expect(isIpLiteral(bare)).toBe(isIP(bare) !== 0);
      }),
    );
  });
});
