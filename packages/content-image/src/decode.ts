import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type BrotliDecompress,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
  type Gunzip,
  type Inflate,
  type InflateRaw,
} from 'node:zlib';
import { DECODABLE_ENCODINGS } from './fetch-options.js';

type Decoder = Gunzip | Inflate | InflateRaw | BrotliDecompress;

/** A chain longer than this is refused (undici's fetch draws the same line at 5). */
export const MAX_ENCODINGS = 5;

/**
 * The codings of a `Content-Encoding` header in the order they were applied; `identity`
 * dropped. Lower-cased, so `GZIP` decodes too.
 */
export function parseContentEncoding(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

export function isDecodable(coding: string): boolean {
  return (DECODABLE_ENCODINGS as readonly string[]).includes(coding);
}

function createDecoder(coding: string, firstByte: number | undefined): Decoder {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    default:
      // 'deflate' should be zlib-wrapped, but servers send raw deflate too; the first byte
      // tells them apart (CM = 8 in the low nibble of a zlib header), as browsers do.
      return firstByte !== undefined && (firstByte & 0x0f) === 8
        ? createInflate()
        : createInflateRaw();
  }
}

/**
 * Decodes `source` through one coding, lazily: the decoder is chosen on the first chunk, and
 * its output is pulled as the consumer asks, so zlib never inflates ahead of the byte count
 * (backpressure keeps a decompression bomb to a few buffers beyond what was counted).
 */
export function decodeStage(coding: string) {
  return async function* decode(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const iterator = source[Symbol.asyncIterator]();
    const first = await iterator.next();
    if (first.done === true) return;
    const decoder = createDecoder(coding, first.value[0]);
    const input = Readable.from(
      (async function* () {
        yield first.value;
        for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
          yield next.value;
        }
      })(),
    );
    const feeding = pipeline(input, decoder).catch((error: unknown) => {
      decoder.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    try {
      for await (const chunk of decoder) yield chunk as Buffer;
      await feeding;
    } finally {
      input.destroy();
      decoder.destroy();
      // Not awaited: a pending read upstream would hold it; the caller's pipeline destroys the body.
      iterator.return?.()?.catch(() => {});
    }
  };
}
