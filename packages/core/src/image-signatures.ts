import { base64ToBytes, normalizeMediaType } from './media.js';

/** Bytes that must appear at `offset` (ASCII text, `\0` for a zero byte, or byte values). */
export interface SignaturePart {
  readonly offset: number;
  readonly bytes: string | readonly number[];
}

/**
 * How the bytes of each binary image type begin: a list of alternatives, each a list of parts
 * that must all match. The ISO base media formats (AVIF, HEIC, HEIF) are told apart by the
 * brands of their `ftyp` box instead (see {@link FTYP_BRANDS}).
 */
export const IMAGE_SIGNATURES: Readonly<Record<string, readonly (readonly SignaturePart[])[]>> = {
  'image/png': [[{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }]],
  'image/jpeg': [[{ offset: 0, bytes: [0xff, 0xd8, 0xff] }]],
  'image/gif': [[{ offset: 0, bytes: 'GIF87a' }], [{ offset: 0, bytes: 'GIF89a' }]],
  'image/webp': [
    [
      { offset: 0, bytes: 'RIFF' },
      { offset: 8, bytes: 'WEBP' },
    ],
  ],
  'image/bmp': [[{ offset: 0, bytes: 'BM' }]],
  'image/tiff': [[{ offset: 0, bytes: 'II*\0' }], [{ offset: 0, bytes: 'MM\0*' }]],
};

/** The `ftyp` brands (major or compatible) that prove each ISO base media image type. */
export const FTYP_BRANDS: Readonly<Record<string, readonly string[]>> = {
  'image/avif': ['avif', 'avis'],
  'image/heic': ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs'],
  'image/heif': ['mif1', 'msf1', 'heif'],
};

/** Other spellings of the types above. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-ms-bmp': 'image/bmp',
  'image/x-bmp': 'image/bmp',
  'image/heic-sequence': 'image/heic',
  'image/heif-sequence': 'image/heif',
};

/** The canonical spelling of an image media type (`image/jpg` → `image/jpeg`), lower-cased. */
export function canonicalImageType(mediaType: string): string {
  const essence = normalizeMediaType(mediaType);
  return ALIASES[essence] ?? essence;
}

function partMatches(bytes: Uint8Array, part: SignaturePart): boolean {
  const expected =
    typeof part.bytes === 'string'
      ? Array.from(part.bytes, (character) => character.charCodeAt(0))
      : part.bytes;
  if (bytes.length < part.offset + expected.length) return false;
  return expected.every((byte, index) => bytes[part.offset + index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The major and compatible brands of a leading `ftyp` box, or [] when there is none. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const size =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, Math.max(16, size));
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4)
    brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

/** How many leading bytes the checks here read at most. */
export const IMAGE_SIGNATURE_HEAD_BYTES = 64;

/**
 * Whether `bytes` begin as an image of `mediaType` must: true or false for a type with a known
 * signature (the types of {@link IMAGE_SIGNATURES} and {@link FTYP_BRANDS}), undefined for any
 * other type (SVG, an unknown `image/x-...`), whose bytes prove nothing here. Empty bytes
 * match no type.
 */
export function imageBytesMatch(bytes: Uint8Array, mediaType: string): boolean | undefined {
  const type = canonicalImageType(mediaType);
  const alternatives = IMAGE_SIGNATURES[type];
  if (alternatives !== undefined) {
    return alternatives.some((parts) => parts.every((part) => partMatches(bytes, part)));
  }
  const brands = FTYP_BRANDS[type];
  if (brands !== undefined) return ftypBrands(bytes).some((brand) => brands.includes(brand));
  return undefined;
}

/** {@link imageBytesMatch} on a base64 payload (only its head is decoded); false when it is not base64. */
export function imageBase64Matches(base64: string, mediaType: string): boolean | undefined {
  const known = imageBytesMatch(new Uint8Array(0), mediaType);
  if (known === undefined) return undefined;
  let head = base64.slice(0, 128).replace(/\s+/g, '');
  if (head.length < 88 && base64.length > 128) head = base64.replace(/\s+/g, '');
  head = head.slice(0, 88);
  try {
    return imageBytesMatch(
      base64ToBytes(head.slice(0, head.length - (head.length % 4))),
      mediaType,
    );
  } catch {
    return false;
  }
}

/**
 * The image type the leading bytes prove, from the tables above (the major `ftyp` brand first
 * for the ISO base media formats), or undefined.
 */
export function imageTypeFromSignature(bytes: Uint8Array): string | undefined {
  for (const [type, alternatives] of Object.entries(IMAGE_SIGNATURES)) {
    if (alternatives.some((parts) => parts.every((part) => partMatches(bytes, part)))) return type;
  }
  const brands = ftypBrands(bytes);
  for (const brand of brands) {
    for (const [type, list] of Object.entries(FTYP_BRANDS)) if (list.includes(brand)) return type;
  }
  return undefined;
}
