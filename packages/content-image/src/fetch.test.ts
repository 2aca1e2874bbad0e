import { getEventListeners } from 'node:events';
import {
  type AddressInfo,
  createServer as createTcpServer,
  type Server as TcpServer,
} from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { ImageFetchError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { denyPrivateHosts } from './deny-private-hosts.js';
import { fetchImage } from './fetch.js';
import { Image } from './image.js';
import { bigPng, JPEG_BYTES, PNG_BASE64, PNG_BYTES } from './test-support/images.js';
import { OPEN_NETWORK, startServer, type TestServer } from './test-support/servers.js';

async function refusal(promise: Promise<unknown>): Promise<ImageFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageFetchError);
    return error as ImageFetchError;
  }
  throw new Error('expected the fetch to be refused');
}

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

let site: TestServer;
let internal: TestServer;
let failOnce = true;

beforeAll(async () => {
  internal = await startServer('127.0.0.1', (_request, response) => {
    response.setHeader('content-type', 'image/png');
    response.end(PNG_BYTES);
  });
  site = await startServer('127.0.0.1', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const path = url.pathname;
    if (path === '/cat.png' || path === '/render') {
      response.setHeader('content-type', 'image/png');
      response.end(PNG_BYTES);
    } else if (path === '/slow.png') {
      setTimeout(() => {
        response.setHeader('content-type', 'image/png');
        response.end(PNG_BYTES);
      }, 150);
    } else if (path === '/flaky.png') {
      if (failOnce) {
        failOnce = false;
        response.statusCode = 500;
        response.end('oops');
      } else {
        response.setHeader('content-type', 'image/png');
        response.end(PNG_BYTES);
      }
    } else if (path === '/missing.png') {
      response.statusCode = 404;
      response.end('not found');
    } else if (path === '/page.png' || path === '/page') {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>not an image</title>');
    } else if (path === '/jpeg-as.png') {
      response.setHeader('content-type', 'image/png');
      response.end(JPEG_BYTES);
    } else if (path === '/no-type') {
      response.end(JPEG_BYTES);
    } else if (path === '/big-declared.png') {
      response.setHeader('content-length', String(1000));
      response.write(bigPng(100));
      // Never finishes: the refusal must come from Content-Length alone.
    } else if (path === '/big-streamed.png') {
      // Chunked, no Content-Length: keeps writing until the client goes away.
      let sent = 0;
      const pump = () => {
        while (sent < 64 * 1024 * 1024) {
          sent += 4096;
          if (!response.write(sent === 4096 ? bigPng(4096) : Buffer.alloc(4096))) {
            response.once('drain', pump);
            return;
          }
        }
        response.end();
      };
      response.on('close', () => {
        (response as unknown as { sentBytes: number }).sentBytes = sent;
        streamedSent.push(sent);
      });
      pump();
    } else if (path.startsWith('/encoded/')) {
      const coding = path.slice('/encoded/'.length);
      const encoders: Record<string, (bytes: Buffer) => Buffer> = {
        gzip: gzipSync,
        'x-gzip': gzipSync,
        deflate: deflateSync,
        'deflate-raw': deflateRawSync,
        br: brotliCompressSync,
        'gzip, br': (bytes) => brotliCompressSync(gzipSync(bytes)),
        bzip2: (bytes) => Buffer.concat([Buffer.from('BZh9'), bytes]),
        zstd: (bytes) => bytes,
      };
      const encode = encoders[decodeURIComponent(coding)] as (bytes: Buffer) => Buffer;
      response.setHeader('content-type', 'image/png');
      response.setHeader(
        'content-encoding',
        decodeURIComponent(coding) === 'deflate-raw' ? 'deflate' : decodeURIComponent(coding),
      );
      response.end(encode(PNG_BYTES));
    } else if (path === '/drip.png') {
      response.setHeader('content-type', 'image/png');
      response.write(PNG_BYTES.subarray(0, 8));
      const timer = setInterval(() => response.write(Buffer.alloc(1)), 50);
      response.on('close', () => clearInterval(timer));
    } else if (path === '/hang') {
      // Headers never come.
    } else if (path.startsWith('/hop/')) {
      const left = Number(path.slice('/hop/'.length));
      response.statusCode = 302;
      response.setHeader('location', left > 0 ? `/hop/${left - 1}` : '/cat.png');
      response.end();
    } else if (path === '/to') {
      response.statusCode = Number(url.searchParams.get('status') ?? 302);
      const location = url.searchParams.get('location');
      if (location !== null) response.setHeader('location', location);
      response.end();
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  servers.push(site, internal);
});

const streamedSent: number[] = [];

describe('fetching', () => {
  test('fetches, caches, and fills the media type from Content-Type', async () => {
    const image = Image.fromUrl(`${site.origin}/render`);
    expect(image.mediaType).toBeUndefined();
    expect(await image.ensureBase64(OPEN_NETWORK)).toBe(PNG_BASE64);
    expect(image.mediaType).toBe('image/png');
    expect(image.toGemini()).toEqual({ inline_data: { mime_type: 'image/png', data: PNG_BASE64 } });
    expect(image.toJSON()).toEqual({
      type: 'image',
      source: 'url',
      url: `${site.origin}/render`,
      media_type: 'image/png',
      bytes: PNG_BYTES.length,
    });
    // A URL image still goes by URL where the wire takes URLs, and inline on request.
    expect(image.toOpenAI()).toEqual({
      type: 'image_url',
      image_url: { url: `${site.origin}/render` },
    });
    expect(image.toOpenAI({ inline: true }).image_url.url).toBe(
      `data:image/png;base64,${PNG_BASE64}`,
    );
    const before = site.hits.length;
    expect(await image.ensureBase64(OPEN_NETWORK)).toBe(PNG_BASE64);
    expect(site.hits.length).toBe(before);
  });

  test('sends identity encoding and asks for an image', async () => {
    await Image.fromUrl(`${site.origin}/cat.png?headers`).ensureBase64(OPEN_NETWORK);
    const headers = site.requests[site.hits.lastIndexOf('/cat.png?headers')];
    expect(headers?.['accept-encoding']).toBe('identity');
    expect(headers?.accept).toBe('image/*');
  });

  test('concurrent calls on one image fetch once', async () => {
    const image = Image.fromUrl(`${site.origin}/slow.png`);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => image.ensureBase64(OPEN_NETWORK)),
    );
    expect(results).toEqual(Array(5).fill(PNG_BASE64));
    expect(site.hits.filter((hit) => hit === '/slow.png')).toHaveLength(1);
  });

  test('a failed fetch is not cached: the next call fetches again', async () => {
    const image = Image.fromUrl(`${site.origin}/flaky.png`);
    const error = await refusal(image.ensureBase64(OPEN_NETWORK));
    expect(error.code).toBe('image_http_status');
    expect(error.message).toBe(`image at ${site.origin}/flaky.png answered HTTP 500`);
    expect(image.base64).toBeUndefined();
    expect(await image.ensureBase64(OPEN_NETWORK)).toBe(PNG_BASE64);
  });

  test('an error status is refused', async () => {
    const error = await refusal(
      Image.fromUrl(`${site.origin}/missing.png`).ensureBase64(OPEN_NETWORK),
    );
    expect(error).toMatchObject({ code: 'image_http_status', details: { status: 404 } });
  });
});

test('fetchImage on a bare URL refuses other schemes before any I/O', async () => {
  const error = await refusal(fetchImage('file:///etc/passwd', undefined, OPEN_NETWORK));
  expect(error.code).toBe('image_url_scheme_refused');
  expect(error.message).toBe(
    "refuses to fetch image URL with scheme 'file' (only http/https; use Image.fromFile for local files)",
  );
  expect(await fetchImage(`${site.origin}/cat.png?bare`, undefined, OPEN_NETWORK)).toEqual({
    base64: PNG_BASE64,
    mediaType: 'image/png',
    byteLength: PNG_BYTES.length,
    finalUrl: `${site.origin}/cat.png?bare`,
  });
});

describe('the byte cap', () => {
  test('a Content-Length over the cap is refused before the body', async () => {
    const image = Image.fromUrl(`${site.origin}/big-declared.png`);
    const error = await refusal(image.ensureBase64({ ...OPEN_NETWORK, maxBytes: 500 }));
    expect(error.code).toBe('image_too_large');
    expect(error.message).toBe(
      `image at ${site.origin}/big-declared.png exceeds inline_image_max_bytes (500)`,
    );
    expect(image.base64).toBeUndefined();
    expect(image.hasBase64).toBe(false);
  });

  test('a streamed body is cut at the cap: the server stops soon after it', async () => {
    const image = Image.fromUrl(`${site.origin}/big-streamed.png`);
    const error = await refusal(image.ensureBase64({ ...OPEN_NETWORK, maxBytes: 1024 * 1024 }));
    expect(error.code).toBe('image_too_large');
    expect(error.message).toBe(
      `image at ${site.origin}/big-streamed.png exceeds inline_image_max_bytes (1048576)`,
    );
    expect(image.base64).toBeUndefined();
    await expect.poll(() => streamedSent.length).toBe(1);
    // Socket buffers let some more through, never the 64 MiB the server had to send.
    expect(streamedSent[0]).toBeLessThan(16 * 1024 * 1024);
  });

  test('a cached image fetched under a larger cap is refused under a smaller one', async () => {
    const image = Image.fromUrl(`${site.origin}/cat.png?cached`);
    await image.ensureBase64(OPEN_NETWORK);
    const error = await refusal(image.ensureBase64({ ...OPEN_NETWORK, maxBytes: 10 }));
    expect(error.message).toBe(
      `image at ${site.origin}/cat.png?cached exceeds inline_image_max_bytes (10)`,
    );
  });

  test('maxBytes Infinity means no cap', async () => {
    expect(
      await Image.fromUrl(`${site.origin}/cat.png?nocap`).ensureBase64({
        ...OPEN_NETWORK,
        maxBytes: Number.POSITIVE_INFINITY,
        onWarning: () => {},
      }),
    ).toBe(PNG_BASE64);
  });
});

describe('content encodings', () => {
  test.each(['gzip', 'x-gzip', 'deflate', 'deflate-raw', 'br', 'gzip, br'])(
    '%s is decoded',
    async (coding) => {
      const image = Image.fromUrl(`${site.origin}/encoded/${encodeURIComponent(coding)}`);
      expect(await image.ensureBase64(OPEN_NETWORK)).toBe(PNG_BASE64);
      expect(image.mediaType).toBe('image/png');
    },
  );

  test.each(['bzip2', 'zstd'])('%s is refused while a cap is set', async (coding) => {
    const image = Image.fromUrl(`${site.origin}/encoded/${coding}`);
    const error = await refusal(image.ensureBase64(OPEN_NETWORK));
    expect(error.code).toBe('image_encoding_refused');
    expect(error.message).toBe(
      `image at ${site.origin}/encoded/${coding} has Content-Encoding '${coding}', which cannot be decoded under inline_image_max_bytes (only gzip, deflate and br, at most 5)`,
    );
    expect(image.base64).toBeUndefined();
  });

  test('without a cap an unknown encoding passes raw, and the magic-byte check has the last word', async () => {
    const error = await refusal(
      Image.fromUrl(`${site.origin}/encoded/bzip2`).ensureBase64({
        ...OPEN_NETWORK,
        maxBytes: Number.POSITIVE_INFINITY,
        onWarning: () => {},
      }),
    );
    expect(error.code).toBe('image_type_mismatch');
  });
});

describe('the claimed type', () => {
  test('a non-image body behind an image URL is refused', async () => {
    const image = Image.fromUrl(`${site.origin}/page.png`);
    const error = await refusal(image.ensureBase64(OPEN_NETWORK));
    expect(error.code).toBe('image_type_mismatch');
    expect(error.message).toBe(
      `image at ${site.origin}/page.png is not an image (Content-Type text/html)`,
    );
    expect(image.base64).toBeUndefined();
  });

  test('a non-image body with no claimed type is refused', async () => {
    const error = await refusal(Image.fromUrl(`${site.origin}/page`).ensureBase64(OPEN_NETWORK));
    expect(error.code).toBe('image_type_mismatch');
    expect(error.message).toBe(
      `image at ${site.origin}/page is not an image (Content-Type text/html)`,
    );
  });

  test('bytes of another image type than claimed are refused', async () => {
    const error = await refusal(
      Image.fromUrl(`${site.origin}/jpeg-as.png`).ensureBase64(OPEN_NETWORK),
    );
    expect(error.code).toBe('image_type_mismatch');
    expect(error.message).toBe(
      `image at ${site.origin}/jpeg-as.png is image/jpeg, not the claimed image/png`,
    );
  });

  test('without Content-Type or extension the bytes name the type', async () => {
    const image = Image.fromUrl(`${site.origin}/no-type`);
    await image.ensureBase64(OPEN_NETWORK);
    expect(image.mediaType).toBe('image/jpeg');
  });
});

describe('deadline', () => {
  test('a slow drip ends at the overall deadline, though it is never idle', async () => {
    const image = Image.fromUrl(`${site.origin}/drip.png`);
    const error = await refusal(image.ensureBase64({ ...OPEN_NETWORK, timeoutMs: 400 }));
    expect(error.code).toBe('image_fetch_timeout');
    expect(error.message).toBe(
      `image at ${site.origin}/drip.png did not arrive within inline_image_fetch_timeout (400 ms): timed out at the overall deadline`,
    );
    expect(image.base64).toBeUndefined();
  });

  test('headers that never come end at the deadline too', async () => {
    const error = await refusal(
      Image.fromUrl(`${site.origin}/hang`).ensureBase64({ ...OPEN_NETWORK, timeoutMs: 300 }),
    );
    expect(error.code).toBe('image_fetch_timeout');
  });

  test('a hung resolver cannot outlive the deadline', async () => {
    const filter = denyPrivateHosts({ resolver: () => new Promise(() => {}) });
    const error = await refusal(
      Image.fromUrl('http://never.test/cat.png').ensureBase64({
        urlFilter: filter,
        timeoutMs: 200,
      }),
    );
    expect(error.code).toBe('image_fetch_timeout');
  });

  test('a caller abort ends the fetch', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await refusal(
      Image.fromUrl(`${site.origin}/drip.png?abort`).ensureBase64({
        ...OPEN_NETWORK,
        signal: controller.signal,
      }),
    );
    expect(error).toMatchObject({ code: 'image_fetch_failed' });
    expect(error.message).toBe(`fetching image URL ${site.origin}/drip.png?abort was aborted`);
  });

  test('a long-lived caller signal keeps no listener once a fetch ends', async () => {
    const shutdown = new AbortController();
    for (let index = 0; index < 3; index += 1) {
      expect(
        await Image.fromUrl(`${site.origin}/cat.png`).ensureBase64({
          ...OPEN_NETWORK,
          signal: shutdown.signal,
        }),
      ).toBe(PNG_BASE64);
    }
    await refusal(
      Image.fromUrl(`${site.origin}/missing.png`).ensureBase64({
        ...OPEN_NETWORK,
        signal: shutdown.signal,
      }),
    );
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
  });

  test('an already-aborted caller signal sends nothing', async () => {
    const before = site.hits.length;
    const error = await refusal(
      Image.fromUrl(`${site.origin}/cat.png`).ensureBase64({
        ...OPEN_NETWORK,
        signal: AbortSignal.abort(),
      }),
    );
    expect(error).toMatchObject({ code: 'image_fetch_failed' });
    expect(site.hits.length).toBe(before);
  });
});

describe('redirects', () => {
  test('seven redirects are followed', async () => {
    expect(await Image.fromUrl(`${site.origin}/hop/6`).ensureBase64(OPEN_NETWORK)).toBe(PNG_BASE64);
  });

  test('the eighth is refused', async () => {
    const before = site.hits.length;
    const error = await refusal(Image.fromUrl(`${site.origin}/hop/7`).ensureBase64(OPEN_NETWORK));
    expect(error.code).toBe('image_too_many_redirects');
    expect(error.message).toBe(
      `refuses to follow more than 7 redirects fetching image URL ${site.origin}/hop/7`,
    );
    expect(site.hits.length - before).toBe(8);
    expect(site.hits.at(-1)).toBe('/hop/0');
  });

  test.each([
    ['file:///etc/passwd', 'file'],
    ['gopher://127.0.0.1:70/_x', 'gopher'],
    ['ftp://example.com/cat.png', 'ftp'],
    [`data:image/png;base64,${PNG_BASE64}`, 'data'],
  ])('a redirect to %s is not followed', async (location, scheme) => {
    const from = `${site.origin}/to?location=${encodeURIComponent(location)}`;
    const error = await refusal(Image.fromUrl(from).ensureBase64(OPEN_NETWORK));
    expect(error.code).toBe('image_redirect_refused');
    expect(error.message).toBe(
      `refuses to follow redirect from ${from} to ${location}: scheme '${scheme}' (only http/https)`,
    );
  });

  test('a redirect without Location is refused', async () => {
    const error = await refusal(
      Image.fromUrl(`${site.origin}/to?status=301`).ensureBase64(OPEN_NETWORK),
    );
    expect(error.code).toBe('image_redirect_refused');
    expect(error.message).toBe(
      `image at ${site.origin}/to?status=301 answered HTTP 301 without a Location to follow`,
    );
  });

  test('a redirect carrying userinfo is refused', async () => {
    const location = `http://user:pw@127.0.0.1:${internal.port}/cat.png`;
    const before = internal.hits.length;
    const error = await refusal(
      Image.fromUrl(`${site.origin}/to?location=${encodeURIComponent(location)}`).ensureBase64(
        OPEN_NETWORK,
      ),
    );
    expect(error.code).toBe('image_url_refused');
    expect(error.message).toBe(
      `refuses to fetch image URL http://127.0.0.1:${internal.port}/cat.png: it carries userinfo (user:password@), which image URLs must not`,
    );
    expect(internal.hits.length).toBe(before);
  });

  test('the filter sees every hop before it is requested', async () => {
    const seen: string[] = [];
    const target = `${internal.origin}/cat.png`;
    const filter = (url: URL) => {
      seen.push(url.href);
      return url.port !== String(internal.port);
    };
    const before = internal.hits.length;
    const from = `${site.origin}/to?location=${encodeURIComponent(target)}`;
    const error = await refusal(
      Image.fromUrl(from).ensureBase64({ ...OPEN_NETWORK, urlFilter: filter }),
    );
    expect(error.code).toBe('image_url_refused');
    expect(error.message).toBe(
      `refuses to fetch image URL ${target}: rejected by inline_image_url_filter`,
    );
    expect(seen).toEqual([from, target]);
    expect(internal.hits.length).toBe(before);
  });

  test('a filter that throws refuses the URL', async () => {
    const filter = () => {
      throw new Error('filter bug');
    };
    const error = await refusal(
      Image.fromUrl(`${site.origin}/cat.png`).ensureBase64({ ...OPEN_NETWORK, urlFilter: filter }),
    );
    expect(error.code).toBe('image_url_refused');
    expect(error.message).toBe(
      `refuses to fetch image URL ${site.origin}/cat.png: rejected by inline_image_url_filter`,
    );
    expect((error.cause as Error).message).toBe('filter bug');
  });

  test('an async filter is awaited', async () => {
    const filter = async (url: URL) => url.pathname === '/cat.png';
    expect(
      await Image.fromUrl(`${site.origin}/cat.png?async`).ensureBase64({
        ...OPEN_NETWORK,
        urlFilter: filter,
      }),
    ).toBe(PNG_BASE64);
  });
});

describe('lying servers (raw TCP)', () => {
  let raw: TcpServer;
  let rawPort: number;
  beforeAll(async () => {
    raw = createTcpServer((socket) => {
      socket.once('data', (data) => {
        const path = /^GET (\S+)/.exec(data.toString())?.[1]?.split('?')[0];
        const head = (length: string) =>
          `HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: ${length}\r\nconnection: close\r\n\r\n`;
        if (path === '/short.png') {
          socket.write(head('1000'));
          socket.end(bigPng(100));
        } else if (path === '/long.png') {
          socket.write(head('70'));
          socket.end(Buffer.concat([PNG_BYTES, Buffer.alloc(4096, 0x41)]));
        } else if (path === '/both.png') {
          socket.end(
            'HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 10\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
          );
        } else {
          socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n');
        }
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    rawPort = (raw.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => raw.close(() => resolve())));

  test('a Content-Length longer than the body fails, nothing stored', async () => {
    const image = Image.fromUrl(`http://127.0.0.1:${rawPort}/short.png`);
    const error = await refusal(image.ensureBase64(OPEN_NETWORK));
    expect(error.code).toBe('image_fetch_failed');
    expect(error.message).toMatch(
      new RegExp(`^fetching image URL http://127.0.0.1:${rawPort}/short.png failed: `),
    );
    expect(image.base64).toBeUndefined();
  });

  test('a Content-Length shorter than the body: only the declared bytes are read', async () => {
    const image = Image.fromUrl(`http://127.0.0.1:${rawPort}/long.png`);
    expect(await image.ensureBase64(OPEN_NETWORK)).toBe(PNG_BASE64);
  });

  test('Content-Length with chunked transfer coding is refused', async () => {
    const error = await refusal(
      Image.fromUrl(`http://127.0.0.1:${rawPort}/both.png`).ensureBase64(OPEN_NETWORK),
    );
    expect(error.code).toBe('image_fetch_failed');
  });

  test('a lying Content-Length under the cap does not lift the cap on the body', async () => {
    // Declared 70, sent 4 KiB more: the cap of 100 holds because only 70 bytes are read.
    const image = Image.fromUrl(`http://127.0.0.1:${rawPort}/long.png?cap`);
    expect(await image.ensureBase64({ ...OPEN_NETWORK, maxBytes: 100 })).toBe(PNG_BASE64);
  });
});
