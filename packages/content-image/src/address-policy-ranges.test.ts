import { describe, expect, it } from 'vitest';
import { CLOUD_METADATA_ADDRESSES, checkAddress } from './address-policy.js';

// The private-address tables are the guard's behaviour: every range is probed at both ends
// and just outside, with the exact refusal a caller reads. Ranges and names from the IANA
// special-purpose address registries (RFC 6890): written here by hand, not read from the
// tables under test.

const refused = (address: string) => checkAddress(address).refusal;

describe('the IPv4 ranges refused, at both ends and just outside', () => {
  it.each([
    ['0.0.0.0', '0.0.0.0 is this host (0.0.0.0/8)'],
    ['0.255.255.255', '0.255.255.255 is this host (0.0.0.0/8)'],
    ['1.0.0.0', undefined],
    ['127.0.0.1', '127.0.0.1 is loopback (127.0.0.0/8)'],
    ['127.255.255.255', '127.255.255.255 is loopback (127.0.0.0/8)'],
    ['126.255.255.255', undefined],
    ['128.0.0.0', undefined],
    ['10.0.0.0', '10.0.0.0 is private network (RFC 1918) (10.0.0.0/8)'],
    ['10.255.255.255', '10.255.255.255 is private network (RFC 1918) (10.0.0.0/8)'],
    ['11.0.0.0', undefined],
    ['9.255.255.255', undefined],
    ['172.16.0.0', '172.16.0.0 is private network (RFC 1918) (172.16.0.0/12)'],
    ['172.31.255.255', '172.31.255.255 is private network (RFC 1918) (172.16.0.0/12)'],
    ['172.15.255.255', undefined],
    ['172.32.0.0', undefined],
    ['192.168.0.0', '192.168.0.0 is private network (RFC 1918) (192.168.0.0/16)'],
    ['192.168.255.255', '192.168.255.255 is private network (RFC 1918) (192.168.0.0/16)'],
    ['192.169.0.0', undefined],
    ['100.64.0.0', '100.64.0.0 is carrier-grade NAT (100.64.0.0/10)'],
    ['100.127.255.255', '100.127.255.255 is carrier-grade NAT (100.64.0.0/10)'],
    ['100.63.255.255', undefined],
    ['100.128.0.0', undefined],
    ['169.254.0.0', '169.254.0.0 is link-local (169.254.0.0/16)'],
    ['169.254.255.255', '169.254.255.255 is link-local (169.254.0.0/16)'],
    ['169.253.255.255', undefined],
    ['169.255.0.0', undefined],
    ['192.0.0.0', '192.0.0.0 is IETF protocol assignments (192.0.0.0/24)'],
    ['192.0.0.255', '192.0.0.255 is IETF protocol assignments (192.0.0.0/24)'],
    ['192.0.1.0', undefined],
    ['198.18.0.0', '198.18.0.0 is benchmarking (198.18.0.0/15)'],
    ['198.19.255.255', '198.19.255.255 is benchmarking (198.18.0.0/15)'],
    ['198.17.255.255', undefined],
    ['198.20.0.0', undefined],
    ['224.0.0.0', '224.0.0.0 is multicast, reserved or broadcast (224.0.0.0/3)'],
    ['239.255.255.250', '239.255.255.250 is multicast, reserved or broadcast (224.0.0.0/3)'],
    ['240.0.0.1', '240.0.0.1 is multicast, reserved or broadcast (224.0.0.0/3)'],
    ['255.255.255.255', '255.255.255.255 is multicast, reserved or broadcast (224.0.0.0/3)'],
    ['223.255.255.255', undefined],
    ['8.8.8.8', undefined],
  ])('%s', (address, refusal) => {
    expect(refused(address)).toBe(refusal);
  });
});

describe('the IPv6 ranges refused, at both ends and just outside', () => {
  it.each([
    ['::', ':: is unspecified, loopback or IPv4-compatible (::/96)'],
    ['::1', '::1 is unspecified, loopback or IPv4-compatible (::/96)'],
    ['::ffff', '::ffff is unspecified, loopback or IPv4-compatible (::/96)'],
    ['fe80::', 'fe80:: is link-local (fe80::/10)'],
    ['febf:ffff::1', 'febf:ffff::1 is link-local (fe80::/10)'],
    ['fe7f::1', undefined],
    ['fec0::1', 'fec0::1 is site-local (fec0::/10)'],
    ['feff::1', 'feff::1 is site-local (fec0::/10)'],
    ['fc00::', 'fc00:: is unique local (fc00::/7)'],
    ['fdff:ffff::1', 'fdff:ffff::1 is unique local (fc00::/7)'],
    ['fbff::1', undefined],
    ['ff00::', 'ff00:: is multicast (ff00::/8)'],
    ['ff02::1', 'ff02::1 is multicast (ff00::/8)'],
    ['2001::1', '2001::1 is Teredo (2001::/32)'],
    ['2001:0:ffff:ffff::1', '2001:0:ffff:ffff::1 is Teredo (2001::/32)'],
    ['2001:1::1', undefined],
    ['2606:4700::1111', undefined],
  ])('%s', (address, refusal) => {
    expect(refused(address)).toBe(refusal);
  });
});

describe('cloud metadata addresses', () => {
  it('each is refused: by its range when one covers it, else by the table itself', () => {
    expect(
      CLOUD_METADATA_ADDRESSES.map(({ cidr, label, covered }) => [
        cidr,
        label,
        covered,
        refused(cidr.split('/')[0] as string),
      ]),
    ).toEqual([
      [
        '169.254.169.254/32',
        'cloud metadata (AWS, GCP, Azure, DigitalOcean, Hetzner, OpenStack)',
        true,
        '169.254.169.254 is link-local (169.254.0.0/16)',
      ],
      [
        '169.254.170.2/32',
        'cloud metadata (AWS ECS task credentials)',
        true,
        '169.254.170.2 is link-local (169.254.0.0/16)',
      ],
      [
        '169.254.0.23/32',
        'cloud metadata (Tencent Cloud)',
        true,
        '169.254.0.23 is link-local (169.254.0.0/16)',
      ],
      [
        'fd00:ec2::254/128',
        'cloud metadata (AWS IMDS over IPv6)',
        true,
        'fd00:ec2::254 is unique local (fc00::/7)',
      ],
      [
        '100.100.100.200/32',
        'cloud metadata (Alibaba Cloud)',
        true,
        '100.100.100.200 is carrier-grade NAT (100.64.0.0/10)',
      ],
      [
        '192.0.0.192/32',
        'cloud metadata (Oracle Cloud)',
        true,
        '192.0.0.192 is IETF protocol assignments (192.0.0.0/24)',
      ],
      [
        '168.63.129.16/32',
        'cloud metadata (Azure WireServer)',
        false,
        '168.63.129.16 is cloud metadata (Azure WireServer) (168.63.129.16/32)',
      ],
    ]);
    // Its neighbours are public addresses.
    expect(refused('168.63.129.15')).toBeUndefined();
    expect(refused('168.63.129.17')).toBeUndefined();
  });
});
