import { createHash } from 'node:crypto';

/** Pixel size read from an image header, when the format is one the CLI knows. */
export interface Dimensions {
  readonly width: number;
  readonly height: number;
}

function pngDimensions(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  // The IHDR chunk is first: width and height at bytes 16..23, big-endian.
  if (bytes.length < 24 || bytes[12] !== 0x49 || bytes[13] !== 0x48) return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function gifDimensions(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  if (bytes.length < 10) return undefined;
  return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

function jpegDimensions(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  // Walk the segments to the first start-of-frame marker (SOF0..SOF15 but DHT, JPG, DAC).
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    const length = view.getUint16(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    offset += 2 + length;
  }
  return undefined;
}

function webpDimensions(bytes: Uint8Array, view: DataView): Dimensions | undefined {
  if (bytes.length < 30) return undefined;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8 ') {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const width = 1 + ((bytes[24] ?? 0) | ((bytes[25] ?? 0) << 8) | ((bytes[26] ?? 0) << 16));
    const height = 1 + ((bytes[27] ?? 0) | ((bytes[28] ?? 0) << 8) | ((bytes[29] ?? 0) << 16));
    return { width, height };
  }
  return undefined;
}

/** Width and height from the header of a PNG, GIF, JPEG or WebP; undefined otherwise. */
export function imageDimensions(
  bytes: Uint8Array,
  mediaType: string | undefined,
): Dimensions | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (mediaType) {
      case 'image/png':
        return pngDimensions(bytes, view);
      case 'image/gif':
        return gifDimensions(bytes, view);
      case 'image/jpeg':
        return jpegDimensions(bytes, view);
      case 'image/webp':
        return webpDimensions(bytes, view);
      default:
        return undefined;
    }
  } catch {
    // A truncated header: no dimensions rather than a failure, the size and type still stand.
    return undefined;
  }
}

/** The SHA-256 of the bytes, hex: identifies the payload without printing it. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
