import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CLOUD_METADATA_ADDRESSES, checkAddress } from './address-policy.js';
import { denyPrivateHosts } from './deny-private-hosts.js';
import { isDenyPrivateHostsFilter } from './guard-brand.js';

const REFUSED = [
  // IPv4, the seed's ranges
  '0.0.0.0',
  '0.1.2.3',
  '127.0.0.1',
  '127.255.255.254',
  '10.0.0.5',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '100.64.0.1',
  '100.127.255.255',
  '169.254.169.254',
  '169.254.0.1',
  '192.0.0.1',
  '192.0.0.170',
  '198.18.0.1',
  '198.19.255.255',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  // IPv6
  '::',
  '::1',
  '::7f00:1',
  '::a00:1',
  '::808:808',
  'fe80::1',
  'febf::1',
  'fec0::1',
  'fc00::1',
  'fd00:ec2::254',
  'fdff::1',
  'ff02::1',
  'ff0e::1',
  // embedded IPv4 of a refused address
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:0:127.0.0.1',
  '::ffff:0:a00:1',
  '64:ff9b::127.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::10.0.0.1',
  '2002:7f00:1::',
  '2002:a9fe:a9fe:1234::1',
  '2002:c0a8:101::1',
  // the NAT64 local-use prefix where the IPv4 does not sit at the end, and Teredo
  '64:ff9b:1:1::808:808',
  '64:ff9b:1:ffff::1',
  '2001::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  // cloud metadata with public-looking or covered addresses
  '168.63.129.16',
  '100.100.100.200',
  '192.0.0.192',
  '169.254.170.2',
];

const ALLOWED = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '169.253.0.1',
  '192.0.1.1',
  '198.17.255.255',
  '198.20.0.1',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '64:ff9b:1::808:808',
  '2002:808:808::1',
  '2001:db8::1',
  '2001:4860:4860::8888',
  '2001:1::1',
];

describe('the address policy', () => {
  test.each(REFUSED)('refuses %s', (address) => {
    expect(checkAddress(address).refusal).toEqual(expect.any(String));
  });

  test.each(ALLOWED)('allows %s', (address) => {
    expect(checkAddress(address)).toEqual({
      address: expect.any(String),
      family: address.includes(':') ? 6 : 4,
    });
  });

  test('reasons name the range', () => {
    expect(checkAddress('10.0.0.5').refusal).toBe(
      '10.0.0.5 is private network (RFC 1918) (10.0.0.0/8)',
    );
    expect(checkAddress('::ffff:127.0.0.1').refusal).toBe(
      '::ffff:7f00:1 is IPv4-mapped 127.0.0.1, and 127.0.0.1 is loopback (127.0.0.0/8)',
    );
    expect(checkAddress('2001::1').refusal).toBe('2001::1 is Teredo (2001::/32)');
    expect(checkAddress('168.63.129.16').refusal).toBe(
      '168.63.129.16 is cloud metadata (Azure WireServer) (168.63.129.16/32)',
    );
  });

  test('every cloud metadata address is refused', () => {
    for (const entry of CLOUD_METADATA_ADDRESSES) {
      expect(checkAddress(entry.cidr.split('/')[0] as string).refusal).toEqual(expect.any(String));
    }
  });

  test('only canonical notations count as addresses; zone indexes are refused', () => {
    expect(checkAddress('0x7f.1').refusal).toBe('"0x7f.1" is not an IP address');
    expect(checkAddress('2130706433').refusal).toBe('"2130706433" is not an IP address');
    expect(checkAddress('fe80::1%eth0').refusal).toBe('fe80::1%eth0 carries a zone index');
  });

  test('allow ranges win, also for the IPv4-mapped form', () => {
    expect(checkAddress('127.0.0.2', { allow: ['127.0.0.2/32'] }).refusal).toBeUndefined();
    expect(checkAddress('::ffff:127.0.0.2', { allow: ['127.0.0.2'] }).refusal).toBeUndefined();
    expect(checkAddress('127.0.0.3', { allow: ['127.0.0.2/32'] }).refusal).toEqual(
      expect.any(String),
    );
    expect(checkAddress('fd00::5', { allow: ['fd00::/64'] }).refusal).toBeUndefined();
  });

  test('property: every IPv4 in a refused range is refused in each embedding too', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const privateIPv4 = fc.oneof(
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
      fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
    );
    fc.assert(
      fc.property(privateIPv4, ([a, b, c, d]) => {
        const dotted = `${a}.${b}.${c}.${d}`;
        const high = ((a << 8) | b).toString(16);
        const low = ((c << 8) | d).toString(16);
        for (const form of [
          dotted,
          `::ffff:${dotted}`,
          `::ffff:0:${dotted}`,
          `64:ff9b::${dotted}`,
          `64:ff9b:1::${dotted}`,
          `2002:${high}:${low}::1`,
        ]) {
          expect(checkAddress(form).refusal, form).toEqual(expect.any(String));
        }
      }),
    );
  });

  test('property: a global IPv4 outside every listed range is allowed, bare and embedded', () => {
    const publicIPv4 = fc
      .tuple(
        fc.integer({ min: 1, max: 223 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 1, max: 254 }),
      )
      .filter(
        ([a, b]) =>
          ![0, 10, 100, 127, 169, 172, 192, 198].includes(a) || (a === 172 && (b < 16 || b > 31)),
      );
    fc.assert(
      fc.property(publicIPv4, ([a, b, c, d]) => {
        const dotted = `${a}.${b}.${c}.${d}`;
        expect(checkAddress(dotted).refusal).toBeUndefined();
        expect(checkAddress(`::ffff:${dotted}`).refusal).toBeUndefined();
        expect(checkAddress(`64:ff9b::${dotted}`).refusal).toBeUndefined();
      }),
    );
  });
});

describe('denyPrivateHosts', () => {
  const publicResolver = (host: string) => (host === 'cdn.example' ? ['93.184.216.34'] : []);

  test('is a genuine filter: callable, with check()', async () => {
    const filter = denyPrivateHosts({ resolver: publicResolver });
    expect(isDenyPrivateHostsFilter(filter)).toBe(true);
    expect(isDenyPrivateHostsFilter(async () => true)).toBe(false);
    expect(await filter(new URL('http://cdn.example/cat.png'))).toBe(true);
    expect(await filter.check('http://cdn.example/cat.png')).toEqual({
      allowed: true,
      host: 'cdn.example',
      addresses: [{ address: '93.184.216.34', family: 4 }],
    });
  });

  test.each([
    'http://127.0.0.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://017700000001/',
    'http://127.1/',
    'http://127.0.1/',
    'http://127.000.000.001/',
    'http://127.0.0.1./',
    'http://0/',
    'http://0251.0376.0251.0376/',
    'http://0xA9FEA9FE/',
    'http://169.254.43518/',
    'http://%31%32%37.0.0.1/',
    'http://１２７.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://[fd00:ec2::254]/',
    'https://10.0.0.5/x.png',
  ])('refuses the IP literal %s without asking the resolver', async (url) => {
    let asked = 0;
    const filter = denyPrivateHosts({
      resolver: () => {
        asked++;
        return ['93.184.216.34'];
      },
    });
    expect(await filter(new URL(url))).toBe(false);
    expect(asked).toBe(0);
  });

  test('resolves names and refuses when any address is internal', async () => {
    const filter = denyPrivateHosts({
      resolver: (host) => (host === 'mixed.example' ? ['93.184.216.34', '10.0.0.1'] : ['::1']),
    });
    expect(await filter.check('http://mixed.example/')).toMatchObject({
      allowed: false,
      reason: '10.0.0.1 is private network (RFC 1918) (10.0.0.0/8)',
    });
    expect(await filter(new URL('http://v6only.example/'))).toBe(false);
  });

  test('a host that does not resolve, or resolves to nothing, is refused', async () => {
    const failing = denyPrivateHosts({
      resolver: () => {
        throw new Error('ENOTFOUND');
      },
    });
    expect(await failing.check('http://nowhere.example/')).toEqual({
      allowed: false,
      host: 'nowhere.example',
      addresses: [],
      reason: 'nowhere.example does not resolve (ENOTFOUND)',
    });
    const empty = denyPrivateHosts({ resolver: async () => [] });
    expect(await empty(new URL('http://nowhere.example/'))).toBe(false);
  });

  test('the default resolver refuses localhost', async () => {
    expect(await denyPrivateHosts()(new URL('http://localhost/'))).toBe(false);
  });

  test('a URL without a host, or not http(s), is refused', async () => {
    const filter = denyPrivateHosts({ resolver: publicResolver });
    expect(await filter.check(new URL('file:///etc/passwd'))).toMatchObject({ allowed: false });
    expect(await filter.check('not a url')).toMatchObject({ allowed: false });
    const hostless = new URL('http://cdn.example/');
    Object.defineProperty(hostless, 'hostname', { value: '' });
    Object.defineProperty(hostless, 'protocol', { value: 'http:' });
    expect(await filter.check(hostless)).toMatchObject({
      allowed: false,
      reason: 'the URL has no host',
    });
  });

  test('allow takes CIDRs the operator trusts; bad entries are refused at construction', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['10.1.2.3'], allow: ['10.1.0.0/16'] });
    expect(await filter(new URL('http://images.internal/'))).toBe(true);
    expect(() => denyPrivateHosts({ allow: ['10.0.0.0/99'] })).toThrow(
      'denyPrivateHosts: allow[0] is not a CIDR range or an IP address: "10.0.0.0/99"',
    );
    // Classful and octal spellings would trust another address than the one written.
    for (const entry of ['10.1.2', '10.1.2/24', '010.0.0.1/32', '0x7f.0.0.1']) {
      expect(() => denyPrivateHosts({ allow: ['127.0.0.1/32', entry] })).toThrow(
        `denyPrivateHosts: allow[1] is not a CIDR range or an IP address: ${JSON.stringify(entry)}`,
      );
    }
    expect(() => denyPrivateHosts({ allow: ['::1', 'fd00::/8', '127.0.0.2'] })).not.toThrow();
  });
});
