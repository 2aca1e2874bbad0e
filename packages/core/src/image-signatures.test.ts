import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalImageType,
  imageBase64Matches,
  imageBytesMatch,
  imageTypeFromSignature,
} from './image-signatures.js';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? Array.from(part, (c) => c.charCodeAt(0)) : part,
    ),
  );
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0]);
const GIF = bytes('GIF89a', [1, 0]);
const WEBP = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ');
const BMP = bytes('BM', [0x36, 0, 0, 0]);
const TIFF_LE = bytes('II*\0', [8, 0, 0, 0]);
const TIFF_BE = bytes('MM\0*', [0, 0, 0, 8]);
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], ...compatible);
const AVIF = ftyp('avif', 'mif1', 'miaf');
const AVIF_MIF1_MAJOR = ftyp('mif1', 'avif', 'miaf');
const HEIC = ftyp('heic', 'mif1', 'heic');
const HEIF = ftyp('mif1', 'heic');
const HTML = bytes('<!doctype html><html>');

describe('imageBytesMatch', () => {
  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/jpg', JPEG],
    ['image/gif', GIF],
    ['image/webp', WEBP],
    ['image/bmp', BMP],
    ['image/tiff', TIFF_LE],
    ['image/tiff', TIFF_BE],
    ['image/avif', AVIF],
    ['image/avif', AVIF_MIF1_MAJOR],
    ['image/heic', HEIC],
    ['image/heif', HEIF],
  ])('%s bytes are a %s', (type, image) => {
    expect(imageBytesMatch(image, type)).toBe(true);
  });

  it.each([
    ['image/png', HTML],
    ['image/png', JPEG],
    ['image/png', new Uint8Array(0)],
    ['image/jpeg', PNG],
    ['image/gif', bytes('GIF87b')],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WAVE')],
    ['image/bmp', HTML],
    ['image/tiff', HTML],
    ['image/avif', HEIC],
    ['image/heic', AVIF],
    ['image/avif', HTML],
  ])('%s is refused for other bytes', (type, image) => {
    expect(imageBytesMatch(image, type)).toBe(false);
  });

  it('types without a known signature prove nothing', () => {
    expect(imageBytesMatch(HTML, 'image/svg+xml')).toBeUndefined();
    expect(imageBytesMatch(PNG, 'image/x-unknown')).toBeUndefined();
    expect(imageBytesMatch(PNG, 'text/html')).toBeUndefined();
  });

  const KNOWN = [
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'image/bmp',
    'image/tiff',
    'image/avif',
    'image/heic',
    'image/heif',
  ];

  it('text (an HTML page, a JSON error) matches no known type', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KNOWN), fc.string(), (type, text) => {
        const page = new TextEncoder().encode(`<${text}`);
        return (
          imageBytesMatch(page, type) === false &&
          imageBytesMatch(new Uint8Array(0), type) === false
        );
      }),
    );
  });

  it('the type the signature names is one the bytes match', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(PNG, JPEG, GIF, WEBP, BMP, TIFF_LE, AVIF, HEIC, HEIF),
        fc.uint8Array(),
        (head, tail) => {
          const image = new Uint8Array([...head, ...tail]);
          const type = imageTypeFromSignature(image);
          return type !== undefined && imageBytesMatch(image, type) === true;
        },
      ),
    );
  });
});

describe('imageBase64Matches', () => {
  it('decodes only the head', () => {
    const png = Buffer.concat([PNG, Buffer.alloc(1000)]).toString('base64');
    expect(imageBase64Matches(png, 'image/png')).toBe(true);
    expect(imageBase64Matches(png, 'image/jpeg')).toBe(false);
    expect(imageBase64Matches(Buffer.from(HTML).toString('base64'), 'image/png')).toBe(false);
    expect(imageBase64Matches('', 'image/png')).toBe(false);
    expect(imageBase64Matches('not base64!', 'image/png')).toBe(false);
    expect(imageBase64Matches('', 'image/svg+xml')).toBeUndefined();
  });
});

describe('imageTypeFromSignature', () => {
  it.each([
    [PNG, 'image/png'],
    [JPEG, 'image/jpeg'],
    [GIF, 'image/gif'],
    [WEBP, 'image/webp'],
    [BMP, 'image/bmp'],
    [TIFF_BE, 'image/tiff'],
    [AVIF, 'image/avif'],
    [HEIC, 'image/heic'],
    [HEIF, 'image/heif'],
    [HTML, undefined],
    [new Uint8Array(0), undefined],
  ])('%#: %s', (image, type) => {
    expect(imageTypeFromSignature(image)).toBe(type);
  });
});

it('canonicalImageType folds aliases', () => {
  expect(canonicalImageType('Image/JPG; q=1')).toBe('image/jpeg');
  expect(canonicalImageType('image/x-ms-bmp')).toBe('image/bmp');
  expect(canonicalImageType('image/png')).toBe('image/png');
});
