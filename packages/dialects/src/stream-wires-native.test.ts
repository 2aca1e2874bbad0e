// Hand-built streams for the native (not OpenAI-shaped) wires: Anthropic Messages events,
// Gemini streamGenerateContent chunks, Ollama /api/chat NDJSON lines. Each expectation is
// written from the provider's documented stream format and from what the official SDK's
// accumulator keeps (Anthropic MessageStream: thinking signature, citations, tool input;
// Gemini: each part as sent, with its thoughtSignature), never from the decoder's output.
import { ProviderError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from './stream-types.js';
import { decode, ndjson, sse } from './test-support/streams.js';
import { stream as geminiStream } from './wires/gemini-stream.js';

const finish = (events: readonly StreamEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error(`no finish: ${JSON.stringify(last)}`);
  return last.response;
};
/** The events that stream (not the settling ones: call ends, usage, finish). */
const streamed = (events: readonly StreamEvent[]) =>
  events.filter((event) =>
    ['text-delta', 'reasoning-delta', 'tool-call-start', 'tool-call-delta'].includes(event.type),
  );
const failure = (events: readonly StreamEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'error') throw new Error(`no error: ${JSON.stringify(last)}`);
  return last.error;
};

// --- Anthropic -----------------------------------------------------------------------------

const messageStart = {
  type: 'message_start',
  message: {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 1 },
  },
};
const messageEnd = (stopReason: string, outputTokens: number) =>
  [
    [
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: outputTokens },
      },
    ],
    ['message_stop', { type: 'message_stop' }],
  ] as const;

describe('anthropic: thinking blocks', () => {
  it('a second signature_delta replaces the first: a signature is never two joined', () => {
    const thinkingDelta = (delta: Record<string, string>) =>
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta }] as const;
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        [
          'content_block_start',
          {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'thinking', thinking: '', signature: 'old' },
          },
        ],
        thinkingDelta({ type: 'thinking_delta', thinking: 'Hm.' }),
        thinkingDelta({ type: 'signature_delta', signature: 'EqQB' }),
        thinkingDelta({ type: 'signature_delta', signature: 'ErUC' }),
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        ...messageEnd('end_turn', 3),
      ]),
    );
    expect((finish(events).raw as { content: unknown }).content).toStrictEqual([
      { type: 'thinking', thinking: 'Hm.', signature: 'ErUC' },
    ]);
  });

  it('keeps the thinking text and its signature_delta in the block, as the echo needs them', () => {
    // The extended-thinking stream: the thinking block starts empty (no signature field), the
    // thinking streams in thinking_delta pieces, the signature comes in one signature_delta.
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        [
          'content_block_start',
          {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'thinking', thinking: '' },
          },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'thinking_delta', thinking: 'Two ' },
          },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'thinking_delta', thinking: 'plus two.' },
          },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM' },
          },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        [
          'content_block_start',
          { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: '4' } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 1 }],
        ['ping', { type: 'ping' }],
        ...messageEnd('end_turn', 20),
      ]),
    );
    expect(streamed(events)).toEqual([
      { type: 'reasoning-delta', text: 'Two ' },
      { type: 'reasoning-delta', text: 'plus two.' },
      { type: 'text-delta', text: '4' },
    ]);
    const response = finish(events);
    expect(response.content).toBe('4');
    expect(response.reasoning).toBe('Two plus two.');
    expect(response.finishReason).toBe('end_turn');
    expect(response.raw).toStrictEqual({
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [
        { type: 'thinking', thinking: 'Two plus two.', signature: 'EqQBCgIYAhIM' },
        { type: 'text', text: '4' },
      ],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 20 },
    });
  });

  it('streams text and thinking a content_block_start already carries', () => {
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        [
          'content_block_start',
          {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'thinking', thinking: 'Hm, ' },
          },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'thinking_delta', thinking: 'easy.' },
          },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        [
          'content_block_start',
          { type: 'content_block_start', index: 1, content_block: { type: 'text', text: 'Hello' } },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: ' world' } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 1 }],
        ...messageEnd('end_turn', 5),
      ]),
    );
    expect(streamed(events)).toEqual([
      { type: 'reasoning-delta', text: 'Hm, ' },
      { type: 'reasoning-delta', text: 'easy.' },
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: ' world' },
    ]);
    expect(finish(events).content).toBe('Hello world');
    expect(finish(events).reasoning).toBe('Hm, easy.');
  });

  it('streams nothing for a block of a type added later, nor for a delta type added later', () => {
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        [
          'content_block_start',
          {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'future_block', text: 'not text', thinking: 'not thinking' },
          },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        [
          'content_block_start',
          { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hi' } },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 1, delta: { type: 'future_delta', value: 1 } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 1 }],
        ...messageEnd('end_turn', 3),
      ]),
    );
    expect(streamed(events)).toEqual([{ type: 'text-delta', text: 'Hi' }]);
    expect(finish(events).reasoning).toBeUndefined();
    expect((finish(events).raw as { content: unknown }).content).toStrictEqual([
      { type: 'future_block', text: 'not text', thinking: 'not thinking' },
      { type: 'text', text: 'Hi' },
    ]);
  });
});

describe('anthropic: citations', () => {
  it('adds each citations_delta to its text block, in order', () => {
    const first = {
      type: 'char_location',
      cited_text: 'The grass is green.',
      document_index: 0,
      document_title: 'Facts',
      start_char_index: 0,
      end_char_index: 20,
    };
    const second = {
      ...first,
      cited_text: 'The sky is blue.',
      start_char_index: 20,
      end_char_index: 36,
    };
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        [
          'content_block_start',
          { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'citations_delta', citation: first },
          },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'citations_delta', citation: second },
          },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'text_delta', text: 'Green and blue.' },
          },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        ...messageEnd('end_turn', 6),
      ]),
    );
    expect((finish(events).raw as { content: unknown }).content).toStrictEqual([
      { type: 'text', text: 'Green and blue.', citations: [first, second] },
    ]);
  });
});

describe('anthropic: tool_use input', () => {
  const toolStart = (index: number, id: string, name: string) =>
    [
      'content_block_start',
      {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id, name, input: {} },
      },
    ] as const;
  const inputDelta = (index: number, partial: string) =>
    [
      'content_block_delta',
      {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: partial },
      },
    ] as const;

  it('a tool without parameters: an empty input_json_delta leaves the start input {}', () => {
    // Anthropic streams a parameterless call as its start block (input {}) and one
    // input_json_delta with partial_json "".
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        toolStart(0, 'toolu_01', 'get_time'),
        inputDelta(0, ''),
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        ...messageEnd('tool_use', 8),
      ]),
    );
    expect(streamed(events)).toEqual([
      { type: 'tool-call-start', index: 0, id: 'toolu_01', name: 'get_time' },
    ]);
    const response = finish(events);
    expect(response.toolCalls.map(({ id, name, arguments: args }) => ({ id, name, args }))).toEqual(
      [{ id: 'toolu_01', name: 'get_time', args: {} }],
    );
    expect((response.raw as { content: unknown }).content).toStrictEqual([
      { type: 'tool_use', id: 'toolu_01', name: 'get_time', input: {} },
    ]);
  });

  it('input pieces that are only whitespace leave the start input {} too', () => {
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        toolStart(0, 'toolu_02', 'get_time'),
        inputDelta(0, ' '),
        inputDelta(0, '\n'),
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        ...messageEnd('tool_use', 8),
      ]),
    );
    expect((finish(events).raw as { content: unknown }).content).toStrictEqual([
      { type: 'tool_use', id: 'toolu_02', name: 'get_time', input: {} },
    ]);
    expect(finish(events).toolCalls[0]?.arguments).toEqual({});
  });

  it('a tool block whose content_block_stop never came still reads its streamed input', () => {
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        toolStart(0, 'toolu_03', 'get_weather'),
        inputDelta(0, '{"city": '),
        inputDelta(0, '"Paris"}'),
        ...messageEnd('tool_use', 9),
      ]),
    );
    expect(streamed(events)).toEqual([
      { type: 'tool-call-start', index: 0, id: 'toolu_03', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city": ' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
    ]);
    expect((finish(events).raw as { content: unknown }).content).toStrictEqual([
      { type: 'tool_use', id: 'toolu_03', name: 'get_weather', input: { city: 'Paris' } },
    ]);
  });

  it.each([
    [
      { type: 'tool_use', name: 'get_time', input: {} },
      [{ type: 'tool-call-start', index: 0, id: '', name: 'get_time' }],
    ],
    // Without a name it is not a call of the reply: nothing streams for it.
    [{ type: 'tool_use', id: 'toolu_1', input: {} }, []],
  ])(
    'a tool_use start without an id gives an empty id; without a name, no call (%j)',
    (block, expected) => {
      const events = decode(
        'anthropic',
        sse([
          ['message_start', messageStart],
          ['content_block_start', { type: 'content_block_start', index: 0, content_block: block }],
          ['content_block_stop', { type: 'content_block_stop', index: 0 }],
          ...messageEnd('tool_use', 2),
        ]),
      );
      expect(streamed(events)).toEqual(expected);
    },
  );
});

describe('anthropic: deltas whose block never started', () => {
  it('builds the block from its deltas alone, and streams no call for a bare input delta', () => {
    // A proxy that drops content_block_start: each delta still lands in the block at its index.
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'thinking_delta', thinking: 'Think.' },
          },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta' } },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hi' } },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 1, delta: { type: 'text_delta' } },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 2,
            delta: { type: 'input_json_delta', partial_json: '{"a":1}' },
          },
        ],
        ...messageEnd('end_turn', 4),
      ]),
    );
    expect(streamed(events)).toEqual([
      { type: 'reasoning-delta', text: 'Think.' },
      { type: 'text-delta', text: 'Hi' },
    ]);
    expect((finish(events).raw as { content: unknown }).content).toStrictEqual([
      { thinking: 'Think.', signature: '' },
      { text: 'Hi' },
      { input: { a: 1 } },
    ]);
  });
});

describe('anthropic: block positions', () => {
  it('a block index that skips one leaves no gap in the content', () => {
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        [
          'content_block_start',
          { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'A' } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        [
          'content_block_start',
          { type: 'content_block_start', index: 2, content_block: { type: 'text', text: 'B' } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 2 }],
        ...messageEnd('end_turn', 2),
      ]),
    );
    expect(finish(events).content).toBe('AB');
    expect((finish(events).raw as { content: unknown }).content).toStrictEqual([
      { type: 'text', text: 'A' },
      { type: 'text', text: 'B' },
    ]);
  });

  it('text and thinking blocks that start without their text field stream nothing at start', () => {
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        [
          'content_block_start',
          { type: 'content_block_start', index: 0, content_block: { type: 'thinking' } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        [
          'content_block_start',
          { type: 'content_block_start', index: 1, content_block: { type: 'text' } },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hi' } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 1 }],
        ...messageEnd('end_turn', 2),
      ]),
    );
    expect(streamed(events)).toEqual([{ type: 'text-delta', text: 'Hi' }]);
  });
});

describe('anthropic: a stream without message_start', () => {
  it('reads as an assistant message of the blocks that came', () => {
    const events = decode(
      'anthropic',
      sse([
        [
          'content_block_start',
          { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        ...messageEnd('end_turn', 1),
      ]),
    );
    expect(finish(events).raw).toStrictEqual({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'Hi' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { output_tokens: 1 },
    });
  });
});

describe('anthropic: a stream of blocks only', () => {
  it('without message_start and message_delta the message has no usage and no stop reason', () => {
    const events = decode(
      'anthropic',
      sse([
        [
          'content_block_start',
          { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        ['message_stop', { type: 'message_stop' }],
      ]),
    );
    expect(finish(events).raw).toStrictEqual({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'Hi' }],
    });
    expect(finish(events).usage).toBeUndefined();
    expect(finish(events).finishReason).toBeUndefined();
  });
});

describe('anthropic: error events', () => {
  it('an error event fails the stream with the provider error (overloaded_error, retryable)', () => {
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }],
      ]),
    );
    const error = failure(events);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      message: 'anthropic provider error overloaded_error: Overloaded',
      providerCode: 'overloaded_error',
      providerMessage: 'Overloaded',
      retryable: true,
    });
  });

  it('an error event whose body has no error object still fails the stream, with its message', () => {
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        ['error', { type: 'error', message: 'Internal server error' }],
        ...messageEnd('end_turn', 1),
      ]),
    );
    const error = failure(events);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ providerMessage: 'Internal server error' });
  });

  it('a frame that is a bare error body (no type, no event name) fails the stream', () => {
    const events = decode(
      'anthropic',
      sse([
        ['message_start', messageStart],
        [undefined, { error: { type: 'api_error', message: 'Internal server error' } }],
        ...messageEnd('end_turn', 1),
      ]),
    );
    expect(failure(events)).toMatchObject({
      providerCode: 'api_error',
      providerMessage: 'Internal server error',
      retryable: true,
    });
  });
});

// --- Gemini --------------------------------------------------------------------------------

describe('gemini: the parts of the streamed reply', () => {
  it('joins plain text pieces into one part; the role defaults to model when no chunk names it', () => {
    const events = decode(
      'gemini',
      sse([
        [undefined, { candidates: [{ content: { parts: [{ text: 'Hel' }] }, index: 0 }] }],
        [undefined, { candidates: [{ content: { parts: [{ text: 'lo' }] }, index: 0 }] }],
        [
          undefined,
          {
            candidates: [{ finishReason: 'STOP', index: 0 }],
            usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 },
            modelVersion: 'gemini-2.5-flash',
          },
        ],
      ]),
    );
    expect(finish(events).raw).toStrictEqual({
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 },
      modelVersion: 'gemini-2.5-flash',
      candidates: [
        { index: 0, finishReason: 'STOP', content: { parts: [{ text: 'Hello' }], role: 'model' } },
      ],
    });
  });

  it('keeps the role a chunk named when the last chunk has no content', () => {
    const events = decode(
      'gemini',
      sse([
        [undefined, { candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] } }] }],
        [undefined, { candidates: [{ finishReason: 'STOP' }] }],
      ]),
    );
    expect(finish(events).raw).toStrictEqual({
      candidates: [{ finishReason: 'STOP', content: { parts: [{ text: 'Hi' }], role: 'model' } }],
    });
  });

  it('text after a part with a thoughtSignature starts a new part (the signature stays on its part)', () => {
    const events = decode(
      'gemini',
      sse([
        [
          undefined,
          {
            candidates: [
              {
                content: {
                  role: 'model',
                  parts: [{ text: 'The answer', thoughtSignature: 'CiIB' }],
                },
              },
            ],
          },
        ],
        [
          undefined,
          {
            candidates: [
              { content: { role: 'model', parts: [{ text: ' is 4.' }] }, finishReason: 'STOP' },
            ],
          },
        ],
      ]),
    );
    expect(streamed(events)).toEqual([
      { type: 'text-delta', text: 'The answer' },
      { type: 'text-delta', text: ' is 4.' },
    ]);
    expect(finish(events).raw).toStrictEqual({
      candidates: [
        {
          finishReason: 'STOP',
          content: {
            parts: [{ text: 'The answer', thoughtSignature: 'CiIB' }, { text: ' is 4.' }],
            role: 'model',
          },
        },
      ],
    });
  });

  it('a signature on a later text piece moves to the joined part; pieces without one add no field', () => {
    const events = decode(
      'gemini',
      sse([
        [undefined, { candidates: [{ content: { role: 'model', parts: [{ text: 'A' }] } }] }],
        [undefined, { candidates: [{ content: { role: 'model', parts: [{ text: 'B' }] } }] }],
        [
          undefined,
          {
            candidates: [
              {
                content: { role: 'model', parts: [{ text: 'C', thoughtSignature: 'Sig' }] },
                finishReason: 'STOP',
              },
            ],
          },
        ],
      ]),
    );
    expect(finish(events).raw).toStrictEqual({
      candidates: [
        {
          finishReason: 'STOP',
          content: { parts: [{ text: 'ABC', thoughtSignature: 'Sig' }], role: 'model' },
        },
      ],
    });
  });

  it('a part that is not only text (a signature alone, text with metadata) is kept as sent', () => {
    const events = decode(
      'gemini',
      sse([
        [undefined, { candidates: [{ content: { role: 'model', parts: [{ text: 'A' }] } }] }],
        [
          undefined,
          { candidates: [{ content: { role: 'model', parts: [{ thoughtSignature: 'Sig' }] } }] },
        ],
        [undefined, { candidates: [{ content: { role: 'model', parts: [{ text: 'B' }] } }] }],
        [
          undefined,
          {
            candidates: [
              {
                content: { role: 'model', parts: [{ text: 'C', partMetadata: { tag: 1 } }] },
                finishReason: 'STOP',
              },
            ],
          },
        ],
      ]),
    );
    expect(finish(events).raw).toStrictEqual({
      candidates: [
        {
          finishReason: 'STOP',
          content: {
            parts: [
              { text: 'A' },
              { thoughtSignature: 'Sig' },
              { text: 'B' },
              { text: 'C', partMetadata: { tag: 1 } },
            ],
            role: 'model',
          },
        },
      ],
    });
  });

  it('skips a part that is not an object', () => {
    const events = decode(
      'gemini',
      sse([
        [
          undefined,
          {
            candidates: [
              { content: { role: 'model', parts: [null, { text: 'Hi' }] }, finishReason: 'STOP' },
            ],
          },
        ],
      ]),
    );
    expect(streamed(events)).toEqual([{ type: 'text-delta', text: 'Hi' }]);
    expect(finish(events).raw).toStrictEqual({
      candidates: [{ finishReason: 'STOP', content: { parts: [{ text: 'Hi' }], role: 'model' } }],
    });
  });
});

describe('gemini: function calls', () => {
  it('streams each call whole: its args as JSON, none for a call without args', () => {
    // A call to a function without parameters comes without `args` (recorded:
    // google-stream-no-args-tool-call.sse).
    const events = decode(
      'gemini',
      sse([
        [
          undefined,
          {
            candidates: [
              {
                content: {
                  role: 'model',
                  parts: [
                    { functionCall: { name: 'get_time' } },
                    {
                      functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
                    },
                  ],
                },
                finishReason: 'STOP',
              },
            ],
          },
        ],
      ]),
    );
    expect(streamed(events)).toEqual([
      { type: 'tool-call-start', index: 0, id: '', name: 'get_time' },
      { type: 'tool-call-start', index: 1, id: 'call_1', name: 'get_weather' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"city":"Paris"}' },
    ]);
    expect(finish(events).toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ['get_time', {}],
      ['get_weather', { city: 'Paris' }],
    ]);
  });
});

describe('gemini: the streaming path', () => {
  it('asks for server-sent events, after a query the path already has', () => {
    expect(geminiStream.path('/v1beta/models/gemini-2.5-flash:generateContent')).toBe(
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    expect(geminiStream.path('/v1beta/models/gemini-2.5-flash:generateContent?key=K')).toBe(
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?key=K&alt=sse',
    );
  });
});

// --- Ollama --------------------------------------------------------------------------------

describe('ollama: the streamed reply', () => {
  const last = {
    model: 'llama3.2',
    created_at: '2025-07-07T20:22:19.19314Z',
    message: { role: 'assistant', content: '' },
    done_reason: 'stop',
    done: true,
    prompt_eval_count: 169,
    eval_count: 15,
  };

  it('a reply without thinking has no thinking field; the top-level fields are the last line', () => {
    const events = decode(
      'ollama',
      ndjson([
        {
          model: 'llama3.2',
          created_at: '2025-07-07T20:22:19.1Z',
          message: { role: 'assistant', content: 'Hi' },
          done: false,
        },
        last,
      ]),
    );
    expect(finish(events).raw).toStrictEqual({
      model: 'llama3.2',
      created_at: '2025-07-07T20:22:19.19314Z',
      done_reason: 'stop',
      done: true,
      prompt_eval_count: 169,
      eval_count: 15,
      message: { role: 'assistant', content: 'Hi' },
    });
  });

  it('the role defaults to assistant, and a line without message keeps the role named before', () => {
    const noRole = decode(
      'ollama',
      ndjson([
        { message: { content: 'Hi' }, done: false },
        { done: true, done_reason: 'stop' },
      ]),
    );
    expect(finish(noRole).raw).toStrictEqual({
      done: true,
      done_reason: 'stop',
      message: { role: 'assistant', content: 'Hi' },
    });
    expect(streamed(noRole)).toEqual([{ type: 'text-delta', text: 'Hi' }]);
  });

  it('a call without id or arguments: a start with empty id, no arguments delta', () => {
    const events = decode(
      'ollama',
      ndjson([
        {
          model: 'llama3.2',
          message: {
            role: 'assistant',
            tool_calls: [
              { function: { name: 'get_time' } },
              { function: { name: 'get_weather', arguments: { city: 'Tokyo' } } },
            ],
          },
          done: false,
        },
        last,
      ]),
    );
    expect(streamed(events)).toEqual([
      { type: 'tool-call-start', index: 0, id: '', name: 'get_time' },
      { type: 'tool-call-start', index: 1, id: '', name: 'get_weather' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"city":"Tokyo"}' },
    ]);
    expect(finish(events).toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ['get_time', {}],
      ['get_weather', { city: 'Tokyo' }],
    ]);
  });

  it('a call piece without a function name streams nothing: the reply has no such call', () => {
    const events = decode(
      'ollama',
      ndjson([
        {
          message: { role: 'assistant', tool_calls: [{ function: { arguments: {} } }] },
          done: false,
        },
        last,
      ]),
    );
    expect(streamed(events)).toEqual([]);
    expect(finish(events).toolCalls).toEqual([]);
  });

  it('an error line fails the stream with the Ollama provider error', () => {
    const events = decode(
      'ollama',
      ndjson([{ error: 'model "llama9" not found, try pulling it first' }]),
    );
    const error = failure(events);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe(
      'ollama provider error: model "llama9" not found, try pulling it first',
    );
  });
});
