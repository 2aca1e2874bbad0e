import { ValidationError } from '@crosswire/core';
import { describe, expect, test } from 'vitest';
import {
  canonicalAddress,
  checkAddress,
  checkParsedAddress,
  parseAllowList,
} from './address-policy.js';
import { denyPrivateHosts, type HostResolver } from './deny-private-hosts.js';

// Issue 27: the exact verdicts of the address policy and the filter. Expected reasons are
// written from the ranges they name: RFC 6890 / IANA special-purpose registries, RFC 4291
// (IPv4-mapped ::ffff:0:0/96), RFC 6052 (NAT64 64:ff9b::/96), RFC 8215 (local-use NAT64
// 64:ff9b:1::/48), RFC 6145 (SIIT ::ffff:0:0:0/96), RFC 3056 (6to4 2002::/16), and RFC 5952
// for the canonical IPv6 text.

describe('the address policy: embedded IPv4 forms name how the IPv4 is carried', () => {
  test.each([
    [
      '::ffff:0:10.0.0.1',
      '::ffff:0:a00:1 is SIIT 10.0.0.1, and 10.0.0.1 is private network (RFC 1918) (10.0.0.0/8)',
    ],
    [
      '64:ff9b::169.254.169.254',
      '64:ff9b::a9fe:a9fe is NAT64 169.254.169.254, and 169.254.169.254 is link-local (169.254.0.0/16)',
    ],
    [
      '64:ff9b:1::10.0.0.1',
      '64:ff9b:1::a00:1 is NAT64 (local use) 10.0.0.1, and 10.0.0.1 is private network (RFC 1918) (10.0.0.0/8)',
    ],
    [
      '2002:c0a8:101::1',
      '2002:c0a8:101::1 is 6to4 192.168.1.1, and 192.168.1.1 is private network (RFC 1918) (192.168.0.0/16)',
    ],
    [
      '::ffff:100.64.0.1',
      '::ffff:6440:1 is IPv4-mapped 100.64.0.1, and 100.64.0.1 is carrier-grade NAT (100.64.0.0/10)',
    ],
  ])('%s is refused with its form named', (address, refusal) => {
    expect(checkAddress(address)).toStrictEqual({
      address: refusal.slice(0, refusal.indexOf(' ')),
      family: 6,
      refusal,
    });
  });

  test.each([
    ['64:ff9b:1:0:1::808:808', '64:ff9b:1:0:1:0:808:808'],
    ['64:ff9b:1:0:0:1:808:808', '64:ff9b:1::1:808:808'],
    ['64:ff9b:1:1::808:808', '64:ff9b:1:1::808:808'],
  ])(
    'a local-use NAT64 address %s with non-zero bits before the last 32 is refused whole',
    (address, canonical) => {
      expect(checkAddress(address)).toStrictEqual({
        address: canonical,
        family: 6,
        refusal: `${canonical} is in the local-use NAT64 prefix 64:ff9b:1::/48 without a readable IPv4 address`,
      });
    },
  );
});

describe('the address policy: what counts as an address', () => {
  test('an allowed address has no refusal field at all', () => {
    expect(checkAddress('8.8.8.8')).toStrictEqual({ address: '8.8.8.8', family: 4 });
    expect(checkAddress('2001:4860:4860:0:0:0:0:8888')).toStrictEqual({
      address: '2001:4860:4860::8888',
      family: 6,
    });
  });

  test('an address the operator allows keeps its canonical text and family', () => {
    expect(checkAddress('127.0.0.2', { allow: ['127.0.0.0/8'] })).toStrictEqual({
      address: '127.0.0.2',
      family: 4,
    });
    expect(checkAddress('FD00:0::5', { allow: ['fd00::/64'] })).toStrictEqual({
      address: 'fd00::5',
      family: 6,
    });
  });

  test('brackets around a whole IPv6 address are dropped', () => {
    expect(checkAddress('[::1]')).toStrictEqual({
      address: '::1',
      family: 6,
      refusal: '::1 is unspecified, loopback or IPv4-compatible (::/96)',
    });
    expect(checkAddress('[2606:4700:4700::1111]')).toStrictEqual({
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  test.each(['8.8.[8.8', '8.8.]8.8', '::[1', '::]1', '1:2:3', 'cdn.example:80', ''])(
    '%j is not an IP address',
    (text) => {
      expect(checkAddress(text)).toStrictEqual({
        address: text,
        family: 4,
        refusal: `${JSON.stringify(text)} is not an IP address`,
      });
    },
  );

  test('checkParsedAddress without an allow list applies every refusal', () => {
    expect(checkParsedAddress('10.0.0.1')).toStrictEqual({
      address: '10.0.0.1',
      family: 4,
      refusal: '10.0.0.1 is private network (RFC 1918) (10.0.0.0/8)',
    });
    expect(checkParsedAddress('93.184.216.34')).toStrictEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  test('allow entries must spell IPv4 as four decimal parts', () => {
    expect(() => parseAllowList(['10.1.2'])).toThrow(
      new Error('"10.1.2" is not a four-part decimal IPv4 address'),
    );
    expect(() => parseAllowList(['010.0.0.1/32'])).toThrow(
      new Error('"010.0.0.1" is not a four-part decimal IPv4 address'),
    );
  });
});

describe('canonicalAddress', () => {
  test('gives the canonical text of an address, brackets dropped', () => {
    expect(canonicalAddress('[::ffff:127.0.0.1]')).toBe('::ffff:7f00:1');
    expect(canonicalAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonicalAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(canonicalAddress('93.184.216.34')).toBe('93.184.216.34');
  });

  test('returns text that is not an address unchanged', () => {
    expect(canonicalAddress('localhost')).toBe('localhost');
    expect(canonicalAddress('::[1')).toBe('::[1');
    expect(canonicalAddress('::]1')).toBe('::]1');
    // Only a matched pair of brackets is taken off: one bracket alone is not an address.
    expect(canonicalAddress('[::1')).toBe('[::1');
    expect(canonicalAddress('::1]')).toBe('::1]');
    expect(canonicalAddress('[127.0.0.1')).toBe('[127.0.0.1');
    // The pair must enclose the whole text.
    expect(canonicalAddress('x[::1]')).toBe('x[::1]');
    expect(canonicalAddress('[::1]x')).toBe('[::1]x');
  });
});

describe('denyPrivateHosts: options', () => {
  test('a resolver that is not a function is refused at construction', () => {
    let error: unknown;
    try {
      denyPrivateHosts({ resolver: 'dns' as unknown as HostResolver });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      message: 'denyPrivateHosts: resolver must be a function',
      path: 'resolver',
      code: 'invalid_resolver',
    });
  });

  test('one allow string is one trusted entry', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['10.1.2.3'], allow: '10.1.0.0/16' });
    expect(await filter.check('http://images.internal/a.png')).toStrictEqual({
      allowed: true,
      host: 'images.internal',
      addresses: [{ address: '10.1.2.3', family: 4 }],
    });
    const other = denyPrivateHosts({ resolver: () => ['10.2.0.1'], allow: '10.1.0.0/16' });
    expect(await other(new URL('http://images.internal/'))).toBe(false);
  });

  test('a bad allow entry names its index, with code invalid_cidr and the cause', () => {
    let error: unknown;
    try {
      denyPrivateHosts({ allow: ['10.0.0.0/8', '10.1.2'] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      message: 'denyPrivateHosts: allow[1] is not a CIDR range or an IP address: "10.1.2"',
      path: 'allow[1]',
      code: 'invalid_cidr',
      details: { path: 'allow[1]' },
    });
    expect((error as Error).cause).toEqual(
      new Error('"10.1.2" is not a four-part decimal IPv4 address'),
    );
  });
});

describe('denyPrivateHosts: decisions', () => {
  test('text that is not a URL is refused with no host', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['93.184.216.34'] });
    expect(await filter.check('not a url')).toStrictEqual({
      allowed: false,
      host: '',
      addresses: [],
      reason: '"not a url" is not a URL',
    });
  });

  test('a bracketed IPv6 literal is checked without its brackets', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['93.184.216.34'] });
    expect(await filter.check('http://[fd00:ec2::254]/latest/meta-data/')).toStrictEqual({
      allowed: false,
      host: 'fd00:ec2::254',
      addresses: [{ address: 'fd00:ec2::254', family: 6 }],
      reason: 'fd00:ec2::254 is unique local (fc00::/7)',
    });
    expect(await filter.check('http://[2606:4700:4700::1111]/')).toStrictEqual({
      allowed: true,
      host: '2606:4700:4700::1111',
      addresses: [{ address: '2606:4700:4700::1111', family: 6 }],
    });
  });

  test.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['an empty list', []],
  ])('a resolver answering %s means the host does not resolve', async (_, answer) => {
    const filter = denyPrivateHosts({ resolver: () => answer as unknown as string });
    expect(await filter.check('http://nowhere.example/')).toStrictEqual({
      allowed: false,
      host: 'nowhere.example',
      addresses: [],
      reason: 'nowhere.example does not resolve to any address',
    });
  });

  test('a resolver may answer one address, one record, or a list of records', async () => {
    const single = denyPrivateHosts({ resolver: () => '93.184.216.34' });
    expect(await single.check('http://cdn.example/')).toStrictEqual({
      allowed: true,
      host: 'cdn.example',
      addresses: [{ address: '93.184.216.34', family: 4 }],
    });
    const record = denyPrivateHosts({ resolver: async () => ({ address: '2606:4700::1' }) });
    expect(await record.check('http://cdn.example/')).toStrictEqual({
      allowed: true,
      host: 'cdn.example',
      addresses: [{ address: '2606:4700::1', family: 6 }],
    });
    const records = denyPrivateHosts({
      resolver: () => [{ address: '93.184.216.34' }, { address: '::ffff:10.0.0.1' }],
    });
    expect(await records.check('http://cdn.example/')).toStrictEqual({
      allowed: false,
      host: 'cdn.example',
      addresses: [
        { address: '93.184.216.34', family: 4 },
        { address: '::ffff:a00:1', family: 6 },
      ],
      reason:
        '::ffff:a00:1 is IPv4-mapped 10.0.0.1, and 10.0.0.1 is private network (RFC 1918) (10.0.0.0/8)',
    });
  });

  test('a missing entry in a resolver answer is refused, not dialled', async () => {
    const filter = denyPrivateHosts({
      resolver: () => ['93.184.216.34', null] as unknown as string[],
    });
    expect(await filter.check('http://cdn.example/')).toMatchObject({
      allowed: false,
      host: 'cdn.example',
      reason: '"undefined" is not an IP address',
    });
  });
});
