import { base64ToBytes } from '@crosswire/core';

// Pixel size from the first bytes of a base64 image (PNG, GIF, JPEG, WebP), for the media-size
// rules. Only the header is decoded: a few KB at most, whatever the image's size.

/** Width and height in pixels. */
export interface Dimensions {
  readonly width: number;
  readonly height: number;
}

// PNG, GIF and WebP say their size in the first 30 bytes; JPEG puts its frame header after the
// metadata segments (EXIF, ICC profiles), so a JPEG is read further, up to 64 KB.
const HEADER_STEPS = [64, 4096, 87_384];

function headerBytes(base64: string, chars: number): Uint8Array {
  let prefix = base64.slice(0, chars);
  if (!/^[A-Za-z0-9+/]*=*$/.test(prefix)) prefix = prefix.replace(/[^A-Za-z0-9+/]/g, '');
  return base64ToBytes(prefix.slice(0, prefix.length - (prefix.length % 4)));
}

function png(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  if (bytes[0] !== 0x89 || bytes[1] !== 0x50 || bytes.length < 24) return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function gif(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  if (bytes[0] !== 0x47 || bytes[1] !== 0x49 || bytes[2] !== 0x46 || bytes.length < 10)
    return undefined;
  return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

function jpeg(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    offset += 2 + view.getUint16(offset + 2);
  }
  return undefined;
}

function webp(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  if (bytes.length < 30 || String.fromCharCode(...bytes.subarray(8, 12)) !== 'WEBP')
    return undefined;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8 ')
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const u24 = (at: number) =>
      (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
    return { width: 1 + u24(24), height: 1 + u24(27) };
  }
  return undefined;
}

const READERS = [png, gif, jpeg, webp];

/** The pixel size of a base64 PNG, GIF, JPEG or WebP (by its signature); undefined otherwise. */
export function base64ImageDimensions(base64: string): Dimensions | undefined {
  for (const chars of HEADER_STEPS) {
    const bytes = headerBytes(base64, chars);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (const read of READERS) {
      try {
        const found = read(bytes, view);
        if (found) return found;
      } catch {
        // A truncated header: try the next format, then read further (JPEG) or give up.
      }
    }
    const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
    if (!isJpeg || chars >= base64.length) return undefined;
  }
  return undefined;
}
