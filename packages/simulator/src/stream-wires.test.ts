import type { WireFormat } from '@crosswire/core';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, type SimulatorStep, startSimulator } from './index.js';

// Each wire's stream as a client reads it over loopback HTTP: the frames a scripted step
// streams, written out by hand from the same step's reply when not streaming (fetched on a twin
// lane), so every event name, field and piece is checked against the provider's documented
// stream shape; AWS event streams decoded with the AWS SDK's own codec.

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(() => simulator.close());

type Json = Record<string, unknown>;
const utf8 = new TextDecoder();
const codec = new EventStreamCodec(
  (bytes) => utf8.decode(bytes),
  (text) => new TextEncoder().encode(text),
);

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The step on two lanes: its reply as JSON (not streamed) and its stream as text or bytes. */
async function both(
  wire: WireFormat,
  name: string,
  step: SimulatorStep,
  paths: { whole: string; stream: string },
  body: Json,
  streamBody: Json = body,
  headers: Record<string, string> = {},
) {
  simulator.script(`${name}-whole`, [step]);
  simulator.script(`${name}-stream`, [step]);
  const whole = (await (
    await post(`${simulator.baseUrl(wire, `${name}-whole`)}${paths.whole}`, body, headers)
  ).json()) as Json;
  const response = await post(
    `${simulator.baseUrl(wire, `${name}-stream`)}${paths.stream}`,
    streamBody,
    headers,
  );
  return {
    whole,
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
    record: () => simulator.received(`${name}-stream`).at(-1)?.stream,
  };
}

/** Server-sent events as `{ event, data }`, the data parsed ( `[DONE]` kept as text). */
function events(bytes: Uint8Array): { event?: string; data: unknown }[] {
  const text = utf8.decode(bytes);
  expect(text.endsWith('\n\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\n\n')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      return {
        ...(event === undefined ? {} : { event }),
        data: data === '[DONE]' ? data : JSON.parse(data),
      };
    });
}

/** An AWS event stream as `{ type, payload }` per message, decoded by @smithy/eventstream-codec. */
function awsEvents(bytes: Uint8Array): { type: string; payload: unknown }[] {
  const out: { type: string; payload: unknown }[] = [];
  let at = 0;
  while (at < bytes.length) {
    const length = new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0);
    const message = codec.decode(bytes.subarray(at, at + length));
    const type = message.headers[':event-type'] ?? message.headers[':exception-type'];
    out.push({ type: String(type?.value), payload: JSON.parse(utf8.decode(message.body)) });
    at += length;
  }
  return out;
}

const STEP: SimulatorStep = {
  type: 'tool_calls',
  text: 'Hello!',
  calls: [{ name: 'echo', arguments: { a: 1 }, id: 'call_9' }],
  stream: { pieceSize: 4 },
};

describe('streamed replies, frame by frame', () => {
  it('openai: role, content and argument pieces, the finish reason, usage, then [DONE]', async () => {
    const body = { model: 'gpt-x', messages: [{ role: 'user', content: 'hi' }] };
    const reply = await both(
      'openai',
      'stream-openai',
      STEP,
      { whole: '/chat/completions', stream: '/chat/completions' },
      body,
      { ...body, stream: true },
    );
    const { whole } = reply;
    const choice = (whole.choices as Json[])[0] as Json;
    const chunk = (delta: Json, finish: unknown = null) => ({
      data: {
        id: whole.id,
        object: 'chat.completion.chunk',
        created: whole.created,
        model: 'gpt-x',
        choices: [{ index: 0, delta, finish_reason: finish }],
      },
    });
    expect([reply.status, reply.type]).toEqual([200, 'text/event-stream']);
    expect(events(reply.bytes)).toStrictEqual([
      chunk({ role: 'assistant', content: null }),
      chunk({ content: 'Hell' }),
      chunk({ content: 'o!' }),
      chunk({
        tool_calls: [
          { index: 0, id: 'call_9', type: 'function', function: { name: 'echo', arguments: '' } },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a"' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
      chunk({}, 'tool_calls'),
      {
        data: {
          id: whole.id,
          object: 'chat.completion.chunk',
          created: whole.created,
          model: 'gpt-x',
          choices: [],
          usage: whole.usage,
        },
      },
      { data: '[DONE]' },
    ]);
    expect(choice.finish_reason).toBe('tool_calls');
    expect(reply.record()).toEqual({ chunksSent: 9, chunksTotal: 9, ended: 'complete' });
  });

  it('openai: an empty reply opens with an empty content, a text reply ends with stop', async () => {
    const body = { model: 'gpt-x', messages: [{ role: 'user', content: 'hi' }], stream: true };
    simulator.script('stream-openai-empty', [
      { type: 'text', text: '' },
      { type: 'text', text: 'ok', finish: 'length' },
    ]);
    const url = `${simulator.baseUrl('openai', 'stream-openai-empty')}/chat/completions`;
    const first = events(new Uint8Array(await (await post(url, body)).arrayBuffer()));
    expect(first.map(({ data }) => (data as { choices?: unknown }).choices)).toStrictEqual([
      [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      [{ index: 0, delta: {}, finish_reason: 'stop' }],
      [],
      undefined,
    ]);
    const second = events(new Uint8Array(await (await post(url, body)).arrayBuffer()));
    expect(second.map(({ data }) => (data as { choices?: unknown }).choices)).toStrictEqual([
      [{ index: 0, delta: { role: 'assistant', content: null }, finish_reason: null }],
      [{ index: 0, delta: { content: 'ok' }, finish_reason: null }],
      [{ index: 0, delta: {}, finish_reason: 'length' }],
      [],
      undefined,
    ]);
  });

  it('anthropic: message_start, each block started, its deltas and stop, message_delta, message_stop', async () => {
    const body = { model: 'claude-x', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] };
    const reply = await both(
      'anthropic',
      'stream-anthropic',
      STEP,
      { whole: '/v1/messages', stream: '/v1/messages' },
      body,
      { ...body, stream: true },
    );
    const { whole } = reply;
    const usage = whole.usage as Json;
    const event = (data: Json) => ({ event: data.type, data });
    expect(whole.stop_reason).toBe('tool_use');
    expect(events(reply.bytes)).toStrictEqual([
      event({
        type: 'message_start',
        message: {
          ...whole,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...usage, output_tokens: 1 },
        },
      }),
      event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hell' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'o!' } }),
      event({ type: 'content_block_stop', index: 0 }),
      event({
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'call_9', name: 'echo', input: {} },
      }),
      event({
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: '{"a"' },
      }),
      event({
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: ':1}' },
      }),
      event({ type: 'content_block_stop', index: 1 }),
      event({
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: usage.output_tokens },
      }),
      event({ type: 'message_stop' }),
    ]);
  });

  it('Claude on Bedrock: each Anthropic event as the base64 bytes of an event-stream chunk', async () => {
    const body = {
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
    };
    const model = '/model/us.anthropic.claude-sonnet-4-6';
    const headers = { authorization: 'Bearer ABSKexample' };
    simulator.script('stream-claude-bedrock', [
      { type: 'text', text: 'Hi', stream: { pieceSize: 4 } },
    ]);
    const response = await post(
      `${simulator.baseUrl('anthropic', 'stream-claude-bedrock')}${model}/invoke-with-response-stream`,
      body,
      headers,
    );
    expect(response.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    const chunks = awsEvents(new Uint8Array(await response.arrayBuffer()));
    expect(chunks.map(({ type }) => type)).toEqual(Array(6).fill('chunk'));
    const decoded = chunks.map(
      ({ payload }) =>
        JSON.parse(Buffer.from((payload as { bytes: string }).bytes, 'base64').toString()).type,
    );
    expect(decoded).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
  });

  it('gemini: a chunk per text piece and per call, finish reason and usage on the last only', async () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const model = '/v1beta/models/gemini-3-pro-preview';
    const reply = await both(
      'gemini',
      'stream-gemini',
      STEP,
      { whole: `${model}:generateContent`, stream: `${model}:streamGenerateContent?alt=sse` },
      body,
    );
    const { whole } = reply;
    const candidate = (whole.candidates as Json[])[0] as Json;
    const call = ((candidate.content as Json).parts as Json[])[1];
    const middle = (part: Json) => ({
      data: {
        candidates: [{ content: { parts: [part], role: 'model' }, index: 0 }],
        modelVersion: 'gemini-3-pro-preview',
      },
    });
    expect(call).toEqual({
      functionCall: { name: 'echo', args: { a: 1 }, id: 'call_9' },
      thoughtSignature: 'c2ltLTE=',
    });
    expect(events(reply.bytes)).toStrictEqual([
      middle({ text: 'Hell' }),
      middle({ text: 'o!' }),
      {
        data: {
          candidates: [
            {
              content: { parts: [call], role: 'model' },
              finishReason: candidate.finishReason,
              index: 0,
            },
          ],
          usageMetadata: whole.usageMetadata,
          modelVersion: 'gemini-3-pro-preview',
        },
      },
    ]);
  });

  it('gemini: an empty reply is one chunk with no parts; a signed text part keeps its signature on its last piece', async () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const model = '/v1beta/models/gemini-2.5-flash';
    const empty = await both(
      'gemini',
      'stream-gemini-empty',
      { type: 'text', text: '' },
      { whole: `${model}:generateContent`, stream: `${model}:streamGenerateContent?alt=sse` },
      body,
    );
    expect(events(empty.bytes)).toStrictEqual([
      {
        data: {
          candidates: [{ content: { parts: [], role: 'model' }, finishReason: 'STOP', index: 0 }],
          usageMetadata: empty.whole.usageMetadata,
          modelVersion: 'gemini-2.5-flash',
        },
      },
    ]);
    // Without ?alt=sse the method answers whole (the JSON array form is not simulated).
    simulator.script('stream-gemini-no-sse', [{ type: 'text', text: 'ok' }]);
    const plain = await post(
      `${simulator.baseUrl('gemini', 'stream-gemini-no-sse')}${model}:streamGenerateContent`,
      body,
    );
    expect(plain.headers.get('content-type')).not.toBe('text/event-stream');
  });

  it('ollama: NDJSON lines of content, the calls in one line, then the done line', async () => {
    const body = { model: 'llama-x', messages: [{ role: 'user', content: 'hi' }] };
    const reply = await both(
      'ollama',
      'stream-ollama',
      STEP,
      { whole: '/api/chat', stream: '/api/chat' },
      { ...body, stream: false },
      { ...body, stream: true },
    );
    const { whole } = reply;
    const message = whole.message as Json;
    const { message: _message, ...rest } = whole;
    const lines = utf8
      .decode(reply.bytes)
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
    const base = { model: 'llama-x', created_at: whole.created_at };
    expect(reply.type).toBe('application/x-ndjson');
    expect(lines).toStrictEqual([
      { ...base, message: { role: 'assistant', content: 'Hell' }, done: false },
      { ...base, message: { role: 'assistant', content: 'o!' }, done: false },
      {
        ...base,
        message: { role: 'assistant', content: '', tool_calls: message.tool_calls },
        done: false,
      },
      { ...rest, message: { role: 'assistant', content: '' }, done: true },
    ]);
    expect(message.tool_calls).toEqual([{ function: { name: 'echo', arguments: { a: 1 } } }]);
  });

  it('responses: created, each item added with its deltas and done, then completed, numbered in order', async () => {
    const body = { model: 'gpt-x', input: 'hi' };
    const reply = await both(
      'responses',
      'stream-responses',
      STEP,
      { whole: '/responses', stream: '/responses' },
      body,
      { ...body, stream: true },
    );
    const { whole } = reply;
    const [message, call] = whole.output as Json[];
    const frames = events(reply.bytes);
    expect(frames.map(({ data }) => (data as Json).sequence_number)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    const event = (data: Json, index: number) => ({
      event: data.type,
      data: { ...data, sequence_number: index },
    });
    expect(frames).toStrictEqual([
      event(
        { type: 'response.created', response: { ...whole, status: 'in_progress', output: [] } },
        0,
      ),
      event(
        {
          type: 'response.output_item.added',
          output_index: 0,
          item: { ...message, content: [], status: 'in_progress' },
        },
        1,
      ),
      event(
        {
          type: 'response.output_text.delta',
          item_id: message?.id,
          output_index: 0,
          content_index: 0,
          delta: 'Hell',
        },
        2,
      ),
      event(
        {
          type: 'response.output_text.delta',
          item_id: message?.id,
          output_index: 0,
          content_index: 0,
          delta: 'o!',
        },
        3,
      ),
      event({ type: 'response.output_item.done', output_index: 0, item: message }, 4),
      event(
        {
          type: 'response.output_item.added',
          output_index: 1,
          item: { ...call, arguments: '', status: 'in_progress' },
        },
        5,
      ),
      event(
        {
          type: 'response.function_call_arguments.delta',
          item_id: call?.id,
          output_index: 1,
          delta: '{"a"',
        },
        6,
      ),
      event(
        {
          type: 'response.function_call_arguments.delta',
          item_id: call?.id,
          output_index: 1,
          delta: ':1}',
        },
        7,
      ),
      event({ type: 'response.output_item.done', output_index: 1, item: call }, 8),
      event({ type: 'response.completed', response: whole }, 9),
    ]);
  });

  it('responses: a reply cut at the token limit ends with response.incomplete', async () => {
    simulator.script('stream-responses-cut', [{ type: 'text', text: 'ok', finish: 'length' }]);
    const response = await post(
      `${simulator.baseUrl('responses', 'stream-responses-cut')}/responses`,
      { model: 'gpt-x', input: 'hi', stream: true },
    );
    const frames = events(new Uint8Array(await response.arrayBuffer()));
    expect(frames.at(-1)?.event).toBe('response.incomplete');
    expect(frames.at(-1)?.data).toMatchObject({ response: { status: 'incomplete' } });
  });

  it('bedrock: messageStart, block deltas and stops, the tool use started, messageStop, metadata', async () => {
    const body = { messages: [{ role: 'user', content: [{ text: 'hi' }] }] };
    const model = '/model/us.anthropic.claude-sonnet-4-6';
    const reply = await both(
      'bedrock',
      'stream-bedrock',
      STEP,
      { whole: `${model}/converse`, stream: `${model}/converse-stream` },
      body,
      body,
      { authorization: 'Bearer ABSKexample' },
    );
    const { whole } = reply;
    expect(reply.type).toBe('application/vnd.amazon.eventstream');
    expect(awsEvents(reply.bytes)).toStrictEqual([
      { type: 'messageStart', payload: { role: 'assistant' } },
      { type: 'contentBlockDelta', payload: { contentBlockIndex: 0, delta: { text: 'Hell' } } },
      { type: 'contentBlockDelta', payload: { contentBlockIndex: 0, delta: { text: 'o!' } } },
      { type: 'contentBlockStop', payload: { contentBlockIndex: 0 } },
      {
        type: 'contentBlockStart',
        payload: {
          contentBlockIndex: 1,
          start: { toolUse: { toolUseId: 'call_9', name: 'echo' } },
        },
      },
      {
        type: 'contentBlockDelta',
        payload: { contentBlockIndex: 1, delta: { toolUse: { input: '{"a"' } } },
      },
      {
        type: 'contentBlockDelta',
        payload: { contentBlockIndex: 1, delta: { toolUse: { input: ':1}' } } },
      },
      { type: 'contentBlockStop', payload: { contentBlockIndex: 1 } },
      { type: 'messageStop', payload: { stopReason: 'tool_use' } },
      { type: 'metadata', payload: { usage: whole.usage, metrics: whole.metrics ?? {} } },
    ]);
  });
});

describe('scripted stream faults', () => {
  const failing = (mode: 'error-event' | 'cut', extra: Json = {}): SimulatorStep => ({
    type: 'text',
    text: 'abcdefghijkl',
    stream: { pieceSize: 4, fail: { afterChunks: 2, mode, ...extra } },
  });

  it('sends each wire’s mid-stream error event after the writes it allows', async () => {
    const cases: [WireFormat, string, Json, unknown][] = [
      [
        'openai',
        '/chat/completions',
        { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true },
        {
          data: {
            error: {
              message: 'simulated stream failure',
              type: 'overloaded_error',
              code: 'overloaded_error',
            },
          },
        },
      ],
      [
        'hermes',
        '/v1/chat/completions',
        { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true },
        {
          data: {
            error: {
              message: 'simulated stream failure',
              type: 'overloaded_error',
              code: 'overloaded_error',
            },
          },
        },
      ],
      [
        'anthropic',
        '/v1/messages',
        { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }], stream: true },
        {
          event: 'error',
          data: {
            type: 'error',
            error: { type: 'overloaded_error', message: 'simulated stream failure' },
          },
        },
      ],
      [
        'responses',
        '/responses',
        { model: 'm', input: 'hi', stream: true },
        {
          event: 'error',
          data: {
            type: 'error',
            code: 'overloaded_error',
            message: 'simulated stream failure',
            param: null,
          },
        },
      ],
      [
        'gemini',
        '/v1beta/models/g:streamGenerateContent?alt=sse',
        { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
        {
          data: {
            error: { code: 500, message: 'simulated stream failure', status: 'overloaded_error' },
          },
        },
      ],
    ];
    for (const [wire, path, body, last] of cases) {
      const lane = `stream-fail-${wire}`;
      simulator.script(lane, [failing('error-event')]);
      const frames = events(
        new Uint8Array(
          await (await post(`${simulator.baseUrl(wire, lane)}${path}`, body)).arrayBuffer(),
        ),
      );
      expect([wire, frames.length, frames.at(-1)]).toStrictEqual([wire, 3, last]);
      expect(simulator.received(lane).at(-1)?.stream).toMatchObject({
        chunksSent: 2,
        ended: 'failed',
      });
    }
  });

  it('ollama: the error line; bedrock: an exception message named by the code', async () => {
    simulator.script('stream-fail-ollama', [failing('error-event', { message: 'boom' })]);
    const ollama = utf8.decode(
      new Uint8Array(
        await (
          await post(`${simulator.baseUrl('ollama', 'stream-fail-ollama')}/api/chat`, {
            model: 'm',
            messages: [{ role: 'user', content: 'hi' }],
            stream: true,
          })
        ).arrayBuffer(),
      ),
    );
    expect(ollama.split('\n').at(-2)).toBe('{"error":"boom"}');
    simulator.script('stream-fail-bedrock', [failing('error-event')]);
    const bedrock = awsEvents(
      new Uint8Array(
        await (
          await post(
            `${simulator.baseUrl('bedrock', 'stream-fail-bedrock')}/model/m/converse-stream`,
            { messages: [{ role: 'user', content: [{ text: 'hi' }] }] },
            { authorization: 'Bearer ABSKexample' },
          )
        ).arrayBuffer(),
      ),
    );
    expect(bedrock.at(-1)).toEqual({
      type: 'throttlingException',
      payload: { message: 'simulated stream failure' },
    });
    expect(bedrock).toHaveLength(3);
  });

  it('cut ends the stream cleanly after the writes it allows; chunkBytes splits the same bytes', async () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true };
    simulator.script('stream-cut', [failing('cut')]);
    const cut = utf8.decode(
      new Uint8Array(
        await (
          await post(`${simulator.baseUrl('openai', 'stream-cut')}/chat/completions`, body)
        ).arrayBuffer(),
      ),
    );
    expect(cut.split('\n\n').filter((block) => block !== '')).toHaveLength(2);
    simulator.script('stream-whole', [{ type: 'text', text: 'abcdefgh' }]);
    simulator.script('stream-bytes', [
      { type: 'text', text: 'abcdefgh', stream: { chunkBytes: 7 } },
    ]);
    const whole = await (
      await post(`${simulator.baseUrl('openai', 'stream-whole')}/chat/completions`, body)
    ).text();
    const split = await (
      await post(`${simulator.baseUrl('openai', 'stream-bytes')}/chat/completions`, body)
    ).text();
    expect(split).toBe(whole);
    const writes = Math.ceil(Buffer.byteLength(whole) / 7);
    expect(simulator.received('stream-bytes').at(-1)?.stream).toEqual({
      chunksSent: writes,
      chunksTotal: writes,
      ended: 'complete',
    });
  });
});
