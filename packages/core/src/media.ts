import { ValidationError } from './errors.js';

/** Media types by lower-case file extension. */
export const MEDIA_TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  json: 'application/json',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
};

/** The image types every wire with native images accepts. */
export const NATIVE_IMAGE_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
] as const;

/**
 * The media type named by the extension of a file path or of a URL's path (query and
 * fragment ignored), or the type a `data:` URL declares; undefined when there is none or
 * it is not known.
 */
export function mediaTypeFromPath(pathOrUrl: string): string | undefined {
  if (/^data:/i.test(pathOrUrl)) {
    try {
      const { mediaType } = parseDataUrl(pathOrUrl);
      return mediaType.startsWith('text/plain;charset=US-ASCII')
        ? undefined
        : normalizeMediaType(mediaType);
    } catch {
      return undefined;
    }
  }
  let path = pathOrUrl;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUrl)) {
    try {
      path = new URL(pathOrUrl).pathname;
    } catch {
      return undefined;
    }
  } else {
    path = pathOrUrl.replace(/[?#].*$/s, '');
  }
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  return MEDIA_TYPES_BY_EXTENSION[name.slice(dot + 1).toLowerCase()];
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/**
 * The media type the leading bytes prove (PNG, JPEG, GIF, WebP, PDF), or undefined.
 * Reads at most the first 16 bytes.
 */
export function mediaTypeFromBytes(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) {
    return bytes[5] === 0x61 ? 'image/gif' : undefined;
  }
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return 'image/webp';
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

/** The media type the leading bytes of a base64 payload prove; decodes only its first 24 chars. */
export function mediaTypeFromBase64(base64: string): string | undefined {
  // Strip whitespace from a short head, not from the whole payload (a scan and a copy of it);
  // only a head that is mostly whitespace needs more.
  let head = base64.slice(0, 64).replace(/\s+/g, '');
  if (head.length < 24 && base64.length > 64) head = base64.replace(/\s+/g, '');
  head = head.slice(0, 24);
  try {
    return mediaTypeFromBytes(base64ToBytes(head));
  } catch {
    return undefined;
  }
}

/** `image/PNG; charset=x` → `image/png`: the essence of a media type, lower-cased. */
export function normalizeMediaType(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

type BufferLike = {
  from(
    input: string | Uint8Array,
    encoding?: string,
  ): Uint8Array & {
    toString(encoding: string): string;
  };
};
const NodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;

/** Base64 (standard alphabet, padded) of `bytes`. */
export function bytesToBase64(bytes: Uint8Array): string {
  if (NodeBuffer) {
    return NodeBuffer.from(bytes.buffer ? bytes : new Uint8Array(bytes)).toString('base64');
  }
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

/** Decodes base64 (whitespace and missing padding tolerated). Throws on other characters. */
export function base64ToBytes(base64: string): Uint8Array {
  const clean = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) {
    throw new ValidationError('not a valid base64 string', { code: 'invalid_base64' });
  }
  if (NodeBuffer) return new Uint8Array(NodeBuffer.from(clean, 'base64'));
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * The number of bytes a base64 payload decodes to, counted without decoding it
 * (whitespace ignored, padding optional).
 */
export function base64ByteLength(base64: string): number {
  const clean = /\s/.test(base64) ? base64.replace(/\s+/g, '') : base64;
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor(((clean.length - padding) * 3) / 4);
}

/** The parts of a `data:` URL. */
export interface DataUrl {
  /** The media type, `text/plain;charset=US-ASCII` when the URL names none (RFC 2397). */
  readonly mediaType: string;
  /** True for `;base64` URLs. */
  readonly isBase64: boolean;
  /** The payload as written (base64, or percent-encoded text). */
  readonly data: string;
}

/** Parses a `data:` URL; throws {@link ValidationError} (`invalid_data_url`) when it is not one. */
export function parseDataUrl(url: string): DataUrl {
  const match = /^data:([^,]*),(.*)$/is.exec(url.trim());
  if (!match) {
    throw new ValidationError('not a data: URL (expected data:[<media type>][;base64],<data>)', {
      code: 'invalid_data_url',
    });
  }
  const meta = (match[1] ?? '').split(';').map((part) => part.trim());
  const isBase64 = meta.length > 1 && meta[meta.length - 1]?.toLowerCase() === 'base64';
  if (isBase64) meta.pop();
  const mediaType = meta[0] ? meta.join(';').toLowerCase() : 'text/plain;charset=US-ASCII';
  return { mediaType, isBase64, data: match[2] ?? '' };
}

/**
 * The bytes of a percent-encoded text: `%XX` is one byte, any other character its UTF-8.
 * Unlike `decodeURIComponent`, bytes that are not UTF-8 (`%FF`) are kept, not refused.
 */
function percentDecode(text: string): Uint8Array {
  const encoder = new TextEncoder();
  const bytes: number[] = [];
  for (let index = 0; index < text.length; ) {
    if (text[index] === '%' && /^[0-9a-f]{2}$/i.test(text.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(text.slice(index + 1, index + 3), 16));
      index += 3;
    } else {
      const codePoint = text.codePointAt(index) as number;
      const character = String.fromCodePoint(codePoint);
      bytes.push(...encoder.encode(character));
      index += character.length;
    }
  }
  return Uint8Array.from(bytes);
}

/**
 * The decoded bytes of a `data:` URL (base64, or percent-encoded text). Throws
 * {@link ValidationError} (`invalid_data_url` / `invalid_base64`) when it is not one.
 */
export function dataUrlToBytes(url: string): Uint8Array {
  const parsed = parseDataUrl(url);
  if (parsed.isBase64) {
    return base64ToBytes(new TextDecoder().decode(percentDecode(parsed.data)));
  }
  return percentDecode(parsed.data);
}

/** `data:<mediaType>;base64,<base64>`; the media type falls back to application/octet-stream. */
export function buildDataUrl(mediaType: string | undefined, base64: string): string {
  return `data:${mediaType || 'application/octet-stream'};base64,${base64}`;
}
