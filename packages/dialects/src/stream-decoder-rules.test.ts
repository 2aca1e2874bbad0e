// The wire-independent rules of the stream decoder (stream-decoder.ts): the framing bounds
// (NDJSON lines, SSE events, the whole reply), a reply that is not a stream, the end of the
// bytes before the wire's end marker, what `done` means for later pushes, the tag filter on
// the text, and `decodeStream` over a source. Expected values are written from the documented
// behaviour (the doc comments of stream-decoder.ts and stream-types.ts, each wire's framing).
import { type CrosswireError, ProviderError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { createStreamDecoder, decodeStream } from './stream-decoder.js';
import type { StreamEvent } from './stream-types.js';
import { decode } from './test-support/streams.js';

/** Events in a short form: a finish by its reason, an error by its code and message. */
function brief(events: readonly StreamEvent[]): unknown[] {
  return events.map((event) => {
    switch (event.type) {
      case 'finish':
        return { finish: event.finishReason };
      case 'error':
        return { error: event.error.code, message: event.error.message };
      case 'tool-call-end':
        return {
          end: event.index,
          name: event.toolCall.name,
          id: event.toolCall.id,
          arguments: event.toolCall.arguments,
        };
      case 'usage':
        return { usage: event.usage };
      default:
        return event;
    }
  });
}

function errorOf(events: readonly StreamEvent[]): CrosswireError {
  const event = events.at(-1);
  if (event?.type !== 'error') throw new Error(`last event is ${JSON.stringify(event)}`);
  return event.error;
}

const bytes = (text: string) => new TextEncoder().encode(text);

const openaiChunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'c1',
    object: 'chat.completion.chunk',
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const TOO_LARGE = (max: number) =>
  `stream frame larger than maxFrameSize (${max} characters); refused`;
const TRUNCATED = (wire: string) =>
  `${wire} stream ended before the reply was complete (no end marker); the connection was cut or the server stopped`;

describe('NDJSON framing (ollama): one JSON object a line', () => {
  it('reads lines split anywhere, skips blank lines, trims CR and spaces, and reads a last line without a newline', () => {
    const events = decode('ollama', [
      '\n  \n{"model":"m","message":{"role":"assistant","content":"Hel"},"do',
      'ne":false}\r\n\n',
      '   {"model":"m","message":{"content":"lo"},"done":false}  \n',
      '{"model":"m","message":{"content":""},"done":true,"done_reason":"stop"}',
    ]);
    expect(brief(events)).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { finish: 'stop' },
    ]);
  });

  it('finishes at the line with done: true and does not read the lines after it', () => {
    const decoder = createStreamDecoder('ollama');
    const events = decoder.push(
      '{"message":{"content":"a"},"done":true,"done_reason":"stop"}\nnot json at all\n',
    );
    expect(brief(events)).toEqual([{ type: 'text-delta', text: 'a' }, { finish: 'stop' }]);
    expect(decoder.done).toBe(true);
    expect(decoder.push('{"message":{"content":"b"}}\n')).toEqual([]);
    expect(decoder.end()).toEqual([]);
  });

  it('accepts a line exactly as long as maxFrameSize, in one chunk or held across chunks', () => {
    const line = '{"message":{"content":"ok"},"done":true}';
    expect(line.length).toBe(40);
    for (const chunks of [[`${line}\n`], [line.slice(0, 20), line.slice(20), '\n'], [line]]) {
      expect(brief(decode('ollama', chunks, { maxFrameSize: 40 }))).toEqual([
        { type: 'text-delta', text: 'ok' },
        { finish: undefined },
      ]);
    }
  });

  it('refuses a line one character over maxFrameSize, ended in the chunk, held back, or last', () => {
    const line = '{"message":{"content":"ok!"},"done":true}';
    expect(line.length).toBe(41);
    for (const chunks of [
      [`${line}\n`],
      [line.slice(0, 30), line.slice(30)],
      [line.slice(0, 30), `${line.slice(30)}\n`],
      [line],
    ]) {
      const events = decode('ollama', chunks, { maxFrameSize: 40 });
      expect(brief(events)).toEqual([{ error: 'stream_frame_too_large', message: TOO_LARGE(40) }]);
      expect(errorOf(events).details).toEqual({ maxFrameSize: 40 });
    }
  });

  it('refuses a line that never ends as soon as it is over the bound, before the end', () => {
    const decoder = createStreamDecoder('ollama', { maxFrameSize: 8 });
    expect(decoder.push('{"messag')).toEqual([]);
    expect(decoder.done).toBe(false);
    expect(brief(decoder.push('e'))).toEqual([
      { error: 'stream_frame_too_large', message: TOO_LARGE(8) },
    ]);
    expect(decoder.done).toBe(true);
  });

  it('counts each line alone: many short lines under the bound are read', () => {
    const lines = ['{"message":{"content":"a"}}', '{"message":{"content":"b"}}', '{"done":true}'];
    expect(brief(decode('ollama', [`${lines.join('\n')}\n`], { maxFrameSize: 27 }))).toEqual([
      { type: 'text-delta', text: 'a' },
      { type: 'text-delta', text: 'b' },
      { finish: undefined },
    ]);
  });

  it('a line that is not JSON fails with stream_bad_chunk quoting its first 200 characters', () => {
    const line = `x${'y'.repeat(250)}`;
    const events = decode('ollama', [`${line}\n`]);
    const error = errorOf(events);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.code).toBe('stream_bad_chunk');
    expect(error.message).toBe(`ollama stream chunk is not JSON: x${'y'.repeat(199)}`);
    expect(error.details).toEqual({ wire: 'ollama' });
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('a reply whose bytes end before done: true is stream_truncated', () => {
    const events = decode('ollama', ['{"message":{"content":"a"},"done":false}\n']);
    expect(brief(events)).toEqual([
      { type: 'text-delta', text: 'a' },
      { error: 'stream_truncated', message: TRUNCATED('ollama') },
    ]);
    expect(errorOf(events).details).toEqual({ wire: 'ollama' });
  });

  it('an empty reply is stream_truncated (there is nothing to quote as a non-stream)', () => {
    expect(brief(decode('ollama', []))).toEqual([
      { error: 'stream_truncated', message: TRUNCATED('ollama') },
    ]);
  });
});

describe('SSE framing: the frame bound and the end marker', () => {
  it('refuses an event whose data is over maxFrameSize with stream_frame_too_large', () => {
    const frame = openaiChunk({ content: 'x'.repeat(100) });
    const events = decode('openai', [frame, 'data: [DONE]\n\n'], { maxFrameSize: 50 });
    expect(brief(events)).toEqual([{ error: 'stream_frame_too_large', message: TOO_LARGE(50) }]);
    expect(errorOf(events).details).toEqual({ maxFrameSize: 50 });
  });

  it('reads a frame under the default bound of 16 MiB', () => {
    const long = 'x'.repeat(100_000);
    const events = decode('openai', [
      openaiChunk({ role: 'assistant', content: long }, 'stop'),
      'data: [DONE]\n\n',
    ]);
    expect(brief(events)).toEqual([{ type: 'text-delta', text: long }, { finish: 'stop' }]);
  });

  it('the [DONE] marker is recognised with spaces around it, and nothing after it is read', () => {
    const decoder = createStreamDecoder('openai');
    const events = decoder.push(
      `${openaiChunk({ role: 'assistant', content: 'Hi' }, 'stop')}data:  [DONE] \n\ndata: {not json\n\n`,
    );
    expect(brief(events)).toEqual([{ type: 'text-delta', text: 'Hi' }, { finish: 'stop' }]);
    expect(decoder.done).toBe(true);
  });

  it('a frame that is not JSON fails with stream_bad_chunk naming the wire', () => {
    const events = decode('openai', ['data: {"choices": [\n\n']);
    const error = errorOf(events);
    expect(brief(events)).toEqual([
      { error: 'stream_bad_chunk', message: 'openai stream chunk is not JSON: {"choices": [' },
    ]);
    expect(error.details).toEqual({ wire: 'openai' });
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('a finish reason without [DONE] and the bytes ended: the reply finishes (complete, not truncated)', () => {
    const events = decode('openai', [openaiChunk({ role: 'assistant', content: 'Hi' }, 'stop')]);
    expect(brief(events)).toEqual([{ type: 'text-delta', text: 'Hi' }, { finish: 'stop' }]);
  });

  it('an event the bytes end in, without its closing blank line, is still read', () => {
    const last = openaiChunk({ role: 'assistant', content: 'Hi' }, 'stop').trimEnd();
    expect(brief(decode('openai', [last]))).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { finish: 'stop' },
    ]);
  });

  it('frames and no end marker: stream_truncated, not a non-stream', () => {
    const events = decode('openai', [openaiChunk({ role: 'assistant', content: 'Hi' })]);
    expect(brief(events)).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { error: 'stream_truncated', message: TRUNCATED('openai') },
    ]);
    expect(errorOf(events).details).toEqual({ wire: 'openai' });
  });

  it('only blank lines: stream_truncated (a blank body is not quoted as a non-stream)', () => {
    expect(brief(decode('openai', ['\n\n', '  \n']))).toEqual([
      { error: 'stream_truncated', message: TRUNCATED('openai') },
    ]);
  });

  it('gemini has no last frame: its finish comes at the end of the bytes, with the usage after the finish reason', () => {
    const decoder = createStreamDecoder('gemini');
    const first = decoder.push(
      `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, finishReason: 'STOP' }] })}\n\n`,
    );
    expect(brief(first)).toEqual([{ type: 'text-delta', text: 'Hi' }]);
    expect(decoder.done).toBe(false);
    expect(
      decoder.push(
        `data: ${JSON.stringify({ usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 } })}\n\n`,
      ),
    ).toEqual([]);
    expect(brief(decoder.end())).toEqual([
      { usage: { inputTokens: 3, outputTokens: 1, totalTokens: 4 } },
      { finish: 'STOP' },
    ]);
  });
});

describe('a reply that is not a stream', () => {
  it('text that is neither events nor JSON fails with stream_not_sse quoting how it began', () => {
    const events = decode('openai', ['<html>bad ', 'gateway</html>']);
    const error = errorOf(events);
    expect(brief(events)).toEqual([
      {
        error: 'stream_not_sse',
        message:
          'openai reply to a streamed request is not a stream (server-sent events were asked for); it began: "<html>bad gateway</html>"',
      },
    ]);
    expect(error.details).toEqual({ wire: 'openai', head: '<html>bad gateway</html>' });
    expect(error.cause).toBeUndefined();
  });

  it('quotes only the first 200 characters of the body, however it was chunked', () => {
    const body = `<p>${'a'.repeat(150)}${'b'.repeat(150)}</p>`;
    const head = `<p>${'a'.repeat(150)}${'b'.repeat(47)}`;
    expect(head.length).toBe(200);
    for (const chunks of [[body], [body.slice(0, 100), body.slice(100, 199), body.slice(199)]]) {
      const error = errorOf(decode('openai', chunks));
      expect(error.code).toBe('stream_not_sse');
      expect(error.details).toEqual({ wire: 'openai', head });
    }
  });

  it('JSON that does not parse, where events were asked for, is stream_not_sse with the parse error as cause', () => {
    const events = decode('anthropic', ['\n ', '{"type": "message", ']);
    const error = errorOf(events);
    expect(error.code).toBe('stream_not_sse');
    expect(error.message).toBe(
      'anthropic reply to a streamed request is not a stream (server-sent events were asked for); it began: "\\n {\\"type\\": \\"message\\", "',
    );
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('a whole JSON reply (leading whitespace in its own chunk) is read as the events a stream of it gives', () => {
    const body = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'm',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Sure.',
            reasoning_content: 'think',
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'get', arguments: '{"q":1}' },
              },
              { id: 'call_2', type: 'function', function: { name: 'none', arguments: '' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
    };
    const text = JSON.stringify(body);
    const events = decode('openai', ['  \n', text.slice(0, 10), text.slice(10)]);
    expect(brief(events)).toEqual([
      { type: 'reasoning-delta', text: 'think' },
      { type: 'text-delta', text: 'Sure.' },
      { type: 'tool-call-start', index: 0, id: 'call_1', name: 'get' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":1}' },
      { type: 'tool-call-start', index: 1, id: 'call_2', name: 'none' },
      { end: 0, name: 'get', id: 'call_1', arguments: { q: 1 } },
      { end: 1, name: 'none', id: 'call_2', arguments: {} },
      { usage: { inputTokens: 5, outputTokens: 7, totalTokens: 12 } },
      { finish: 'tool_calls' },
    ]);
    const finish = events.at(-1);
    expect(finish?.type === 'finish' && finish.response.raw).toEqual(body);
  });

  it('a whole reply with no text, reasoning or calls gives only its finish', () => {
    const body = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'length' }],
    };
    expect(brief(decode('openai', [JSON.stringify(body)]))).toEqual([{ finish: 'length' }]);
  });

  it('a whole reply whose call arguments are an object gives them as JSON text', () => {
    const body = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'get', input: { q: 'x' } }],
      stop_reason: 'tool_use',
      usage: { input_tokens: 2, output_tokens: 3 },
    };
    expect(brief(decode('anthropic', [JSON.stringify(body)]))).toEqual([
      { type: 'tool-call-start', index: 0, id: 'toolu_1', name: 'get' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":"x"}' },
      { end: 0, name: 'get', id: 'toolu_1', arguments: { q: 'x' } },
      { usage: { inputTokens: 2, outputTokens: 3, totalTokens: 5 } },
      { finish: 'tool_use' },
    ]);
  });

  it('a whole reply whose call has no arguments gives its decoded arguments, {}', () => {
    const body = {
      candidates: [
        {
          content: { role: 'model', parts: [{ functionCall: { name: 'now' } }] },
          finishReason: 'STOP',
        },
      ],
    };
    expect(brief(decode('gemini', [JSON.stringify(body)]))).toEqual([
      { type: 'tool-call-start', index: 0, id: '', name: 'now' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
      { end: 0, name: 'now', id: '', arguments: {} },
      { finish: 'STOP' },
    ]);
  });

  it('a JSON array of chunks (Gemini without alt=sse) is read chunk by chunk', () => {
    const chunks = [
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Hel' }] } }] },
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'lo' }] }, finishReason: 'STOP' }],
      },
    ];
    expect(brief(decode('gemini', ['\r\n', JSON.stringify(chunks)]))).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { finish: 'STOP' },
    ]);
  });

  it('an array of chunks without a finish reason is stream_truncated', () => {
    const chunks = [{ candidates: [{ content: { role: 'model', parts: [{ text: 'Hel' }] } }] }];
    expect(brief(decode('gemini', [JSON.stringify(chunks)]))).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { error: 'stream_truncated', message: TRUNCATED('gemini') },
    ]);
  });

  it('an empty JSON array holds no chunk: like any array without a finish, it is stream_truncated', () => {
    expect(brief(decode('gemini', ['[]']))).toEqual([
      { error: 'stream_truncated', message: TRUNCATED('gemini') },
    ]);
    expect(brief(decode('gemini', [' [ ] ']))).toEqual([
      { error: 'stream_truncated', message: TRUNCATED('gemini') },
    ]);
  });
});

describe('the bound of a whole streamed reply (maxStreamBytes)', () => {
  const reply = `${openaiChunk({ role: 'assistant', content: 'é' }, 'stop')}data: [DONE]\n\n`;

  it('accepts a reply exactly at the bound, counted in characters for text chunks', () => {
    expect(brief(decode('openai', [reply], { maxStreamBytes: reply.length }))).toEqual([
      { type: 'text-delta', text: 'é' },
      { finish: 'stop' },
    ]);
  });

  it('counts bytes for byte chunks: the same reply as UTF-8 is one byte longer than its text', () => {
    const encoded = bytes(reply);
    expect(encoded.byteLength).toBe(reply.length + 1);
    const events = decode('openai', [encoded], { maxStreamBytes: reply.length });
    expect(brief(events)).toEqual([
      {
        error: 'provider_response_too_large',
        message: `openai streamed reply exceeds the limit of ${reply.length} bytes (maxStreamBytes); the stream was stopped`,
      },
    ]);
    expect(errorOf(events).details).toEqual({ wire: 'openai', maxStreamBytes: reply.length });
    expect(brief(decode('openai', [encoded], { maxStreamBytes: encoded.byteLength }))).toEqual([
      { type: 'text-delta', text: 'é' },
      { finish: 'stop' },
    ]);
  });

  it('adds up the chunks: the one that goes over fails, the events before it stay', () => {
    const decoder = createStreamDecoder('openai', { maxStreamBytes: 200 });
    const first = openaiChunk({ role: 'assistant', content: 'a' });
    expect(first.length).toBe(152);
    expect(brief(decoder.push(first))).toEqual([{ type: 'text-delta', text: 'a' }]);
    expect(brief(decoder.push(openaiChunk({ content: 'b' })))).toEqual([
      {
        error: 'provider_response_too_large',
        message:
          'openai streamed reply exceeds the limit of 200 bytes (maxStreamBytes); the stream was stopped',
      },
    ]);
    expect(decoder.done).toBe(true);
    expect(decoder.end()).toEqual([]);
  });

  it('the default bound is 64 MiB: a reply of a few MiB is read', () => {
    const long = 'x'.repeat(3 * 1024 * 1024);
    const events = decode('openai', [
      openaiChunk({ role: 'assistant', content: long }, 'stop'),
      'data: [DONE]\n\n',
    ]);
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'finish']);
  });
});

describe('bytes, done and errors', () => {
  it('decodes UTF-8 split inside a character across byte chunks', () => {
    const encoded = bytes(
      '{"message":{"content":"\u00e9\u4e2d"},"done":true,"done_reason":"stop"}\n',
    );
    const at = encoded.indexOf(0xc3) + 1;
    const events = decode('ollama', [
      encoded.slice(0, at),
      encoded.slice(at, at + 2),
      encoded.slice(at + 2),
    ]);
    expect(brief(events)).toEqual([{ type: 'text-delta', text: 'é中' }, { finish: 'stop' }]);
  });

  it('an incomplete UTF-8 sequence at the very end is decoded as U+FFFD and read', () => {
    const events = decode('ollama', [
      bytes('{"message":{"content":"a"},"done":false}\n{"done":true}'),
      new Uint8Array([0xc3]),
    ]);
    expect(brief(events)).toEqual([
      { type: 'text-delta', text: 'a' },
      {
        error: 'stream_bad_chunk',
        message: 'ollama stream chunk is not JSON: {"done":true}\ufffd',
      },
    ]);
  });

  it('done is false while reading, true after finish; later pushes and end give nothing', () => {
    const decoder = createStreamDecoder('openai');
    expect(decoder.done).toBe(false);
    expect(brief(decoder.push(openaiChunk({ role: 'assistant', content: 'Hi' }, 'stop')))).toEqual([
      { type: 'text-delta', text: 'Hi' },
    ]);
    expect(decoder.done).toBe(false);
    expect(brief(decoder.push('data: [DONE]\n\n'))).toEqual([{ finish: 'stop' }]);
    expect(decoder.done).toBe(true);
    expect(decoder.push(openaiChunk({ content: 'more' }))).toEqual([]);
    expect(decoder.end()).toEqual([]);
  });

  it('after end() the reply is settled: a second end() and a later push give nothing', () => {
    const decoder = createStreamDecoder('openai');
    decoder.push(openaiChunk({ role: 'assistant', content: 'Hi' }));
    expect(brief(decoder.end())).toEqual([
      { error: 'stream_truncated', message: TRUNCATED('openai') },
    ]);
    expect(decoder.done).toBe(true);
    expect(decoder.end()).toEqual([]);
    expect(decoder.push('data: [DONE]\n\n')).toEqual([]);
  });

  it('an error after events is the last event; the events before it are kept', () => {
    const decoder = createStreamDecoder('openai');
    const events = decoder.push(
      `${openaiChunk({ role: 'assistant', content: 'Hi' })}data: nope\n\n${openaiChunk({ content: 'x' })}`,
    );
    expect(brief(events)).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { error: 'stream_bad_chunk', message: 'openai stream chunk is not JSON: nope' },
    ]);
    expect(decoder.done).toBe(true);
  });

  it('a chunk that is neither bytes nor text is a programming error: thrown, not an error event', () => {
    const decoder = createStreamDecoder('openai');
    expect(() => decoder.push(null as unknown as string)).toThrow(TypeError);
    expect(decoder.done).toBe(false);
  });
});

describe('the text filter', () => {
  const hermesReply = (...contents: string[]) => [
    ...contents.map((content, index) =>
      openaiChunk(index === 0 ? { role: 'assistant', content } : { content }),
    ),
    openaiChunk({}, 'stop'),
    'data: [DONE]\n\n',
  ];

  it('hermes: a <tool_call> block streams as a call with id "" and its JSON arguments, not as text', () => {
    const events = decode(
      'hermes',
      hermesReply('Let me look. <tool_', 'call>{"name": "get", "arguments": {"q": 1}}</tool_call>'),
    );
    expect(brief(events)).toEqual([
      { type: 'text-delta', text: 'Let me look.' },
      { type: 'tool-call-start', index: 0, id: '', name: 'get' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":1}' },
      { end: 0, name: 'get', id: '', arguments: { q: 1 } },
      { finish: 'stop' },
    ]);
  });

  it('hermes: two calls in two blocks get the indexes 0 and 1; a call without arguments gives no delta', () => {
    const events = decode(
      'hermes',
      hermesReply(
        '<tool_call>{"name": "a", "arguments": {}}</tool_call>',
        '<tool_call>{"name": "b"}</tool_call>',
      ),
    );
    expect(
      brief(events).filter((event) => (event as { type?: string }).type?.startsWith('tool-call')),
    ).toEqual([
      { type: 'tool-call-start', index: 0, id: '', name: 'a' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
      { type: 'tool-call-start', index: 1, id: '', name: 'b' },
    ]);
  });

  it('hermes: options.hermes.callTag names the tag watched; the default tag is then plain text', () => {
    const events = decode(
      'hermes',
      hermesReply('<function_call>{"name": "get", "arguments": {"q": 2}}</function_call>'),
      { hermes: { callTag: 'function_call' } },
    );
    expect(brief(events).slice(0, 2)).toEqual([
      { type: 'tool-call-start', index: 0, id: '', name: 'get' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":2}' },
    ]);
  });

  it('hermes: a call block is read as it is, <think> text inside its arguments included', () => {
    const events = decode(
      'hermes',
      hermesReply(
        '<tool_call>{"name": "say", "arguments": {"text": "<think>a</think>b"}}</tool_call>',
      ),
    );
    expect(brief(events).slice(0, 2)).toEqual([
      { type: 'tool-call-start', index: 0, id: '', name: 'say' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"text":"<think>a</think>b"}' },
    ]);
  });

  it('hermes: arguments sent as a JSON string stream as that string', () => {
    const events = decode(
      'hermes',
      hermesReply('<tool_call>{"name": "get", "arguments": "{\\"q\\": 3}"}</tool_call>'),
    );
    expect(brief(events).slice(0, 2)).toEqual([
      { type: 'tool-call-start', index: 0, id: '', name: 'get' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q": 3}' },
    ]);
  });

  it('hermes: a <tool_call> never closed is text; what streamed is followed by the rest of the final text', () => {
    const warnings: string[] = [];
    const events = decode('hermes', hermesReply('Hi <tool_call>oops'), {
      onWarning: (warning) => warnings.push(warning.code),
    });
    expect(brief(events)).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { type: 'text-delta', text: ' <tool_call>oops' },
      { finish: 'stop' },
    ]);
    expect(warnings).toEqual(['hermes_call_unreadable']);
  });

  it('hermes trims the edges of the text as its final text is trimmed', () => {
    const events = decode('hermes', hermesReply('  Hi  '));
    expect(brief(events)).toEqual([{ type: 'text-delta', text: 'Hi' }, { finish: 'stop' }]);
  });

  it('openai passes tags and edge whitespace through as text when no filter is asked for', () => {
    const events = decode('openai', hermesReply(' <think>x</think> <tool_call>{}</tool_call> '));
    expect(brief(events)).toEqual([
      { type: 'text-delta', text: ' <think>x</think> <tool_call>{}</tool_call> ' },
      { finish: 'stop' },
    ]);
  });

  it('thinkTagFilter: true takes <think> text out as reasoning, split across chunks', () => {
    const events = decode('openai', hermesReply('<thi', 'nk>why</th', 'ink>Because.'), {
      thinkTagFilter: true,
    });
    expect(brief(events)).toEqual([
      { type: 'reasoning-delta', text: 'why' },
      { type: 'text-delta', text: 'Because.' },
      { finish: 'stop' },
    ]);
  });

  it('thinkTagFilter: true trims the edges of the text left around the <think> block', () => {
    const events = decode('openai', hermesReply('<think>why</think>', '  Because.  '), {
      thinkTagFilter: true,
    });
    expect(brief(events)).toEqual([
      { type: 'reasoning-delta', text: 'why' },
      { type: 'text-delta', text: 'Because.' },
      { finish: 'stop' },
    ]);
  });

  it('empty text and reasoning pieces give no events', () => {
    const events = decode('ollama', [
      '{"message":{"role":"assistant","content":"","thinking":""}}\n',
      '{"message":{"content":"","thinking":"t"}}\n',
      '{"message":{"content":"a"},"done":true,"done_reason":"stop"}\n',
    ]);
    expect(brief(events)).toEqual([
      { type: 'reasoning-delta', text: 't' },
      { type: 'text-delta', text: 'a' },
      { finish: 'stop' },
    ]);
  });
});

describe('decodeStream over a source', () => {
  it('yields the events of a source of byte chunks and ends after finish', async () => {
    async function* source() {
      yield bytes(openaiChunk({ role: 'assistant', content: 'Hi' }, 'stop'));
      yield bytes('data: [DONE]\n\n');
    }
    const events: StreamEvent[] = [];
    for await (const event of decodeStream('openai', source())) events.push(event);
    expect(brief(events)).toEqual([{ type: 'text-delta', text: 'Hi' }, { finish: 'stop' }]);
  });

  it('stops reading the source once the reply is complete', async () => {
    let pulled = 0;
    function* source() {
      pulled++;
      yield '{"message":{"content":"a"},"done":true,"done_reason":"stop"}\n';
      pulled++;
      yield 'never read\n';
      pulled++;
    }
    const events: StreamEvent[] = [];
    for await (const event of decodeStream('ollama', source())) events.push(event);
    expect(brief(events)).toEqual([{ type: 'text-delta', text: 'a' }, { finish: 'stop' }]);
    expect(pulled).toBe(1);
  });

  it('a source that ends reads the last events at the end (gemini finishes there)', async () => {
    const events: StreamEvent[] = [];
    for await (const event of decodeStream('gemini', [
      `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, finishReason: 'STOP' }] })}\n\n`,
    ]))
      events.push(event);
    expect(brief(events)).toEqual([{ type: 'text-delta', text: 'Hi' }, { finish: 'STOP' }]);
  });

  it('yields the error event and then throws the same error, reading no further chunk', async () => {
    let pulled = 0;
    function* source() {
      pulled++;
      yield `${openaiChunk({ role: 'assistant', content: 'Hi' })}data: nope\n\n`;
      pulled++;
      yield 'data: [DONE]\n\n';
    }
    const events: StreamEvent[] = [];
    const thrown = await (async () => {
      try {
        for await (const event of decodeStream('openai', source())) events.push(event);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(brief(events)).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { error: 'stream_bad_chunk', message: 'openai stream chunk is not JSON: nope' },
    ]);
    expect(thrown).toBe(errorOf(events));
    expect(pulled).toBe(1);
  });

  it('an error at the end (truncated) is yielded and then thrown', async () => {
    const events: StreamEvent[] = [];
    const thrown = await (async () => {
      try {
        for await (const event of decodeStream('openai', [
          openaiChunk({ role: 'assistant', content: 'Hi' }),
        ]))
          events.push(event);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(brief(events)).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { error: 'stream_truncated', message: TRUNCATED('openai') },
    ]);
    expect(thrown).toBeInstanceOf(ProviderError);
    expect(thrown).toBe(errorOf(events));
  });

  it('options reach the decoder (maxFrameSize)', async () => {
    const events: StreamEvent[] = [];
    await expect(async () => {
      for await (const event of decodeStream('ollama', ['{"message":{}}\n'], { maxFrameSize: 5 }))
        events.push(event);
    }).rejects.toThrow(TOO_LARGE(5));
    expect(brief(events)).toEqual([{ error: 'stream_frame_too_large', message: TOO_LARGE(5) }]);
  });
});
