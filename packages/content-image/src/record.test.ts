import { ImageFetchError, ValidationError, WIRE_FORMATS } from '@crosswire/core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Image, type ImageRecord } from './image.js';
import { JPEG_BYTES, PNG_BASE64 } from './test-support/images.js';

/** Everything an image shows: its getters, its log form, and its part on every wire. */
function rendered(image: Image): unknown {
  const parts = WIRE_FORMATS.map((wire) => {
    try {
      return [wire, image.to(wire), image.to(wire, { inline: true })];
    } catch (error) {
      return [wire, (error as { code?: string }).code];
    }
  });
  return {
    url: image.url,
    base64: image.base64,
    mediaType: image.mediaType,
    detail: image.detail,
    source: image.source,
    json: image.toJSON(),
    parts,
  };
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('Image.toRecord and Image.fromRecord', () => {
  test('a URL image is its URL, the given media type and the detail', () => {
    expect(Image.fromUrl('https://example.com/cat.png', { detail: 'low' }).toRecord()).toEqual({
      type: 'image',
      source: 'url',
      url: 'https://example.com/cat.png',
      detail: 'low',
    });
    expect(
      Image.fromUrl('https://example.com/cat', { mediaType: 'Image/WebP' }).toRecord(),
    ).toEqual({
      type: 'image',
      source: 'url',
      url: 'https://example.com/cat',
      mediaType: 'image/webp',
    });
  });

  test('bytes and data: URL images carry their payload and keep which they were', () => {
    expect(Image.fromBase64(PNG_BASE64).toRecord()).toEqual({
      type: 'image',
      source: 'bytes',
      data: PNG_BASE64,
      mediaType: 'image/png',
    });
    expect(Image.fromUrl(`data:image/png;base64,${PNG_BASE64}`).toRecord()).toEqual({
      type: 'image',
      source: 'data-url',
      data: PNG_BASE64,
      mediaType: 'image/png',
    });
    // Not sniffable, no type given: none is recorded, and none comes back.
    const unknown = Image.fromBase64('AAAA');
    expect(unknown.toRecord()).toEqual({ type: 'image', source: 'bytes', data: 'AAAA' });
    expect(Image.fromRecord(unknown.toRecord()).mediaType).toBeUndefined();
  });

  test('a data: URL image keeps its cap after the round trip, a bytes image has none', async () => {
    const dataUrl = Image.fromRecord(
      Image.fromUrl(`data:image/jpeg;base64,${JPEG_BYTES.toString('base64')}`).toRecord(),
    );
    await expect(dataUrl.ensureBase64({ maxBytes: 4 })).rejects.toMatchObject({
      code: 'image_too_large',
    });
    const bytes = Image.fromRecord(
      Image.fromData(JPEG_BYTES, { mediaType: 'image/jpeg' }).toRecord(),
    );
    await expect(bytes.ensureBase64({ maxBytes: 4 })).resolves.toBe(JPEG_BYTES.toString('base64'));
  });

  test('for all images, the restored image renders as the original on every wire', () => {
    const detail = fc.option(fc.constantFrom('low', 'high', 'auto'), { nil: undefined });
    // A payload with a media type its bytes agree with (or none).
    const payload = fc.oneof(
      fc.tuple(fc.constant(PNG_BASE64), fc.constantFrom('image/png', 'Image/PNG', undefined)),
      fc.tuple(
        fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes).toString('base64')),
        fc.constant(undefined),
      ),
    );
    const urlType = fc.option(fc.constantFrom('image/png', 'image/jpeg', 'Image/GIF'), {
      nil: undefined,
    });
    const image = fc.oneof(
      fc
        .tuple(fc.webUrl({ withQueryParameters: true }), urlType, detail)
        .map(([url, type, hint]) => Image.fromUrl(url, { mediaType: type, detail: hint })),
      fc
        .tuple(payload, detail)
        .map(([[data, type], hint]) => Image.fromBase64(data, { mediaType: type, detail: hint })),
      fc
        .tuple(fc.constantFrom('image/png', undefined), detail)
        .map(([type, hint]) =>
          Image.fromUrl(`data:${type ?? ''};base64,${PNG_BASE64}`, { detail: hint }),
        ),
    );
    fc.assert(
      fc.property(image, (original) => {
        const record = JSON.parse(JSON.stringify(original.toRecord())) as ImageRecord;
        const restored = Image.fromRecord(record);
        expect(rendered(restored)).toEqual(rendered(original));
        expect(restored.toRecord()).toEqual(original.toRecord());
      }),
    );
  });

  test('a bad record is refused with the field named', () => {
    expect(thrown(() => Image.fromRecord({ type: 'text' } as never))).toMatchObject({
      code: 'invalid_image_record',
      path: 'type',
    });
    expect(
      thrown(() => Image.fromRecord({ type: 'image', source: 'file', data: '' } as never)),
    ).toMatchObject({ code: 'invalid_image_record', path: 'source' });
    expect(
      thrown(() => Image.fromRecord({ type: 'image', source: 'bytes', data: 'not base64!' })),
    ).toBeInstanceOf(ValidationError);
    expect(
      thrown(() => Image.fromRecord({ type: 'image', source: 'bytes', data: 'AA AA' })),
    ).toMatchObject({ code: 'invalid_image_record', path: 'data' });
    expect(
      thrown(() =>
        Image.fromRecord({ type: 'image', source: 'url', url: 'data:image/png;base64,AAAA' }),
      ),
    ).toMatchObject({ code: 'invalid_image_record', path: 'url' });
    expect(
      thrown(() => Image.fromRecord({ type: 'image', source: 'url', url: 'file:///etc/passwd' })),
    ).toBeInstanceOf(ImageFetchError);
    expect(
      thrown(() => Image.fromRecord({ type: 'image', source: 'bytes', data: 'AAAA', detail: '' })),
    ).toMatchObject({ code: 'invalid_detail' });
  });
});
