// The hooks as an engine calls them, event by event, under the real OpenTelemetry SDK: what
// each span and metric point says for the events a plain chat, a failed call, a tool call and
// the step API produce, including the events a hook may get out of order (an end without its
// start) and the fields an event may lack. Events are written out by hand.
import { AbortedError, ProviderError, type ToolCall } from '@crosswire/core';
import type { RequestEvent, ResponseEvent, ToolCallEndEvent } from '@crosswire/engines';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { beforeEach, describe, expect, it } from 'vitest';
import { OPERATION_DURATION_BUCKETS, otelHooks, TOKEN_USAGE_BUCKETS } from './hooks.js';
import { telemetry } from './test-support/telemetry.js';

// Fresh providers per test: the metric points are each test's own.
let otel = telemetry();
beforeEach(() => {
  otel = telemetry();
});

function hooks(options: Parameters<typeof otelHooks>[0] = {}) {
  return otelHooks({
    tracerProvider: otel.tracerProvider,
    meterProvider: otel.meterProvider,
    ...options,
  });
}

const request = (overrides: Partial<RequestEvent> = {}): RequestEvent => ({
  requestId: 'req-1',
  provider: 'mistral',
  model: 'mistral-large-latest',
  wire: 'openai',
  url: 'https://api.mistral.ai/v1/chat/completions',
  iteration: undefined,
  loopId: undefined,
  stream: false,
  body: {},
  messages: [{ role: 'user', content: 'hi' }],
  ...overrides,
});

const response = (overrides: Partial<ResponseEvent> = {}): ResponseEvent => ({
  requestId: 'req-1',
  provider: 'mistral',
  model: 'mistral-large-latest',
  wire: 'openai',
  url: 'https://api.mistral.ai/v1/chat/completions',
  iteration: undefined,
  loopId: undefined,
  stream: false,
  status: 200,
  durationMs: 1500,
  attempts: 1,
  usage: undefined,
  finishReason: undefined,
  cost: undefined,
  response: undefined,
  body: { id: 'cmpl-9', model: 'mistral-large-2411' },
  error: undefined,
  rateLimit: undefined,
  ...overrides,
});

/** A decoded OpenAI-wire call, as the loop hands it to the hooks. */
const toolCall = (id: string, name: string, args: Record<string, unknown>): ToolCall => ({
  id,
  name,
  arguments: args,
  rawArguments: JSON.stringify(args),
  argumentsUndecodable: false,
  argumentsError: undefined,
  wire: 'openai',
  raw: {},
});

const toolEnd = (overrides: Partial<ToolCallEndEvent> = {}): ToolCallEndEvent => ({
  loopId: 'loop-1',
  iteration: 1,
  callId: 'call-1',
  toolCall: toolCall('call-1', 'search', { q: 'x' }),
  result: undefined,
  isError: false,
  failure: undefined,
  server: undefined,
  durationMs: 3,
  error: undefined,
  ...overrides,
});

const named = (name: string) => otel.spans().find((span) => span.name === name) as ReadableSpan;

describe('chat spans', () => {
  it('a plain chat: the span, and a duration in seconds with exactly the request attributes', async () => {
    const hook = hooks();
    hook.onRequest(request());
    hook.onResponse(response({ finishReason: 'stop' }));
    const [span] = otel.spans();
    expect(span?.name).toBe('chat mistral-large-latest');
    expect(span?.kind).toBe(SpanKind.CLIENT);
    expect(span?.parentSpanContext).toBeUndefined();
    expect(span?.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'mistral_ai',
      'gen_ai.request.model': 'mistral-large-latest',
      'server.address': 'api.mistral.ai',
      'server.port': 443,
      'gen_ai.request.stream': false,
      'crosswire.wire': 'openai',
      'gen_ai.response.model': 'mistral-large-2411',
      'gen_ai.response.id': 'cmpl-9',
      'gen_ai.response.finish_reasons': ['stop'],
      'http.response.status_code': 200,
      'crosswire.attempts': 1,
    });
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    const [duration] = await otel.points('gen_ai.client.operation.duration');
    expect(duration?.value.sum).toBe(1.5);
    expect(duration?.value.buckets.boundaries).toEqual([
      0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
    ]);
    expect(duration?.description).toBe('GenAI operation duration');
    expect(Object.keys(duration?.attributes ?? {}).sort()).toEqual([
      'gen_ai.operation.name',
      'gen_ai.provider.name',
      'gen_ai.request.model',
      'gen_ai.response.model',
      'server.address',
      'server.port',
    ]);
    expect(await otel.points('gen_ai.client.token.usage')).toEqual([]);
  });

  it('token usage: one point per token type, described as the conventions say', async () => {
    const hook = hooks();
    hook.onRequest(request({ requestId: 'req-usage' }));
    hook.onResponse(
      response({ requestId: 'req-usage', usage: { inputTokens: 12, outputTokens: 0 } }),
    );
    const points = await otel.points('gen_ai.client.token.usage');
    expect(points.map((point) => [point.attributes['gen_ai.token.type'], point.value.sum])).toEqual(
      [
        ['input', 12],
        ['output', 0],
      ],
    );
    expect(points[0]?.description).toBe('Measures number of input and output tokens used');
    expect(points[0]?.value.buckets.boundaries).toEqual([...TOKEN_USAGE_BUCKETS]);
    expect(OPERATION_DURATION_BUCKETS).toHaveLength(14);
  });

  it('a failed call: no reply identity or finish reason, the error code as error.type', async () => {
    const hook = hooks({ captureContent: true });
    hook.onRequest(request({ requestId: 'req-fail', messages: [] }));
    const error = new ProviderError('mistral returned HTTP 503', {
      code: 'provider_error',
      status: 503,
    });
    hook.onResponse(
      response({
        requestId: 'req-fail',
        status: 503,
        error,
        body: { id: 'ignored', model: 'ignored' },
      }),
    );
    const span = named('chat mistral-large-latest');
    expect(span.attributes['gen_ai.response.model']).toBeUndefined();
    expect(span.attributes['gen_ai.response.id']).toBeUndefined();
    expect(span.attributes['gen_ai.response.finish_reasons']).toBeUndefined();
    expect(span.attributes['gen_ai.output.messages']).toBeUndefined();
    expect(span.attributes['gen_ai.system_instructions']).toBeUndefined();
    expect(span.attributes['gen_ai.input.messages']).toBe('[]');
    expect(span.attributes['error.type']).toBe('provider_error');
    expect(span.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'mistral returned HTTP 503',
    });
    const [duration] = await otel.points('gen_ai.client.operation.duration');
    expect(duration?.attributes['error.type']).toBe('provider_error');
    expect(duration?.attributes['gen_ai.response.model']).toBeUndefined();
  });

  it('error.type: the code, else the class name, else _OTHER', () => {
    const hook = hooks();
    const errors: Error[] = [
      Object.assign(new Error('coded'), { code: 'ECONNRESET' }),
      Object.assign(new TypeError('no code'), { code: '' }),
      new Error('plain'),
      Object.assign(new Error('numbered'), { code: 42, name: '' }),
    ];
    errors.forEach((error, index) => {
      hook.onRequest(request({ requestId: `e${index}` }));
      hook.onResponse(response({ requestId: `e${index}`, status: undefined, error }));
    });
    expect(otel.spans().map((span) => span.attributes['error.type'])).toEqual([
      'ECONNRESET',
      'TypeError',
      '_OTHER',
      '_OTHER',
    ]);
  });

  it('the server of any URL: the scheme port, a written port, an IPv6 host; none when not a URL', () => {
    const hook = hooks();
    const urls = [
      'http://localhost/v1/chat/completions',
      'https://example.test:8443/v1',
      'http://[::1]:11434/api/chat',
      'not a url',
    ];
    urls.forEach((url, index) => {
      hook.onRequest(request({ requestId: `u${index}`, url }));
      hook.onResponse(response({ requestId: `u${index}`, url }));
    });
    expect(
      otel
        .spans()
        .map((span) => [span.attributes['server.address'], span.attributes['server.port']]),
    ).toEqual([
      ['localhost', 80],
      ['example.test', 8443],
      ['::1', 11434],
      [undefined, undefined],
    ]);
  });

  it('the reply identity: each wire its own fields, strings only, none from a body that is no object', () => {
    const hook = hooks();
    const replies: [RequestEvent['wire'], unknown][] = [
      ['gemini', { responseId: 'g-1', modelVersion: 'gemini-2.5-flash-001', id: 'x', model: 'y' }],
      ['ollama', { id: 'x', model: 'llama3.2' }],
      ['bedrock', { id: 'x', model: 'y' }],
      ['openai', { id: 7, model: ['gpt'] }],
      ['openai', 'text'],
      ['openai', null],
    ];
    replies.forEach(([wire, body], index) => {
      hook.onRequest(request({ requestId: `w${index}`, wire }));
      hook.onResponse(response({ requestId: `w${index}`, wire, body }));
    });
    expect(
      otel
        .spans()
        .map((span) => [
          span.attributes['gen_ai.response.id'],
          span.attributes['gen_ai.response.model'],
        ]),
    ).toEqual([
      ['g-1', 'gemini-2.5-flash-001'],
      [undefined, 'llama3.2'],
      [undefined, undefined],
      [undefined, undefined],
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });

  it('an end without its start is ignored: no span, nothing thrown', () => {
    const hook = hooks();
    hook.onResponse(response({ requestId: 'never-started' }));
    hook.onLoopEnd({
      loopId: 'never-started',
      step: undefined,
      provider: 'openai',
      model: 'gpt-5.1',
      wire: 'openai',
      durationMs: 1,
      result: undefined,
      state: undefined,
      error: undefined,
    });
    hook.onToolCallEnd(toolEnd({ loopId: 'never-started' }));
    expect(otel.spans()).toEqual([]);
  });

  it('an empty agent name names nothing', () => {
    const hook = hooks({ agentName: '' });
    hook.onLoopStart({
      loopId: 'loop-empty',
      step: undefined,
      provider: undefined,
      model: undefined,
      wire: undefined,
    });
    hook.onLoopEnd({
      loopId: 'loop-empty',
      step: undefined,
      provider: undefined,
      model: undefined,
      wire: undefined,
      durationMs: 1,
      result: undefined,
      state: undefined,
      error: undefined,
    });
    const [span] = otel.spans();
    expect(span?.name).toBe('invoke_agent');
    expect(span?.attributes).toEqual({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.conversation.id': 'loop-empty',
    });
  });
});

describe('content, with captureContent', () => {
  it('records every kind of user part, a system prompt, an unread wire message and the reply', () => {
    const hook = hooks({ captureContent: true });
    const pixels = 'A'.repeat(400);
    hook.onRequest(
      request({
        requestId: 'req-content',
        messages: [
          { role: 'system', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              'plain',
              { type: 'text', text: 'a text part' },
              { type: 'image', data: pixels, mimeType: 'image/png' },
              { url: 'https://user:pass@images.test/cat.png?sig=secret#frag' },
              { url: 'not a url' },
              { base64: pixels, mediaType: 'image/jpeg' },
              { mediaType: 'image/gif' },
            ] as never,
          },
          { role: 'assistant', content: '', toolCalls: [] },
          { role: 'assistant', content: 'Which city?' },
          { role: 'wire', wire: 'anthropic', message: { role: 'user', content: 'raw' } },
        ],
      }),
    );
    hook.onResponse(
      response({
        requestId: 'req-content',
        response: {
          content: 'Hello.',
          toolCalls: [],
          finishReason: undefined,
        } as never,
      }),
    );
    const span = named('chat mistral-large-latest');
    expect(JSON.parse(span.attributes['gen_ai.system_instructions'] as string)).toEqual([
      { type: 'text', content: 'Be brief.' },
    ]);
    expect(JSON.parse(span.attributes['gen_ai.input.messages'] as string)).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'text', content: 'plain' },
          { type: 'text', content: 'a text part' },
          {
            type: 'blob',
            modality: 'image',
            mime_type: 'image/png',
            content: '[base64 300 bytes]',
          },
          { type: 'uri', modality: 'image', uri: 'https://images.test/cat.png' },
          { type: 'uri', modality: 'image', uri: '[not a URL]' },
          {
            type: 'blob',
            modality: 'image',
            mime_type: 'image/jpeg',
            content: '[base64 300 bytes]',
          },
          { type: 'blob', modality: 'image', mime_type: 'image/gif', content: '' },
        ],
      },
      { role: 'assistant', parts: [] },
      { role: 'assistant', parts: [{ type: 'text', content: 'Which city?' }] },
      { role: 'user', parts: [{ type: 'text', content: '{"role":"user","content":"raw"}' }] },
    ]);
    expect(JSON.parse(span.attributes['gen_ai.output.messages'] as string)).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'Hello.' }] },
    ]);
  });

  it('a user turn given as a string is one text part', () => {
    const hook = hooks({ captureContent: true });
    hook.onRequest(request({ requestId: 'req-string' }));
    hook.onResponse(response({ requestId: 'req-string' }));
    expect(named('chat mistral-large-latest').attributes['gen_ai.input.messages']).toBe(
      '[{"role":"user","parts":[{"type":"text","content":"hi"}]}]',
    );
  });
});

describe('tool spans', () => {
  it('a call the caller stopped: ERROR with the abort code and message, no result recorded', () => {
    const hook = hooks({ captureContent: true });
    hook.onToolCallStart(toolEnd());
    const error = new AbortedError('calling tool search', 'user left');
    hook.onToolCallEnd(toolEnd({ isError: true, error }));
    const span = named('execute_tool search');
    expect(span.attributes['error.type']).toBe('aborted');
    expect(span.attributes['gen_ai.tool.call.result']).toBeUndefined();
    expect(span.attributes['gen_ai.tool.call.arguments']).toBe('{"q":"x"}');
    expect(span.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'aborted while calling tool search: user left',
    });
  });

  it('a denied call is tool_denied; an approved call that failed keeps its failure', () => {
    const hook = hooks();
    hook.onToolCallStart(toolEnd({ callId: 'denied' }));
    hook.onToolCallEnd(
      toolEnd({
        callId: 'denied',
        isError: true,
        failure: 'denied',
        approval: { approved: false, edited: false } as never,
      }),
    );
    hook.onToolCallStart(toolEnd({ callId: 'approved' }));
    hook.onToolCallEnd(
      toolEnd({
        callId: 'approved',
        isError: true,
        failure: 'timeout',
        server: 'mcpServers[0]',
        approval: { approved: true, edited: true } as never,
      }),
    );
    expect(
      otel
        .spans()
        .map((span) => [
          span.attributes['error.type'],
          span.status.message,
          span.attributes['crosswire.tool.approval.approved'],
          span.attributes['crosswire.tool.approval.edited'],
          span.attributes['crosswire.tool.failure'],
        ]),
    ).toEqual([
      ['tool_denied', 'tool_denied', false, false, 'denied'],
      ['timeout', 'timeout', true, true, 'timeout'],
    ]);
  });

  it('a call without an id has no gen_ai.tool.call.id', () => {
    const hook = hooks();
    const call = toolCall('', 'search', {});
    hook.onToolCallStart(toolEnd({ callId: 'cw-1', toolCall: call }));
    hook.onToolCallEnd(toolEnd({ callId: 'cw-1', toolCall: call }));
    expect(Object.keys(named('execute_tool search').attributes).sort()).toEqual(
      [
        'gen_ai.conversation.id',
        'gen_ai.operation.name',
        'gen_ai.tool.name',
        'gen_ai.tool.type',
        'crosswire.iteration',
      ].sort(),
    );
  });
});

describe('steps of the step API', () => {
  it('a model step and a tool step of one iteration open together, each ends its own span', () => {
    const hook = hooks();
    const model = { kind: 'model' as const, iteration: 1, key: 'loop-s:1:model' };
    const tool = { kind: 'tool' as const, iteration: 1, key: 'loop-s:1:call:c1', callId: 'c1' };
    const start = {
      loopId: 'loop-s',
      provider: 'openai',
      model: 'gpt-5.1',
      wire: 'openai' as const,
    };
    const end = { durationMs: 1, result: undefined, state: undefined, error: undefined };
    hook.onLoopStart({ ...start, step: model });
    hook.onLoopStart({ ...start, step: tool });
    hook.onLoopEnd({ ...start, ...end, step: model });
    expect(otel.spans().map((span) => span.attributes['crosswire.step.kind'])).toEqual(['model']);
    hook.onLoopEnd({ ...start, ...end, step: tool });
    expect(otel.spans().map((span) => span.attributes['crosswire.step.key'])).toEqual([
      'loop-s:1:model',
      'loop-s:1:call:c1',
    ]);
  });

  it('a tool step without a call id parents the tool call whose id is empty', () => {
    const hook = hooks();
    const step = { kind: 'tool' as const, iteration: 2, key: 'loop-t:2:call:' };
    hook.onLoopStart({
      loopId: 'loop-t',
      step,
      provider: undefined,
      model: undefined,
      wire: undefined,
    });
    hook.onToolCallStart(toolEnd({ loopId: 'loop-t', iteration: 2, callId: '' }));
    hook.onToolCallEnd(toolEnd({ loopId: 'loop-t', iteration: 2, callId: '' }));
    hook.onLoopEnd({
      loopId: 'loop-t',
      step,
      provider: undefined,
      model: undefined,
      wire: undefined,
      durationMs: 1,
      result: undefined,
      state: undefined,
      error: undefined,
    });
    const call = named('execute_tool search');
    const stepSpan = named('invoke_agent');
    expect(call.parentSpanContext?.spanId).toBe(stepSpan.spanContext().spanId);
  });
});

it('a span abandoned when the table is full says it was never ended', () => {
  const hook = hooks();
  for (let index = 0; index <= 10_000; index += 1)
    hook.onRequest(request({ requestId: `r${index}` }));
  const [abandoned] = otel.spans();
  expect(abandoned?.status).toEqual({
    code: SpanStatusCode.ERROR,
    message: 'the span was never ended',
  });
});
