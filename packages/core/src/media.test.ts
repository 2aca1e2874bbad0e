import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64ByteLength,
  base64ToBytes,
  buildDataUrl,
  bytesToBase64,
  dataUrlToBytes,
  MEDIA_TYPES_BY_EXTENSION,
  mediaTypeFromBase64,
  mediaTypeFromBytes,
  mediaTypeFromPath,
  NATIVE_IMAGE_MEDIA_TYPES,
  normalizeMediaType,
  parseDataUrl,
  ValidationError,
} from './index.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16);
const GIF87 = bytes(0x47, 0x49, 0x46, 0x38, 0x37, 0x61, 1, 0);
const GIF89 = bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0);
const WEBP = bytes(0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50);
const WAVE = bytes(0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x41, 0x56, 0x45);
const PDF = bytes(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37);

describe('mediaTypeFromPath', () => {
  it.each([
    ['photo.png', 'image/png'],
    ['/tmp/Photo.JPG', 'image/jpeg'],
    ['C:\\pictures\\cat.jpeg', 'image/jpeg'],
    ['anim.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['doc.pdf', 'application/pdf'],
    ['notes.txt', 'text/plain'],
    ['archive.tar.gz', undefined],
    ['README', undefined],
    ['.png', 'image/png'],
    ['dir.png/file', undefined],
    ['https://cdn.test/img/cat.png?width=200&format=webp', 'image/png'],
    ['https://cdn.test/img/cat.webp#section', 'image/webp'],
    ['https://cdn.test/render?file=cat.png', undefined],
    ['https://cdn.test/a%20b.pdf', 'application/pdf'],
    ['https://cdn.test/', undefined],
    ['relative/cat.gif?v=2', 'image/gif'],
    ['cat.png#x', 'image/png'],
    ['data:image/webp;base64,UklGRg==', 'image/webp'],
    ['data:IMAGE/PNG;base64,AAAA', 'image/png'],
    ['data:,hello', undefined],
    ['http://[bad', undefined],
  ])('%s → %s', (input, expected) => {
    expect(mediaTypeFromPath(input)).toBe(expected);
  });

  it('knows every extension of its table', () => {
    for (const [extension, mediaType] of Object.entries(MEDIA_TYPES_BY_EXTENSION)) {
      expect(mediaTypeFromPath(`file.${extension}`)).toBe(mediaType);
    }
  });
});

describe('mediaTypeFromBytes / mediaTypeFromBase64 (magic bytes)', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF87a', GIF87, 'image/gif'],
    ['GIF89a', GIF89, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
    ['PDF', PDF, 'application/pdf'],
    ['RIFF WAVE (not WebP)', WAVE, undefined],
    ['GIF8 with a bad version', bytes(0x47, 0x49, 0x46, 0x38, 0x38, 0x61), undefined],
    ['GIF87 without the a', bytes(0x47, 0x49, 0x46, 0x38, 0x37, 0x62), undefined],
    ['PNG cut short', PNG.subarray(0, 7), undefined],
    ['empty', new Uint8Array(), undefined],
    ['text', new TextEncoder().encode('hello world'), undefined],
  ])('%s', (_label, input, expected) => {
    expect(mediaTypeFromBytes(input)).toBe(expected);
    expect(mediaTypeFromBase64(bytesToBase64(input))).toBe(expected);
  });

  it('reads base64 with whitespace and without padding', () => {
    expect(mediaTypeFromBase64('iVBO Rw0K\nGgoAAAA')).toBe('image/png');
    expect(mediaTypeFromBase64('JVBERi0')).toBe('application/pdf');
    expect(mediaTypeFromBase64('***')).toBeUndefined();
    expect(mediaTypeFromBase64('')).toBeUndefined();
  });
});

describe('normalizeMediaType', () => {
  it.each([
    ['image/PNG', 'image/png'],
    ['text/plain; charset=UTF-8', 'text/plain'],
    ['  Application/PDF ', 'application/pdf'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeMediaType(input)).toBe(expected);
  });

  it('has the four native image types', () => {
    expect(NATIVE_IMAGE_MEDIA_TYPES).toEqual([
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
    ]);
  });
});

describe('base64', () => {
  it('encodes and decodes exactly', () => {
    expect(bytesToBase64(bytes())).toBe('');
    expect(bytesToBase64(bytes(0x4d))).toBe('TQ==');
    expect(bytesToBase64(bytes(0x4d, 0x61))).toBe('TWE=');
    expect(bytesToBase64(bytes(0x4d, 0x61, 0x6e))).toBe('TWFu');
    expect(bytesToBase64(bytes(0xfb, 0xff))).toBe('+/8=');
    expect(base64ToBytes('TWFu')).toEqual(bytes(0x4d, 0x61, 0x6e));
    expect(base64ToBytes('TQ')).toEqual(bytes(0x4d));
    expect(base64ToBytes(' T W\nE= ')).toEqual(bytes(0x4d, 0x61));
    expect(base64ToBytes('+/8=')).toEqual(bytes(0xfb, 0xff));
  });

  it('encodes a subarray view, not its whole buffer', () => {
    const buffer = bytes(1, 2, 3, 4, 5);
    expect(bytesToBase64(buffer.subarray(1, 3))).toBe(bytesToBase64(bytes(2, 3)));
  });

  it.each(['abc$', 'TQ===', 'T', 'TWFuT', '-_8=', 'TQ=a'])(
    'refuses %j as invalid_base64',
    (input) => {
      try {
        base64ToBytes(input);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).code).toBe('invalid_base64');
        expect((error as ValidationError).message).toBe('not a valid base64 string');
      }
    },
  );

  it.each([
    ['', 0],
    ['TQ==', 1],
    ['TQ', 1],
    ['TWE=', 2],
    ['TWE', 2],
    ['TWFu', 3],
    ['TWFuTQ==', 4],
    ['TW Fu\nTQ==\n', 4],
    ['TQ= =', 1],
    ['  TWE=  ', 2],
  ])('base64ByteLength(%j) is %d', (input, expected) => {
    expect(base64ByteLength(input)).toBe(expected);
  });

  it('counts exactly the decoded length, padded, unpadded and wrapped (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 80 }),
        (data, pad, width) => {
          const padded = bytesToBase64(data);
          const unpadded = padded.replace(/=+$/, '');
          const chosen = pad ? padded : unpadded;
          const wrapped = chosen.replace(new RegExp(`(.{${width}})`, 'g'), '$1\n');
          for (const form of [chosen, wrapped]) {
            expect(base64ByteLength(form)).toBe(data.length);
            expect(base64ToBytes(form)).toEqual(data);
          }
        },
      ),
    );
  });
});

describe('data: URLs', () => {
  it('parses base64 and text forms', () => {
    expect(parseDataUrl('data:image/png;base64,iVBORw0KGgo=')).toEqual({
      mediaType: 'image/png',
      isBase64: true,
      data: 'iVBORw0KGgo=',
    });
    expect(parseDataUrl('data:text/plain;charset=UTF-8,hello%20world')).toEqual({
      mediaType: 'text/plain;charset=utf-8',
      isBase64: false,
      data: 'hello%20world',
    });
    expect(parseDataUrl('data:,x')).toEqual({
      mediaType: 'text/plain;charset=US-ASCII',
      isBase64: false,
      data: 'x',
    });
    expect(parseDataUrl('DATA:;BASE64,TQ==')).toEqual({
      mediaType: 'text/plain;charset=US-ASCII',
      isBase64: true,
      data: 'TQ==',
    });
    expect(parseDataUrl('  data:application/pdf;base64,JVBE\nRi0=  ')).toEqual({
      mediaType: 'application/pdf',
      isBase64: true,
      data: 'JVBE\nRi0=',
    });
  });

  it.each(['https://x.test/a.png', 'data:image/png;base64', '', 'data'])('refuses %j', (input) => {
    try {
      parseDataUrl(input);
      expect.unreachable();
    } catch (error) {
      expect((error as ValidationError).code).toBe('invalid_data_url');
      expect((error as ValidationError).message).toBe(
        'not a data: URL (expected data:[<media type>][;base64],<data>)',
      );
    }
  });

  it('decodes the bytes of base64 and percent-encoded URLs', () => {
    expect(dataUrlToBytes('data:image/png;base64,TWFu')).toEqual(bytes(0x4d, 0x61, 0x6e));
    expect(dataUrlToBytes('data:;base64,TW%46u')).toEqual(bytes(0x4d, 0x61, 0x6e));
    expect(dataUrlToBytes('data:,a%20b')).toEqual(bytes(0x61, 0x20, 0x62));
    expect(dataUrlToBytes('data:,%FF%00')).toEqual(bytes(0xff, 0x00));
    expect(dataUrlToBytes('data:,%E2%82%AC€')).toEqual(bytes(0xe2, 0x82, 0xac, 0xe2, 0x82, 0xac));
    expect(dataUrlToBytes('data:,100%')).toEqual(bytes(0x31, 0x30, 0x30, 0x25));
    expect(() => dataUrlToBytes('data:;base64,@@@@')).toThrowError('not a valid base64 string');
  });

  it('builds data URLs, with a fallback media type', () => {
    expect(buildDataUrl('image/png', 'TWFu')).toBe('data:image/png;base64,TWFu');
    expect(buildDataUrl(undefined, 'TWFu')).toBe('data:application/octet-stream;base64,TWFu');
    expect(buildDataUrl('', 'TWFu')).toBe('data:application/octet-stream;base64,TWFu');
  });

  it('round-trips any bytes through a built data URL (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (data) => {
        const url = buildDataUrl('application/octet-stream', bytesToBase64(data));
        expect(dataUrlToBytes(url)).toEqual(data);
        expect(base64ByteLength(parseDataUrl(url).data)).toBe(data.length);
      }),
    );
  });
});
