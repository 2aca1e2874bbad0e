// Hand-built streams for the edges recorded streams rarely show (issue 27): a null usage field,
// a null finish reason, thought parts beside answer parts, a call id beside an item id, streamed
// Ollama thinking, a final text longer than what streamed, a reply whose last frame comes
// before the bytes end, a Hermes closing tag split across chunks. Each expectation is written
// from the wire's documented behaviour.
import { ProviderError, type WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { createStreamDecoder, decodeStream } from './stream-decoder.js';
import type { StreamEvent } from './stream-types.js';
import { decode, ndjson, sse } from './test-support/streams.js';

const finish = (events: readonly StreamEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error(`no finish: ${JSON.stringify(last)}`);
  return last.response;
};
const joined = (events: readonly StreamEvent[], type: 'text-delta' | 'reasoning-delta') =>
  events.flatMap((event) => (event.type === type ? [event.text] : [])).join('');
/** A Chat Completions chunk of the first choice. */
const chatChunk = (delta: unknown, finishReason: string | null = null) => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  model: 'gpt-6.1-sol',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

describe('anthropic: message_delta usage', () => {
  const stream = sse([
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-5-5',
          content: [],
          stop_reason: null,
          usage: { input_tokens: 25, output_tokens: 1, cache_read_input_tokens: 0 },
        },
      },
    ],
    [
      'content_block_start',
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ],
    [
      'content_block_delta',
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
    ],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    [
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        // The SDK's MessageDeltaUsage types input_tokens as `number | null`: null is "not
        // reported here", not zero, so the count from message_start stands.
        usage: { input_tokens: null, output_tokens: 12, cache_read_input_tokens: null },
      },
    ],
    ['message_stop', { type: 'message_stop' }],
  ]);

  it('a null input_tokens keeps the input count of message_start, and the total', () => {
    const events = decode('anthropic', [stream]);
    expect(events.filter((event) => event.type === 'usage')).toEqual([
      {
        type: 'usage',
        // the stream's explicit cache_read_input_tokens: 0 is kept as a count (no reads)
        usage: { inputTokens: 25, outputTokens: 12, totalTokens: 37, cacheReadTokens: 0 },
      },
    ]);
    const raw = finish(events).raw as { usage: Record<string, unknown> };
    expect(raw.usage).toEqual({
      input_tokens: 25,
      output_tokens: 12,
      cache_read_input_tokens: 0,
    });
  });
});

describe('gemini', () => {
  const chunk = (parts: unknown[], finishReason?: string | null, usage?: unknown) => ({
    candidates: [
      {
        content: { role: 'model', parts },
        ...(finishReason === undefined ? {} : { finishReason }),
      },
    ],
    ...(usage === undefined ? {} : { usageMetadata: usage }),
    modelVersion: 'gemini-3.8-flash',
  });

  it('keeps thought parts and answer parts apart, in the events and the body', () => {
    const events = decode('gemini', [
      sse([
        [undefined, chunk([{ text: 'The user wants', thought: true }])],
        [undefined, chunk([{ text: ' a greeting.', thought: true }])],
        [undefined, chunk([{ text: 'Hello' }])],
        [
          undefined,
          chunk([{ text: ' there!' }], 'STOP', {
            promptTokenCount: 4,
            candidatesTokenCount: 3,
            thoughtsTokenCount: 6,
            totalTokenCount: 13,
          }),
        ],
      ]),
    ]);
    expect(joined(events, 'reasoning-delta')).toBe('The user wants a greeting.');
    expect(joined(events, 'text-delta')).toBe('Hello there!');
    const response = finish(events);
    expect(response.content).toBe('Hello there!');
    expect(response.reasoning).toBe('The user wants a greeting.');
    const raw = response.raw as { candidates: [{ content: { parts: unknown[] } }] };
    expect(raw.candidates[0].content.parts).toEqual([
      { text: 'The user wants a greeting.', thought: true },
      { text: 'Hello there!' },
    ]);
  });

  it('a chunk with finishReason null is not the end: a stream cut after it is truncated', () => {
    const events = decode('gemini', [
      sse([
        [undefined, chunk([{ text: 'Once upon' }], null)],
        [undefined, chunk([{ text: ' a time' }], null)],
      ]),
    ]);
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    expect(last?.type === 'error' && last.error).toBeInstanceOf(ProviderError);
    expect(last?.type === 'error' && last.error.code).toBe('stream_truncated');
  });

  it('the chunk with a finish reason is the end', () => {
    const events = decode('gemini', [
      sse([
        [undefined, chunk([{ text: 'Once upon' }], null)],
        [undefined, chunk([{ text: ' a time' }], 'STOP')],
      ]),
    ]);
    expect(finish(events)).toMatchObject({ content: 'Once upon a time', finishReason: 'STOP' });
  });
});

describe('responses: a function call', () => {
  const item = {
    type: 'function_call',
    id: 'fc_0a1b2c',
    call_id: 'call_Xy7',
    name: 'get_weather',
    arguments: '',
    status: 'in_progress',
  };
  const done = { ...item, arguments: '{"city":"Oslo"}', status: 'completed' };
  const stream = sse([
    [
      'response.created',
      {
        type: 'response.created',
        response: { id: 'resp_1', object: 'response', status: 'in_progress', output: [] },
      },
    ],
    ['response.output_item.added', { type: 'response.output_item.added', output_index: 0, item }],
    [
      'response.function_call_arguments.delta',
      {
        type: 'response.function_call_arguments.delta',
        output_index: 0,
        item_id: 'fc_0a1b2c',
        delta: '{"city":"Oslo"}',
      },
    ],
    [
      'response.output_item.done',
      { type: 'response.output_item.done', output_index: 0, item: done },
    ],
    [
      'response.completed',
      {
        type: 'response.completed',
        response: {
          id: 'resp_1',
          object: 'response',
          status: 'completed',
          output: [done],
          usage: { input_tokens: 9, output_tokens: 5, total_tokens: 14 },
        },
      },
    ],
  ]);

  it('tool-call-start carries the call_id (what a function_call_output answers), not the fc_ item id', () => {
    const events = decode('responses', [stream]);
    expect(events.filter((event) => event.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_Xy7', name: 'get_weather' },
    ]);
    expect(finish(events).toolCalls.map((call) => [call.id, call.arguments])).toEqual([
      ['call_Xy7', { city: 'Oslo' }],
    ]);
  });
});

describe('ollama: streamed thinking', () => {
  const line = (content: string, thinking?: string) => ({
    model: 'qwen3',
    created_at: '2025-10-26T17:15:24.097767Z',
    message: { role: 'assistant', content, ...(thinking === undefined ? {} : { thinking }) },
    done: false,
  });

  it('is kept in the final body (the echo sends it back) and as the reasoning', () => {
    const events = decode('ollama', [
      ndjson([
        line('', 'Two plus'),
        line('', ' two is four.'),
        line('4'),
        {
          model: 'qwen3',
          created_at: '2025-10-26T17:15:24.166576Z',
          message: { role: 'assistant', content: '' },
          done: true,
          done_reason: 'stop',
          prompt_eval_count: 11,
          eval_count: 9,
        },
      ]),
    ]);
    expect(joined(events, 'reasoning-delta')).toBe('Two plus two is four.');
    const response = finish(events);
    expect(response.reasoning).toBe('Two plus two is four.');
    expect((response.raw as { message: unknown }).message).toEqual({
      role: 'assistant',
      content: '4',
      thinking: 'Two plus two is four.',
    });
  });
});

describe('the final text beyond what streamed', () => {
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    model: 'gpt-6.1-sol',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });

  it('is sent as a text delta before finish (a refusal streamed only as `refusal`)', () => {
    const events = decode('openai', [
      sse([
        [undefined, chunk({ role: 'assistant', content: null, refusal: '' })],
        [undefined, chunk({ refusal: "I can't" })],
        [undefined, chunk({ refusal: ' help with that.' })],
        [undefined, chunk({}, 'stop')],
        [undefined, '[DONE]'],
      ]),
    ]);
    const response = finish(events);
    expect(response.refusal).toBe("I can't help with that.");
    expect(response.content).toBe("I can't help with that.");
    expect(events.filter((event) => event.type === 'text-delta')).toEqual([
      { type: 'text-delta', text: "I can't help with that." },
    ]);
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'finish']);
  });
});

describe('a reply ends at its wire’s last frame', () => {
  const STREAMS: Record<string, [WireFormat, string]> = {
    anthropic: [
      'anthropic',
      sse([
        [
          'message_start',
          {
            type: 'message_start',
            message: { id: 'm', role: 'assistant', content: [], usage: { input_tokens: 1 } },
          },
        ],
        [
          'content_block_start',
          { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'ok' } },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        ['message_stop', { type: 'message_stop' }],
      ]),
    ],
    openai: [
      'openai',
      sse([
        [undefined, { choices: [{ index: 0, delta: { content: 'ok' }, finish_reason: 'stop' }] }],
        [undefined, '[DONE]'],
      ]),
    ],
    responses: [
      'responses',
      sse([
        [
          'response.completed',
          {
            type: 'response.completed',
            response: {
              status: 'completed',
              output: [
                {
                  type: 'message',
                  role: 'assistant',
                  content: [{ type: 'output_text', text: 'ok' }],
                },
              ],
            },
          },
        ],
      ]),
    ],
    ollama: [
      'ollama',
      ndjson([{ model: 'm', message: { role: 'assistant', content: 'ok' }, done: true }]),
    ],
  };

  it.each(Object.entries(STREAMS))(
    '%s: decodeStream finishes there and reads no further chunk',
    async (_name, [wire, bytes]) => {
      let pulledAfter = false;
      async function* source() {
        yield bytes;
        pulledAfter = true;
        throw new Error('read after the reply was complete');
      }
      const events: StreamEvent[] = [];
      for await (const event of decodeStream(wire, source())) events.push(event);
      expect(finish(events).content).toBe('ok');
      expect(pulledAfter).toBe(false);
    },
  );

  it.each(Object.entries(STREAMS))(
    '%s: the push that brings the last frame returns finish; later bytes are not read',
    (_name, [wire, bytes]) => {
      const decoder = createStreamDecoder(wire);
      const events = decoder.push(bytes);
      expect(events.at(-1)?.type).toBe('finish');
      expect(decoder.done).toBe(true);
      expect(decoder.push('data: not json at all\n\n{oops\n')).toEqual([]);
      expect(decoder.end()).toEqual([]);
    },
  );
});

describe('hermes: a closing tag split across chunks', () => {
  const chunk = (content: string) =>
    sse([
      [
        undefined,
        {
          id: 'c1',
          object: 'chat.completion.chunk',
          model: 'NousResearch/Hermes-3-Llama-3.1-8B',
          choices: [{ index: 0, delta: { content }, finish_reason: null }],
        },
      ],
    ]);

  it('gives the call as soon as the tag completes, not only at the end', () => {
    const decoder = createStreamDecoder('hermes');
    const pushes = [
      'Looking.\n<tool_call>\n{"name": "get_time", "arguments": {"zone": "UTC"}}\n</to',
      'ol_ca',
      'll>\nMore text',
    ].map((piece) => decoder.push(chunk(piece)));
    expect(pushes[0]?.filter((event) => event.type.startsWith('tool-call'))).toEqual([]);
    expect(pushes[1]?.filter((event) => event.type.startsWith('tool-call'))).toEqual([]);
    expect(pushes[2]?.filter((event) => event.type.startsWith('tool-call'))).toEqual([
      { type: 'tool-call-start', index: 0, id: '', name: 'get_time' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"zone":"UTC"}' },
    ]);
    // No piece of the tag ever reached the text.
    const text = pushes
      .flat()
      .flatMap((event) => (event.type === 'text-delta' ? [event.text] : []));
    expect(text.join('')).not.toMatch(/<|>/);
  });
});

describe('hermes: a JSON block that names no call stays in the text', () => {
  const chunk = (content: string) =>
    [
      undefined,
      {
        id: 'c1',
        object: 'chat.completion.chunk',
        model: 'NousResearch/Hermes-3-Llama-3.1-8B',
        choices: [{ index: 0, delta: { content }, finish_reason: null }],
      },
    ] as const;

  it.each([
    ['a number for a name', 'Hi <tool_call>{"name": 5}</tool_call> there'],
    ['an empty name', 'Hi <tool_call>{"name": "", "arguments": {}}</tool_call> there'],
    ['an empty array', 'Hi <tool_call>[]</tool_call> there'],
  ])('%s: it streams as text, tags and all, as the final text keeps it', (_, content) => {
    const warnings: string[] = [];
    const events = decode(
      'hermes',
      [
        sse([chunk(content.slice(0, 12))]),
        sse([chunk(content.slice(12, 30))]),
        sse([chunk(content.slice(30)), [undefined, '[DONE]']]),
      ],
      { onWarning: (warning) => warnings.push(warning.code) },
    );
    // The final reply tells of the block it could not read as a call.
    expect(warnings).toEqual(['hermes_call_unreadable']);
    expect(joined(events, 'text-delta')).toBe(content);
    expect(events.filter((event) => event.type.startsWith('tool-call'))).toEqual([]);
    expect(finish(events).content).toBe(content);
    expect(finish(events).toolCalls).toEqual([]);
  });

  it('the text of a block with no call comes before the call block after it', () => {
    const content =
      '<tool_call>{"name": 5}</tool_call> then <tool_call>{"name": "get_time", "arguments": {}}</tool_call>';
    const warnings: string[] = [];
    const events = decode('hermes', sse([chunk(content), [undefined, '[DONE]']]), {
      onWarning: (warning) => warnings.push(warning.code),
    });
    expect(warnings).toEqual(['hermes_call_unreadable']);
    const start = events.findIndex((event) => event.type === 'tool-call-start');
    expect(events[start]).toEqual({ type: 'tool-call-start', index: 0, id: '', name: 'get_time' });
    expect(joined(events.slice(0, start), 'text-delta')).toBe(
      '<tool_call>{"name": 5}</tool_call> then',
    );
    expect(joined(events.slice(start), 'text-delta')).toBe('');
    expect(finish(events).content).toBe('<tool_call>{"name": 5}</tool_call> then');
  });
});

describe('a call without a name is not a call of the reply: no event, no shifted index', () => {
  /** [type, index, name] of each call event: starts, deltas and ends must pair by index. */
  const callEvents = (events: readonly StreamEvent[]) =>
    events.flatMap((event) =>
      event.type === 'tool-call-start'
        ? [['start', event.index, event.name]]
        : event.type === 'tool-call-delta'
          ? [['delta', event.index, event.argumentsDelta]]
          : event.type === 'tool-call-end'
            ? [['end', event.index, event.toolCall.name]]
            : [],
    );

  it('ollama: a nameless call before a named one', () => {
    const events = decode(
      'ollama',
      ndjson([
        {
          model: 'qwen3',
          message: {
            role: 'assistant',
            content: '',
            tool_calls: [
              { function: { arguments: { a: 1 } } },
              { function: { name: 'get_time', arguments: { zone: 'UTC' } } },
            ],
          },
          done: false,
        },
        { model: 'qwen3', message: { role: 'assistant', content: '' }, done: true },
      ]),
    );
    expect(callEvents(events)).toEqual([
      ['start', 0, 'get_time'],
      ['delta', 0, '{"zone":"UTC"}'],
      ['end', 0, 'get_time'],
    ]);
  });

  it('anthropic: a tool_use block without a name before a named one', () => {
    const block = (index: number, content_block: unknown) =>
      ['content_block_start', { type: 'content_block_start', index, content_block }] as const;
    const input = (index: number, partial_json: string) =>
      [
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } },
      ] as const;
    const events = decode(
      'anthropic',
      sse([
        [
          'message_start',
          {
            type: 'message_start',
            message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], usage: {} },
          },
        ],
        block(0, { type: 'tool_use', id: 'toolu_0', input: {} }),
        input(0, '{"a":1}'),
        block(1, { type: 'tool_use', id: 'toolu_1', name: 'get_time', input: {} }),
        input(1, '{"zone":"UTC"}'),
        [
          'message_delta',
          {
            type: 'message_delta',
            delta: { stop_reason: 'tool_use' },
            usage: { output_tokens: 9 },
          },
        ],
        ['message_stop', { type: 'message_stop' }],
      ]),
    );
    expect(callEvents(events)).toEqual([
      ['start', 0, 'get_time'],
      ['delta', 0, '{"zone":"UTC"}'],
      ['end', 0, 'get_time'],
    ]);
  });

  it('chat completions: a nameless call before a named one', () => {
    const events = decode(
      'openai',
      sse([
        [
          undefined,
          chatChunk({
            role: 'assistant',
            tool_calls: [{ index: 0, id: 'call_0', function: { arguments: '{"a":1}' } }],
          }),
        ],
        [
          undefined,
          chatChunk({
            tool_calls: [
              { index: 1, id: 'call_1', function: { name: 'get_time', arguments: '{"zone":' } },
            ],
          }),
        ],
        [undefined, chatChunk({ tool_calls: [{ index: 1, function: { arguments: '"UTC"}' } }] })],
        [undefined, chatChunk({}, 'tool_calls')],
        [undefined, '[DONE]'],
      ]),
    );
    expect(callEvents(events)).toEqual([
      ['start', 0, 'get_time'],
      ['delta', 0, '{"zone":'],
      ['delta', 0, '"UTC"}'],
      ['end', 0, 'get_time'],
    ]);
  });

  it('chat completions: a call named only in a later chunk starts then, with its arguments so far', () => {
    const events = decode(
      'openai',
      sse([
        [
          undefined,
          chatChunk({
            role: 'assistant',
            tool_calls: [{ index: 0, id: 'call_0', function: { arguments: '{"zone":' } }],
          }),
        ],
        [
          undefined,
          chatChunk({
            tool_calls: [{ index: 0, function: { name: 'get_time', arguments: '"UTC"' } }],
          }),
        ],
        [undefined, chatChunk({ tool_calls: [{ index: 0, function: { arguments: '}' } }] })],
        [undefined, chatChunk({}, 'tool_calls')],
        [undefined, '[DONE]'],
      ]),
    );
    expect(callEvents(events)).toEqual([
      ['start', 0, 'get_time'],
      ['delta', 0, '{"zone":'],
      ['delta', 0, '"UTC"'],
      ['delta', 0, '}'],
      ['end', 0, 'get_time'],
    ]);
    expect(finish(events).toolCalls.map((call) => [call.id, call.arguments])).toEqual([
      ['call_0', { zone: 'UTC' }],
    ]);
  });
});

describe('fields a stream leaves out', () => {
  it('chat completions: a content chunk with no text adds no text, and a call with no id keeps none', () => {
    const events = decode(
      'openai',
      sse([
        [
          undefined,
          chatChunk({ role: 'assistant', content: [{ type: 'reference', reference_ids: [1] }] }),
        ],
        [
          undefined,
          chatChunk({
            tool_calls: [{ index: 0, type: 'function', function: { name: 'f', arguments: '{}' } }],
          }),
        ],
        [undefined, chatChunk({}, 'tool_calls')],
        [undefined, '[DONE]'],
      ]),
    );
    expect(events.map((event) => event.type)).toEqual([
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
      'finish',
    ]);
    expect(events[0]).toEqual({ type: 'tool-call-start', index: 0, id: '', name: 'f' });
    expect(finish(events).raw).toStrictEqual({
      id: 'c1',
      model: 'gpt-6.1-sol',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: '', type: 'function', function: { name: 'f', arguments: '{}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
    });
  });

  /** A Responses stream: the events given, then a completed response without output. */
  const responses = (...events: readonly (readonly [string, Record<string, unknown>])[]) =>
    sse([
      ['response.created', { type: 'response.created', response: { id: 'resp_1', output: [] } }],
      ...events.map(([type, fields]) => [type, { type, ...fields }] as const),
      [
        'response.completed',
        { type: 'response.completed', response: { id: 'resp_1', status: 'completed', output: [] } },
      ],
    ]);
  const added = (output_index: number, item: unknown) =>
    ['response.output_item.added', { output_index, item }] as const;
  const argumentsDelta = (output_index: number, delta: unknown) =>
    ['response.function_call_arguments.delta', { output_index, delta }] as const;

  it('responses: a call item without ids or arguments, and no output_item.done', () => {
    const events = decode(
      'responses',
      responses(
        added(0, { type: 'function_call', name: 'f' }),
        argumentsDelta(0, 42),
        argumentsDelta(0, '{"a":'),
        argumentsDelta(0, '1}'),
      ),
    );
    expect(events.filter((event) => event.type !== 'tool-call-end')).toEqual([
      { type: 'tool-call-start', index: 0, id: '', name: 'f' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '1}' },
      expect.objectContaining({ type: 'finish' }),
    ]);
    // The completed response has no output: the streamed item, with the arguments its deltas
    // gave, stands in.
    expect(finish(events).raw).toStrictEqual({
      id: 'resp_1',
      status: 'completed',
      output: [{ type: 'function_call', name: 'f', arguments: '{"a":1}' }],
    });
    expect(finish(events).toolCalls.map((call) => [call.id, call.arguments])).toEqual([
      ['', { a: 1 }],
    ]);
  });

  it('responses: function_call_arguments.done gives the whole arguments', () => {
    const item = { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '' };
    const events = decode(
      'responses',
      responses(
        added(0, item),
        argumentsDelta(0, '{"a":'),
        ['response.function_call_arguments.done', { output_index: 0, arguments: '{"a":2}' }],
        // Arguments that are not a string are not arguments: the whole ones stand.
        ['response.function_call_arguments.done', { output_index: 0, arguments: 7 }],
      ),
    );
    expect(finish(events).raw).toStrictEqual({
      id: 'resp_1',
      status: 'completed',
      output: [{ ...item, arguments: '{"a":2}' }],
    });
  });

  it('responses: an arguments delta for a message or for no item changes nothing', () => {
    const message = { type: 'message', role: 'assistant', content: [] };
    const events = decode(
      'responses',
      responses(added(0, message), argumentsDelta(0, '{"a":1}'), argumentsDelta(1, '{"a":1}'), [
        'response.function_call_arguments.done',
        { output_index: 1, arguments: '{}' },
      ]),
    );
    expect(events.map((event) => event.type)).toEqual(['finish']);
    expect(finish(events).raw).toStrictEqual({
      id: 'resp_1',
      status: 'completed',
      output: [message],
    });
  });
});
