import { readFileSync } from 'node:fs';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crc32,
  createEventStreamReader,
  decodeEventStreamMessage,
  type EventStreamMessage,
  encodeEventStreamMessage,
  eventStreamError,
} from './eventstream.js';

// AWS's own codec is the oracle: it reads what we write and writes what we read.
const utf8 = new TextEncoder();
const text = new TextDecoder();
const codec = new EventStreamCodec(
  (bytes) => text.decode(bytes),
  (value) => utf8.encode(value),
);

const recorded = (name: string) =>
  new Uint8Array(
    readFileSync(
      new URL(`../../fixtures/streams/pydantic-ai/${name}.eventstream`, import.meta.url),
    ),
  );

function readAll(bytes: Uint8Array, chunks: readonly Uint8Array[] = [bytes]): EventStreamMessage[] {
  const messages: EventStreamMessage[] = [];
  const reader = createEventStreamReader(
    (message) => messages.push(message),
    16 * 1024 * 1024,
    () => {
      throw new Error('too large');
    },
  );
  for (const chunk of chunks) reader.feed(chunk);
  reader.end();
  return messages;
}

const event = (type: string, payload: unknown): EventStreamMessage => ({
  headers: { ':event-type': type, ':content-type': 'application/json', ':message-type': 'event' },
  payload: utf8.encode(JSON.stringify(payload)),
});

describe('crc32', () => {
  it('is the zlib CRC-32 (the check value of "123456789" is 0xCBF43926)', () => {
    expect(crc32(utf8.encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });
});

describe('event-stream messages against @smithy/eventstream-codec', () => {
  it('AWS reads the messages we write: headers and payload', () => {
    const bytes = encodeEventStreamMessage({
      headers: { ':event-type': 'contentBlockDelta', flag: true, count: 7 },
      payload: utf8.encode('{"delta":{"text":"Hi"}}'),
    });
    const decoded = codec.decode(bytes);
    expect(decoded.headers).toEqual({
      ':event-type': { type: 'string', value: 'contentBlockDelta' },
      flag: { type: 'boolean', value: true },
      count: { type: 'integer', value: 7 },
    });
    expect(text.decode(decoded.body)).toBe('{"delta":{"text":"Hi"}}');
  });

  it('we read the messages AWS writes, every header type included', () => {
    const bytes = codec.encode({
      headers: {
        ':event-type': { type: 'string', value: 'messageStop' },
        byte: { type: 'byte', value: -3 },
        short: { type: 'short', value: 300 },
        binary: { type: 'binary', value: Uint8Array.of(1, 2, 3) },
        yes: { type: 'boolean', value: true },
        no: { type: 'boolean', value: false },
        at: { type: 'timestamp', value: new Date(1_700_000_000_000) },
      },
      body: utf8.encode('{"stopReason":"end_turn"}'),
    });
    const message = decodeEventStreamMessage(bytes);
    expect(message.headers).toEqual({
      ':event-type': 'messageStop',
      byte: -3,
      short: 300,
      binary: Uint8Array.of(1, 2, 3),
      yes: true,
      no: false,
      at: new Date(1_700_000_000_000),
    });
    expect(text.decode(message.payload)).toBe('{"stopReason":"end_turn"}');
  });

  it('reads a recorded ConverseStream reply message for message, as AWS does', () => {
    const bytes = recorded('bedrock-nova-text');
    const ours = readAll(bytes);
    // AWS's decoder takes one message at a time: cut at each prelude's total length.
    const theirs = [];
    for (let at = 0; at < bytes.length; ) {
      const total = new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0);
      theirs.push(codec.decode(bytes.subarray(at, at + total)));
      at += total;
    }
    expect(ours).toHaveLength(theirs.length);
    expect(ours.map((message) => message.headers[':event-type'])).toEqual(
      theirs.map((message) => message.headers[':event-type']?.value),
    );
    expect(ours.map((message) => text.decode(message.payload))).toEqual(
      theirs.map((message) => text.decode(message.body)),
    );
    // Written down from the recording: Nova Micro's greeting, then stop and metadata.
    expect(ours[0]?.headers[':event-type']).toBe('messageStart');
    expect(ours.at(-2)?.headers[':event-type']).toBe('messageStop');
    expect(ours.at(-1)?.headers[':event-type']).toBe('metadata');
  });

  it('reads the same messages whatever the split (property)', () => {
    const bytes = recorded('bedrock-nova-tool-call');
    const whole = readAll(bytes);
    fc.assert(
      fc.property(fc.array(fc.nat(bytes.length), { maxLength: 20 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks: Uint8Array[] = [];
        let from = 0;
        for (const point of [...points, bytes.length]) {
          chunks.push(bytes.slice(from, point));
          from = point;
        }
        expect(readAll(bytes, chunks)).toEqual(whole);
      }),
      { numRuns: 50 },
    );
  });
});

describe('hostile frames are refused with stream_bad_frame', () => {
  const good = encodeEventStreamMessage(event('messageStart', { role: 'assistant' }));
  const refused = (bytes: Uint8Array) => {
    try {
      readAll(bytes);
    } catch (error) {
      return { code: (error as { code?: string }).code, message: (error as Error).message };
    }
    return undefined;
  };

  it('a prelude whose checksum does not match', () => {
    const bytes = good.slice();
    bytes[8] = (bytes[8] as number) ^ 0xff;
    expect(refused(bytes)).toEqual({
      code: 'stream_bad_frame',
      message:
        'event stream frame is malformed: the prelude checksum does not match; the stream was stopped',
    });
  });

  it('a payload changed in transit (the message checksum)', () => {
    const bytes = good.slice();
    bytes[bytes.length - 6] = (bytes[bytes.length - 6] as number) ^ 0x01;
    expect(refused(bytes)?.message).toBe(
      'event stream frame is malformed: the message checksum does not match; the stream was stopped',
    );
  });

  it('a stream that ends inside a message', () => {
    // 12 prelude + 82 headers (:event-type, :content-type, :message-type) + 20 payload + 4 CRC.
    expect(good.length).toBe(118);
    expect(refused(good.slice(0, good.length - 3))?.message).toBe(
      'event stream frame is malformed: the stream ended inside a message (115 bytes left over); the stream was stopped',
    );
  });

  it('a prelude that claims fewer than 16 bytes', () => {
    expect(refused(Uint8Array.of(0, 0, 0, 8, 0, 0, 0, 0))?.message).toBe(
      'event stream frame is malformed: its prelude says 8 bytes, less than 16; the stream was stopped',
    );
  });

  it('a frame longer than the bound, before any of it is buffered', () => {
    let calls = 0;
    const reader = createEventStreamReader(
      () => undefined,
      1024,
      () => {
        calls++;
        throw new Error('too large');
      },
    );
    // Only the prelude arrives: it claims 1 MiB, which is refused at once.
    expect(() => reader.feed(Uint8Array.of(0, 16, 0, 0, 0, 0, 0, 0))).toThrow('too large');
    expect(calls).toBe(1);
  });
});

describe('exception frames are typed errors', () => {
  it('an exception names its type and says the provider message', () => {
    const error = eventStreamError({
      headers: {
        ':message-type': 'exception',
        ':exception-type': 'throttlingException',
        ':content-type': 'application/json',
      },
      payload: utf8.encode('{"message":"Too many tokens, please wait before trying again."}'),
    });
    expect(error?.code).toBe('provider_error');
    expect(error?.providerCode).toBe('throttlingException');
    expect(error?.providerMessage).toBe('Too many tokens, please wait before trying again.');
    expect(error?.retryable).toBe(true);
    expect(error?.message).toBe(
      'the provider sent throttlingException in the middle of the stream: Too many tokens, please wait before trying again.',
    );
  });

  it('a validation exception is not retryable; an error message reads its headers', () => {
    const validation = eventStreamError({
      headers: { ':message-type': 'exception', ':exception-type': 'validationException' },
      payload: utf8.encode('{"message":"bad"}'),
    });
    expect(validation?.retryable).toBe(false);
    const error = eventStreamError({
      headers: {
        ':message-type': 'error',
        ':error-code': 'InternalFailure',
        ':error-message': 'try later',
      },
      payload: new Uint8Array(0),
    });
    expect([error?.providerCode, error?.providerMessage]).toEqual(['InternalFailure', 'try later']);
    expect(eventStreamError(event('messageStart', {}))).toBeUndefined();
  });
});
