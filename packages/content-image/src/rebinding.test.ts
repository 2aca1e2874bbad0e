import { ImageFetchError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { denyPrivateHosts } from './deny-private-hosts.js';
import { Image } from './image.js';
import { PNG_BASE64, PNG_BYTES } from './test-support/images.js';
import { type Handler, startServer, type TestServer } from './test-support/servers.js';

/**
 * DNS rebinding, proved on loopback: `public.test` answers 127.0.0.2 (trusted through
 * `allow`) on the first lookup and 127.0.0.3 on every later one. Both servers listen on the
 * same port, so a second lookup anywhere (the HTTP client's own) would reach 127.0.0.3.
 */
const serve: Handler = (request, response) => {
  if (request.url?.startsWith('/redirect?to=')) {
    response.statusCode = 307;
    response.setHeader('location', decodeURIComponent(request.url.slice('/redirect?to='.length)));
    response.end();
    return;
  }
  if (request.url === '/again.png') {
    response.statusCode = 302;
    response.setHeader('location', '/cat.png?after-redirect');
    response.end();
    return;
  }
  response.setHeader('content-type', 'image/png');
  response.end(PNG_BYTES);
};

let trusted: TestServer;
let rebound: TestServer;

beforeAll(async () => {
  trusted = await startServer('127.0.0.2', serve);
  rebound = await startServer('127.0.0.3', serve);
  // Same port on the second address: close the first pick and retry until both bind.
  for (let attempt = 0; attempt < 20 && rebound.port !== trusted.port; attempt++) {
    await rebound.close();
    rebound = await new Promise<TestServer>((resolve, reject) => {
      import('node:http').then(({ createServer }) => {
        const hits: string[] = [];
        const requests: TestServer['requests'] = [];
        const server = createServer((request, response) => {
          hits.push(request.url ?? '');
          requests.push(request.headers);
          serve(request, response);
        });
        server.once('error', reject);
        server.listen(trusted.port, '127.0.0.3', () =>
          resolve({
            host: '127.0.0.3',
            port: trusted.port,
            origin: `http://127.0.0.3:${trusted.port}`,
            hits,
            requests,
            close: () => new Promise((done) => server.close(() => done())),
          }),
        );
      }, reject);
    });
  }
  expect(rebound.port).toBe(trusted.port);
});

afterAll(async () => {
  await Promise.all([trusted.close(), rebound.close()]);
});

function rebindingResolver() {
  const asked: string[] = [];
  const resolver = (host: string) => {
    asked.push(host);
    return asked.length === 1 ? ['127.0.0.2'] : ['127.0.0.3'];
  };
  return { asked, resolver };
}

describe('rebinding is closed', () => {
  test('the address the filter checked is the address connected to', async () => {
    const { asked, resolver } = rebindingResolver();
    const filter = denyPrivateHosts({ resolver, allow: ['127.0.0.2/32'] });
    const image = Image.fromUrl(`http://public.test:${trusted.port}/cat.png`);
    expect(await image.ensureBase64({ urlFilter: filter })).toBe(PNG_BASE64);
    // One lookup, made by the filter; the connection used its answer.
    expect(asked).toEqual(['public.test']);
    expect(trusted.hits).toContain('/cat.png');
    expect(rebound.hits).toEqual([]);
    // The Host header still names the host (virtual hosting and TLS SNI keep working).
    expect(trusted.requests.at(-1)?.host).toBe(`public.test:${trusted.port}`);
  });

  test('on every hop: a redirect back to the same name is checked against its new answer', async () => {
    const { asked, resolver } = rebindingResolver();
    const filter = denyPrivateHosts({ resolver, allow: ['127.0.0.2/32'] });
    const image = Image.fromUrl(`http://public.test:${trusted.port}/again.png`);
    let error: unknown;
    try {
      await image.ensureBase64({ urlFilter: filter });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ImageFetchError);
    expect(error).toMatchObject({
      code: 'image_url_refused',
      message: `refuses to fetch image URL http://public.test:${trusted.port}/cat.png?after-redirect: rejected by inline_image_url_filter`,
      details: { reason: '127.0.0.3 is loopback (127.0.0.0/8)' },
    });
    expect(asked).toEqual(['public.test', 'public.test']);
    expect(rebound.hits).toEqual([]);
    expect(image.base64).toBeUndefined();
  });

  test('IP-literal hosts are checked and dialled as checked', async () => {
    const { asked, resolver } = rebindingResolver();
    const filter = denyPrivateHosts({ resolver, allow: ['127.0.0.2/32'] });
    expect(
      await Image.fromUrl(`http://127.0.0.2:${trusted.port}/cat.png?literal`).ensureBase64({
        urlFilter: filter,
      }),
    ).toBe(PNG_BASE64);
    let error: unknown;
    try {
      await Image.fromUrl(`http://127.0.0.3:${trusted.port}/cat.png`).ensureBase64({
        urlFilter: filter,
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'image_url_refused' });
    expect(asked).toEqual([]);
    expect(rebound.hits).toEqual([]);
  });

  test('alternate spellings of a refused literal never reach it', async () => {
    const filter = denyPrivateHosts({ resolver: () => ['93.184.216.34'], allow: ['127.0.0.2/32'] });
    for (const host of [
      '0x7f.0.0.3',
      '2130706435',
      '0177.0.0.3',
      '127.3',
      '[::ffff:127.0.0.3]',
      '[::ffff:7f00:3]',
    ]) {
      const url = `http://${host}:${trusted.port}/cat.png`;
      let error: unknown;
      try {
        await Image.fromUrl(url).ensureBase64({ urlFilter: filter });
      } catch (caught) {
        error = caught;
      }
      expect(error, url).toMatchObject({ code: 'image_url_refused' });
    }
    expect(rebound.hits).toEqual([]);
  });
});

describe('redirects into private space', () => {
  test.each([
    (port: number) => `http://127.0.0.3:${port}/cat.png`,
    (port: number) => `http://0x7f.0.0.3:${port}/cat.png`,
    (port: number) => `http://[::ffff:127.0.0.3]:${port}/cat.png`,
    (port: number) => `http://[64:ff9b::7f00:3]:${port}/cat.png`,
    (port: number) => `http://internal.test:${port}/cat.png`,
    (port: number) => `http://metadata.test:${port}/latest/meta-data/`,
  ])('a hop to %s is refused before it is requested', async (target) => {
    const resolver = (host: string) =>
      host === 'public.test'
        ? ['127.0.0.2']
        : host === 'metadata.test'
          ? ['169.254.169.254']
          : ['127.0.0.3'];
    const filter = denyPrivateHosts({ resolver, allow: ['127.0.0.2/32'] });
    const location = target(trusted.port);
    const image = Image.fromUrl(
      `http://public.test:${trusted.port}/redirect?to=${encodeURIComponent(location)}`,
    );
    let error: unknown;
    try {
      await image.ensureBase64({ urlFilter: filter });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ImageFetchError);
    expect(error).toMatchObject({
      code: 'image_url_refused',
      message: `refuses to fetch image URL ${new URL(location).href}: rejected by inline_image_url_filter`,
    });
    expect(rebound.hits).toEqual([]);
    expect(image.base64).toBeUndefined();
  });
});
