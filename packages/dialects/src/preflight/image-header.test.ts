import { describe, expect, it } from 'vitest';
import { base64ImageDimensions } from './image-header.js';

// The pixel size the media-size rules read from an image's first bytes. Every fixture is laid
// out byte by byte here from the format's specification (PNG IHDR, GIF logical screen, JPEG
// SOFn after its segments, WebP's VP8/VP8L/VP8X chunks), never produced by the code under test.

const base64 = (bytes: readonly number[]) => Buffer.from(bytes).toString('base64');
const zeros = (count: number) => new Array<number>(count).fill(0);

// PNG: the 8-byte signature, then the IHDR chunk (length 13, "IHDR", width and height as
// big-endian 32-bit numbers). 9000 × 300 = 00 00 23 28 × 00 00 01 2c.
const PNG_9000_BY_300 = [
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x23, 0x28, 0x00, 0x00, 0x01, 0x2c,
];

// GIF: "GIF89a", then the logical screen width and height, little-endian 16-bit.
// 800 × 600 = 20 03 × 58 02.
const GIF_800_BY_600 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x03, 0x58, 0x02];

// JPEG: SOI (ff d8), then segments "ff <marker> <length, big-endian, counting itself>".
const SOI = [0xff, 0xd8];
/** A segment with `payload` bytes after its length field. */
const segment = (marker: number, payload: number) => [
  0xff,
  marker,
  (payload + 2) >> 8,
  (payload + 2) & 0xff,
  ...zeros(payload),
];
// A baseline frame header (SOF0 unless told): length 17, precision 8, height 480 (01 e0),
// width 640 (02 80), then 3 components.
const sof = (marker = 0xc0) => [
  0xff,
  marker,
  0x00,
  0x11,
  0x08,
  0x01,
  0xe0,
  0x02,
  0x80,
  0x03,
  ...zeros(9),
];
const APP0 = segment(0xe0, 14);
const jpeg = (...parts: number[][]) => base64([...SOI, ...parts.flat()]);

// WebP: "RIFF", the file size (not read), "WEBP", then the first chunk's name and size.
const riff = (form: string, chunk: string, body: readonly number[]) => [
  ...Buffer.from('RIFF'),
  0x00,
  0x10,
  0x00,
  0x00,
  ...Buffer.from(form),
  ...Buffer.from(chunk),
  0x00,
  0x08,
  0x00,
  0x00,
  ...body,
];
// VP8 (lossy): a 3-byte frame tag, the start code 9d 01 2a, then width and height as 14-bit
// little-endian numbers with 2 scale bits above. 640 with scale 1 = 80 42; 480 = e0 01.
const VP8_640_BY_480 = riff(
  'WEBP',
  'VP8 ',
  [0x50, 0x2a, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x42, 0xe0, 0x01],
);
// VP8L (lossless): the signature 2f, then width − 1 and height − 1 in 14 bits each,
// little-endian: 399 | 299 << 14 = 0x004ac18f = 8f c1 4a 00. Then the stream.
const VP8L_400_BY_300 = riff(
  'WEBP',
  'VP8L',
  [0x2f, 0x8f, 0xc1, 0x4a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
);
// VP8X (extended): 4 bytes of flags, then canvas width − 1 and height − 1 as 24-bit
// little-endian numbers: 69 999 = 6f 11 01, 2 999 = b7 0b 00.
const VP8X_70000_BY_3000 = riff(
  'WEBP',
  'VP8X',
  [0x10, 0x00, 0x00, 0x00, 0x6f, 0x11, 0x01, 0xb7, 0x0b, 0x00],
);

describe('base64ImageDimensions: the size in each format’s header', () => {
  it('PNG: width and height of IHDR, read from exactly the 24 bytes that hold them', () => {
    expect(base64ImageDimensions(base64(PNG_9000_BY_300))).toEqual({ width: 9000, height: 300 });
    expect(base64ImageDimensions(base64([...PNG_9000_BY_300, ...zeros(40)]))).toEqual({
      width: 9000,
      height: 300,
    });
  });

  it('GIF: the logical screen, read from exactly its 10 bytes (padded base64)', () => {
    expect(base64(GIF_800_BY_600)).toBe('R0lGODlhIANYAg==');
    expect(base64ImageDimensions('R0lGODlhIANYAg==')).toEqual({ width: 800, height: 600 });
  });

  it('JPEG: the frame header after the metadata segments', () => {
    expect(base64ImageDimensions(jpeg(APP0, segment(0xdb, 65), sof()))).toEqual({
      width: 640,
      height: 480,
    });
    // A frame header right after SOI.
    expect(base64ImageDimensions(jpeg(sof()))).toEqual({ width: 640, height: 480 });
  });

  it('JPEG: every frame marker c0 to cf counts, but DHT (c4), JPG (c8) and DAC (cc), which are skipped', () => {
    for (const marker of [0xc1, 0xc2, 0xc3, 0xc5, 0xc7, 0xc9, 0xcb, 0xcd, 0xcf]) {
      expect(base64ImageDimensions(jpeg(sof(marker)))).toEqual({ width: 640, height: 480 });
    }
    // The tables before the frame are segments to skip, not frames: their length field would
    // otherwise be read as a size.
    for (const marker of [0xc4, 0xc8, 0xcc, 0xbe, 0xd0, 0xe1, 0xfe]) {
      const skipped = [0xff, marker, 0x00, 0x08, 0x08, 0x00, 0x07, 0x00, 0x05, 0x00];
      expect(base64ImageDimensions(jpeg(skipped, sof()))).toEqual({ width: 640, height: 480 });
    }
  });

  it('JPEG: a frame header after 64 characters or 4 KB of metadata is read further', () => {
    // 100 bytes of EXIF: past the first read of 64 characters.
    expect(base64ImageDimensions(jpeg(segment(0xe1, 100), sof()))).toEqual({
      width: 640,
      height: 480,
    });
    // 5000 bytes of ICC profile: past the 4096 characters of the second read.
    expect(base64ImageDimensions(jpeg(segment(0xe2, 5000), sof()))).toEqual({
      width: 640,
      height: 480,
    });
  });

  it('JPEG: read up to 64 KB: a frame header must start within its first 65 528 bytes', () => {
    // The last read is 87 384 base64 characters, 65 538 bytes; the frame header needs its
    // first 10 bytes. 2 (SOI) + 60 004 + 5 522 = 65 528: the last place it is found.
    expect(base64ImageDimensions(jpeg(segment(0xe1, 60_000), segment(0xe2, 5_518), sof()))).toEqual(
      { width: 640, height: 480 },
    );
    // One byte more of metadata: not found, and the rest is never decoded.
    expect(
      base64ImageDimensions(jpeg(segment(0xe1, 60_000), segment(0xe2, 5_519), sof())),
    ).toBeUndefined();
  });

  it('WebP: VP8 masks out the scale bits; VP8L and VP8X store the size minus one', () => {
    expect(base64ImageDimensions(base64(VP8_640_BY_480))).toEqual({ width: 640, height: 480 });
    expect(base64ImageDimensions(base64(VP8L_400_BY_300))).toEqual({ width: 400, height: 300 });
    expect(base64ImageDimensions(base64(VP8X_70000_BY_3000))).toEqual({
      width: 70_000,
      height: 3_000,
    });
  });

  it('base64 wrapped into lines (of any width) is read as the same bytes', () => {
    const padded = base64([...PNG_9000_BY_300, ...zeros(36)]);
    const wrapped = (width: number, eol: string) =>
      (padded.match(new RegExp(`.{1,${width}}`, 'g')) ?? []).join(eol);
    // Lines of 20 leave 61 characters of base64 in the first 64: the read stops at 60.
    for (const text of [wrapped(20, '\n'), wrapped(20, '\r\n'), wrapped(8, '\n'), ` ${padded}`]) {
      expect(base64ImageDimensions(text)).toEqual({ width: 9000, height: 300 });
    }
    expect(
      base64ImageDimensions(jpeg(segment(0xe1, 100), sof()).replace(/.{76}/g, '$&\n')),
    ).toEqual({ width: 640, height: 480 });
  });
});

describe('base64ImageDimensions: unknown, truncated and hostile headers give no size', () => {
  it('anything but the four formats: SVG labelled image/png, a PDF, text, nothing', () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="9000"></svg>',
    ).toString('base64');
    for (const text of [svg, 'JVBERi0xLjcKJcfs', base64([...Buffer.from('hello, world')]), '']) {
      expect(base64ImageDimensions(text)).toBeUndefined();
    }
  });

  it('a signature right but for one byte is not that format', () => {
    const png = [...PNG_9000_BY_300];
    for (const [at, value] of [
      [0, 0x88],
      [1, 0x51],
    ] as const) {
      const broken = [...png];
      broken[at] = value;
      expect(base64ImageDimensions(base64(broken))).toBeUndefined();
    }
    for (const at of [0, 1, 2]) {
      const broken = [...GIF_800_BY_600];
      broken[at] = 0x00;
      expect(base64ImageDimensions(base64(broken))).toBeUndefined();
    }
    // SOI is ff d8: ff d9 (EOI) or 00 d8 before a frame header is not a JPEG.
    expect(base64ImageDimensions(base64([0xff, 0xd9, ...sof()]))).toBeUndefined();
    expect(base64ImageDimensions(base64([0x00, 0xd8, ...sof()]))).toBeUndefined();
  });

  it('a header cut one byte short of the size gives no size', () => {
    expect(base64ImageDimensions(base64(PNG_9000_BY_300.slice(0, 23)))).toBeUndefined();
    expect(base64ImageDimensions(base64(GIF_800_BY_600.slice(0, 9)))).toBeUndefined();
    expect(base64ImageDimensions(base64(VP8_640_BY_480.slice(0, 29)))).toBeUndefined();
    expect(base64ImageDimensions(base64(VP8L_400_BY_300.slice(0, 25)))).toBeUndefined();
    expect(base64ImageDimensions(base64(VP8X_70000_BY_3000.slice(0, 28)))).toBeUndefined();
    expect(base64ImageDimensions(base64(VP8X_70000_BY_3000.slice(0, 29)))).toBeUndefined();
    // A frame header needs its first 10 bytes (through the component count): 9 are not read.
    expect(base64ImageDimensions(jpeg(sof().slice(0, 9)))).toBeUndefined();
    expect(base64ImageDimensions(jpeg(sof().slice(0, 10)))).toEqual({ width: 640, height: 480 });
  });

  it('JPEG: a segment that does not start with ff ends the read', () => {
    // Junk after SOI, then what would read as a frame header one byte on.
    expect(base64ImageDimensions(jpeg([0x00], sof()))).toBeUndefined();
    expect(
      base64ImageDimensions(
        jpeg([0x00, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x00]),
      ),
    ).toBeUndefined();
    // A segment length that points into the middle of the next segment.
    expect(base64ImageDimensions(jpeg([0xff, 0xe0, 0x00, 0x04, 0x00], sof()))).toBeUndefined();
    // A zero length moves on by the marker only, onto the length bytes: the read ends.
    expect(base64ImageDimensions(jpeg([0xff, 0xe0, 0x00, 0x00], sof()))).toBeUndefined();
    // A length past the end of the data.
    expect(base64ImageDimensions(jpeg([0xff, 0xe1, 0xff, 0xff, ...zeros(10)]))).toBeUndefined();
  });

  it('RIFF but not WEBP, or a WebP chunk it does not know, gives no size', () => {
    expect(
      base64ImageDimensions(base64(riff('WAVE', 'VP8 ', VP8_640_BY_480.slice(20)))),
    ).toBeUndefined();
    expect(
      base64ImageDimensions(base64(riff('WEBP', 'VP9 ', VP8_640_BY_480.slice(20)))),
    ).toBeUndefined();
    expect(
      base64ImageDimensions(base64(riff('WEBP', 'ALPH', VP8X_70000_BY_3000.slice(20)))),
    ).toBeUndefined();
  });
});
