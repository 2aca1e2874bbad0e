import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImageFetchError, ImageNotFetchedError, ValidationError } from '@crosswire/core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Image } from './image.js';
import { JPEG_BYTES, PNG_BASE64, PNG_BYTES } from './test-support/images.js';

const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('Image.fromUrl', () => {
  test('keeps the URL and sniffs the media type from the path', () => {
    const image = Image.fromUrl('https://example.com/pets/cat.JPG?size=large#top');
    expect(image.url).toBe('https://example.com/pets/cat.JPG?size=large#top');
    expect(image.mediaType).toBe('image/jpeg');
    expect(image.base64).toBeUndefined();
    expect(image.source).toBe('url');
    expect(image.hasBase64).toBe(false);
  });

  test('an explicit mediaType wins and is normalised; a non-image extension is not a media type', () => {
    expect(
      Image.fromUrl('https://example.com/x.png', { mediaType: 'Image/WebP; q=1' }).mediaType,
    ).toBe('image/webp');
    expect(Image.fromUrl('https://example.com/page.html').mediaType).toBeUndefined();
    expect(Image.fromUrl('https://example.com/image').mediaType).toBeUndefined();
  });

  test.each([
    ['file:///etc/passwd', 'file'],
    ['ftp://example.com/cat.png', 'ftp'],
    ['gopher://example.com/1', 'gopher'],
    ['javascript:alert(1)', 'javascript'],
    ['ws://example.com/cat.png', 'ws'],
    ['wss://example.com/cat.png', 'wss'],
    ['blob:https://example.com/1234', 'blob'],
    ['dict://127.0.0.1:11211/stat', 'dict'],
    ['ldap://127.0.0.1/', 'ldap'],
    ['jar:http://example.com/a.jar!/cat.png', 'jar'],
  ])('refuses %s before any I/O', (url, scheme) => {
    const error = thrown(() => Image.fromUrl(url));
    expect(error).toBeInstanceOf(ImageFetchError);
    expect(error).toMatchObject({
      code: 'image_url_scheme_refused',
      message: `refuses to fetch image URL with scheme '${scheme}' (only http/https; use Image.fromFile for local files)`,
    });
  });

  test('refuses userinfo, and the message does not repeat the password', () => {
    const error = thrown(() =>
      Image.fromUrl('http://admin:s3cret@example.com/cat.png'),
    ) as ImageFetchError;
    expect(error).toBeInstanceOf(ImageFetchError);
    expect(error.code).toBe('image_url_refused');
    expect(error.message).toBe(
      'refuses to fetch image URL http://example.com/cat.png: it carries userinfo (user:password@), which image URLs must not',
    );
    expect(error.message).not.toContain('s3cret');
    expect(thrown(() => Image.fromUrl('http://admin@example.com/cat.png'))).toMatchObject({
      code: 'image_url_refused',
    });
  });

  test('refuses a string that is no absolute URL', () => {
    expect(thrown(() => Image.fromUrl('/cat.png'))).toMatchObject({
      code: 'invalid_image_url',
      path: 'url',
    });
  });

  test('a data: URL carries its bytes: no fetch, source base64, no url', () => {
    const image = Image.fromUrl(PNG_DATA_URL, { detail: 'high' });
    expect(image.url).toBeUndefined();
    expect(image.base64).toBe(PNG_BASE64);
    expect(image.mediaType).toBe('image/png');
    expect(image.toJSON()).toEqual({
      type: 'image',
      source: 'base64',
      media_type: 'image/png',
      detail: 'high',
      bytes: PNG_BYTES.length,
    });
  });

  test('a data: URL without a type gets it from the bytes; percent-encoded payloads decode', () => {
    expect(Image.fromUrl(`data:;base64,${PNG_BASE64}`).mediaType).toBe('image/png');
    const svg = Image.fromUrl('data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E');
    expect(svg.mediaType).toBe('image/svg+xml');
    expect(Buffer.from(svg.base64 as string, 'base64').toString()).toBe('<svg/>');
  });

  test('a data: URL that does not decode is refused', () => {
    expect(thrown(() => Image.fromUrl('data:image/png;base64,@@@@'))).toMatchObject({
      code: 'invalid_data_url',
    });
  });

  test('detail must be a non-empty string', () => {
    expect(thrown(() => Image.fromUrl('https://example.com/a.png', { detail: '' }))).toMatchObject({
      code: 'invalid_detail',
      path: 'detail',
    });
    expect(
      thrown(() => Image.fromUrl('https://example.com/a.png', { detail: 3 as unknown as string })),
    ).toBeInstanceOf(ValidationError);
  });
});

describe('the other constructors', () => {
  test('fromData requires a media type', () => {
    const error = thrown(() => Image.fromData(PNG_BYTES, {} as { mediaType: string }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code: 'image_media_type_required', path: 'mediaType' });
    const image = Image.fromData(PNG_BYTES, { mediaType: 'image/png', detail: 'low' });
    expect(image.base64).toBe(PNG_BASE64);
    expect(image.toJSON()).toEqual({
      type: 'image',
      source: 'base64',
      media_type: 'image/png',
      detail: 'low',
      bytes: 70,
    });
  });

  test('fromBase64 sniffs a missing media type and refuses what is not base64', () => {
    expect(Image.fromBase64(PNG_BASE64).mediaType).toBe('image/png');
    expect(Image.fromBase64(JPEG_BYTES.toString('base64')).mediaType).toBe('image/jpeg');
    expect(thrown(() => Image.fromBase64('not base64!'))).toMatchObject({ code: 'invalid_base64' });
    expect(thrown(() => Image.fromBase64(PNG_DATA_URL))).toMatchObject({
      code: 'invalid_base64',
      message:
        'Image.fromBase64 takes a bare base64 payload, not a data: URL; use Image.fromUrl for data: URLs',
    });
  });

  test('fromFile reads, encodes and sniffs from the extension, then from the bytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'content-image-'));
    await writeFile(join(dir, 'cat.png'), PNG_BYTES);
    await writeFile(join(dir, 'noext'), JPEG_BYTES);
    const png = await Image.fromFile(join(dir, 'cat.png'), { detail: 'auto' });
    expect(png.toJSON()).toEqual({
      type: 'image',
      source: 'base64',
      media_type: 'image/png',
      detail: 'auto',
      bytes: 70,
    });
    expect((await Image.fromFile(join(dir, 'noext'))).mediaType).toBe('image/jpeg');
    await expect(Image.fromFile(join(dir, 'missing.png'))).rejects.toMatchObject({
      code: 'image_file_unreadable',
    });
  });

  test('images are immutable', () => {
    const image = Image.fromUrl('https://example.com/cat.png');
    expect(Object.isFrozen(image)).toBe(true);
    expect(() => {
      (image as unknown as { url: string }).url = 'https://evil.test/';
    }).toThrow(TypeError);
  });
});

describe('serializers', () => {
  const urlImage = Image.fromUrl('https://example.com/cat.png', { detail: 'low' });
  const inlineImage = Image.fromBase64(PNG_BASE64, { mediaType: 'image/png', detail: 'high' });

  test('a URL image goes out by URL where the wire takes URLs, detail only on openai and responses', () => {
    expect(urlImage.toOpenAI()).toEqual({
      type: 'image_url',
      image_url: { url: 'https://example.com/cat.png', detail: 'low' },
    });
    expect(urlImage.toResponses()).toEqual({
      type: 'input_image',
      image_url: 'https://example.com/cat.png',
      detail: 'low',
    });
    expect(urlImage.toAnthropic()).toEqual({
      type: 'image',
      source: { type: 'url', url: 'https://example.com/cat.png' },
    });
  });

  test('no detail field when none is set', () => {
    const plain = Image.fromUrl('https://example.com/cat.png');
    expect(plain.toOpenAI()).toEqual({
      type: 'image_url',
      image_url: { url: 'https://example.com/cat.png' },
    });
    expect(plain.toResponses()).toEqual({
      type: 'input_image',
      image_url: 'https://example.com/cat.png',
    });
  });

  test.each([
    ['toGemini', (image: Image) => image.toGemini()],
    ['toOllama', (image: Image) => image.toOllama()],
    ['toLMStudio', (image: Image) => image.toLMStudio()],
    ['dataUrl', (image: Image) => image.dataUrl()],
    ['toOpenAI', (image: Image) => image.toOpenAI({ inline: true })],
    ['toResponses', (image: Image) => image.toResponses({ inline: true })],
    ['toAnthropic', (image: Image) => image.toAnthropic({ inline: true })],
  ])(
    '%s on a URL-only image throws ImageNotFetchedError naming ensureBase64',
    (_name, serialize) => {
      const error = thrown(() => serialize(urlImage));
      expect(error).toBeInstanceOf(ImageNotFetchedError);
      expect((error as Error).message).toContain('call await image.ensureBase64() first');
      expect((error as ImageNotFetchedError).code).toBe('image_not_fetched');
      expect((error as Error).message).toBe(
        `${_name}() needs the bytes of image https://example.com/cat.png, which have not been fetched: call await image.ensureBase64() first`,
      );
    },
  );

  test('an inline image on every wire', () => {
    const dataUrl = `data:image/png;base64,${PNG_BASE64}`;
    expect(inlineImage.toOpenAI()).toEqual({
      type: 'image_url',
      image_url: { url: dataUrl, detail: 'high' },
    });
    expect(inlineImage.toResponses()).toEqual({
      type: 'input_image',
      image_url: dataUrl,
      detail: 'high',
    });
    expect(inlineImage.toAnthropic()).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
    });
    expect(inlineImage.toGemini()).toEqual({
      inline_data: { mime_type: 'image/png', data: PNG_BASE64 },
    });
    expect(inlineImage.toGemini({ camelCase: true })).toEqual({
      inlineData: { mimeType: 'image/png', data: PNG_BASE64 },
    });
    expect(inlineImage.toOllama()).toBe(PNG_BASE64);
    expect(inlineImage.toLMStudio()).toEqual({ type: 'image', data_url: dataUrl });
    expect(inlineImage.dataUrl()).toBe(dataUrl);
  });

  test('dataUrl falls back to application/octet-stream; anthropic and gemini need a type', () => {
    const unknown = Image.fromBase64('AAAA');
    expect(unknown.dataUrl()).toBe('data:application/octet-stream;base64,AAAA');
    expect(thrown(() => unknown.toAnthropic())).toMatchObject({ code: 'image_media_type_unknown' });
    expect(thrown(() => unknown.toGemini())).toMatchObject({ code: 'image_media_type_unknown' });
  });

  test('to(wire) dispatches to the wire; hermes takes the OpenAI chat part', () => {
    expect(urlImage.to('openai')).toEqual(urlImage.toOpenAI());
    expect(urlImage.to('hermes')).toEqual(urlImage.toOpenAI());
    expect(urlImage.to('responses')).toEqual(urlImage.toResponses());
    expect(urlImage.to('anthropic')).toEqual(urlImage.toAnthropic());
    expect(inlineImage.to('gemini')).toEqual(inlineImage.toGemini());
    expect(inlineImage.to('ollama')).toBe(PNG_BASE64);
    expect(thrown(() => urlImage.to('smtp' as 'openai'))).toMatchObject({
      code: 'unknown_wire_format',
    });
  });

  test('JSON.stringify uses toJSON: the description, never the payload', () => {
    const text = JSON.stringify([{ role: 'user', content: ['What is this?', inlineImage] }]);
    expect(text).toBe(
      '[{"role":"user","content":["What is this?",{"type":"image","source":"base64","media_type":"image/png","detail":"high","bytes":70}]}]',
    );
  });

  test('property: no serializer output of a URL image carries anything but the URL; toJSON never the payload', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.option(fc.string({ minLength: 1 })),
        (bytes, detail) => {
          const image = Image.fromData(bytes, {
            mediaType: 'image/png',
            ...(detail === null ? {} : { detail }),
          });
          const base64 = Buffer.from(bytes).toString('base64');
          const description = JSON.stringify(image.toJSON());
          expect(description.includes(base64) && base64.length > 8).toBe(false);
          expect(image.toJSON().bytes).toBe(bytes.length);
          expect(image.toOllama()).toBe(base64);
          expect(image.toGemini().inline_data.data).toBe(base64);
          expect(Buffer.from(image.dataUrl().split(',')[1] as string, 'base64')).toEqual(
            Buffer.from(bytes),
          );
        },
      ),
    );
  });
});

describe('ensureBase64 without the network', () => {
  test('an image with bytes returns them; a data: URL image is capped like a fetch', async () => {
    expect(await Image.fromBase64(PNG_BASE64).ensureBase64()).toBe(PNG_BASE64);
    const data = Image.fromUrl(PNG_DATA_URL);
    expect(await data.ensureBase64()).toBe(PNG_BASE64);
    await expect(data.ensureBase64({ maxBytes: 10 })).rejects.toMatchObject({
      code: 'image_too_large',
      message: 'image at data:image/png;base64,... exceeds inline_image_max_bytes (10)',
    });
  });

  test('bad options are refused', async () => {
    const image = Image.fromUrl('https://example.com/cat.png');
    await expect(image.ensureBase64({ maxBytes: -1 })).rejects.toMatchObject({
      code: 'invalid_max_bytes',
    });
    await expect(image.ensureBase64({ timeoutMs: -5 })).rejects.toMatchObject({
      code: 'invalid_timeout',
    });
  });
});
