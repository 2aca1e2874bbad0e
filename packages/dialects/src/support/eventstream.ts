// The binary `application/vnd.amazon.eventstream` framing AWS streams in (Bedrock's
// ConverseStream and InvokeModelWithResponseStream): each message is a 12-byte prelude (total
// length, headers length, prelude CRC32), headers, a payload and a message CRC32, all integers
// big-endian. https://docs.aws.amazon.com/transcribe/latest/dg/streaming-setting-up.html (the
// format, shared by every AWS event stream) and `@smithy/eventstream-codec`, which the tests
// read our frames with. Both checksums are checked; every frame is bounded before it is buffered;
// reading is linear in the bytes however they are split. Pure: no `node:` modules.
import { ProviderError } from '@crosswire/core';

/** A header value as the format types it. */
export type EventStreamHeaderValue = boolean | number | bigint | string | Uint8Array | Date;

/** One message of an event stream: its headers (`:event-type`, `:message-type`...) and payload. */
export interface EventStreamMessage {
  readonly headers: Readonly<Record<string, EventStreamHeaderValue>>;
  readonly payload: Uint8Array;
}

const PRELUDE = 12;
/** Prelude plus the message CRC: the smallest message, with no header and no payload. */
const OVERHEAD = 16;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let value = byte;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    table[byte] = value >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC, the zlib one) of `bytes[start, end)`. */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffffffff;
  for (let index = start; index < end; index++) {
    crc = (CRC_TABLE[(crc ^ (bytes[index] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function badFrame(why: string): ProviderError {
  return new ProviderError(`event stream frame is malformed: ${why}; the stream was stopped`, {
    code: 'stream_bad_frame',
    details: { framing: 'aws-eventstream' },
  });
}

const utf8 = new TextDecoder('utf-8');
const utf8Encoder = new TextEncoder();

/** The headers of one message (`bytes[start, end)`), by the format's type tags. */
function readHeaders(bytes: Uint8Array, start: number, end: number) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headers: Record<string, EventStreamHeaderValue> = {};
  let at = start;
  const need = (count: number) => {
    if (at + count > end) throw badFrame('a header runs past the headers');
  };
  while (at < end) {
    need(1);
    const nameLength = bytes[at] as number;
    at += 1;
    need(nameLength + 1);
    const name = utf8.decode(bytes.subarray(at, at + nameLength));
    at += nameLength;
    const type = bytes[at] as number;
    at += 1;
    let value: EventStreamHeaderValue;
    switch (type) {
      case 0:
      case 1:
        value = type === 0;
        break;
      case 2:
        need(1);
        value = view.getInt8(at);
        at += 1;
        break;
      case 3:
        need(2);
        value = view.getInt16(at);
        at += 2;
        break;
      case 4:
        need(4);
        value = view.getInt32(at);
        at += 4;
        break;
      case 5:
      case 8: {
        need(8);
        const long = view.getBigInt64(at);
        at += 8;
        value = type === 5 ? long : new Date(Number(long));
        break;
      }
      case 6:
      case 7: {
        need(2);
        const length = view.getUint16(at);
        at += 2;
        need(length);
        const raw = bytes.slice(at, at + length);
        at += length;
        value = type === 6 ? raw : utf8.decode(raw);
        break;
      }
      case 9:
        need(16);
        value = bytes.slice(at, at + 16);
        at += 16;
        break;
      default:
        throw badFrame(`header ${JSON.stringify(name)} has the unknown type ${type}`);
    }
    headers[name] = value;
  }
  return headers;
}

/** One whole message (`bytes` holds exactly it), both checksums checked. */
export function decodeEventStreamMessage(bytes: Uint8Array): EventStreamMessage {
  if (bytes.length < OVERHEAD) throw badFrame(`a message of ${bytes.length} bytes is too short`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const total = view.getUint32(0);
  const headersLength = view.getUint32(4);
  if (total !== bytes.length)
    throw badFrame(`its prelude says ${total} bytes, it has ${bytes.length}`);
  if (view.getUint32(8) !== crc32(bytes, 0, 8))
    throw badFrame('the prelude checksum does not match');
  if (view.getUint32(total - 4) !== crc32(bytes, 0, total - 4)) {
    throw badFrame('the message checksum does not match');
  }
  if (headersLength > total - OVERHEAD) throw badFrame('its headers are longer than the message');
  const headers = readHeaders(bytes, PRELUDE, PRELUDE + headersLength);
  return { headers, payload: bytes.slice(PRELUDE + headersLength, total - 4) };
}

function headerBytes(name: string, value: EventStreamHeaderValue): Uint8Array {
  const nameBytes = utf8Encoder.encode(name);
  const body: number[] = [];
  const push16 = (length: number) => body.push((length >> 8) & 0xff, length & 0xff);
  if (typeof value === 'boolean') body.push(value ? 0 : 1);
  else if (typeof value === 'number') {
    body.push(4, (value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
  } else if (typeof value === 'bigint' || value instanceof Date) {
    const long = typeof value === 'bigint' ? value : BigInt(value.getTime());
    const eight = new Uint8Array(8);
    new DataView(eight.buffer).setBigInt64(0, long);
    body.push(typeof value === 'bigint' ? 5 : 8, ...eight);
  } else {
    const raw = typeof value === 'string' ? utf8Encoder.encode(value) : value;
    body.push(typeof value === 'string' ? 7 : 6);
    push16(raw.length);
    body.push(...raw);
  }
  return Uint8Array.from([nameBytes.length, ...nameBytes, ...body]);
}

/**
 * One message in the binary framing, with both checksums: what the simulator streams and the
 * tests decode with AWS's own codec. Integers are sent as 32-bit `integer` headers.
 */
export function encodeEventStreamMessage(message: EventStreamMessage): Uint8Array {
  const headers = Object.entries(message.headers).map(([name, value]) => headerBytes(name, value));
  const headersLength = headers.reduce((sum, header) => sum + header.length, 0);
  const total = OVERHEAD + headersLength + message.payload.length;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headersLength);
  view.setUint32(8, crc32(bytes, 0, 8));
  let at = PRELUDE;
  for (const header of headers) {
    bytes.set(header, at);
    at += header.length;
  }
  bytes.set(message.payload, at);
  view.setUint32(total - 4, crc32(bytes, 0, total - 4));
  return bytes;
}

/** Reads an event stream chunk by chunk. */
export interface EventStreamReader {
  /** Reads the next bytes; calls `onMessage` for every message they complete. */
  feed(bytes: Uint8Array): void;
  /** The bytes ended. Throws `stream_bad_frame` when they ended inside a message. */
  end(): void;
}

/**
 * A reader of the binary framing. A message whose prelude says it is longer than
 * `maxFrameSize` bytes calls `onTooLarge` (which must throw) before any of it is buffered.
 */
export function createEventStreamReader(
  onMessage: (message: EventStreamMessage) => void,
  maxFrameSize: number,
  onTooLarge: () => never,
): EventStreamReader {
  let pending: Uint8Array[] = [];
  let pendingLength = 0;

  /** The first `count` pending bytes as one array (copied once, only when a message is whole). */
  const take = (count: number): Uint8Array => {
    const out = new Uint8Array(count);
    let filled = 0;
    while (filled < count) {
      const head = pending[0] as Uint8Array;
      const used = Math.min(head.length, count - filled);
      out.set(head.subarray(0, used), filled);
      filled += used;
      if (used === head.length) pending.shift();
      else pending[0] = head.subarray(used);
    }
    pendingLength -= count;
    return out;
  };

  const totalLength = (): number => {
    let value = 0;
    let read = 0;
    for (const chunk of pending) {
      for (let index = 0; index < chunk.length && read < 4; index++, read++) {
        value = value * 256 + (chunk[index] as number);
      }
      if (read === 4) break;
    }
    return value;
  };

  return {
    feed(bytes) {
      if (bytes.length === 0) return;
      pending.push(bytes);
      pendingLength += bytes.length;
      while (pendingLength >= 4) {
        const total = totalLength();
        if (total > maxFrameSize) onTooLarge();
        if (total < OVERHEAD) throw badFrame(`its prelude says ${total} bytes, less than 16`);
        if (pendingLength < total) return;
        onMessage(decodeEventStreamMessage(take(total)));
      }
    },
    end() {
      if (pendingLength > 0) {
        const left = pendingLength;
        pending = [];
        pendingLength = 0;
        throw badFrame(`the stream ended inside a message (${left} bytes left over)`);
      }
    },
  };
}

/** The AWS error a frame whose `:message-type` is `exception` or `error` stands for. */
export function eventStreamError(message: EventStreamMessage): ProviderError | undefined {
  const type = message.headers[':message-type'];
  if (type !== 'exception' && type !== 'error') return undefined;
  const payload = utf8.decode(message.payload);
  let said: string | undefined;
  try {
    const parsed = JSON.parse(payload) as { message?: unknown; Message?: unknown };
    said = typeof parsed.message === 'string' ? parsed.message : (parsed.Message as string);
  } catch {
    said = payload === '' ? undefined : payload;
  }
  const code = String(
    (type === 'exception' ? message.headers[':exception-type'] : message.headers[':error-code']) ??
      type,
  );
  const words = type === 'error' ? String(message.headers[':error-message'] ?? said ?? '') : said;
  return new ProviderError(
    `the provider sent ${code} in the middle of the stream${words ? `: ${words.slice(0, 1000)}` : ''}`,
    {
      code: 'provider_error',
      providerCode: code,
      ...(words ? { providerMessage: words.slice(0, 1000) } : {}),
      ...(RETRYABLE_EXCEPTIONS.includes(code) ? { retryable: true } : {}),
      details: { framing: 'aws-eventstream', messageType: type },
    },
  );
}

/**
 * The exceptions Bedrock documents as transient in a stream (ConverseStream and
 * InvokeModelWithResponseStream errors): the same request may succeed later.
 */
const RETRYABLE_EXCEPTIONS: readonly string[] = [
  'throttlingException',
  'serviceUnavailableException',
  'internalServerException',
  'modelStreamErrorException',
];
