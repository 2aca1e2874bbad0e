// The byte cap at its edge, for every decoded Content-Encoding: an image of exactly `maxBytes`
// (after decoding) is fetched, one byte more is refused. The cap applies to the decoded bytes,
// so a small compressed body cannot bring a bigger image in.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { ImageFetchError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchImage } from './fetch.js';
import { bigPng } from './test-support/images.js';
import { OPEN_NETWORK, startServer, type TestServer } from './test-support/servers.js';

const MAX_BYTES = 64 * 1024;
const ENCODERS: Record<string, (bytes: Buffer) => Buffer> = {
  identity: (bytes) => bytes,
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
  'gzip, br': (bytes) => brotliCompressSync(gzipSync(bytes)),
};

let site: TestServer;
beforeAll(async () => {
  // /<coding>/<decoded size>[/chunked]: a PNG of that many bytes in that Content-Encoding.
  site = await startServer('127.0.0.1', (request, response) => {
    const [, coding = '', size = '0', chunked] = (request.url ?? '').split('/');
    const name = decodeURIComponent(coding);
    const body = (ENCODERS[name] as (bytes: Buffer) => Buffer)(bigPng(Number(size)));
    response.setHeader('content-type', 'image/png');
    if (name !== 'identity') response.setHeader('content-encoding', name);
    if (chunked) {
      // No Content-Length: the cap must count the bytes as they arrive.
      response.write(body.subarray(0, 100));
      response.end(body.subarray(100));
    } else {
      response.setHeader('content-length', String(body.length));
      response.end(body);
    }
  });
});
afterAll(() => site.close());

describe.each(Object.keys(ENCODERS))('Content-Encoding %s', (coding) => {
  const url = (size: number, chunked = false) =>
    `${site.origin}/${encodeURIComponent(coding)}/${size}${chunked ? '/chunked' : ''}`;

  test.each([false, true])('exactly maxBytes decoded is fetched (chunked: %s)', async (chunked) => {
    const fetched = await fetchImage(url(MAX_BYTES, chunked), undefined, {
      ...OPEN_NETWORK,
      maxBytes: MAX_BYTES,
    });
    expect(fetched.byteLength).toBe(MAX_BYTES);
    expect(fetched.mediaType).toBe('image/png');
    expect(Buffer.from(fetched.base64, 'base64').equals(bigPng(MAX_BYTES))).toBe(true);
  });

  test.each([false, true])('maxBytes + 1 decoded is refused (chunked: %s)', async (chunked) => {
    const error = await fetchImage(url(MAX_BYTES + 1, chunked), undefined, {
      ...OPEN_NETWORK,
      maxBytes: MAX_BYTES,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageFetchError);
    expect(error).toMatchObject({
      code: 'image_too_large',
      message: `image at ${url(MAX_BYTES + 1, chunked)} exceeds inline_image_max_bytes (65536)`,
    });
  });
});
