// A PNG as base64 whose header says `width` x `height`: the 8-byte signature and the IHDR
// chunk's length, type, width and height (big-endian 32-bit), laid out byte by byte, then zero
// bytes ('A') to `length` characters. Enough for code that reads sizes from the header.
export function pngHeaderOfSize(width: number, height: number, length = 44): string {
  const be32 = (value: number) => [
    value >>> 24,
    (value >>> 16) & 0xff,
    (value >>> 8) & 0xff,
    value & 0xff,
  ];
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const ihdr = [0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52];
  // 24 bytes are 32 characters of base64; the rest is zero bytes ('A').
  const header = [...signature, ...ihdr, ...be32(width), ...be32(height)];
  return Buffer.from(header).toString('base64') + 'A'.repeat(length - 32);
}

// A PNG header byte by byte, as the preflight catalogue's examples build it: signature, IHDR
// length and type, width and height (big-endian bytes as given), 8-bit RGBA, no interlace, a
// zero CRC; zero bytes after it up to `padTo` bytes. As base64.
export const pngHeaderRgba = (width: readonly number[], height: readonly number[], padTo = 33) => {
  const bytes = Buffer.alloc(padTo);
  Buffer.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    0x49,
    0x48,
    0x44,
    0x52,
    ...width,
    ...height,
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]).copy(bytes);
  return bytes.toString('base64');
};
