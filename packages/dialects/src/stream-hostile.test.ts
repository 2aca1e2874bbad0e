// A provider or proxy that sends what it should not: positions far beyond the blocks seen,
// more bytes than the cap, valid SSE the decoder must not trip on, a reply that is not a stream.
import { ProviderError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { createStreamDecoder } from './stream-decoder.js';
import { TextBuilder, TextDigest } from './stream-text.js';
import type { StreamEvent } from './stream-types.js';
import { decode, sse } from './test-support/streams.js';

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  model: 'm',
  choices: [{ index: 0, delta, finish_reason: finish }],
});
const OPENAI_FRAMES = [
  [undefined, chunk({ role: 'assistant', content: 'Hel' })],
  [undefined, chunk({ content: 'lo' })],
  [undefined, chunk({}, 'stop')],
  [undefined, '[DONE]'],
] as const;

const anthropicStart = [
  'message_start',
  {
    type: 'message_start',
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [],
      stop_reason: null,
      usage: { input_tokens: 3, output_tokens: 1 },
    },
  },
] as const;
const anthropicText = (index: number) =>
  [
    [
      'content_block_start',
      { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
    ],
    [
      'content_block_delta',
      { type: 'content_block_delta', index, delta: { type: 'text_delta', text: 'Hi' } },
    ],
    ['content_block_stop', { type: 'content_block_stop', index }],
  ] as const;
const anthropicEnd = [
  [
    'message_delta',
    { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } },
  ],
  ['message_stop', { type: 'message_stop' }],
] as const;

const last = (events: readonly StreamEvent[]) => events.at(-1);
const errorOf = (events: readonly StreamEvent[]) => {
  const event = last(events);
  if (event?.type !== 'error') throw new Error(`last event is ${JSON.stringify(event)}`);
  return event.error;
};
const text = (events: readonly StreamEvent[]) =>
  events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');

describe('stream positions are bounded', () => {
  it('an Anthropic block index of 2^32 is stream_bad_chunk, from the one frame', () => {
    const decoder = createStreamDecoder('anthropic');
    expect(decoder.push(sse([anthropicStart]))).toEqual([]);
    const frame = sse([
      [
        'content_block_start',
        { type: 'content_block_start', index: 2 ** 32, content_block: { type: 'text', text: '' } },
      ],
    ]);
    const events = decoder.push(frame);
    expect(events).toHaveLength(1);
    const error = errorOf(events);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.code).toBe('stream_bad_chunk');
    expect(error.message).toBe(
      'anthropic stream chunk has index 4294967296, not a position from 0 to 64 (0 seen so far); refused',
    );
    expect(decoder.done).toBe(true);
    expect(decoder.end()).toEqual([]);
  });

  it.each([
    ['content_block_delta', -1],
    ['content_block_stop', 1.5],
    ['content_block_delta', 4294967294],
    ['content_block_start', 65],
  ])('Anthropic %s index %s is refused', (type, index) => {
    const events = decode('anthropic', [
      sse([anthropicStart, [type, { type, index, delta: { type: 'text_delta', text: 'x' } }]]),
    ]);
    expect(errorOf(events).code).toBe('stream_bad_chunk');
  });

  it('a position within the gap still reads (blocks in order, holes dropped)', () => {
    const events = decode('anthropic', [
      sse([anthropicStart, ...anthropicText(0), ...anthropicText(64), ...anthropicEnd]),
    ]);
    const finish = last(events);
    expect(finish?.type === 'finish' && finish.response.content).toBe('HiHi');
  });

  it('a Responses output_index of 2e8 is stream_bad_chunk', () => {
    const events = decode('responses', [
      sse([
        ['response.created', { type: 'response.created', response: { id: 'r', output: [] } }],
        [
          'response.output_item.added',
          {
            type: 'response.output_item.added',
            output_index: 2e8,
            item: { type: 'message', content: [] },
          },
        ],
      ]),
    ]);
    expect(errorOf(events).message).toBe(
      'responses stream chunk has output_index 200000000, not a position from 0 to 64 (0 seen so far); refused',
    );
  });
});

describe('maxStreamBytes', () => {
  it('a stream past the cap is provider_response_too_large, and nothing after it', () => {
    const decoder = createStreamDecoder('openai', { maxStreamBytes: 1000 });
    const frame = sse([[undefined, chunk({ content: 'x'.repeat(100) })]]);
    const events: StreamEvent[] = [];
    for (let i = 0; i < 20; i++) events.push(...decoder.push(new TextEncoder().encode(frame)));
    events.push(...decoder.end());
    const error = errorOf(events);
    expect(error.code).toBe('provider_response_too_large');
    expect(error.message).toBe(
      'openai streamed reply exceeds the limit of 1000 bytes (maxStreamBytes); the stream was stopped',
    );
    expect(events.filter((event) => event.type === 'error')).toHaveLength(1);
    expect(text(events).length).toBeLessThan(1000);
  });

  it('defaults to 64 MiB, the cap of a reply that is not streamed', () => {
    const decoder = createStreamDecoder('openai');
    const mib = ' '.repeat(1024 * 1024);
    for (let i = 0; i < 64; i++) expect(decoder.push(mib)).toEqual([]);
    expect(errorOf(decoder.push(' ')).code).toBe('provider_response_too_large');
  });
});

describe('SSE by the specification, through the decoder', () => {
  const variants: Record<string, string> = {
    'an unknown field': sse(OPENAI_FRAMES).replace('data: ', 'x-trace: abc\ndata: '),
    'an unreadable retry': `retry: soon\n${sse(OPENAI_FRAMES)}`,
    'CR line endings': sse(OPENAI_FRAMES, '\r'),
    'CRLF line endings': sse(OPENAI_FRAMES, '\r\n'),
    'a comment and an id': `: hello\nid: 1\n${sse(OPENAI_FRAMES)}`,
  };
  for (const [name, stream] of Object.entries(variants)) {
    it(`${name}: the whole reply streams (one chunk and one character at a time)`, () => {
      for (const chunks of [[stream], [...stream]]) {
        const events = decode('openai', chunks);
        expect(text(events)).toBe('Hello');
        expect(last(events)).toMatchObject({ type: 'finish', finishReason: 'stop' });
      }
    });
  }

  it('a 5,000-character frame in one chunk fails maxFrameSize 1000', () => {
    const events = decode('openai', [sse([[undefined, chunk({ content: 'x'.repeat(5000) })]])], {
      maxFrameSize: 1000,
    });
    expect(errorOf(events).code).toBe('stream_frame_too_large');
  });

  it('an NDJSON line over maxFrameSize in one chunk fails too', () => {
    const line = `${JSON.stringify({ model: 'm', message: { role: 'assistant', content: 'x'.repeat(5000) }, done: false })}\n`;
    expect(errorOf(decode('ollama', [line], { maxFrameSize: 1000 })).code).toBe(
      'stream_frame_too_large',
    );
  });
});

describe('a reply that is not a stream', () => {
  const completion = {
    id: 'c1',
    object: 'chat.completion',
    model: 'm',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: 'Plain',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":1}' } },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
  };

  it('a JSON reply to stream: true is read as the reply, with the events a stream of it gives', () => {
    const body = JSON.stringify(completion, null, 2);
    const events = decode('openai', [body.slice(0, 10), body.slice(10)]);
    expect(events.map((event) => event.type)).toEqual([
      'text-delta',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
      'usage',
      'finish',
    ]);
    expect(events[0]).toEqual({ type: 'text-delta', text: 'Plain' });
    expect(events[1]).toEqual({ type: 'tool-call-start', index: 0, id: 'call_1', name: 'add' });
    expect(events[2]).toEqual({ type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":1}' });
    expect(last(events)).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });
  });

  it('a JSON error body to stream: true is the provider error', () => {
    const body =
      '{"error":{"message":"Invalid model","type":"invalid_request_error","code":"model_not_found"}}';
    const error = errorOf(decode('openai', [body]));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).providerCode).toBe('model_not_found');
  });

  it('a body that is neither is refused with what arrived', () => {
    const error = errorOf(decode('anthropic', ['<html><body>502 Bad Gateway</body></html>']));
    expect(error.code).toBe('stream_not_sse');
    expect(error.message).toBe(
      'anthropic reply to a streamed request is not a stream (server-sent events were asked for); it began: "<html><body>502 Bad Gateway</body></html>"',
    );
    expect(errorOf(decode('openai', ['{"choices": [ cut'])).code).toBe('stream_not_sse');
  });
});

describe('provider error frames', () => {
  it('Anthropic overloaded_error mid-stream is retryable; invalid_request_error is not', () => {
    const frame = (type: string) =>
      sse([
        anthropicStart,
        ...anthropicText(0),
        ['error', { type: 'error', error: { type, message: 'Overloaded' } }],
      ]);
    const overloaded = errorOf(decode('anthropic', [frame('overloaded_error')]));
    expect(overloaded).toBeInstanceOf(ProviderError);
    expect((overloaded as ProviderError).providerCode).toBe('overloaded_error');
    expect((overloaded as ProviderError).retryable).toBe(true);
    const invalid = errorOf(decode('anthropic', [frame('invalid_request_error')]));
    expect((invalid as ProviderError).retryable).toBe(false);
  });
});

describe('TextBuilder', () => {
  it('builds what a join builds, read at any point', () => {
    const builder = new TextBuilder();
    const pieces: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const piece = `${i % 7 === 0 ? '' : 'é'}${i}`;
      builder.append(piece);
      pieces.push(piece);
      if (i % 1111 === 0) expect(builder.toString()).toBe(pieces.join(''));
    }
    expect(builder.toString()).toBe(pieces.join(''));
    expect(builder.length).toBe(pieces.join('').length);
  });
});

describe('TextDigest', () => {
  it('tells whether a text begins with what was appended, without keeping it', () => {
    const digest = new TextDigest();
    for (const piece of ['Hel', 'lo, ', 'wörld 😀']) digest.append(piece);
    expect(digest.length).toBe('Hello, wörld 😀'.length);
    expect(digest.prefixOf('Hello, wörld 😀')).toBe(true);
    expect(digest.prefixOf('Hello, wörld 😀 and more')).toBe(true);
    expect(digest.prefixOf('Hello, world 😀 and more')).toBe(false);
    expect(digest.prefixOf('Hello')).toBe(false);
    expect(new TextDigest().prefixOf('')).toBe(true);
  });
});
