import { type CrosswireWarning, ImageFetchError, ImageNotFetchedError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { denyPrivateHosts } from './deny-private-hosts.js';
import { DEFAULT_MAX_BYTES } from './fetch-options.js';
import { Image } from './image.js';
import { bigPng, JPEG_BYTES, PNG_BASE64, PNG_BYTES } from './test-support/images.js';
import { OPEN_NETWORK, startServer, type TestServer } from './test-support/servers.js';

/**
 * Seed 002 (Langertha::Content::Image), sentence by sentence where the other test files do
 * not already pin the rule: the seed's messages as a test author would copy them, the
 * serializers' exact shapes, toJSON's keys, the media type from Content-Type, the cap, and
 * concurrent fetches.
 */

/** A 1x1 WebP header (RIFF....WEBP), enough for the magic-byte check. */
const WEBP_BYTES = Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00', 'latin1');
const HUGE = DEFAULT_MAX_BYTES + 1024;

let site: TestServer;
let slowFailures = 0;
beforeAll(async () => {
  site = await startServer('127.0.0.1', (request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/photo.png') {
      // A CDN answering a .png URL with the JPEG it negotiated.
      response.setHeader('content-type', 'image/jpeg');
      response.end(JPEG_BYTES);
    } else if (path === '/image') {
      response.setHeader('content-type', 'image/webp');
      response.end(WEBP_BYTES);
    } else if (path === '/huge.png') {
      response.setHeader('content-type', 'image/png');
      response.end(bigPng(HUGE));
    } else if (path === '/endless.png') {
      // A body that never ends: 1 MiB every 10 ms until the client hangs up.
      response.setHeader('content-type', 'image/png');
      const chunk = bigPng(1024 * 1024);
      const pump = setInterval(() => response.write(chunk), 10);
      response.on('close', () => clearInterval(pump));
    } else if (path === '/slow-fail.png') {
      slowFailures++;
      setTimeout(() => {
        response.statusCode = 503;
        response.end();
      }, 100);
    } else {
      response.setHeader('content-type', 'image/png');
      response.end(PNG_BYTES);
    }
  });
});
afterAll(() => site.close());

async function refusal(promise: Promise<unknown>): Promise<ImageFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageFetchError);
    return error as ImageFetchError;
  }
  throw new Error('expected a refusal');
}

describe("the seed's refusals, as a test author would copy them", () => {
  test("scheme: refuses to fetch image URL with scheme 'file' (only http/https; ...)", () => {
    const run = () => Image.fromUrl('file:///etc/passwd');
    // The seed's sentence with Content::Image->from_file mapped to Image.fromFile ...
    expect(run).toThrow(
      "refuses to fetch image URL with scheme 'file' (only http/https; use Image.fromFile for local files)",
    );
    // ... and its key parts, whatever the prefix.
    expect(run).toThrow(/refuses to fetch image URL with scheme 'file'/);
    expect(run).toThrow(/\(only http\/https; use Image\.fromFile for local files\)/);
    expect(run).toThrow(ImageFetchError);
  });

  test('the filter: refuses to fetch image URL http://10.0.0.5/x.png: rejected by inline_image_url_filter', async () => {
    const seed =
      'refuses to fetch image URL http://10.0.0.5/x.png: rejected by inline_image_url_filter';
    // denyPrivateHosts refuses the IP literal without any I/O.
    const byDeny = await refusal(
      Image.fromUrl('http://10.0.0.5/x.png').ensureBase64({ urlFilter: denyPrivateHosts() }),
    );
    expect(byDeny.message).toBe(seed);
    expect(byDeny.message).toMatch(/refuses to fetch image URL http:\/\/10\.0\.0\.5\/x\.png/);
    expect(byDeny.message).toMatch(/rejected by inline_image_url_filter/);
    expect(byDeny).toMatchObject({
      code: 'image_url_refused',
      url: 'http://10.0.0.5/x.png',
      details: {
        option: 'urlFilter',
        reason: '10.0.0.5 is private network (RFC 1918) (10.0.0.0/8)',
      },
    });
    // Any filter that says no (or dies) gives the same sentence.
    const byFunction = await refusal(
      Image.fromUrl('http://10.0.0.5/x.png').ensureBase64({
        ...OPEN_NETWORK,
        urlFilter: () => false,
      }),
    );
    expect(byFunction.message).toBe(seed);
  });

  test('the cap: image at ... exceeds inline_image_max_bytes (20971520), by default', async () => {
    const url = `${site.origin}/huge.png`;
    const error = await refusal(Image.fromUrl(url).ensureBase64(OPEN_NETWORK));
    expect(error.code).toBe('image_too_large');
    expect(error.message).toBe(`image at ${url} exceeds inline_image_max_bytes (20971520)`);
    expect(error.message).toMatch(/exceeds inline_image_max_bytes \(20971520\)/);
  });
});

describe('maxBytes', () => {
  test('Infinity is the explicit no cap: an image over the 20 MiB default is fetched, with warnings', async () => {
    const warnings: CrosswireWarning[] = [];
    const image = Image.fromUrl(`${site.origin}/huge.png?nocap`);
    const base64 = await image.ensureBase64({
      ...OPEN_NETWORK,
      maxBytes: Number.POSITIVE_INFINITY,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(Buffer.from(base64, 'base64').length).toBe(HUGE);
    expect(image.toJSON()).toEqual({
      bytes: HUGE,
      media_type: 'image/png',
      source: 'url',
      type: 'image',
      url: `${site.origin}/huge.png?nocap`,
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      `fetching image at ${site.origin}/huge.png?nocap with no size cap (maxBytes: Infinity): only the 30000 ms deadline bounds it`,
      `image at ${site.origin}/huge.png?nocap passed 20971520 bytes with no size cap (maxBytes: Infinity); only the 30000 ms deadline bounds it`,
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual([
      'image_fetch_uncapped',
      'image_fetch_uncapped_large',
    ]);
  });

  test('0 is not "no cap" (the seed\'s spelling): it is refused, with Infinity named', async () => {
    const image = Image.fromUrl(`${site.origin}/huge.png?zero`);
    await expect(image.ensureBase64({ ...OPEN_NETWORK, maxBytes: 0 })).rejects.toMatchObject({
      code: 'invalid_max_bytes',
      message:
        'maxBytes: 0 is not a cap; pass Infinity for no cap (the deadline still bounds the fetch), or a positive number of bytes',
    });
    expect(site.hits).not.toContain('/huge.png?zero');
  });

  test('an endless body with no cap still ends at the deadline', async () => {
    const warnings: CrosswireWarning[] = [];
    const error = await refusal(
      Image.fromUrl(`${site.origin}/endless.png`).ensureBase64({
        ...OPEN_NETWORK,
        maxBytes: Number.POSITIVE_INFINITY,
        timeoutMs: 600,
        onWarning: (warning) => warnings.push(warning),
      }),
    );
    expect(error.code).toBe('image_fetch_timeout');
    // The past-20-MiB warning comes only if that much arrived before the deadline, which
    // depends on the machine's load (the test above checks it with a finite large body).
    const codes = warnings.map((warning) => warning.code);
    expect(codes[0]).toBe('image_fetch_uncapped');
    expect(codes.slice(1)).toEqual(codes.length > 1 ? ['image_fetch_uncapped_large'] : []);
  });

  test('a cap just at the size passes, one byte less refuses', async () => {
    const url = `${site.origin}/cat.png?exact`;
    expect(
      await Image.fromUrl(url).ensureBase64({ ...OPEN_NETWORK, maxBytes: PNG_BYTES.length }),
    ).toBe(PNG_BASE64);
    const error = await refusal(
      Image.fromUrl(`${url}2`).ensureBase64({ ...OPEN_NETWORK, maxBytes: PNG_BYTES.length - 1 }),
    );
    expect(error.message).toBe(`image at ${url}2 exceeds inline_image_max_bytes (69)`);
  });
});

describe('the media type of a fetched URL-only image', () => {
  test("comes from the response's Content-Type, over the guess from the URL's extension", async () => {
    const image = Image.fromUrl(`${site.origin}/photo.png`);
    expect(image.mediaType).toBe('image/png');
    await image.ensureBase64(OPEN_NETWORK);
    expect(image.mediaType).toBe('image/jpeg');
    expect(image.toGemini()).toEqual({
      inline_data: { mime_type: 'image/jpeg', data: JPEG_BYTES.toString('base64') },
    });
    expect(image.toAnthropic()).toEqual({
      type: 'image',
      source: { type: 'url', url: `${site.origin}/photo.png` },
    });
  });

  test('fills a missing type', async () => {
    const image = Image.fromUrl(`${site.origin}/image`);
    expect(image.mediaType).toBeUndefined();
    await image.ensureBase64(OPEN_NETWORK);
    expect(image.mediaType).toBe('image/webp');
    expect(image.toLMStudio()).toEqual({
      type: 'image',
      data_url: `data:image/webp;base64,${WEBP_BYTES.toString('base64')}`,
    });
  });

  test('a type the caller gave is a claim the bytes must prove', async () => {
    const error = await refusal(
      Image.fromUrl(`${site.origin}/photo.png?given`, { mediaType: 'image/png' }).ensureBase64(
        OPEN_NETWORK,
      ),
    );
    expect(error.code).toBe('image_type_mismatch');
    expect(error.message).toBe(
      `image at ${site.origin}/photo.png?given is image/jpeg, not the claimed image/png`,
    );
  });
});

describe('concurrency', () => {
  test('concurrent calls share one failing fetch; the failure is not cached', async () => {
    const image = Image.fromUrl(`${site.origin}/slow-fail.png`);
    const before = slowFailures;
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => image.ensureBase64(OPEN_NETWORK)),
    );
    expect(slowFailures - before).toBe(1);
    expect(results.map((result) => result.status)).toEqual(Array(4).fill('rejected'));
    for (const result of results) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: 'image_http_status',
        message: `image at ${site.origin}/slow-fail.png answered HTTP 503`,
      });
    }
    expect(image.base64).toBeUndefined();
    expect(() => image.toOllama()).toThrow(ImageNotFetchedError);
    await refusal(image.ensureBase64(OPEN_NETWORK));
    expect(slowFailures - before).toBe(2);
  });

  test('a concurrent call with a smaller cap is refused, the shared fetch still serves the others', async () => {
    const image = Image.fromUrl(`${site.origin}/cat.png?shared`);
    const hits = site.hits.length;
    const [first, small] = await Promise.allSettled([
      image.ensureBase64(OPEN_NETWORK),
      image.ensureBase64({ ...OPEN_NETWORK, maxBytes: 10 }),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: PNG_BASE64 });
    expect((small as PromiseRejectedResult).reason).toMatchObject({ code: 'image_too_large' });
    expect(site.hits.length - hits).toBe(1);
  });
});

describe('serializers, exactly as the seed writes them', () => {
  const url = 'https://example.com/cat.jpg';

  test('a URL image: openai, responses and anthropic by URL; detail only on the two wires with the field', () => {
    const image = Image.fromUrl(url, { detail: 'low' });
    expect(image.toOpenAI()).toEqual({ type: 'image_url', image_url: { url, detail: 'low' } });
    expect(image.toResponses()).toEqual({ type: 'input_image', image_url: url, detail: 'low' });
    expect(image.toAnthropic()).toEqual({ type: 'image', source: { type: 'url', url } });
    expect(image.toJSON()).toEqual({
      detail: 'low',
      media_type: 'image/jpeg',
      source: 'url',
      type: 'image',
      url,
    });
    expect(JSON.stringify(image)).toBe(
      `{"type":"image","source":"url","url":"${url}","media_type":"image/jpeg","detail":"low"}`,
    );
  });

  test("a base64 image: the seed line's keys and values (its key order is a Perl hash's)", () => {
    const image = Image.fromData(PNG_BYTES, { mediaType: 'image/png' });
    const text = JSON.stringify([{ role: 'user', content: ['What is this?', image] }]);
    expect(JSON.parse(text)).toEqual(
      JSON.parse(
        `[{"role":"user","content":["What is this?",{"bytes":${PNG_BYTES.length},"media_type":"image/png","source":"base64","type":"image"}]}]`,
      ),
    );
    expect(text).toBe(
      `[{"role":"user","content":["What is this?",{"type":"image","source":"base64","media_type":"image/png","bytes":${PNG_BYTES.length}}]}]`,
    );
  });

  test('fromData takes an ArrayBuffer too', () => {
    const buffer = PNG_BYTES.buffer.slice(
      PNG_BYTES.byteOffset,
      PNG_BYTES.byteOffset + PNG_BYTES.byteLength,
    );
    expect(Image.fromData(buffer, { mediaType: 'image/png' }).toOllama()).toBe(PNG_BASE64);
  });

  test('the filter gets each URL as a URL object', async () => {
    const seen: unknown[] = [];
    await Image.fromUrl(`${site.origin}/cat.png?url-object`).ensureBase64({
      ...OPEN_NETWORK,
      urlFilter: (candidate) => {
        seen.push(candidate);
        return true;
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(URL);
    expect((seen[0] as URL).href).toBe(`${site.origin}/cat.png?url-object`);
  });
});

describe('denyPrivateHosts on IPv6 loopback', () => {
  test('an allowed [::1] literal and a name answering ::1 are fetched, pinned', async () => {
    const server = await startServer('::1', (_request, response) => {
      response.setHeader('content-type', 'image/png');
      response.end(PNG_BYTES);
    });
    try {
      const literal = Image.fromUrl(`http://[::1]:${server.port}/cat.png`);
      expect(
        await literal.ensureBase64({ urlFilter: denyPrivateHosts({ allow: ['::1/128'] }) }),
      ).toBe(PNG_BASE64);
      const named = Image.fromUrl(`http://v6.test:${server.port}/cat.png`);
      const filter = denyPrivateHosts({ resolver: () => ['::1'], allow: ['::1'] });
      expect(await named.ensureBase64({ urlFilter: filter })).toBe(PNG_BASE64);
      expect(server.requests.at(-1)?.host).toBe(`v6.test:${server.port}`);
      const refused = await refusal(
        Image.fromUrl(`http://[::1]:${server.port}/cat.png?refused`).ensureBase64({
          urlFilter: denyPrivateHosts(),
        }),
      );
      expect(refused.details).toMatchObject({
        reason: '::1 is unspecified, loopback or IPv4-compatible (::/96)',
      });
      expect(server.hits).toEqual(['/cat.png', '/cat.png']);
    } finally {
      await server.close();
    }
  });
});

describe('denyPrivateHosts conveniences', () => {
  test('a resolver may answer one address; allow may be one string', async () => {
    const filter = denyPrivateHosts({ resolver: () => '127.0.0.1', allow: '127.0.0.1/32' });
    expect(await filter(new URL('http://one.test/'))).toBe(true);
    const strict = denyPrivateHosts({ resolver: async () => '127.0.0.1' });
    expect(await strict.check('http://one.test/')).toMatchObject({
      allowed: false,
      reason: '127.0.0.1 is loopback (127.0.0.0/8)',
    });
  });
});
