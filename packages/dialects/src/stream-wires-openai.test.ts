// Hand-built streams for the two OpenAI wires (issue 27), each written from the documented
// format: the Chat Completions `chat.completion.chunk` stream (openai-node `ChatCompletionChunk`:
// choices[].delta with content, tool_calls by index, refusal; the usage chunk asked for by
// `stream_options.include_usage`), with the fields other servers add to it (DeepSeek
// `reasoning_content`, OpenRouter `reasoning` and `reasoning_details`, Mistral content chunks),
// and the Responses event stream (openai-node `ResponseStreamEvent`). Each test reads the
// decoder's public output: the events in order and the finished reply with its raw body.
import { ProviderError, type ToolCall, type WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from './stream-types.js';
import { decode, sse } from './test-support/streams.js';

/** The error a stream ends in (its last event). */
function decodeError(wire: WireFormat, text: string): ProviderError {
  const last = decode(wire, text).at(-1);
  if (last?.type !== 'error' || !(last.error instanceof ProviderError)) {
    throw new Error(`no provider error: ${JSON.stringify(last)}`);
  }
  return last.error;
}
/** A finished call as the caller reads it. */
const call = (toolCall: ToolCall) => ({
  id: toolCall.id,
  name: toolCall.name,
  arguments: toolCall.arguments,
});
const finish = (events: readonly StreamEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error(`no finish: ${JSON.stringify(last)}`);
  return last.response;
};
/** The events without the finish (its response is checked apart). */
const deltas = (events: readonly StreamEvent[]) =>
  events.filter((event) => event.type !== 'finish' && event.type !== 'tool-call-end');

/** A `chat.completion.chunk` with one choice. */
const chunk = (delta: unknown, finishReason: string | null = null, extra: object = {}) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1_750_000_000,
  model: 'gpt-5-mini',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
  ...extra,
});

describe('chat completions stream: the reply body put back together', () => {
  it('keeps the last value of each completion field and the usage chunk, with no empty extras', () => {
    const stream = sse([
      [
        undefined,
        chunk({ role: 'assistant', content: '' }, null, {
          system_fingerprint: 'fp_1',
          service_tier: 'default',
          usage: null,
        }),
      ],
      [undefined, chunk({ content: 'Hi' }, null, { system_fingerprint: 'fp_1', usage: null })],
      [undefined, chunk({}, 'stop', { system_fingerprint: 'fp_2', usage: null })],
      [
        undefined,
        {
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: 1_750_000_000,
          model: 'gpt-5-mini',
          choices: [],
          usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
        },
      ],
      [undefined, '[DONE]'],
    ]);
    const events = decode('openai', stream);
    expect(events.slice(0, -1)).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 2, totalTokens: 11 } },
    ]);
    const response = finish(events);
    expect(response.content).toBe('Hi');
    expect(response.finishReason).toBe('stop');
    expect(response.raw).toStrictEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_750_000_000,
      model: 'gpt-5-mini',
      system_fingerprint: 'fp_2',
      service_tier: 'default',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
    });
  });

  it('gives no usage when every chunk says usage: null, and keeps a finish reason a later chunk leaves null', () => {
    const stream = sse([
      [undefined, chunk({ role: 'assistant', content: 'Yes' }, null, { usage: null })],
      [undefined, chunk({}, 'length', { usage: null })],
      [undefined, chunk({}, null, { usage: null })],
      [undefined, '[DONE]'],
    ]);
    const events = decode('openai', stream);
    expect(events.slice(0, -1)).toEqual([{ type: 'text-delta', text: 'Yes' }]);
    const response = finish(events);
    expect(response.usage).toBeUndefined();
    expect(response.finishReason).toBe('length');
    expect(response.raw).toStrictEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_750_000_000,
      model: 'gpt-5-mini',
      choices: [
        { index: 0, message: { role: 'assistant', content: 'Yes' }, finish_reason: 'length' },
      ],
    });
  });

  it('reads only the first choice of an n > 1 stream, and a choice without index as the first', () => {
    const stream = sse([
      [
        undefined,
        {
          id: 'chatcmpl-2',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'gpt-5-mini',
          choices: [
            { index: 0, delta: { role: 'assistant', content: 'A' }, finish_reason: null },
            { index: 1, delta: { role: 'assistant', content: 'B' }, finish_reason: null },
          ],
        },
      ],
      [
        undefined,
        {
          id: 'chatcmpl-2',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'gpt-5-mini',
          choices: [
            { index: 1, delta: {}, finish_reason: 'length' },
            { delta: { content: '!' }, finish_reason: 'stop' },
          ],
        },
      ],
      [undefined, '[DONE]'],
    ]);
    const events = decode('openai', stream);
    expect(events.slice(0, -1)).toEqual([
      { type: 'text-delta', text: 'A' },
      { type: 'text-delta', text: '!' },
    ]);
    expect(finish(events).finishReason).toBe('stop');
    expect(finish(events).content).toBe('A!');
  });

  it('is cut short when the bytes end before a finish reason or [DONE]', () => {
    const stream = sse([[undefined, chunk({ role: 'assistant', content: 'Par' })]]);
    const error = decodeError('openai', stream);
    expect(error.code).toBe('stream_truncated');
  });
});

describe('chat completions stream: chunks that leave fields out', () => {
  it('keeps usage and finish reason of the finish chunk when a later chunk has neither field', () => {
    const bare = (delta: unknown) => ({
      id: 'chatcmpl-3',
      object: 'chat.completion.chunk',
      created: 2,
      model: 'deepseek-chat',
      choices: [{ index: 0, delta }],
    });
    const stream = sse([
      [undefined, bare({ role: 'assistant', content: 'Hello' })],
      [
        undefined,
        {
          ...bare({}),
          choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
          usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
        },
      ],
      [undefined, bare({})],
      [undefined, '[DONE]'],
    ]);
    const response = finish(decode('openai', stream));
    expect(response.finishReason).toBe('stop');
    expect(response.usage).toEqual({ inputTokens: 5, outputTokens: 1, totalTokens: 6 });
    expect(response.raw).toStrictEqual({
      id: 'chatcmpl-3',
      object: 'chat.completion',
      created: 2,
      model: 'deepseek-chat',
      choices: [
        { index: 0, message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
    });
  });

  it('is cut short when the bytes end after chunks whose choices have no finish_reason field', () => {
    const stream = sse([
      [
        undefined,
        {
          id: 'chatcmpl-4',
          object: 'chat.completion.chunk',
          created: 3,
          model: 'm',
          choices: [{ index: 0, delta: { role: 'assistant', content: 'Par' } }],
        },
      ],
    ]);
    expect(decodeError('openai', stream).code).toBe('stream_truncated');
  });
});

describe('chat completions stream: error events', () => {
  it('reads an `event: error` frame whose data is the error object itself', () => {
    const stream = `${sse([[undefined, chunk({ role: 'assistant', content: 'A' })]])}${sse([
      ['error', { message: 'The server is overloaded', type: 'server_error' }],
    ])}`;
    const error = decodeError('openai', stream);
    expect(error.message).toBe('openai provider error server_error: The server is overloaded');
    expect(error.providerCode).toBe('server_error');
  });

  it('reads an `event: error` frame that wraps its error in `error`', () => {
    const stream = sse([
      ['error', { error: { message: 'Rate limit reached', type: 'rate_limit_exceeded' } }],
    ]);
    const error = decodeError('openai', stream);
    expect(error.message).toBe('openai provider error rate_limit_exceeded: Rate limit reached');
  });
});

describe('chat completions stream: tool calls', () => {
  it('takes a call id and name that arrive after its first piece (the call starts with its name), and never empties them again', () => {
    const stream = sse([
      [undefined, chunk({ role: 'assistant', content: null })],
      [undefined, chunk({ tool_calls: [{ index: 0, function: { arguments: '' } }] })],
      [undefined, chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function' }] })],
      [undefined, chunk({ tool_calls: [{ index: 0, function: { name: 'get_weather' } }] })],
      [
        undefined,
        chunk({
          tool_calls: [{ index: 0, id: '', function: { name: '', arguments: '{"city":' } }],
        }),
      ],
      [undefined, chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] })],
      [undefined, chunk({}, 'tool_calls')],
      [undefined, '[DONE]'],
    ]);
    const events = decode('openai', stream);
    expect(deltas(events)).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_1', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
    ]);
    const response = finish(events);
    expect(response.toolCalls.map(call)).toEqual([
      { id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.raw).toStrictEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_750_000_000,
      model: 'gpt-5-mini',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    });
  });

  it('takes each call without an index (Mistral) as the next call', () => {
    const stream = sse([
      [
        undefined,
        chunk({
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'a1b2c3d4e', function: { name: 'get_time', arguments: '{}' } }],
        }),
      ],
      [
        undefined,
        chunk({
          tool_calls: [
            { id: 'f5g6h7i8j', function: { name: 'get_date', arguments: '{"tz":"UTC"}' } },
          ],
        }),
      ],
      [undefined, chunk({}, 'tool_calls')],
      [undefined, '[DONE]'],
    ]);
    const events = decode('openai', stream);
    expect(deltas(events)).toEqual([
      { type: 'tool-call-start', index: 0, id: 'a1b2c3d4e', name: 'get_time' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
      { type: 'tool-call-start', index: 1, id: 'f5g6h7i8j', name: 'get_date' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"tz":"UTC"}' },
    ]);
    expect(finish(events).toolCalls.map(call)).toEqual([
      { id: 'a1b2c3d4e', name: 'get_time', arguments: {} },
      { id: 'f5g6h7i8j', name: 'get_date', arguments: { tz: 'UTC' } },
    ]);
  });
});

describe('chat completions stream: content chunks (Mistral)', () => {
  it('streams text chunks as text and thinking chunks as reasoning, kept as a thinking chunk in the body', () => {
    const stream = sse([
      [
        undefined,
        chunk({
          role: 'assistant',
          content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'The user ' }] }],
        }),
      ],
      [
        undefined,
        chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'greets.' }] }] }),
      ],
      [undefined, chunk({ content: [{ type: 'text', text: 'Bon' }] })],
      [
        undefined,
        chunk({
          content: [
            { type: 'text', text: 'jour' },
            { type: 'image_url', image_url: 'https://example.com/a.png' },
          ],
        }),
      ],
      [undefined, chunk({}, 'stop')],
      [undefined, '[DONE]'],
    ]);
    const events = decode('openai', stream);
    expect(events.slice(0, -1)).toEqual([
      { type: 'reasoning-delta', text: 'The user ' },
      { type: 'reasoning-delta', text: 'greets.' },
      { type: 'text-delta', text: 'Bon' },
      { type: 'text-delta', text: 'jour' },
    ]);
    const response = finish(events);
    expect(response.content).toBe('Bonjour');
    expect(response.reasoning).toBe('The user greets.');
    expect(response.raw).toStrictEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_750_000_000,
      model: 'gpt-5-mini',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: [{ type: 'text', text: 'The user greets.' }] },
              { type: 'text', text: 'Bonjour' },
            ],
          },
          finish_reason: 'stop',
        },
      ],
    });
  });

  it('counts as text what the unstreamed reply counts: strings and text-typed chunks', () => {
    const stream = sse([
      [undefined, chunk({ role: 'assistant', content: ['Bon', { type: 'text', text: 'jour' }] })],
      [
        undefined,
        chunk({
          content: [
            { type: 'reference', text: '[1]', reference_ids: [1] },
            { type: 'output_text', text: '!' },
            { text: '?' },
          ],
        }),
      ],
      [undefined, chunk({}, 'stop')],
      [undefined, '[DONE]'],
    ]);
    const events = decode('openai', stream);
    expect(events.slice(0, -1)).toEqual([
      { type: 'text-delta', text: 'Bon' },
      { type: 'text-delta', text: 'jour' },
      { type: 'text-delta', text: '!' },
      { type: 'text-delta', text: '?' },
    ]);
    expect(finish(events).content).toBe('Bonjour!?');
  });

  it('keeps a thinking chunk with no text after it as thinking beside an empty text', () => {
    const stream = sse([
      [
        undefined,
        chunk({
          role: 'assistant',
          content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'Hmm.' }] }],
        }),
      ],
      [undefined, chunk({}, 'length')],
      [undefined, '[DONE]'],
    ]);
    const response = finish(decode('openai', stream));
    expect(response.content).toBe('');
    expect(response.reasoning).toBe('Hmm.');
    expect(response.raw).toMatchObject({
      choices: [
        {
          message: {
            content: [
              { type: 'thinking', thinking: [{ type: 'text', text: 'Hmm.' }] },
              { type: 'text', text: '' },
            ],
          },
        },
      ],
    });
  });
});

describe('chat completions stream: OpenRouter reasoning details', () => {
  it('merges the pieces of each detail by index and type, and streams their text as reasoning', () => {
    const format = 'anthropic-claude-v1';
    const stream = sse([
      [
        undefined,
        chunk({
          role: 'assistant',
          content: '',
          reasoning_details: [
            { type: 'reasoning.text', id: 'rd_1', text: 'Let me ', format, index: 0 },
          ],
        }),
      ],
      [
        undefined,
        chunk({
          reasoning_details: [
            null,
            { type: 'reasoning.text', id: null, text: 'think.', format, index: 0 },
          ],
        }),
      ],
      [
        undefined,
        chunk({
          reasoning_details: [
            { type: 'reasoning.text', text: null, signature: 'sig-abc', format, index: 0 },
            { type: 'reasoning.encrypted', data: 'enc-0', format, index: 0 },
          ],
        }),
      ],
      [undefined, chunk({ reasoning_details: [{ type: 'reasoning.summary', format, index: 1 }] })],
      [
        undefined,
        chunk({ reasoning_details: [{ type: 'reasoning.summary', summary: 'Plan: ', index: 1 }] }),
      ],
      [
        undefined,
        chunk({ reasoning_details: [{ type: 'reasoning.summary', summary: 'answer.', index: 1 }] }),
      ],
      [undefined, chunk({ reasoning_details: [{ type: 'reasoning.encrypted', data: 'x1' }] })],
      [undefined, chunk({ reasoning_details: [{ type: 'reasoning.encrypted', data: 'x2' }] })],
      [undefined, chunk({ content: 'Done.' }, 'stop')],
      [undefined, '[DONE]'],
    ]);
    const events = decode('openai', stream);
    expect(events.slice(0, -1)).toEqual([
      { type: 'reasoning-delta', text: 'Let me ' },
      { type: 'reasoning-delta', text: 'think.' },
      { type: 'reasoning-delta', text: 'Plan: ' },
      { type: 'reasoning-delta', text: 'answer.' },
      { type: 'text-delta', text: 'Done.' },
    ]);
    const response = finish(events);
    expect(response.content).toBe('Done.');
    expect(response.reasoning).toBe('Let me think.\nPlan: answer.');
    expect(response.raw).toStrictEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_750_000_000,
      model: 'gpt-5-mini',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Done.',
            reasoning_details: [
              {
                type: 'reasoning.text',
                id: 'rd_1',
                text: 'Let me think.',
                signature: 'sig-abc',
                format,
                index: 0,
              },
              { type: 'reasoning.encrypted', data: 'enc-0', format, index: 0 },
              { type: 'reasoning.summary', summary: 'Plan: answer.', format, index: 1 },
              { type: 'reasoning.encrypted', data: 'x1' },
              { type: 'reasoning.encrypted', data: 'x2' },
            ],
          },
          finish_reason: 'stop',
        },
      ],
    });
  });

  it('keeps two details of the same type with different indexes apart', () => {
    const stream = sse([
      [
        undefined,
        chunk({
          role: 'assistant',
          content: '',
          reasoning_details: [{ type: 'reasoning.text', text: 'First.', index: 0 }],
        }),
      ],
      [
        undefined,
        chunk({ reasoning_details: [{ type: 'reasoning.text', text: 'Second.', index: 1 }] }),
      ],
      [undefined, chunk({ content: 'Ok' }, 'stop')],
      [undefined, '[DONE]'],
    ]);
    const response = finish(decode('openai', stream));
    expect(response.reasoning).toBe('First.\nSecond.');
    expect(response.raw).toMatchObject({
      choices: [
        {
          message: {
            reasoning_details: [
              { type: 'reasoning.text', text: 'First.', index: 0 },
              { type: 'reasoning.text', text: 'Second.', index: 1 },
            ],
          },
        },
      ],
    });
  });

  it('streams `reasoning` once when the same chunk also carries reasoning_details', () => {
    const stream = sse([
      [
        undefined,
        chunk({
          role: 'assistant',
          content: '',
          reasoning: 'Think',
          reasoning_details: [{ type: 'reasoning.text', text: 'Think', index: 0 }],
        }),
      ],
      [
        undefined,
        chunk({
          reasoning: 'ing.',
          reasoning_details: [{ type: 'reasoning.text', text: 'ing.', index: 0 }],
        }),
      ],
      [undefined, chunk({ content: 'Ok' }, 'stop')],
      [undefined, '[DONE]'],
    ]);
    const events = decode('openai', stream);
    expect(events.slice(0, -1)).toEqual([
      { type: 'reasoning-delta', text: 'Think' },
      { type: 'reasoning-delta', text: 'ing.' },
      { type: 'text-delta', text: 'Ok' },
    ]);
    const response = finish(events);
    expect(response.reasoning).toBe('Thinking.');
    expect(response.raw).toMatchObject({
      choices: [
        {
          message: {
            role: 'assistant',
            content: 'Ok',
            reasoning: 'Thinking.',
            reasoning_details: [{ type: 'reasoning.text', text: 'Thinking.', index: 0 }],
          },
        },
      ],
    });
  });
});

describe('responses stream: failures', () => {
  it('throws the error of a response.failed event', () => {
    const stream = sse([
      [
        'response.created',
        {
          type: 'response.created',
          sequence_number: 0,
          response: { id: 'resp_1', object: 'response', status: 'in_progress', output: [] },
        },
      ],
      [
        'response.failed',
        {
          type: 'response.failed',
          sequence_number: 1,
          response: {
            id: 'resp_1',
            object: 'response',
            status: 'failed',
            error: { code: 'server_error', message: 'The model failed to respond' },
            output: [],
          },
        },
      ],
    ]);
    const error = decodeError('responses', stream);
    expect(error.message).toBe(
      'responses provider error server_error: The model failed to respond',
    );
    expect(error.providerCode).toBe('server_error');
  });

  it('throws a provider error with code `failed` for a response.failed with no error', () => {
    const stream = sse([
      [
        'response.failed',
        {
          type: 'response.failed',
          sequence_number: 0,
          response: { id: 'resp_1', object: 'response', status: 'failed', error: null },
        },
      ],
    ]);
    const error = decodeError('responses', stream);
    expect(error.message).toBe(
      'responses provider error: the response failed with no error detail',
    );
    expect(error.providerCode).toBe('failed');
  });
});

describe('responses stream: events', () => {
  it('streams reasoning summary and reasoning text deltas as reasoning', () => {
    const stream = sse([
      [
        'response.reasoning_summary_text.delta',
        {
          type: 'response.reasoning_summary_text.delta',
          item_id: 'rs_1',
          output_index: 0,
          summary_index: 0,
          delta: 'Compare ',
        },
      ],
      [
        'response.reasoning_text.delta',
        {
          type: 'response.reasoning_text.delta',
          item_id: 'rs_1',
          output_index: 0,
          content_index: 0,
          delta: 'sizes.',
        },
      ],
      [
        'response.output_text.delta',
        {
          type: 'response.output_text.delta',
          item_id: 'msg_1',
          output_index: 1,
          content_index: 0,
          delta: '9.11',
        },
      ],
      [
        'response.completed',
        {
          type: 'response.completed',
          response: {
            id: 'resp_1',
            object: 'response',
            status: 'completed',
            output: [
              {
                id: 'msg_1',
                type: 'message',
                role: 'assistant',
                status: 'completed',
                content: [{ type: 'output_text', text: '9.11', annotations: [] }],
              },
            ],
          },
        },
      ],
    ]);
    const events = decode('responses', stream);
    expect(events.slice(0, -1)).toEqual([
      { type: 'reasoning-delta', text: 'Compare ' },
      { type: 'reasoning-delta', text: 'sizes.' },
      { type: 'text-delta', text: '9.11' },
    ]);
    expect(finish(events).content).toBe('9.11');
  });

  it('adds nothing for a delta or an added call item whose text fields are missing', () => {
    const stream = sse([
      [
        'response.output_item.added',
        {
          type: 'response.output_item.added',
          output_index: 0,
          item: { type: 'function_call', status: 'in_progress' },
        },
      ],
      ['response.output_text.delta', { type: 'response.output_text.delta', output_index: 1 }],
      [
        'response.reasoning_summary_text.delta',
        { type: 'response.reasoning_summary_text.delta', output_index: 1 },
      ],
      [
        'response.function_call_arguments.delta',
        { type: 'response.function_call_arguments.delta', output_index: 0 },
      ],
      [
        'response.function_call_arguments.delta',
        { type: 'response.function_call_arguments.delta', output_index: 2, delta: '{"x":' },
      ],
      [
        'response.completed',
        {
          type: 'response.completed',
          response: { id: 'resp_1', object: 'response', status: 'completed' },
        },
      ],
    ]);
    const events = decode('responses', stream);
    // The call item has no name: it is not a call of the reply, so it streams nothing.
    expect(deltas(events)).toEqual([]);
  });

  it('builds the output from the streamed items when response.completed carries none', () => {
    const stream = sse([
      [
        'response.output_item.added',
        {
          type: 'response.output_item.added',
          output_index: 0,
          item: {
            id: 'fc_1',
            type: 'function_call',
            status: 'in_progress',
            call_id: 'call_1',
            name: 'get_weather',
            arguments: '',
          },
        },
      ],
      [
        'response.function_call_arguments.delta',
        {
          type: 'response.function_call_arguments.delta',
          item_id: 'fc_1',
          output_index: 0,
          delta: '{"city":"Paris"}',
        },
      ],
      [
        'response.output_item.added',
        {
          type: 'response.output_item.added',
          output_index: 1,
          item: {
            id: 'fc_2',
            type: 'function_call',
            status: 'in_progress',
            call_id: 'call_2',
            name: 'get_time',
            arguments: '{"tz":"UTC"}',
          },
        },
      ],
      [
        'response.output_item.done',
        {
          type: 'response.output_item.done',
          output_index: 0,
          item: {
            id: 'fc_1',
            type: 'function_call',
            status: 'completed',
            call_id: 'call_1',
            name: 'get_weather',
            arguments: '{"city":"Paris"}',
          },
        },
      ],
      [
        'response.output_item.done',
        {
          type: 'response.output_item.done',
          output_index: 1,
          item: {
            id: 'fc_2',
            type: 'function_call',
            status: 'completed',
            call_id: 'call_2',
            name: 'get_time',
            arguments: '{"tz":"UTC"}',
          },
        },
      ],
      [
        'response.completed',
        {
          type: 'response.completed',
          response: {
            id: 'resp_1',
            object: 'response',
            status: 'completed',
            output: [],
            usage: { input_tokens: 12, output_tokens: 20, total_tokens: 32 },
          },
        },
      ],
    ]);
    const events = decode('responses', stream);
    expect(deltas(events)).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_1', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Paris"}' },
      { type: 'tool-call-start', index: 1, id: 'call_2', name: 'get_time' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"tz":"UTC"}' },
      { type: 'usage', usage: { inputTokens: 12, outputTokens: 20, totalTokens: 32 } },
    ]);
    const response = finish(events);
    expect(response.toolCalls.map(call)).toEqual([
      { id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'call_2', name: 'get_time', arguments: { tz: 'UTC' } },
    ]);
    expect(response.raw).toStrictEqual({
      id: 'resp_1',
      object: 'response',
      status: 'completed',
      output: [
        {
          id: 'fc_1',
          type: 'function_call',
          status: 'completed',
          call_id: 'call_1',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
        },
        {
          id: 'fc_2',
          type: 'function_call',
          status: 'completed',
          call_id: 'call_2',
          name: 'get_time',
          arguments: '{"tz":"UTC"}',
        },
      ],
      usage: { input_tokens: 12, output_tokens: 20, total_tokens: 32 },
    });
  });

  it('leaves out of the output an item event with no item or no output_index, and skipped positions', () => {
    const message = (id: string, text: string) => ({
      id,
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text, annotations: [] }],
    });
    const stream = sse([
      [
        'response.output_item.done',
        { type: 'response.output_item.done', output_index: 0, item: message('msg_0', 'A') },
      ],
      [
        'response.output_item.done',
        { type: 'response.output_item.done', output_index: 2, item: message('msg_2', 'B') },
      ],
      ['response.output_item.done', { type: 'response.output_item.done', output_index: 3 }],
      [
        'response.output_item.done',
        { type: 'response.output_item.done', item: message('msg_x', 'C') },
      ],
      [
        'response.completed',
        {
          type: 'response.completed',
          response: { id: 'resp_1', object: 'response', status: 'completed', output: [] },
        },
      ],
    ]);
    const response = finish(decode('responses', stream));
    expect(response.raw).toStrictEqual({
      id: 'resp_1',
      object: 'response',
      status: 'completed',
      output: [message('msg_0', 'A'), message('msg_2', 'B')],
    });
  });

  it('keeps a completed response with no output as it came when nothing streamed', () => {
    const stream = sse([
      [
        'response.completed',
        {
          type: 'response.completed',
          response: { id: 'resp_1', object: 'response', status: 'completed' },
        },
      ],
    ]);
    const response = finish(decode('responses', stream));
    expect(response.raw).toStrictEqual({ id: 'resp_1', object: 'response', status: 'completed' });
    expect(response.content).toBe('');
  });
});
