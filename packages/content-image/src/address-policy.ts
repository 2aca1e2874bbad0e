import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

/** One refused range: the CIDR and what lives there (the reason a refusal gives). */
export interface DeniedRange {
  readonly cidr: string;
  readonly label: string;
}

/**
 * IPv4 ranges `denyPrivateHosts` refuses, in the order they are checked. 224.0.0.0/3 covers
 * multicast, 240.0.0.0/4 (reserved) and 255.255.255.255 (broadcast).
 */
export const DENIED_IPV4_RANGES: readonly DeniedRange[] = [
  { cidr: '0.0.0.0/8', label: 'this host' },
  { cidr: '127.0.0.0/8', label: 'loopback' },
  { cidr: '10.0.0.0/8', label: 'private network (RFC 1918)' },
  { cidr: '172.16.0.0/12', label: 'private network (RFC 1918)' },
  { cidr: '192.168.0.0/16', label: 'private network (RFC 1918)' },
  { cidr: '100.64.0.0/10', label: 'carrier-grade NAT' },
  { cidr: '169.254.0.0/16', label: 'link-local' },
  { cidr: '192.0.0.0/24', label: 'IETF protocol assignments' },
  { cidr: '198.18.0.0/15', label: 'benchmarking' },
  { cidr: '224.0.0.0/3', label: 'multicast, reserved or broadcast' },
];

/**
 * IPv6 ranges refused outright. Teredo (2001:0::/32) hides its client IPv4 bit-inverted, so
 * it cannot be re-checked like the other embedded forms and the whole prefix goes.
 */
export const DENIED_IPV6_RANGES: readonly DeniedRange[] = [
  { cidr: '::/96', label: 'unspecified, loopback or IPv4-compatible' },
  { cidr: 'fe80::/10', label: 'link-local' },
  { cidr: 'fec0::/10', label: 'site-local' },
  { cidr: 'fc00::/7', label: 'unique local' },
  { cidr: 'ff00::/8', label: 'multicast' },
  { cidr: '2001::/32', label: 'Teredo' },
];

/**
 * Cloud metadata services. Most sit inside a range above already (and are listed so the
 * tests prove it); the ones with public-looking addresses are refused by this table.
 */
export const CLOUD_METADATA_ADDRESSES: readonly (DeniedRange & { readonly covered: boolean })[] = [
  {
    cidr: '169.254.169.254/32',
    label: 'cloud metadata (AWS, GCP, Azure, DigitalOcean, Hetzner, OpenStack)',
    covered: true,
  },
  { cidr: '169.254.170.2/32', label: 'cloud metadata (AWS ECS task credentials)', covered: true },
  { cidr: '169.254.0.23/32', label: 'cloud metadata (Tencent Cloud)', covered: true },
  { cidr: 'fd00:ec2::254/128', label: 'cloud metadata (AWS IMDS over IPv6)', covered: true },
  { cidr: '100.100.100.200/32', label: 'cloud metadata (Alibaba Cloud)', covered: true },
  { cidr: '192.0.0.192/32', label: 'cloud metadata (Oracle Cloud)', covered: true },
  { cidr: '168.63.129.16/32', label: 'cloud metadata (Azure WireServer)', covered: false },
];

function parseRanges(ranges: readonly DeniedRange[]): [Cidr, string][] {
  return ranges.map((range) => [ipaddr.parseCIDR(range.cidr), range.label]);
}

const IPV4_DENIED = parseRanges([
  ...DENIED_IPV4_RANGES,
  ...CLOUD_METADATA_ADDRESSES.filter((entry) => !entry.covered && !entry.cidr.includes(':')),
]);
const IPV6_DENIED = parseRanges(DENIED_IPV6_RANGES);

const IPV4_MAPPED = ipaddr.parseCIDR('::ffff:0:0/96');
const SIIT = ipaddr.parseCIDR('::ffff:0:0:0/96');
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const NAT64_LOCAL = ipaddr.parseCIDR('64:ff9b:1::/48');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** An address and the reason it is refused, or `undefined` when it may be fetched from. */
export interface AddressVerdict {
  /** The address in canonical form (what is dialled). */
  readonly address: string;
  readonly family: 4 | 6;
  /** Why it is refused; absent when allowed. */
  readonly refusal?: string;
}

/**
 * Parses operator `allow` entries (CIDRs or single addresses). IPv4 must be written as four
 * decimal parts: `10.1.2` or `010.0.0.1` would be read by classful or octal rules as another
 * address than the operator meant, so they are refused.
 */
export function parseAllowList(allow: readonly string[]): Cidr[] {
  return allow.map((entry) => {
    const [address = '', prefix] = entry.split('/');
    if (!address.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(address)) {
      throw new Error(`${JSON.stringify(address)} is not a four-part decimal IPv4 address`);
    }
    if (prefix !== undefined) return ipaddr.parseCIDR(entry);
    const parsed = ipaddr.parse(address);
    return [parsed, parsed.kind() === 'ipv4' ? 32 : 128] as Cidr;
  });
}

function inAllowList(address: Address, allow: readonly Cidr[]): boolean {
  const candidates: Address[] = [address];
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    candidates.push((address as ipaddr.IPv6).toIPv4Address());
  }
  return candidates.some((candidate) =>
    allow.some(
      ([range, bits]) => range.kind() === candidate.kind() && candidate.match(range, bits),
    ),
  );
}

function ipv4Refusal(address: ipaddr.IPv4, shown: string): string | undefined {
  for (const [[range, bits], label] of IPV4_DENIED) {
    if (address.match(range, bits)) return `${shown} is ${label} (${range.toString()}/${bits})`;
  }
  return undefined;
}

function ipv6Refusal(address: ipaddr.IPv6, shown: string): string | undefined {
  const parts = address.parts;
  const embedded = (form: string, ipv4: ipaddr.IPv4): string | undefined => {
    const inner = ipv4Refusal(ipv4, ipv4.toString());
    return inner === undefined ? undefined : `${shown} is ${form} ${ipv4.toString()}, and ${inner}`;
  };
  if (address.match(IPV4_MAPPED)) {
    return embedded('IPv4-mapped', ipv4FromParts(parts[6] as number, parts[7] as number));
  }
  if (address.match(SIIT)) {
    return embedded('SIIT', ipv4FromParts(parts[6] as number, parts[7] as number));
  }
  if (address.match(NAT64)) {
    return embedded('NAT64', ipv4FromParts(parts[6] as number, parts[7] as number));
  }
  if (address.match(NAT64_LOCAL)) {
    if (parts[3] === 0 && parts[4] === 0 && parts[5] === 0) {
      return embedded('NAT64 (local use)', ipv4FromParts(parts[6] as number, parts[7] as number));
    }
    return `${shown} is in the local-use NAT64 prefix 64:ff9b:1::/48 without a readable IPv4 address`;
  }
  if (address.match(SIX_TO_FOUR)) {
    return embedded('6to4', ipv4FromParts(parts[1] as number, parts[2] as number));
  }
  for (const [[range, bits], label] of IPV6_DENIED) {
    if (address.match(range, bits)) return `${shown} is ${label} (${range.toString()}/${bits})`;
  }
  return undefined;
}

/**
 * Checks one address (IPv4 or IPv6 text, as a resolver or a URL gives it) against the
 * policy of `denyPrivateHosts`. Operator `allow` ranges win over every refusal.
 */
export function checkParsedAddress(address: string, allow: readonly Cidr[] = []): AddressVerdict {
  const text = address.replace(/^\[|\]$/g, '');
  // Only the canonical notations: a resolver answering '0x7f.1' is not to be trusted to mean
  // what another parser thinks it means.
  const isIPv4 = ipaddr.IPv4.isValidFourPartDecimal(text);
  if (!isIPv4 && !(text.includes(':') && ipaddr.IPv6.isValid(text))) {
    return { address: text, family: 4, refusal: `${JSON.stringify(address)} is not an IP address` };
  }
  const parsed: Address = isIPv4 ? ipaddr.IPv4.parse(text) : ipaddr.IPv6.parse(text);
  const canonical = parsed.toString();
  const family = parsed.kind() === 'ipv4' ? 4 : 6;
  if (family === 6 && (parsed as ipaddr.IPv6).zoneId !== undefined) {
    return { address: canonical, family, refusal: `${text} carries a zone index` };
  }
  if (inAllowList(parsed, allow)) return { address: canonical, family };
  const refusal =
    family === 4
      ? ipv4Refusal(parsed as ipaddr.IPv4, canonical)
      : ipv6Refusal(parsed as ipaddr.IPv6, canonical);
  return refusal === undefined
    ? { address: canonical, family }
    : { address: canonical, family, refusal };
}

/** The canonical text of an address, for comparing a socket's peer with a vetted address. */
export function canonicalAddress(address: string): string {
  try {
    const bracketed = /^\[(.*)\]$/.exec(address);
    return ipaddr.parse(bracketed ? (bracketed[1] as string) : address).toString();
  } catch {
    return address;
  }
}

/**
 * Checks one address against the `denyPrivateHosts` policy, with optional operator `allow`
 * CIDRs: `{ address, family }` plus a `refusal` reason when it is refused.
 */
export function checkAddress(
  address: string,
  options: { readonly allow?: readonly string[] } = {},
): AddressVerdict {
  return checkParsedAddress(address, parseAllowList(options.allow ?? []));
}

/**
 * True for an IP address literal as a URL's host gives it (dotted-quad IPv4, or IPv6 without
 * brackets), the strings `net.isIP` accepts there, decided without `node:net`.
 */
export function isIpLiteral(host: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host);
}
