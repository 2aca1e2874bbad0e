import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

// The probe's test material: a random code word, drawn into a PNG and written into a PDF.
// A model passes a probe only by reading the word back, which guessing cannot do.

/** Letters and digits no model confuses with each other (no O/0, I/1, S/5, B/8, G/6, ...). */
export const CODE_ALPHABET = 'ACEFHJKMNPRTUVWXY3479';

/** A random code word of `length` characters from {@link CODE_ALPHABET}. */
export function codeWord(length = 6): string {
  let word = '';
  for (let index = 0; index < length; index += 1) {
    word += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return word;
}

/** 5×7 glyphs of the alphabet, one string of 0/1 per row. */
export const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00001', '01110'],
};

/** The drawing's geometry: pixels per glyph dot, the gap between glyphs, the margin. */
export const PNG_LAYOUT = { scale: 8, gap: 2, margin: 2 } as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The code word in black block letters on white, as an 8-bit greyscale PNG. */
export function codeWordPng(word: string): Uint8Array {
  const { scale, gap, margin } = PNG_LAYOUT;
  const columns = margin * 2 + word.length * 5 + (word.length - 1) * gap;
  const rows = margin * 2 + 7;
  const width = columns * scale;
  const height = rows * scale;
  const dots = Array.from({ length: rows }, () => new Uint8Array(columns));
  [...word].forEach((character, position) => {
    const glyph = GLYPHS[character];
    if (!glyph) throw new Error(`no glyph for "${character}"`);
    const left = margin + position * (5 + gap);
    glyph.forEach((row, y) => {
      for (let x = 0; x < 5; x += 1)
        if (row[x] === '1') (dots[margin + y] as Uint8Array)[left + x] = 1;
    });
  });
  const raw = Buffer.alloc(height * (width + 1), 255);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width + 1)] = 0; // filter: none
    const dotRow = dots[Math.floor(y / scale)] as Uint8Array;
    for (let x = 0; x < width; x += 1) {
      if (dotRow[Math.floor(x / scale)]) raw[y * (width + 1) + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit, greyscale, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** A one-page PDF whose text says the code word (Helvetica, no compression). */
export function codeWordPdf(word: string): Uint8Array {
  const text = `BT /F1 28 Tf 72 700 Td (The code word is ${word}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
