import { ImageFetchError, ValidationError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Image } from './image.js';
import { svgRefusal } from './image-type.js';
import { PNG_BASE64, PNG_BYTES } from './test-support/images.js';
import { OPEN_NETWORK, startServer, type TestServer } from './test-support/servers.js';

function refusalOf(run: () => unknown): ImageFetchError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ImageFetchError);
    return error as ImageFetchError;
  }
  throw new Error('expected a refusal');
}

async function refusal(promise: Promise<unknown>): Promise<ImageFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageFetchError);
    return error as ImageFetchError;
  }
  throw new Error('expected the fetch to be refused');
}

const BMP = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
const HTML = Buffer.from('<!doctype html><html><body>sign in</body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
);
const SCRIPTED_SVGS: readonly (readonly [string, string])[] = [
  ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'a <script> element'],
  ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'an event-handler attribute'],
  [
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink"><a x:href="&#106;ava&#x09;script&colon;alert(1)"><rect/></a></svg>',
    'a javascript: or vbscript: link',
  ],
  [
    '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>',
    'an embedded document',
  ],
  [
    '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
    'an entity declaration',
  ],
  [
    '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:text/html,<script>1</script>"/></svg>',
    'a <script> element',
  ],
  [
    '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>',
    'a data: link to something other than a raster image',
  ],
];

let site: TestServer;
beforeAll(async () => {
  site = await startServer('127.0.0.1', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const type = url.searchParams.get('type');
    const body = url.searchParams.get('body');
    if (type !== null) response.setHeader('content-type', type);
    response.end(
      body === 'html'
        ? HTML
        : body === 'bmp'
          ? BMP
          : body === 'svg'
            ? SVG
            : body === 'empty'
              ? Buffer.alloc(0)
              : body !== null
                ? Buffer.from(body)
                : PNG_BYTES,
    );
  });
});
afterAll(() => site.close());

const fetchOf = (path: string, options = {}) =>
  Image.fromUrl(`${site.origin}${path}`).ensureBase64({ ...OPEN_NETWORK, ...options });

describe('an explicit non-image Content-Type is refused, whatever the path says', () => {
  test.each(['svg', 'bmp', 'avif', 'tif', 'heic', 'png'])(
    'cat.%s served as text/html or application/json',
    async (extension) => {
      for (const type of ['text/html; charset=utf-8', 'application/json']) {
        const error = await refusal(
          fetchOf(`/cat.${extension}?type=${encodeURIComponent(type)}&body=html`),
        );
        expect(error.code).toBe('image_type_mismatch');
        expect(error.message).toBe(
          `image at ${site.origin}/cat.${extension}?type=${encodeURIComponent(type)}&body=html is not an image (Content-Type ${type.split(';')[0]})`,
        );
      }
    },
  );

  test('even when the bytes are a PNG', async () => {
    const error = await refusal(fetchOf('/cat.png?type=text/plain'));
    expect(error.code).toBe('image_type_mismatch');
  });

  test('application/octet-stream says nothing: the bytes decide', async () => {
    const image = Image.fromUrl(`${site.origin}/blob?type=application/octet-stream`);
    expect(await image.ensureBase64(OPEN_NETWORK)).toBe(PNG_BASE64);
    expect(image.mediaType).toBe('image/png');
  });
});

describe('an image type is taken only when its bytes prove it', () => {
  test('an image/* type without a known signature is refused', async () => {
    const error = await refusal(fetchOf('/x.img?type=image/x-custom&body=whatever'));
    expect(error.code).toBe('image_type_refused');
    expect(error.message).toBe(
      `image at ${site.origin}/x.img?type=image/x-custom&body=whatever is image/x-custom, whose bytes cannot be checked; only image/png, image/jpeg, image/gif, image/webp, image/bmp, image/tiff, image/avif, image/heic, image/heif (and SVG when asked for) are taken`,
    );
  });

  test('a BMP is checked like the others', async () => {
    const fake = await refusal(fetchOf('/cat.bmp?type=image/bmp&body=html'));
    expect(fake.code).toBe('image_type_mismatch');
    expect(fake.message).toContain(
      'is not an image of any known format, not the claimed image/bmp',
    );
    const real = Image.fromUrl(`${site.origin}/cat.bmp?type=image/bmp&body=bmp`);
    expect(await real.ensureBase64(OPEN_NETWORK)).toBe(BMP.toString('base64'));
    expect(real.mediaType).toBe('image/bmp');
  });

  test('an extension without Content-Type does not stand in for the bytes', async () => {
    const error = await refusal(fetchOf('/cat.avif?body=not-an-avif'));
    expect(error.code).toBe('image_type_mismatch');
  });

  test('an empty body is no image', async () => {
    const error = await refusal(fetchOf('/cat.png?type=image/png&body=empty'));
    expect(error.code).toBe('image_type_mismatch');
  });
});

describe('SVG is refused unless asked for, and never with active content', () => {
  test('refused by default', async () => {
    const error = await refusal(fetchOf('/logo.svg?type=image/svg%2Bxml&body=svg'));
    expect(error.code).toBe('image_type_refused');
    expect(error.message).toBe(
      `image at ${site.origin}/logo.svg?type=image/svg%2Bxml&body=svg is SVG, which is refused unless asked for (allowSvg: true)`,
    );
  });

  test('taken with allowSvg: true', async () => {
    const image = Image.fromUrl(`${site.origin}/logo.svg?type=image/svg%2Bxml&body=svg`);
    expect(await image.ensureBase64({ ...OPEN_NETWORK, allowSvg: true })).toBe(
      SVG.toString('base64'),
    );
    expect(image.mediaType).toBe('image/svg+xml');
  });

  test.each(SCRIPTED_SVGS)('refused with allowSvg too: %s', async (svg, what) => {
    const path = `/evil.svg?type=image/svg%2Bxml&body=${encodeURIComponent(svg)}`;
    const error = await refusal(fetchOf(path, { allowSvg: true }));
    expect(error.code).toBe('image_type_refused');
    expect(error.message).toContain(`is refused as SVG: it carries ${what}`);
  });

  test('HTML labelled SVG is not an SVG', () => {
    expect(svgRefusal(HTML)).toBe('it is not an SVG document');
    expect(svgRefusal(SVG)).toBeUndefined();
  });

  test('allowSvg must be a boolean', async () => {
    const error = await fetchOf('/logo.svg', { allowSvg: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code: 'invalid_allow_svg' });
  });
});

describe('data: URLs pass the same checks as fetched bytes', () => {
  test.each([
    [
      'data:text/html,<script>alert(1)</script>',
      'image_type_mismatch',
      'data:text/html,...',
      'is not an image (data: URL type text/html)',
    ],
    [
      'data:application/json,{}',
      'image_type_mismatch',
      'data:application/json,...',
      'is not an image (data: URL type application/json)',
    ],
    [
      `data:image/png;base64,${HTML.toString('base64')}`,
      'image_type_mismatch',
      'data:image/png;base64,...',
      'is not an image of any known format, not the claimed image/png',
    ],
    [
      'data:image/png;base64,',
      'image_type_mismatch',
      'data:image/png;base64,...',
      'not the claimed image/png',
    ],
    [
      `data:,${encodeURIComponent('<p>hi</p>')}`,
      'image_type_mismatch',
      'data:,...',
      'is not an image (data: URL type absent, and its bytes match no known image format)',
    ],
    [
      'data:image/x-custom;base64,AAAA',
      'image_type_refused',
      'data:image/x-custom;base64,...',
      'whose bytes cannot be checked',
    ],
    [
      `data:image/svg+xml,${encodeURIComponent(SCRIPTED_SVGS[0]?.[0] ?? '')}`,
      'image_type_refused',
      'data:image/svg+xml,...',
      'is refused as SVG: it carries a <script> element',
    ],
  ])('%s is refused by fromUrl', (url, code, label, text) => {
    const error = refusalOf(() => Image.fromUrl(url));
    expect(error.code).toBe(code);
    expect(error.message).toContain(`image at ${label} `);
    expect(error.message).toContain(text);
  });

  test('a plain SVG data: URL is built, and ensureBase64 takes it only when asked', async () => {
    const image = Image.fromUrl(`data:image/svg+xml,${encodeURIComponent(SVG.toString())}`);
    expect(image.mediaType).toBe('image/svg+xml');
    const error = await refusal(image.ensureBase64());
    expect(error.code).toBe('image_type_refused');
    expect(error.message).toBe(
      'image at data:image/svg+xml;base64,... is SVG, which is refused unless asked for (allowSvg: true)',
    );
    expect(await image.ensureBase64({ allowSvg: true })).toBe(SVG.toString('base64'));
  });

  test('a real image data: URL passes', async () => {
    const image = Image.fromUrl(`data:image/png;base64,${PNG_BASE64}`);
    expect(await image.ensureBase64()).toBe(PNG_BASE64);
  });
});
