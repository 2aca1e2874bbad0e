// Blind acceptance tests: written only from seed 002, spec/README.md and issue 5, each test
// one rule of the seed. All traffic stays on 127.0.0.0/8; "public" names are made up and
// mapped to 127.0.0.x through the injected resolver.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { denyPrivateHosts, Image } from '@crosswire/content-image';
import { ImageFetchError, ImageNotFetchedError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PNG_B64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG = Buffer.from(PNG_B64, 'base64');
const DATA_URL = `data:image/png;base64,${PNG_B64}`;
/** The documented opt-out of the private-network guard: these tests fetch from loopback. */
const OPEN_NETWORK = { allowPrivateNetwork: true } as const;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

async function serve(
  host: string,
  handler: Handler,
): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

describe('Image constructors and serializers (seed 002)', () => {
  it('fromUrl sniffs the media type from the URL path', () => {
    const img = Image.fromUrl('https://example.com/cat.jpg');
    expect(img.url).toBe('https://example.com/cat.jpg');
    expect(img.mediaType).toBe('image/jpeg');
  });

  it('fromUrl takes an explicit media type', () => {
    expect(Image.fromUrl('https://example.com/cat', { mediaType: 'image/webp' }).mediaType).toBe(
      'image/webp',
    );
  });

  it('fromUrl refuses a file: URL before any I/O with the seed wording', () => {
    expect(() => Image.fromUrl('file:///etc/passwd')).toThrow(
      /refuses to fetch image URL with scheme 'file'/,
    );
  });

  it('fromUrl refuses ftp and gopher too', () => {
    expect(() => Image.fromUrl('ftp://example.com/x.png')).toThrow(/scheme 'ftp'/);
    expect(() => Image.fromUrl('gopher://example.com/x.png')).toThrow(/scheme 'gopher'/);
  });

  it('fromUrl error points at fromFile for local files', () => {
    expect(() => Image.fromUrl('file:///x')).toThrow(/only http\/https/);
  });

  it('fromUrl accepts http, https and data: URLs', () => {
    expect(() => Image.fromUrl('http://example.com/a.png')).not.toThrow();
    expect(() => Image.fromUrl('https://example.com/a.png')).not.toThrow();
    expect(() => Image.fromUrl(DATA_URL)).not.toThrow();
  });

  it('fromFile reads the file and sniffs the type from the extension', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cw-accept-'));
    const path = join(dir, 'cat.png');
    await writeFile(path, PNG);
    const img = await Image.fromFile(path);
    expect(img.base64).toBe(PNG_B64);
    expect(img.mediaType).toBe('image/png');
  });

  it('fromData base64-encodes raw bytes', () => {
    const img = Image.fromData(PNG, { mediaType: 'image/png' });
    expect(img.base64).toBe(PNG_B64);
    expect(img.mediaType).toBe('image/png');
  });

  it('fromData requires a media type', () => {
    expect(() => Image.fromData(PNG, {} as never)).toThrow();
  });

  it('fromBase64 keeps the payload', () => {
    const img = Image.fromBase64(PNG_B64, { mediaType: 'image/png' });
    expect(img.base64).toBe(PNG_B64);
  });

  it('toOpenAI uses the URL when available', () => {
    expect(Image.fromUrl('https://example.com/cat.jpg').toOpenAI()).toEqual({
      type: 'image_url',
      image_url: { url: 'https://example.com/cat.jpg' },
    });
  });

  it('toOpenAI emits a data: URL from base64', () => {
    expect(Image.fromBase64(PNG_B64, { mediaType: 'image/png' }).toOpenAI()).toEqual({
      type: 'image_url',
      image_url: { url: DATA_URL },
    });
  });

  it('toResponses: image_url is a plain string', () => {
    expect(Image.fromUrl('https://example.com/cat.jpg').toResponses()).toEqual({
      type: 'input_image',
      image_url: 'https://example.com/cat.jpg',
    });
    expect(Image.fromBase64(PNG_B64, { mediaType: 'image/png' }).toResponses()).toEqual({
      type: 'input_image',
      image_url: DATA_URL,
    });
  });

  it('toAnthropic prefers a URL source, else base64', () => {
    expect(Image.fromUrl('https://example.com/cat.jpg').toAnthropic()).toEqual({
      type: 'image',
      source: { type: 'url', url: 'https://example.com/cat.jpg' },
    });
    expect(Image.fromBase64(PNG_B64, { mediaType: 'image/png' }).toAnthropic()).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG_B64 },
    });
  });

  it('toGemini gives inline_data', () => {
    expect(Image.fromBase64(PNG_B64, { mediaType: 'image/png' }).toGemini()).toEqual({
      inline_data: { mime_type: 'image/png', data: PNG_B64 },
    });
  });

  it('toOllama gives the raw base64 string', () => {
    expect(Image.fromBase64(PNG_B64, { mediaType: 'image/png' }).toOllama()).toBe(PNG_B64);
  });

  it('toLMStudio gives an image item with a data URL', () => {
    expect(Image.fromBase64(PNG_B64, { mediaType: 'image/png' }).toLMStudio()).toEqual({
      type: 'image',
      data_url: DATA_URL,
    });
  });

  it('dataUrl gives a data: URL, falling back to application/octet-stream', () => {
    expect(Image.fromBase64(PNG_B64, { mediaType: 'image/png' }).dataUrl()).toBe(DATA_URL);
  });

  it('detail goes out on openai and responses only', () => {
    const img = Image.fromUrl('https://example.com/cat.jpg', { detail: 'low' });
    expect(img.toOpenAI()).toEqual({
      type: 'image_url',
      image_url: { url: 'https://example.com/cat.jpg', detail: 'low' },
    });
    expect(img.toResponses()).toEqual({
      type: 'input_image',
      image_url: 'https://example.com/cat.jpg',
      detail: 'low',
    });
    expect(img.toAnthropic()).toEqual({
      type: 'image',
      source: { type: 'url', url: 'https://example.com/cat.jpg' },
    });
  });

  it('an unknown detail value is sent unchanged', () => {
    const img = Image.fromBase64(PNG_B64, { mediaType: 'image/png', detail: 'original' });
    expect(img.toOpenAI()).toEqual({
      type: 'image_url',
      image_url: { url: DATA_URL, detail: 'original' },
    });
  });

  it('no detail field when unset', () => {
    expect(Image.fromUrl('https://example.com/cat.jpg').toResponses()).not.toHaveProperty('detail');
  });

  it('serializers that need bytes throw a typed error naming ensureBase64 on a URL-only image', () => {
    const img = Image.fromUrl('https://example.com/cat.jpg');
    expect(() => img.toGemini()).toThrow(/ensureBase64/);
    expect(() => img.toOllama()).toThrow(/ensureBase64/);
    expect(() => img.toLMStudio()).toThrow(/ensureBase64/);
    expect(() => img.dataUrl()).toThrow(/ensureBase64/);
    expect(() => img.toOpenAI({ inline: true })).toThrow(/ensureBase64/);
    expect(() => img.toResponses({ inline: true })).toThrow(/ensureBase64/);
  });

  it('toJSON describes a base64 image without its payload', () => {
    const img = Image.fromBase64(PNG_B64, { mediaType: 'image/png' });
    expect(img.toJSON()).toEqual({
      type: 'image',
      source: 'base64',
      media_type: 'image/png',
      bytes: PNG.length,
    });
    expect(JSON.stringify([img])).not.toContain(PNG_B64);
  });

  it('toJSON describes a URL image', () => {
    expect(Image.fromUrl('https://example.com/cat.jpg', { detail: 'high' }).toJSON()).toEqual({
      type: 'image',
      source: 'url',
      url: 'https://example.com/cat.jpg',
      media_type: 'image/jpeg',
      detail: 'high',
    });
  });

  it('toJSON reports a data: URL as base64 without the URL', () => {
    const json = Image.fromUrl(DATA_URL).toJSON();
    expect(json).toEqual({
      type: 'image',
      source: 'base64',
      media_type: 'image/png',
      bytes: PNG.length,
    });
  });
});

describe('ensureBase64 over loopback', () => {
  let port = 0;
  let hits: string[] = [];
  let server: Server;

  beforeAll(async () => {
    const started = await serve('127.0.0.1', (request, response) => {
      const url = request.url ?? '/';
      if (url === '/cat') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(PNG);
      } else if (url === '/cat.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(PNG);
      } else if (url === '/slow.png') {
        setTimeout(() => {
          response.writeHead(200, { 'content-type': 'image/png' });
          response.end(PNG);
        }, 100);
      } else if (url === '/big.png') {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': '5000' });
        response.end(Buffer.concat([PNG, Buffer.alloc(5000 - PNG.length)]));
      } else if (url === '/chunked.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(PNG);
        response.write(Buffer.alloc(3000));
        response.end(Buffer.alloc(3000));
      } else if (url === '/gzip.png') {
        response.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip' });
        response.end(gzipSync(Buffer.concat([PNG, Buffer.alloc(100_000)])));
      } else if (url === '/weird.png') {
        response.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'x-weird' });
        response.end(PNG);
      } else if (url === '/html.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end('<html><body>not an image</body></html>');
      } else if (url === '/missing.png') {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('nope');
      } else if (url === '/to-file.png') {
        response.writeHead(302, { location: 'file:///etc/passwd' });
        response.end();
      } else if (url.startsWith('/loop/')) {
        const n = Number(url.slice('/loop/'.length));
        response.writeHead(302, { location: `/loop/${n + 1}` });
        response.end();
      } else if (url.startsWith('/chain/')) {
        // /chain/<left>: redirects <left> more times, then serves the image.
        const left = Number(url.slice('/chain/'.length));
        if (left === 0) {
          response.writeHead(200, { 'content-type': 'image/png' });
          response.end(PNG);
        } else {
          response.writeHead(302, { location: `/chain/${left - 1}` });
          response.end();
        }
      } else if (url === '/hop.png') {
        response.writeHead(302, { location: '/cat.png' });
        response.end();
      } else if (url === '/drip.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(PNG.subarray(0, 8));
        const timer = setInterval(() => response.write(Buffer.alloc(1)), 50);
        response.on('close', () => clearInterval(timer));
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    server = started.server;
    port = started.port;
    hits = started.hits;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const base = () => `http://127.0.0.1:${port}`;

  it('fetches, returns the base64 and caches it for the serializers', async () => {
    const img = Image.fromUrl(`${base()}/cat.png`);
    expect(await img.ensureBase64(OPEN_NETWORK)).toBe(PNG_B64);
    expect(img.toGemini()).toEqual({ inline_data: { mime_type: 'image/png', data: PNG_B64 } });
    expect(img.toOllama()).toBe(PNG_B64);
    expect(img.toOpenAI({ inline: true })).toEqual({
      type: 'image_url',
      image_url: { url: DATA_URL },
    });
    expect(img.toOpenAI()).toEqual({ type: 'image_url', image_url: { url: `${base()}/cat.png` } });
  });

  it('fills the media type from Content-Type for a URL-only image', async () => {
    const img = Image.fromUrl(`${base()}/cat`);
    await img.ensureBase64(OPEN_NETWORK);
    expect(img.mediaType).toBe('image/png');
  });

  it('toJSON keeps source url after a fetch and reports the fetched size', async () => {
    const img = Image.fromUrl(`${base()}/cat.png`);
    await img.ensureBase64(OPEN_NETWORK);
    expect(img.toJSON()).toEqual({
      type: 'image',
      source: 'url',
      url: `${base()}/cat.png`,
      media_type: 'image/png',
      bytes: PNG.length,
    });
  });

  it('decodes a data: URL locally', async () => {
    expect(await Image.fromUrl(DATA_URL).ensureBase64(OPEN_NETWORK)).toBe(PNG_B64);
  });

  it('concurrent calls fetch once', async () => {
    const before = hits.filter((h) => h === '/slow.png').length;
    const img = Image.fromUrl(`${base()}/slow.png`);
    const [a, b] = await Promise.all([
      img.ensureBase64(OPEN_NETWORK),
      img.ensureBase64(OPEN_NETWORK),
    ]);
    expect(a).toBe(PNG_B64);
    expect(b).toBe(PNG_B64);
    expect(hits.filter((h) => h === '/slow.png').length - before).toBe(1);
  });

  it('refuses a Content-Length over maxBytes with the seed wording, storing nothing', async () => {
    const img = Image.fromUrl(`${base()}/big.png`);
    await expect(img.ensureBase64({ ...OPEN_NETWORK, maxBytes: 1000 })).rejects.toThrow(
      /exceeds inline_image_max_bytes \(1000\)/,
    );
    expect(img.base64).toBeUndefined();
  });

  it('refuses a streamed body that grows past maxBytes', async () => {
    await expect(
      Image.fromUrl(`${base()}/chunked.png`).ensureBase64({ ...OPEN_NETWORK, maxBytes: 1000 }),
    ).rejects.toThrow(/exceeds inline_image_max_bytes \(1000\)/);
  });

  it('maxBytes Infinity means no cap', async () => {
    const b64 = await Image.fromUrl(`${base()}/big.png`).ensureBase64({
      ...OPEN_NETWORK,
      maxBytes: Number.POSITIVE_INFINITY,
      onWarning: () => {},
    });
    expect(Buffer.from(b64, 'base64').length).toBe(5000);
  });

  it('caps the decoded size of a gzip body', async () => {
    await expect(
      Image.fromUrl(`${base()}/gzip.png`).ensureBase64({ ...OPEN_NETWORK, maxBytes: 10_000 }),
    ).rejects.toThrow(/exceeds inline_image_max_bytes \(10000\)/);
  });

  it('inflates a gzip body under the cap', async () => {
    const b64 = await Image.fromUrl(`${base()}/gzip.png`).ensureBase64(OPEN_NETWORK);
    expect(Buffer.from(b64, 'base64').length).toBe(PNG.length + 100_000);
  });

  it('refuses an unknown content encoding while a cap is set', async () => {
    await expect(Image.fromUrl(`${base()}/weird.png`).ensureBase64(OPEN_NETWORK)).rejects.toThrow(
      ImageFetchError,
    );
  });

  it('refuses a non-image body behind an image URL', async () => {
    await expect(Image.fromUrl(`${base()}/html.png`).ensureBase64(OPEN_NETWORK)).rejects.toThrow(
      ImageFetchError,
    );
  });

  it('a non-success status fails', async () => {
    await expect(Image.fromUrl(`${base()}/missing.png`).ensureBase64(OPEN_NETWORK)).rejects.toThrow(
      /404/,
    );
  });

  it('does not follow a redirect to another scheme', async () => {
    const img = Image.fromUrl(`${base()}/to-file.png`);
    await expect(img.ensureBase64(OPEN_NETWORK)).rejects.toThrow(/file/);
    expect(img.base64).toBeUndefined();
  });

  it('follows up to 7 redirects and refuses the 8th', async () => {
    expect(await Image.fromUrl(`${base()}/chain/7`).ensureBase64(OPEN_NETWORK)).toBe(PNG_B64);
    await expect(Image.fromUrl(`${base()}/chain/8`).ensureBase64(OPEN_NETWORK)).rejects.toThrow(
      ImageFetchError,
    );
  });

  it('the size refusal names the URL, word for word as the seed', async () => {
    await expect(
      Image.fromUrl(`${base()}/big.png`).ensureBase64({ ...OPEN_NETWORK, maxBytes: 1000 }),
    ).rejects.toThrow(`image at ${base()}/big.png exceeds inline_image_max_bytes (1000)`);
  });

  it('follows a same-scheme redirect', async () => {
    expect(await Image.fromUrl(`${base()}/hop.png`).ensureBase64(OPEN_NETWORK)).toBe(PNG_B64);
  });

  it('gives up on a redirect chain past 7 hops', async () => {
    const before = hits.length;
    await expect(
      Image.fromUrl(`${base()}/loop/0`).ensureBase64(OPEN_NETWORK),
    ).rejects.toMatchObject({
      name: 'ImageFetchError',
      code: 'image_too_many_redirects',
      message: `refuses to follow more than 7 redirects fetching image URL ${base()}/loop/0`,
    });
    // The first request and 7 followed redirects; the 8th redirect is not followed.
    expect(hits.slice(before)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((n) => `/loop/${n}`));
  });

  it('timeoutMs ends a slow drip', async () => {
    await expect(
      Image.fromUrl(`${base()}/drip.png`).ensureBase64({ ...OPEN_NETWORK, timeoutMs: 300 }),
    ).rejects.toMatchObject({
      name: 'ImageFetchError',
      code: 'image_fetch_timeout',
      message: `image at ${base()}/drip.png did not arrive within inline_image_fetch_timeout (300 ms): timed out at the overall deadline`,
    });
  });

  it('urlFilter refusal uses the seed wording and makes no request', async () => {
    const before = hits.length;
    const url = `${base()}/cat.png`;
    await expect(
      Image.fromUrl(url).ensureBase64({ ...OPEN_NETWORK, urlFilter: () => false }),
    ).rejects.toThrow(`refuses to fetch image URL ${url}: rejected by inline_image_url_filter`);
    expect(hits.length).toBe(before);
  });

  it('a urlFilter that throws refuses too', async () => {
    await expect(
      Image.fromUrl(`${base()}/cat.png`).ensureBase64({
        ...OPEN_NETWORK,
        urlFilter: () => {
          throw new Error('boom');
        },
      }),
    ).rejects.toThrow(/rejected by inline_image_url_filter/);
  });

  it('urlFilter gets a URL object and sees every redirect hop before it is requested', async () => {
    const seen: string[] = [];
    const before = hits.filter((h) => h === '/cat.png').length;
    await expect(
      Image.fromUrl(`${base()}/hop.png`).ensureBase64({
        ...OPEN_NETWORK,
        urlFilter: (url: URL) => {
          seen.push(url.href);
          return url.pathname === '/hop.png';
        },
      }),
    ).rejects.toThrow(/rejected by inline_image_url_filter/);
    expect(seen).toEqual([`${base()}/hop.png`, `${base()}/cat.png`]);
    expect(hits.filter((h) => h === '/cat.png').length).toBe(before);
  });
});

describe('denyPrivateHosts', () => {
  const resolveTo = (table: Record<string, string[]>) => (host: string) => table[host] ?? [];
  const check = async (address: string) => {
    const filter = denyPrivateHosts({ resolver: resolveTo({ 'host.test': [address] }) });
    return await filter(new URL('http://host.test/x.png'));
  };

  it.each([
    '0.0.0.1',
    '127.0.0.1',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '192.0.0.170',
    '198.18.0.1',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
  ])('refuses IPv4 %s', async (address) => {
    expect(await check(address)).toBe(false);
  });

  it.each([
    '::',
    '::1',
    '::7f00:1',
    'fe80::1',
    'fec0::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:0:10.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b:1::a00:1',
    '64:ff9b:1:2::',
    '2002:0a00:0001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ])('refuses IPv6 %s', async (address) => {
    expect(await check(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2001:4860::8888', '2002:0808:0808::1', '64:ff9b::808:808'])(
    'allows public %s',
    async (address) => {
      expect(await check(address)).toBe(true);
    },
  );

  it('a non-Teredo 2001::/16 address (2001:db8::) passes per the seed', async () => {
    expect(await check('2001:db8::1')).toBe(true);
  });

  it('refuses when any resolved address is private', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['93.184.216.34', '10.0.0.1'] });
    expect(await filter(new URL('http://mixed.test/x.png'))).toBe(false);
  });

  it('refuses a host that does not resolve', async () => {
    const filter = denyPrivateHosts({ resolver: () => [] });
    expect(await filter(new URL('http://nowhere.test/x.png'))).toBe(false);
  });

  it('refuses IP literals without a lookup', async () => {
    let lookups = 0;
    const filter = denyPrivateHosts({
      resolver: () => {
        lookups += 1;
        return ['93.184.216.34'];
      },
    });
    expect(await filter(new URL('http://10.0.0.5/x.png'))).toBe(false);
    expect(await filter(new URL('http://[::1]/x.png'))).toBe(false);
    expect(lookups).toBe(0);
  });

  it('refuses alternate IPv4 spellings', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['93.184.216.34'] });
    expect(await filter(new URL('http://2130706433/x.png'))).toBe(false);
    expect(await filter(new URL('http://0x7f.1/x.png'))).toBe(false);
  });

  it('accepts an async resolver', async () => {
    const filter = denyPrivateHosts({ resolver: async () => ['10.1.2.3'] });
    expect(await filter(new URL('http://async.test/x.png'))).toBe(false);
  });

  it('allow lets a trusted CIDR range through', async () => {
    const filter = denyPrivateHosts({
      resolver: resolveTo({ 'images.internal.test': ['10.1.2.3'] }),
      allow: ['10.1.2.0/24'],
    });
    expect(await filter(new URL('http://images.internal.test/x.png'))).toBe(true);
  });

  it('end to end: refuses a made-up name that resolves to loopback', async () => {
    const img = Image.fromUrl('http://evil.test/x.png');
    await expect(
      img.ensureBase64({
        urlFilter: denyPrivateHosts({ resolver: resolveTo({ 'evil.test': ['127.0.0.1'] }) }),
      }),
    ).rejects.toThrow(
      'refuses to fetch image URL http://evil.test/x.png: rejected by inline_image_url_filter',
    );
  });

  it('end to end: fetches from a name mapped to an allowed loopback address', async () => {
    const { server, port } = await serve('127.0.0.2', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
    });
    try {
      const img = Image.fromUrl(`http://images.example.test:${port}/cat.png`);
      const b64 = await img.ensureBase64({
        urlFilter: denyPrivateHosts({
          resolver: resolveTo({ 'images.example.test': ['127.0.0.2'] }),
          allow: ['127.0.0.2/32'],
        }),
      });
      expect(b64).toBe(PNG_B64);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('rebinding closed: the checked address is the address connected to', async () => {
    const hitsGood: string[] = [];
    const good = await serve('127.0.0.2', (request, response) => {
      hitsGood.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
    });
    const evil = await new Promise<{ server: Server; hits: string[] }>((resolve) => {
      const hitsEvil: string[] = [];
      const server = createServer((request, response) => {
        hitsEvil.push(request.url ?? '');
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(PNG);
      });
      server.listen(good.port, '127.0.0.3', () => resolve({ server, hits: hitsEvil }));
    });
    let calls = 0;
    try {
      const filter = denyPrivateHosts({
        resolver: () => {
          calls += 1;
          return calls === 1 ? ['127.0.0.2'] : ['127.0.0.3'];
        },
        allow: ['127.0.0.2/32'],
      });
      const img = Image.fromUrl(`http://rebind.test:${good.port}/cat.png`);
      // One lookup, by the filter; the connection dials its answer, never a second one.
      expect(await img.ensureBase64({ urlFilter: filter })).toBe(PNG_B64);
      expect(calls).toBe(1);
      expect(hitsGood).toEqual(['/cat.png']);
      expect(evil.hits).toEqual([]);
    } finally {
      for (const s of [good.server, evil.server]) {
        s.closeAllConnections();
        s.close();
      }
    }
  });
});

describe('more refusals the issue lists, and readings the seed leaves open', () => {
  it('a URL with userinfo is refused without repeating the password', () => {
    let message = '';
    try {
      Image.fromUrl('http://user:secret@x.test/a.png');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/refuses to fetch image URL/);
    expect(message).not.toContain('secret');
  });

  it('the serializers throw ImageNotFetchedError', () => {
    expect(() => Image.fromUrl('https://x.test/a.png').toGemini()).toThrow(ImageNotFetchedError);
  });

  it('a data: URL image already carries its payload: no fetch needed for the inline wires', () => {
    const img = Image.fromUrl(DATA_URL);
    expect(img.toGemini()).toEqual({ inline_data: { mime_type: 'image/png', data: PNG_B64 } });
    expect(img.toOllama()).toBe(PNG_B64);
    expect(img.toAnthropic()).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG_B64 },
    });
  });

  it('media type sniffing ignores case, query and fragment', () => {
    expect(Image.fromUrl('HTTPS://EXAMPLE.COM/CAT.JPG').mediaType).toBe('image/jpeg');
    expect(Image.fromUrl('https://x.test/cat.png?size=large#f').mediaType).toBe('image/png');
    expect(Image.fromUrl('https://x.test/cat').mediaType).toBeUndefined();
  });

  it('javascript: is refused like every other non-HTTP scheme', () => {
    expect(() => Image.fromUrl('javascript:alert(1)')).toThrow(
      "refuses to fetch image URL with scheme 'javascript' (only http/https; use Image.fromFile for local files)",
    );
  });

  it('dataUrl falls back to application/octet-stream for unknown bytes', () => {
    expect(Image.fromBase64('AAAA').dataUrl()).toBe('data:application/octet-stream;base64,AAAA');
  });

  it('fromData takes a Uint8Array', () => {
    expect(Image.fromData(new Uint8Array(PNG), { mediaType: 'image/png' }).base64).toBe(PNG_B64);
  });

  it('an image inside a message array serializes as its description', () => {
    const json = JSON.parse(
      JSON.stringify([
        {
          role: 'user',
          content: ['What is this?', Image.fromBase64(PNG_B64, { mediaType: 'image/png' })],
        },
      ]),
    );
    expect(json[0].content[1]).toEqual({
      type: 'image',
      source: 'base64',
      media_type: 'image/png',
      bytes: PNG.length,
    });
  });

  it('the filter answers a promise of a boolean (documented: always async, also with a sync resolver)', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['10.0.0.5'] });
    await expect(filter(new URL('http://a.test/x.png'))).resolves.toBe(false);
  });

  it('detail must be a non-empty string', () => {
    expect(() => Image.fromUrl('https://x.test/a.png', { detail: '' })).toThrow();
  });

  it('fromFile takes an explicit media type and refuses a missing file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cw-accept-'));
    const path = join(dir, 'cat.bin');
    await writeFile(path, PNG);
    expect((await Image.fromFile(path, { mediaType: 'image/png' })).mediaType).toBe('image/png');
    await expect(Image.fromFile(join(dir, 'missing.png'))).rejects.toThrow();
  });

  it('allow takes a bare address as well as a CIDR range', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['127.0.0.2'], allow: ['127.0.0.2'] });
    expect(await filter(new URL('http://a.test/x.png'))).toBe(true);
  });

  it('IPv6 literals with an embedded private IPv4 are refused', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['93.184.216.34'] });
    expect(await filter(new URL('http://[::ffff:127.0.0.1]/x.png'))).toBe(false);
    expect(await filter(new URL('http://[64:ff9b::a9fe:a9fe]/x.png'))).toBe(false);
  });

  it('the default resolver refuses loopback literals and localhost', async () => {
    const filter = denyPrivateHosts();
    expect(await filter(new URL('http://127.0.0.1/x.png'))).toBe(false);
    expect(await filter(new URL('http://localhost/x.png'))).toBe(false);
  });

  it('a second ensureBase64 uses the cache', async () => {
    const { server, port, hits } = await serve('127.0.0.1', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
    });
    try {
      const img = Image.fromUrl(`http://127.0.0.1:${port}/cat.png`);
      await img.ensureBase64(OPEN_NETWORK);
      await img.ensureBase64(OPEN_NETWORK);
      expect(hits).toEqual(['/cat.png']);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('a redirect into private space is refused before the hop is requested', async () => {
    const internal = await serve('127.0.0.1', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
    });
    const front = await serve('127.0.0.2', (_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${internal.port}/secret.png` });
      response.end();
    });
    try {
      const filter = denyPrivateHosts({ resolver: () => ['127.0.0.2'], allow: ['127.0.0.2/32'] });
      const img = Image.fromUrl(`http://public.test:${front.port}/cat.png`);
      await expect(img.ensureBase64({ urlFilter: filter })).rejects.toThrow(
        `refuses to fetch image URL http://127.0.0.1:${internal.port}/secret.png: rejected by inline_image_url_filter`,
      );
      expect(internal.hits).toEqual([]);
      expect(img.base64).toBeUndefined();
    } finally {
      for (const s of [internal.server, front.server]) {
        s.closeAllConnections();
        s.close();
      }
    }
  });

  it('a Content-Length that lies (shorter than the body) does not get past the cap', async () => {
    const { server, port } = await serve('127.0.0.1', (request, response) => {
      // A raw socket write so the body can exceed its declared length.
      response.socket?.write(
        'HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 100\r\nconnection: close\r\n\r\n',
      );
      response.socket?.end(Buffer.concat([PNG, Buffer.alloc(5000)]));
      void request;
    });
    try {
      const img = Image.fromUrl(`http://127.0.0.1:${port}/cat.png`);
      const outcome = await img.ensureBase64({ ...OPEN_NETWORK, maxBytes: 1000 }).then(
        (b64) => Buffer.from(b64, 'base64').length,
        (error: Error) => error,
      );
      // The declared length is what is read: the extra bytes never count, nor are stored.
      expect(outcome).toBe(100);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
