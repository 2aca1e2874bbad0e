import { beforeEach, describe, expect, test, vi } from 'vitest';
import { denyPrivateHosts } from './deny-private-hosts.js';

// The default resolver is node's dns.promises.lookup. This fake keeps the documented contract
// of lookup (node docs, dns.lookup): with `all: true` every address as { address, family },
// otherwise the first one alone; `verbatim: true` keeps the resolver's order, `false` puts
// IPv4 first. The "DNS" answers IPv6 first, as a dual-stack host often does.
const answers = new Map<string, { address: string; family: 4 | 6 }[]>();

vi.mock('node:dns/promises', () => ({
  lookup: async (host: string, options: { all?: boolean; verbatim?: boolean } = {}) => {
    const found = answers.get(host);
    if (found === undefined) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    const ordered =
      options.verbatim === true
        ? found
        : [...found.filter((a) => a.family === 4), ...found.filter((a) => a.family === 6)];
    return options.all === true ? ordered : ordered[0];
  },
}));

describe('denyPrivateHosts: the system resolver', () => {
  beforeEach(() => {
    answers.clear();
  });

  test('every address of a host is checked, in the order DNS gave them', async () => {
    answers.set('dual.example', [
      { address: '2606:4700::6810:84e5', family: 6 },
      { address: '104.16.132.229', family: 4 },
    ]);
    expect(await denyPrivateHosts().check('https://dual.example/a.png')).toStrictEqual({
      allowed: true,
      host: 'dual.example',
      addresses: [
        { address: '2606:4700::6810:84e5', family: 6 },
        { address: '104.16.132.229', family: 4 },
      ],
    });
  });

  test('a private address behind a public one refuses the host', async () => {
    answers.set('mixed.example', [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    expect(await denyPrivateHosts().check('http://mixed.example/')).toStrictEqual({
      allowed: false,
      host: 'mixed.example',
      addresses: [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
      reason: '10.0.0.7 is private network (RFC 1918) (10.0.0.0/8)',
    });
  });

  test('a lookup failure is the refusal reason', async () => {
    expect(await denyPrivateHosts().check('http://nowhere.example/')).toStrictEqual({
      allowed: false,
      host: 'nowhere.example',
      addresses: [],
      reason: 'nowhere.example does not resolve (getaddrinfo ENOTFOUND nowhere.example)',
    });
  });
});
