import { describe, expect, it } from 'vitest';
import {
  base64ByteLength,
  dataUrlToBytes,
  mediaTypeFromBytes,
  mediaTypeFromPath,
  parseDataUrl,
} from './index.js';

// What a caller gets at the edges of the media helpers: odd paths and URLs, bytes that carry
// half a signature, data: URLs spelled loosely. Expected values written by hand.
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('mediaTypeFromPath: every extension of the table', () => {
  it('names each type by hand', () => {
    const names = [
      'a.png',
      'a.jpg',
      'a.jpeg',
      'a.jpe',
      'a.gif',
      'a.webp',
      'a.bmp',
      'a.svg',
      'a.avif',
      'a.heic',
      'a.heif',
      'a.tif',
      'a.tiff',
      'a.pdf',
      'a.txt',
      'a.md',
      'a.csv',
      'a.html',
      'a.htm',
      'a.json',
      'a.wav',
      'a.mp3',
      'a.ogg',
    ];
    expect(Object.fromEntries(names.map((name) => [name, mediaTypeFromPath(name)]))).toEqual({
      'a.png': 'image/png',
      'a.jpg': 'image/jpeg',
      'a.jpeg': 'image/jpeg',
      'a.jpe': 'image/jpeg',
      'a.gif': 'image/gif',
      'a.webp': 'image/webp',
      'a.bmp': 'image/bmp',
      'a.svg': 'image/svg+xml',
      'a.avif': 'image/avif',
      'a.heic': 'image/heic',
      'a.heif': 'image/heif',
      'a.tif': 'image/tiff',
      'a.tiff': 'image/tiff',
      'a.pdf': 'application/pdf',
      'a.txt': 'text/plain',
      'a.md': 'text/markdown',
      'a.csv': 'text/csv',
      'a.html': 'text/html',
      'a.htm': 'text/html',
      'a.json': 'application/json',
      'a.wav': 'audio/wav',
      'a.mp3': 'audio/mpeg',
      'a.ogg': 'audio/ogg',
    });
  });
});

describe('mediaTypeFromPath: paths and URLs', () => {
  it.each([
    // A host that looks like a file name is not a path.
    ['https://cdn.png', undefined],
    ['ftp://files.pdf', undefined],
    // A URL that cannot be parsed names nothing, whatever it ends with.
    ['http://[bad/cat.png', undefined],
    // "://" or "data:" further in is part of a relative path.
    ['mirror/http://cdn.test/cat.png', 'image/png'],
    ['backup/data:cat.png', 'image/png'],
    // A file named like an extension has no extension.
    // A data: URL without its comma is not one, and not a path either.
    ['data:cat.png', undefined],
    ['pictures/png', undefined],
    ['png', undefined],
  ])('%s → %s', (input, expected) => {
    expect(mediaTypeFromPath(input)).toBe(expected);
  });
});

describe('mediaTypeFromBytes: half a signature proves nothing', () => {
  it.each([
    ['a GIF version without GIF8', 'XXXX7a\u0001\u0000'],
    ['a GIF version without GIF8 (89a)', 'XXXX9a\u0001\u0000'],
    ['WEBP without RIFF', 'XXXX\u0000\u0000\u0000\u0000WEBPVP8 '],
  ])('%s', (_label, text) => {
    expect(mediaTypeFromBytes(ascii(text))).toBeUndefined();
  });
});

describe('data: URLs', () => {
  it('reads a media type written with spaces around its parts', () => {
    expect(parseDataUrl('data: image/png ; base64 ,iVBORw0KGgo=')).toEqual({
      mediaType: 'image/png',
      isBase64: true,
      data: 'iVBORw0KGgo=',
    });
  });

  it('a URL whose only parameter is named base64 has no media type and is base64', () => {
    expect(parseDataUrl('data:;base64,aGk=')).toEqual({
      mediaType: 'text/plain;charset=US-ASCII',
      isBase64: true,
      data: 'aGk=',
    });
    expect(parseDataUrl('data:base64,aGk=')).toEqual({
      mediaType: 'base64',
      isBase64: false,
      data: 'aGk=',
    });
  });

  it('a payload spanning lines is kept whole', () => {
    expect(parseDataUrl('data:text/plain,line one\nline two')).toEqual({
      mediaType: 'text/plain',
      isBase64: false,
      data: 'line one\nline two',
    });
  });

  it('is refused when data: is not at the start', () => {
    expect(() => parseDataUrl('see data:,x')).toThrow(
      expect.objectContaining({ code: 'invalid_data_url' }),
    );
  });

  it('keeps a % not followed by two hex digits as it is', () => {
    expect(Array.from(dataUrlToBytes('data:,%4'))).toEqual([0x25, 0x34]);
    expect(Array.from(dataUrlToBytes('data:,%4g1'))).toEqual([0x25, 0x34, 0x67, 0x31]);
    expect(Array.from(dataUrlToBytes('data:,a%'))).toEqual([0x61, 0x25]);
    expect(Array.from(dataUrlToBytes('data:,%414'))).toEqual([0x41, 0x34]);
  });
});

it('base64ByteLength of whitespace alone is 0', () => {
  expect(base64ByteLength(' \n\t ')).toBe(0);
  expect(base64ByteLength('aGk=\n')).toBe(2);
});
