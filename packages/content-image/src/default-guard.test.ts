import { ImageFetchError, ValidationError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { denyPrivateHosts } from './deny-private-hosts.js';
import { fetchImage } from './fetch.js';
import { Image } from './image.js';
import { PNG_BASE64, PNG_BYTES } from './test-support/images.js';
import { startServer, type TestServer } from './test-support/servers.js';

async function refusal(promise: Promise<unknown>): Promise<ImageFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageFetchError);
    return error as ImageFetchError;
  }
  throw new Error('expected the fetch to be refused');
}

let server: TestServer;
/** Requests to `/held.png` wait here until the test lets them go. */
const held: (() => void)[] = [];

beforeAll(async () => {
  server = await startServer('127.0.0.1', (request, response) => {
    const send = () => {
      response.setHeader('content-type', 'image/png');
      response.end(PNG_BYTES);
    };
    if (request.url?.startsWith('/held.png')) held.push(send);
    else send();
  });
});
afterAll(() => server.close());

async function requestsArrived(count: number): Promise<void> {
  while (server.hits.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the private network is closed by default', () => {
  test('ensureBase64() with no options refuses loopback before any request', async () => {
    const before = server.hits.length;
    const image = Image.fromUrl(`${server.origin}/cat.png?default`);
    const error = await refusal(image.ensureBase64());
    expect(error.code).toBe('image_url_refused');
    expect(error.message).toBe(
      `refuses to fetch image URL ${server.origin}/cat.png?default: rejected by inline_image_url_filter`,
    );
    expect(error.details.reason).toBe('127.0.0.1 is loopback (127.0.0.0/8)');
    expect(server.hits.length).toBe(before);
    expect(image.hasBase64).toBe(false);
  });

  test('the cloud metadata address is refused by default', async () => {
    const error = await refusal(
      Image.fromUrl('http://169.254.169.254/latest/meta-data/iam').ensureBase64(),
    );
    expect(error.code).toBe('image_url_refused');
    expect(error.details.reason).toMatch(/^169\.254\.169\.254 is /);
  });

  test('a bare fetchImage call is guarded too', async () => {
    const before = server.hits.length;
    const error = await refusal(fetchImage(`${server.origin}/cat.png?bare`, undefined));
    expect(error.code).toBe('image_url_refused');
    expect(server.hits.length).toBe(before);
  });

  test('a custom urlFilter runs after the guard, it does not replace it', async () => {
    const seen: string[] = [];
    const before = server.hits.length;
    const error = await refusal(
      Image.fromUrl(`${server.origin}/cat.png?custom`).ensureBase64({
        urlFilter: (url) => {
          seen.push(url.href);
          return true;
        },
      }),
    );
    expect(error.details.reason).toBe('127.0.0.1 is loopback (127.0.0.0/8)');
    expect(seen).toEqual([]);
    expect(server.hits.length).toBe(before);
  });

  test('denyPrivateHosts({ allow }) as urlFilter configures the guard', async () => {
    const image = Image.fromUrl(`${server.origin}/cat.png?allowed`);
    expect(
      await image.ensureBase64({ urlFilter: denyPrivateHosts({ allow: ['127.0.0.1/32'] }) }),
    ).toBe(PNG_BASE64);
  });

  test('a "public" name answering loopback is refused by the default guard', async () => {
    // The default guard asks the system resolver; localhost is loopback everywhere.
    const error = await refusal(
      Image.fromUrl(`http://localhost:${server.port}/cat.png`).ensureBase64(),
    );
    expect(error.details.reason).toMatch(/is loopback/);
  });
});

describe('allowPrivateNetwork: the one opt-out', () => {
  test('fetches from loopback', async () => {
    const image = Image.fromUrl(`${server.origin}/cat.png?open`);
    expect(await image.ensureBase64({ allowPrivateNetwork: true })).toBe(PNG_BASE64);
    expect(server.hits).toContain('/cat.png?open');
  });

  test('with a custom filter, only that filter decides', async () => {
    const seen: string[] = [];
    const image = Image.fromUrl(`${server.origin}/cat.png?open-filter`);
    const base64 = await image.ensureBase64({
      allowPrivateNetwork: true,
      urlFilter: (url) => {
        seen.push(url.pathname);
        return true;
      },
    });
    expect(base64).toBe(PNG_BASE64);
    expect(seen).toEqual(['/cat.png']);
  });

  test('false keeps the guard on', async () => {
    const error = await refusal(
      Image.fromUrl(`${server.origin}/cat.png?false`).ensureBase64({ allowPrivateNetwork: false }),
    );
    expect(error.code).toBe('image_url_refused');
  });

  test('together with a denyPrivateHosts guard it is a contradiction, refused', async () => {
    const image = Image.fromUrl(`${server.origin}/cat.png?both`);
    await expect(
      image.ensureBase64({ allowPrivateNetwork: true, urlFilter: denyPrivateHosts() }),
    ).rejects.toMatchObject({ code: 'conflicting_fetch_options', path: 'allowPrivateNetwork' });
  });

  test('a value that is not a boolean is refused', async () => {
    const image = Image.fromUrl(`${server.origin}/cat.png?bad`);
    const error = await image
      .ensureBase64({ allowPrivateNetwork: 'yes' as unknown as boolean })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code: 'invalid_allow_private_network' });
  });
});

describe('a guarded call never takes bytes an unguarded fetch brought', () => {
  test('it does not join an unguarded fetch in flight, nor use its cached payload', async () => {
    const image = Image.fromUrl(`${server.origin}/held.png?flight`);
    const before = server.hits.length;
    const open = image.ensureBase64({ allowPrivateNetwork: true });
    await requestsArrived(before + 1);
    // The unguarded fetch is in flight now; a guarded call is refused on its own.
    const guarded = await refusal(image.ensureBase64());
    expect(guarded.code).toBe('image_url_refused');
    expect(held).toHaveLength(1);
    held.shift()?.();
    expect(await open).toBe(PNG_BASE64);
    // Cached under the opt-out: the guarded call still refuses, and fetches nothing.
    const again = await refusal(image.ensureBase64());
    expect(again.code).toBe('image_url_refused');
    expect(server.hits.length).toBe(before + 1);
    // The opt-out call is served from the cache.
    expect(await image.ensureBase64({ allowPrivateNetwork: true })).toBe(PNG_BASE64);
    expect(server.hits.length).toBe(before + 1);
  });

  test('calls under one guard share one fetch', async () => {
    const image = Image.fromUrl(`${server.origin}/held.png?shared`);
    const guard = denyPrivateHosts({ allow: ['127.0.0.1/32'] });
    const before = server.hits.length;
    const first = image.ensureBase64({ urlFilter: guard });
    const second = image.ensureBase64({ urlFilter: guard });
    await requestsArrived(before + 1);
    held.shift()?.();
    expect(await Promise.all([first, second])).toEqual([PNG_BASE64, PNG_BASE64]);
    expect(server.hits.length).toBe(before + 1);
  });

  test('a call under another guard fetches on its own', async () => {
    const image = Image.fromUrl(`${server.origin}/cat.png?other-guard`);
    const before = server.hits.length;
    await image.ensureBase64({ urlFilter: denyPrivateHosts({ allow: ['127.0.0.1/32'] }) });
    await image.ensureBase64({ urlFilter: denyPrivateHosts({ allow: ['127.0.0.0/8'] }) });
    expect(server.hits.length).toBe(before + 2);
  });
});
