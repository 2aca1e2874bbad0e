import { describe, expect, it } from 'vitest';
import {
  canonicalImageType,
  imageBase64Matches,
  imageBytesMatch,
  imageTypeFromSignature,
} from './image-signatures.js';

// The edges of the signature checks as a caller meets them: payloads cut at a signature's last
// byte, ftyp boxes larger or smaller than the bytes at hand, base64 heads behind whitespace.
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? Array.from(part, (c) => c.charCodeAt(0)) : part,
    ),
  );
const base64 = (value: Uint8Array) => Buffer.from(value).toString('base64');
/** An ftyp box whose size field says `size`, with the brands given. */
const box = (size: number[], major: string, ...compatible: string[]) =>
  bytes(size, 'ftyp', major, [0, 0, 0, 0], ...compatible);

describe('signatures cut at their last byte', () => {
  it.each([
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff])],
    ['image/gif', bytes('GIF87a')],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBP')],
    ['image/bmp', bytes('BM')],
    ['image/tiff', bytes('MM\0*')],
  ])('%s: exactly the signature matches', (type, image) => {
    expect(imageBytesMatch(image, type)).toBe(true);
    expect(imageTypeFromSignature(image)).toBe(type);
  });

  it('WebP needs both RIFF and WEBP', () => {
    const noRiff = bytes('RIFX', [0, 0, 0, 0], 'WEBPVP8 ');
    expect(imageBytesMatch(noRiff, 'image/webp')).toBe(false);
    expect(imageTypeFromSignature(noRiff)).toBeUndefined();
    const wave = bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ');
    expect(imageTypeFromSignature(wave)).toBeUndefined();
  });
});

describe('ftyp brands', () => {
  it.each([
    ['avif', 'image/avif'],
    ['avis', 'image/avif'],
    ['heic', 'image/heic'],
    ['heix', 'image/heic'],
    ['heim', 'image/heic'],
    ['heis', 'image/heic'],
    ['hevc', 'image/heic'],
    ['hevx', 'image/heic'],
    ['hevm', 'image/heic'],
    ['hevs', 'image/heic'],
    ['mif1', 'image/heif'],
    ['msf1', 'image/heif'],
    ['heif', 'image/heif'],
  ])('the major brand %s proves %s', (brand, type) => {
    const image = box([0, 0, 0, 16], brand);
    expect(imageTypeFromSignature(image)).toBe(type);
    expect(imageBytesMatch(image, type)).toBe(true);
  });

  it('a compatible brand ending at the last byte of the box counts', () => {
    const image = box([0, 0, 0, 20], 'isom', 'avif');
    expect(imageBytesMatch(image, 'image/avif')).toBe(true);
  });

  it('a brand after the end of the box does not count', () => {
    // The box holds one compatible brand; the next box's type happens to read "avif".
    const image = bytes([...box([0, 0, 0, 20], 'isom', 'mp41')], [0, 0, 0, 8], 'avif', 'avif');
    expect(imageBytesMatch(image, 'image/avif')).toBe(false);
    expect(imageTypeFromSignature(image)).toBeUndefined();
  });

  it.each([
    ['16 MiB', [1, 0, 0, 0]],
    ['64 KiB', [0, 1, 0, 0]],
    ['256 bytes', [0, 0, 1, 0]],
  ])('a box declared %s long is read to the end of the bytes at hand', (_label, size) => {
    const image = box(size, 'isom', 'mp41', 'avif');
    expect(imageBytesMatch(image, 'image/avif')).toBe(true);
    expect(imageTypeFromSignature(image)).toBe('image/avif');
  });

  it('an ftyp box shorter than 16 bytes proves nothing', () => {
    const image = bytes([0, 0, 0, 12], 'ftyp', 'avif');
    expect(imageBytesMatch(image, 'image/avif')).toBe(false);
    expect(imageTypeFromSignature(image)).toBeUndefined();
  });

  it('brands outside an ftyp box prove nothing', () => {
    const image = bytes([0, 0, 0, 24], 'moov', 'avif', [0, 0, 0, 0], 'heic', 'mif1');
    expect(imageBytesMatch(image, 'image/avif')).toBe(false);
    expect(imageBytesMatch(image, 'image/heic')).toBe(false);
    expect(imageTypeFromSignature(image)).toBeUndefined();
  });
});

describe('imageBase64Matches reads a head of 64 bytes', () => {
  it('a short payload', () => {
    expect(imageBase64Matches(base64(bytes('GIF89a', [1, 0])), 'image/gif')).toBe(true);
    expect(imageBase64Matches(base64(bytes('BM')), 'image/bmp')).toBe(true);
    expect(imageBase64Matches('R0lG\nODlh\n', 'image/gif')).toBe(true);
  });

  it('a payload cut one symbol past a whole group of four', () => {
    // "R0lGODlh" + "A": nine symbols, the last one a stray the decoder alone would refuse.
    expect(imageBase64Matches('R0lGODlhA', 'image/gif')).toBe(true);
  });

  it('a payload behind more whitespace than the window', () => {
    const avif = box([0, 0, 0, 44], 'isom', 'mp41', 'mp42', 'iso2', 'iso3', 'iso4', 'iso5', 'avif');
    const wrapped = `${' '.repeat(100)}${base64(avif)}`;
    expect(imageBase64Matches(wrapped, 'image/avif')).toBe(true);
  });

  it('a brand past the first 64 bytes is not read', () => {
    const brands = Array.from({ length: 14 }, () => 'mp41');
    const late = box([0, 0, 0, 76], 'isom', ...brands, 'avif');
    expect(imageBytesMatch(late, 'image/avif')).toBe(true);
    expect(imageBase64Matches(base64(late), 'image/avif')).toBe(false);
  });

  it('text that is not base64 is no image; for a type without a signature, undefined', () => {
    expect(imageBase64Matches('@@@@', 'image/png')).toBe(false);
    expect(imageBase64Matches('@@@@', 'image/svg+xml')).toBeUndefined();
    expect(imageBase64Matches(base64(bytes('BM')), 'image/svg+xml')).toBeUndefined();
  });
});

it('canonicalImageType folds every alias', () => {
  expect(
    [
      'image/jpg',
      'image/pjpeg',
      'image/x-ms-bmp',
      'image/x-bmp',
      'image/heic-sequence',
      'image/heif-sequence',
      'image/avif',
    ].map(canonicalImageType),
  ).toEqual([
    'image/jpeg',
    'image/jpeg',
    'image/bmp',
    'image/bmp',
    'image/heic',
    'image/heif',
    'image/avif',
  ]);
  expect(imageBytesMatch(bytes([0xff, 0xd8, 0xff]), 'image/pjpeg')).toBe(true);
  expect(imageBytesMatch(bytes('BM'), 'image/x-bmp')).toBe(true);
  expect(imageBytesMatch(box([0, 0, 0, 16], 'hevs'), 'image/heic-sequence')).toBe(true);
  expect(imageBytesMatch(box([0, 0, 0, 16], 'msf1'), 'image/heif-sequence')).toBe(true);
});
