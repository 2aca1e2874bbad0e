/** Small real image payloads for tests and goldens. */

/** A 1x1 PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_BYTES = Buffer.from(PNG_BASE64, 'base64');

/** The first bytes of a JPEG (enough for the magic-byte check). */
export const JPEG_BYTES = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01,
]);

/** A PNG signature followed by `size - 8` zero bytes: a "big image" for cap tests. */
export function bigPng(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  PNG_BYTES.copy(bytes, 0, 0, 8);
  return bytes;
}
