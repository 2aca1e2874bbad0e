import { describe, expect, test } from 'vitest';
import { denyPrivateHosts } from './deny-private-hosts.js';

// Issue 27: only http and https are fetched; every other scheme is refused, whatever its host
// would resolve to (the resolver here calls every host public).

describe('denyPrivateHosts: schemes', () => {
  const filter = denyPrivateHosts({ resolver: () => ['93.184.216.34'] });

  test.each([
    'ftp://cdn.example/a.png',
    'ws://cdn.example/a.png',
    'wss://cdn.example/a.png',
    'gopher://cdn.example/',
    'data:image/png;base64,AAAA',
    'blob:https://cdn.example/1',
    'file:///etc/passwd',
  ])('%s is refused for its scheme', async (url) => {
    const scheme = url.slice(0, url.indexOf(':'));
    expect(await filter.check(url)).toMatchObject({
      allowed: false,
      reason: expect.stringContaining(`scheme '${scheme}' is not http or https`),
    });
    expect(await filter(new URL(url))).toBe(false);
  });

  test.each(['http://cdn.example/a.png', 'https://cdn.example/a.png', 'HTTPS://cdn.example/a'])(
    '%s is allowed',
    async (url) => {
      expect(await filter.check(url)).toMatchObject({ allowed: true });
    },
  );
});
