import { PromptBlockedError, ProviderError, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import type { ChatResponse, DialectOptions, StreamEvent } from '@crosswire/dialects';
import { createStreamDecoder, DIALECTS, STREAMS } from '@crosswire/dialects';
import type { SimulatorStep } from '@crosswire/simulator';
import { SIMULATOR_WIRES, streamErrorFrame, streamFrames } from '@crosswire/simulator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const encoder = new TextEncoder();

/** Frames joined into the bytes of one stream (text frames as UTF-8, event-stream ones as they are). */
function joined(frames: readonly (string | Uint8Array)[]): Uint8Array {
  const parts = frames.map((frame) => (typeof frame === 'string' ? encoder.encode(frame) : frame));
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

function decodeChunks(
  wire: WireFormat,
  chunks: readonly (Uint8Array | string)[],
  options: DialectOptions = {},
): StreamEvent[] {
  const decoder = createStreamDecoder(wire, options);
  const events = chunks.flatMap((chunk) => decoder.push(chunk));
  return [...events, ...decoder.end()];
}

/** The bytes cut at the given offsets (sorted, deduplicated, any position, inside UTF-8 too). */
function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    out.push(bytes.slice(from, point));
    from = point;
  }
  return out;
}

function reply(wire: WireFormat, step: Extract<SimulatorStep, { type: 'text' | 'tool_calls' }>) {
  return SIMULATOR_WIRES[wire].reply(step, { model: 'sim-model', turn: 1 });
}

const withoutRaw = ({ raw: _raw, ...rest }: ChatResponse) => rest;
const quiet: DialectOptions = { onWarning: () => undefined };

function finishOf(events: readonly StreamEvent[]): ChatResponse {
  const finish = events.at(-1);
  if (finish?.type !== 'finish') throw new Error(`no finish event: ${JSON.stringify(finish)}`);
  return finish.response;
}

const texts = (events: readonly StreamEvent[], type: 'text-delta' | 'reasoning-delta') =>
  events.flatMap((event) => (event.type === type ? [event.text] : [])).join('');

// Text with the characters that break naive parsers: multi-byte UTF-8, tag brackets, newlines.
const replyText = fc.string({
  unit: fc.constantFrom('a', 'b', ' ', '\n', '<', '>', '/', 'é', '€', '😀', '{', '"', 't'),
  maxLength: 40,
});
const callName = fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/);
const callArgs = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,6}$/),
  fc.oneof(replyText, fc.integer(), fc.boolean(), fc.constant(null)),
  { maxKeys: 3 },
);
const step: fc.Arbitrary<Extract<SimulatorStep, { type: 'text' | 'tool_calls' }>> = fc.oneof(
  replyText.map((text) => ({ type: 'text' as const, text })),
  fc.record({
    type: fc.constant('tool_calls' as const),
    text: fc.option(replyText, { nil: undefined }),
    calls: fc.array(fc.record({ name: callName, arguments: callArgs }), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
);

describe('stream decoders: any split of the bytes gives the same events', () => {
  it.each([...WIRE_FORMATS])('%s', (wire) => {
    fc.assert(
      fc.property(
        step,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (scripted, cuts, pieceSize) => {
          const body = reply(wire, scripted);
          const bytes = joined(streamFrames(wire, body, { pieceSize }));
          const whole = decodeChunks(wire, [bytes], quiet);
          expect(decodeChunks(wire, splitAt(bytes, cuts), quiet)).toEqual(whole);
          // One byte at a time is the harshest split.
          if (bytes.length < 600) {
            const single = Array.from(bytes, (byte) => Uint8Array.of(byte));
            expect(decodeChunks(wire, single, quiet)).toEqual(whole);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('stream decoders: the final response equals the reply parsed unstreamed', () => {
  it.each([...WIRE_FORMATS])('%s', (wire) => {
    fc.assert(
      fc.property(step, fc.integer({ min: 1, max: 9 }), (scripted, pieceSize) => {
        const body = reply(wire, scripted);
        const events = decodeChunks(wire, streamFrames(wire, body, { pieceSize }), quiet);
        const streamed = finishOf(events);
        const parsed = DIALECTS[wire].parseResponse(body, quiet);
        expect(withoutRaw(streamed)).toEqual(withoutRaw(parsed));
        // The tool turn echoes the same assistant message either way.
        expect(DIALECTS[wire].formatToolResults(streamed.raw, [], quiet)).toEqual(
          DIALECTS[wire].formatToolResults(body, [], quiet),
        );
        // The text deltas spell the final text; the ends carry the parsed calls.
        expect(texts(events, 'text-delta')).toBe(parsed.content);
        expect(
          events.flatMap((event) => (event.type === 'tool-call-end' ? [event.toolCall] : [])),
        ).toEqual(parsed.toolCalls);
        const starts = events.filter((event) => event.type === 'tool-call-start');
        expect(starts.map((event) => event.name)).toEqual(
          parsed.toolCalls.map((call) => call.name),
        );
      }),
      { numRuns: 80 },
    );
  });
});

describe('stream decoders: the event sequence', () => {
  it('Chat Completions: text, a call with its argument pieces, usage, finish', () => {
    const body = reply('openai', {
      type: 'tool_calls',
      text: 'Checking.',
      calls: [{ name: 'weather', arguments: { city: 'Oslo' }, id: 'call_1' }],
    });
    const events = decodeChunks('openai', streamFrames('openai', body, { pieceSize: 6 }));
    expect(events.filter((event) => event.type !== 'finish')).toMatchInlineSnapshot(`
      [
        {
          "text": "Checki",
          "type": "text-delta",
        },
        {
          "text": "ng.",
          "type": "text-delta",
        },
        {
          "id": "call_1",
          "index": 0,
          "name": "weather",
          "type": "tool-call-start",
        },
        {
          "argumentsDelta": "{"city",
          "index": 0,
          "type": "tool-call-delta",
        },
        {
          "argumentsDelta": "":"Osl",
          "index": 0,
          "type": "tool-call-delta",
        },
        {
          "argumentsDelta": "o"}",
          "index": 0,
          "type": "tool-call-delta",
        },
        {
          "index": 0,
          "toolCall": {
            "arguments": {
              "city": "Oslo",
            },
            "argumentsError": undefined,
            "argumentsUndecodable": false,
            "id": "call_1",
            "name": "weather",
            "raw": {
              "function": {
                "arguments": "{"city":"Oslo"}",
                "name": "weather",
              },
              "id": "call_1",
              "type": "function",
            },
            "rawArguments": "{"city":"Oslo"}",
            "wire": "openai",
          },
          "type": "tool-call-end",
        },
        {
          "type": "usage",
          "usage": {
            "inputTokens": 10,
            "outputTokens": 39,
            "totalTokens": 49,
          },
        },
      ]
    `);
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });
  });

  it('a call cut off by the token limit ends undecodable, as unstreamed', () => {
    const body = reply('openai', {
      type: 'tool_calls',
      calls: [{ name: 'write', arguments: '{"text": "unfinish' }],
      finish: 'length',
    });
    const events = decodeChunks('openai', streamFrames('openai', body));
    const end = events.find((event) => event.type === 'tool-call-end');
    expect(end).toMatchObject({
      toolCall: { name: 'write', argumentsUndecodable: true, rawArguments: '{"text": "unfinish' },
    });
    expect(finishOf(events).finishReason).toBe('length');
  });
});

describe('stream decoders: Hermes and <think> tags never reach a text delta', () => {
  const hermesBody = (content: string) => ({
    id: 'x',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });
  const content =
    '<think>the user wants <tool_call> weather</think>Let me look.\n<tool_call>\n{"name": "weather", "arguments": {"note": "a </tool_call> in a string"}}\n</tool_call>\nDone.';

  it.each([1, 2, 3, 5, 7])('split every %i characters', (size) => {
    const options: DialectOptions = { thinkTagFilter: true };
    const frames = streamFrames('hermes', hermesBody(content), { pieceSize: size });
    const events = decodeChunks('hermes', frames, options);
    const text = texts(events, 'text-delta');
    expect(text).toBe('Let me look.\n\nDone.');
    for (const event of events) {
      if (event.type === 'text-delta') expect(event.text).not.toMatch(/[<>]/);
    }
    expect(texts(events, 'reasoning-delta')).toBe('the user wants <tool_call> weather');
    const final = finishOf(events);
    expect(final.content).toBe(DIALECTS.hermes.parseResponse(hermesBody(content), options).content);
    expect(final.toolCalls.map((call) => call.arguments)).toEqual([
      { note: 'a </tool_call> in a string' },
    ]);
    expect(events.filter((event) => event.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', index: 0, id: '', name: 'weather' },
    ]);
  });

  it('a call block cut off by the end of the stream is hidden and reads undecodable', () => {
    const body = hermesBody('Sure.\n<tool_call>\n{"name": "weather", "arguments": {"ci');
    body.choices[0] = { ...body.choices[0], finish_reason: 'length' } as never;
    const events = decodeChunks('hermes', streamFrames('hermes', body, { pieceSize: 3 }));
    expect(texts(events, 'text-delta')).toBe('Sure.');
    expect(finishOf(events).toolCalls).toMatchObject([
      { name: 'weather', argumentsUndecodable: true },
    ]);
  });
});

describe('stream decoders: provider errors in the middle of a stream', () => {
  it.each([...WIRE_FORMATS])(
    '%s: the error event is a typed ProviderError and the last event',
    (wire) => {
      const frames = streamFrames(wire, reply(wire, { type: 'text', text: 'Hello there' }), {
        pieceSize: 4,
      });
      const broken = [
        ...frames.slice(0, 2),
        streamErrorFrame(wire, 'Overloaded', 'overloaded_error'),
        ...frames.slice(2),
      ];
      const events = decodeChunks(wire, broken);
      const last = events.at(-1);
      expect(last?.type).toBe('error');
      const error = (last as Extract<StreamEvent, { type: 'error' }>).error;
      expect(error).toBeInstanceOf(ProviderError);
      expect(error.message).toContain('Overloaded');
      expect(events.filter((event) => event.type === 'finish')).toEqual([]);
    },
  );

  it('gemini: a blocked prompt is PromptBlockedError', () => {
    const events = decodeChunks('gemini', [
      'data: {"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":5}}\n\n',
    ]);
    expect(events).toHaveLength(1);
    const error = (events[0] as Extract<StreamEvent, { type: 'error' }>).error;
    expect(error).toBeInstanceOf(PromptBlockedError);
    expect(error.message).toBe('prompt blocked: SAFETY');
  });

  it('a chunk that is not JSON is stream_bad_chunk', () => {
    const events = decodeChunks('openai', ['data: {"choices": [\n\n']);
    expect(events).toMatchObject([{ type: 'error', error: { code: 'stream_bad_chunk' } }]);
  });
});

describe('stream decoders: a truncated stream is an error, never a short answer', () => {
  it.each([...WIRE_FORMATS])('%s', (wire) => {
    const frames = streamFrames(wire, reply(wire, { type: 'text', text: 'Hello there, friend' }), {
      pieceSize: 4,
    });
    // Every cut before the end marker fails the same way.
    for (let keep = 0; keep < frames.length - 1; keep++) {
      const stream = joined(frames.slice(0, keep));
      if (wire === 'openai' || wire === 'hermes') {
        // A finish reason marks a complete reply even without [DONE] (servers omit it).
        if (new TextDecoder().decode(stream).includes('"finish_reason":"stop"')) continue;
      }
      const events = decodeChunks(wire, [stream]);
      expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'stream_truncated' } });
    }
  });

  it('a frame larger than maxFrameSize is refused', () => {
    const events = decodeChunks('openai', [`data: ${'x'.repeat(2000)}`], {
      maxFrameSize: 1000,
    } as DialectOptions);
    expect(events).toMatchObject([{ type: 'error', error: { code: 'stream_frame_too_large' } }]);
    const ndjson = decodeChunks('ollama', ['{"a":"', 'y'.repeat(2000)], {
      maxFrameSize: 1000,
    } as DialectOptions);
    expect(ndjson).toMatchObject([{ type: 'error', error: { code: 'stream_frame_too_large' } }]);
  });
});

describe('streaming requests', () => {
  it('each wire asks for a stream its own way', () => {
    const body = { model: 'm', stream: false };
    expect(STREAMS.openai.request(body)).toEqual({
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(STREAMS.hermes.request(body)).toEqual(STREAMS.openai.request(body));
    expect(STREAMS.anthropic.request(body)).toEqual({ model: 'm', stream: true });
    expect(STREAMS.ollama.request(body)).toEqual({ model: 'm', stream: true });
    expect(STREAMS.responses.request(body)).toEqual({ model: 'm', stream: true });
    expect(STREAMS.gemini.request(body)).toEqual(body);
    expect(STREAMS.gemini.path('/models/gemini-2.5-flash:generateContent')).toBe(
      '/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    expect(STREAMS.openai.path('/chat/completions')).toBe('/chat/completions');
  });
});
