import { createGzip } from 'node:zlib';
import { ImageFetchError } from '@crosswire/core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_MAX_BYTES } from './fetch.js';
import { Image } from './image.js';
import { OPEN_NETWORK, startServer, type TestServer } from './test-support/servers.js';

const GIB = 1024 * 1024 * 1024;
const MIB = 1024 * 1024;
let server: TestServer;
let zerosCompressed = 0;

beforeAll(async () => {
  // A 1 GiB gzip bomb, compressed on the fly from zeros at the pace the client reads.
  server = await startServer('127.0.0.1', (_request, response) => {
    response.setHeader('content-type', 'image/png');
    response.setHeader('content-encoding', 'gzip');
    const gzip = createGzip({ level: 9 });
    const zeros = Buffer.alloc(MIB);
    let fed = 0;
    const feed = () => {
      while (fed < GIB) {
        fed += zeros.length;
        zerosCompressed = fed;
        if (!gzip.write(zeros)) {
          gzip.once('drain', feed);
          return;
        }
      }
      gzip.end();
    };
    response.on('close', () => gzip.destroy());
    gzip.pipe(response);
    feed();
  });
});

afterAll(() => server.close());

test('a 1 GiB decompression bomb is refused at the cap, memory stays near the cap', async () => {
  const before = process.memoryUsage();
  let peakArrayBuffers = before.arrayBuffers;
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers);
    peakRss = Math.max(peakRss, now.rss);
  }, 2);
  const started = Date.now();
  const image = Image.fromUrl(`${server.origin}/bomb.png`);
  let error: unknown;
  try {
    await image.ensureBase64(OPEN_NETWORK);
  } catch (caught) {
    error = caught;
  }
  clearInterval(sampler);
  const after = process.memoryUsage();
  peakArrayBuffers = Math.max(peakArrayBuffers, after.arrayBuffers);
  peakRss = Math.max(peakRss, after.rss);
  expect(error).toBeInstanceOf(ImageFetchError);
  expect(error).toMatchObject({
    code: 'image_too_large',
    message: `image at ${server.origin}/bomb.png exceeds inline_image_max_bytes (20971520)`,
  });
  expect(image.base64).toBeUndefined();
  expect(Date.now() - started).toBeLessThan(5000);
  // The client stopped reading long before the bomb ran out (socket buffers hold a few
  // hundred KiB of gzip, i.e. some 100 MiB of zeros, so the server gets ahead of the cap).
  expect(zerosCompressed).toBeLessThan(GIB / 2);
  expect(peakArrayBuffers - before.arrayBuffers).toBeLessThan(DEFAULT_MAX_BYTES + 64 * MIB);
  expect(peakRss - before.rss).toBeLessThan(DEFAULT_MAX_BYTES + 64 * MIB);
  console.info(
    `bomb: refused after ${Date.now() - started} ms; zeros compressed ${(zerosCompressed / MIB).toFixed(0)} MiB; peak arrayBuffers +${((peakArrayBuffers - before.arrayBuffers) / MIB).toFixed(1)} MiB; peak rss +${((peakRss - before.rss) / MIB).toFixed(1)} MiB`,
  );
});
