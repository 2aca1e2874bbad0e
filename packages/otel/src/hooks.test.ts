// The hooks under the real OpenTelemetry SDK, around tool loops against the simulator on every
// wire: the span tree, names, kinds, attributes and status, and the metrics, written down.
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { createEngine, type EngineOptions } from '@crosswire/engines';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_OPEN_SPANS, otelHooks, TOKEN_USAGE_BUCKETS } from './hooks.js';
import { telemetry, toolServer, useAsyncContext } from './test-support/telemetry.js';

const ENGINES: Readonly<Record<WireFormat, { provider: string; model: string; name: string }>> = {
  openai: { provider: 'openai', model: 'gpt-5.1', name: 'openai' },
  anthropic: { provider: 'anthropic', model: 'claude-sonnet-4-5', name: 'anthropic' },
  gemini: { provider: 'gemini', model: 'gemini-2.5-flash', name: 'gcp.gemini' },
  ollama: { provider: 'ollama', model: 'llama3.2', name: 'ollama' },
  responses: { provider: 'openai-responses', model: 'gpt-5.1', name: 'openai' },
  hermes: { provider: 'nousresearch', model: 'Hermes-4-405B', name: 'nousresearch' },
  bedrock: { provider: 'bedrock', model: 'anthropic.claude-sonnet-4-6', name: 'aws.bedrock' },
};

/** The response id each wire's simulated reply of turn N carries (from the simulator's wire files). */
const RESPONSE_ID: Readonly<Record<WireFormat, ((turn: number) => string) | undefined>> = {
  openai: (turn) => `chatcmpl-sim-${turn}`,
  hermes: (turn) => `chatcmpl-sim-${turn}`,
  anthropic: (turn) => `msg_sim_${turn}`,
  responses: (turn) => `resp_sim_${turn}`,
  gemini: undefined,
  ollama: undefined,
  bedrock: undefined,
};

/** Wires whose reply names no model (a Converse reply: the model is the one in the path). */
const NO_RESPONSE_MODEL: ReadonlySet<WireFormat> = new Set(['bedrock']);

let simulator: Simulator;
let tools: Client;
const otel = telemetry();
beforeAll(async () => {
  useAsyncContext();
  simulator = await startSimulator();
  tools = await toolServer();
});
afterAll(async () => {
  await tools.close();
  await simulator.close();
});
beforeEach(() => otel.reset());

function instrumented(wire: WireFormat, lane: string, options: Partial<EngineOptions> = {}) {
  const { name: _name, ...engine } = ENGINES[wire];
  return createEngine({
    ...engine,
    apiKey: 'sk-test-0123456789abcdef',
    baseUrl: simulator.baseUrl(wire, lane),
    discover: false,
    mcpServers: [tools],
    onWarning: (warning) => {
      if (!warning.code.startsWith('model_')) throw new Error(`unexpected ${warning.code}`);
    },
    ...otelHooks({ tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider }),
    ...options,
  });
}

const byStart = (spans: ReadableSpan[]) =>
  [...spans].sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe.each(WIRE_FORMATS)('a tool loop on %s', (wire) => {
  it('exports one loop span, one chat span per request, one tool span per call', async () => {
    const lane = `otel-${wire}`;
    simulator.script(lane, [
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'ping' } }] },
      { type: 'text', text: 'done' },
    ]);
    const engine = instrumented(wire, lane);
    const result = await engine.runToolLoop('use echo');
    await engine.close();
    expect(result.text).toBe('done');

    const spans = byStart(otel.spans());
    expect(spans.map((span) => [span.name, span.kind])).toEqual([
      ['invoke_agent', SpanKind.INTERNAL],
      [`chat ${ENGINES[wire].model}`, SpanKind.CLIENT],
      ['execute_tool echo', SpanKind.INTERNAL],
      [`chat ${ENGINES[wire].model}`, SpanKind.CLIENT],
    ]);
    const [loop, chat1, tool, chat2] = spans as [
      ReadableSpan,
      ReadableSpan,
      ReadableSpan,
      ReadableSpan,
    ];
    // One trace; the loop is the root here, everything else its child.
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);
    expect(parentOf(loop)).toBeUndefined();
    for (const child of [chat1, tool, chat2])
      expect(parentOf(child)).toBe(loop.spanContext().spanId);
    expect(spans.map((span) => span.status.code)).toEqual([
      SpanStatusCode.UNSET,
      SpanStatusCode.UNSET,
      SpanStatusCode.UNSET,
      SpanStatusCode.UNSET,
    ]);

    const port = Number(new URL(simulator.origin).port);
    const loopId = loop.attributes['gen_ai.conversation.id'];
    expect(loopId).toMatch(/^[0-9a-f-]{36}$/);
    const [turn1, turn2] = result.turns;
    for (const [chat, turn, number] of [
      [chat1, turn1, 1],
      [chat2, turn2, 2],
    ] as const) {
      const id = RESPONSE_ID[wire]?.(number);
      expect(chat.attributes).toEqual({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': ENGINES[wire].name,
        'gen_ai.request.model': ENGINES[wire].model,
        'gen_ai.request.stream': false,
        'gen_ai.conversation.id': loopId,
        'server.address': '127.0.0.1',
        'server.port': port,
        'crosswire.wire': wire,
        'crosswire.iteration': number,
        ...(NO_RESPONSE_MODEL.has(wire) ? {} : { 'gen_ai.response.model': ENGINES[wire].model }),
        ...(id === undefined ? {} : { 'gen_ai.response.id': id }),
        'gen_ai.response.finish_reasons': [turn?.finishReason],
        // The simulator reports 10 input tokens per turn number; outputs as the reply said.
        'gen_ai.usage.input_tokens': 10 * number,
        'gen_ai.usage.output_tokens': turn?.usage?.outputTokens,
        ...(turn?.cost === undefined ? {} : { 'crosswire.cost.usd': turn.cost.total }),
        'http.response.status_code': 200,
        'crosswire.attempts': 1,
      });
    }
    expect(tool.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'echo',
      ...(result.turns[0]?.toolCalls[0]?.id
        ? { 'gen_ai.tool.call.id': result.turns[0].toolCalls[0].id }
        : {}),
      'gen_ai.tool.type': 'function',
      'gen_ai.conversation.id': loopId,
      'crosswire.iteration': 1,
      'crosswire.tool.server': '"tools" (mcpServers[0])',
    });
    expect(loop.attributes).toEqual({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': ENGINES[wire].name,
      'gen_ai.request.model': ENGINES[wire].model,
      'gen_ai.conversation.id': loopId,
      'crosswire.wire': wire,
      'gen_ai.usage.input_tokens': 30,
      'gen_ai.usage.output_tokens': result.usage.outputTokens,
      ...(result.cost === undefined ? {} : { 'crosswire.cost.usd': result.cost.total }),
      'crosswire.loop.iterations': 2,
    });
    // No content without captureContent.
    for (const span of spans) {
      expect(
        Object.keys(span.attributes).filter((key) =>
          /messages|arguments|result|instructions/.test(key),
        ),
      ).toEqual([]);
    }
  });
});

it('covers every wire', () => {
  expect(Object.keys(ENGINES).sort()).toEqual([...WIRE_FORMATS].sort());
});

it('cache reads and writes are the reply usage (anthropic), with cost and metrics by token type', async () => {
  simulator.script('otel-cache', [
    {
      type: 'raw',
      body: {
        id: 'msg_cached',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [{ type: 'text', text: 'cached answer' }],
        stop_reason: 'end_turn',
        usage: {
          input_tokens: 50,
          cache_read_input_tokens: 3000,
          cache_creation_input_tokens: 200,
          output_tokens: 7,
        },
      },
    },
  ]);
  const engine = instrumented('anthropic', 'otel-cache');
  const reply = await engine.chat('hi');
  await engine.close();
  const [chat] = otel.spans();
  expect(chat?.parentSpanContext).toBeUndefined();
  expect(chat?.attributes).toMatchObject({
    'gen_ai.response.id': 'msg_cached',
    'gen_ai.response.model': 'claude-sonnet-4-5-20250929',
    'gen_ai.response.finish_reasons': ['end_turn'],
    // Crosswire's input count holds every input token: 50 + 3000 + 200.
    'gen_ai.usage.input_tokens': 3250,
    'gen_ai.usage.output_tokens': 7,
    'gen_ai.usage.cache_read.input_tokens': 3000,
    'gen_ai.usage.cache_creation.input_tokens': 200,
    'crosswire.cost.usd': reply.cost?.total,
  });
  expect(reply.cost?.total).toBeGreaterThan(0);
  const tokens = await otel.points('gen_ai.client.token.usage');
  const mine = tokens.filter(
    (point) => point.attributes['gen_ai.response.model'] === 'claude-sonnet-4-5-20250929',
  );
  expect(
    mine.map((point) => [point.attributes['gen_ai.token.type'], point.value.sum, point.unit]),
  ).toEqual([
    ['input', 3250, '{token}'],
    ['output', 7, '{token}'],
  ]);
  expect(mine[0]?.attributes).toEqual({
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': 'anthropic',
    'gen_ai.request.model': 'claude-sonnet-4-5',
    'server.address': '127.0.0.1',
    'server.port': Number(new URL(simulator.origin).port),
    'gen_ai.response.model': 'claude-sonnet-4-5-20250929',
    'gen_ai.token.type': 'input',
  });
  expect(mine[0]?.value.buckets.boundaries).toEqual([...TOKEN_USAGE_BUCKETS]);
  const durations = await otel.points('gen_ai.client.operation.duration');
  const duration = durations.find(
    (point) => point.attributes['gen_ai.response.model'] === 'claude-sonnet-4-5-20250929',
  );
  expect(duration?.unit).toBe('s');
  expect(duration?.value.count).toBe(1);
});

describe('failures', () => {
  it('a provider error: the chat span and the loop span carry error.type and ERROR status', async () => {
    simulator.script('otel-error', [{ type: 'error', status: 400, message: 'bad request' }]);
    const engine = instrumented('openai', 'otel-error', { retry: { maxRetries: 0 } });
    const error = await engine.runToolLoop('go').catch((caught: unknown) => caught);
    await engine.close();
    const code = (error as { code: string }).code;
    expect(code).toBe('provider_error');
    const [loop, chat] = byStart(otel.spans());
    for (const span of [loop, chat]) {
      expect(span?.attributes['error.type']).toBe('provider_error');
      expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    }
    expect(chat?.attributes['http.response.status_code']).toBe(400);
    expect(chat?.status.message).not.toContain('sk-test');
    const durations = await otel.points('gen_ai.client.operation.duration');
    expect(durations.some((point) => point.attributes['error.type'] === 'provider_error')).toBe(
      true,
    );
  });

  it('a tool error result: the tool span is ERROR with tool_error, the loop goes on', async () => {
    simulator.script('otel-tool-error', [
      { type: 'tool_calls', calls: [{ name: 'broken' }, { name: 'missing' }] },
      { type: 'text', text: 'sorry' },
    ]);
    const engine = instrumented('anthropic', 'otel-tool-error');
    expect(await engine.chatWithTools('go')).toBe('sorry');
    await engine.close();
    const toolSpans = otel
      .spans()
      .filter((span) => span.name.startsWith('execute_tool'))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(
      toolSpans.map((span) => [
        span.name,
        span.attributes['error.type'],
        span.attributes['crosswire.tool.failure'],
        span.status,
      ]),
    ).toEqual([
      [
        'execute_tool broken',
        'tool_error',
        undefined,
        { code: SpanStatusCode.ERROR, message: 'tool_error' },
      ],
      [
        'execute_tool missing',
        'unknown_tool',
        'unknown_tool',
        { code: SpanStatusCode.ERROR, message: 'unknown_tool' },
      ],
    ]);
    const loop = otel.spans().find((span) => span.name === 'invoke_agent');
    expect(loop?.status.code).toBe(SpanStatusCode.UNSET);
  });
});

it('the loop span is a child of the context active when the loop starts', async () => {
  simulator.script('otel-parent', [{ type: 'text', text: 'hi' }]);
  const engine = instrumented('openai', 'otel-parent', {});
  const tracer = otel.tracerProvider.getTracer('app');
  await tracer.startActiveSpan('handle request', async (root) => {
    await engine.runToolLoop('go');
    root.end();
  });
  await engine.close();
  const named = (name: string) => otel.spans().find((span) => span.name === name) as ReadableSpan;
  expect(
    otel
      .spans()
      .map((span) => span.name)
      .sort(),
  ).toEqual(['chat gpt-5.1', 'handle request', 'invoke_agent']);
  const [root, loop, chat] = ['handle request', 'invoke_agent', 'chat gpt-5.1'].map(named) as [
    ReadableSpan,
    ReadableSpan,
    ReadableSpan,
  ];
  expect(parentOf(loop)).toBe(root.spanContext().spanId);
  expect(parentOf(chat)).toBe(loop.spanContext().spanId);
});

it('agentName names the loop span', async () => {
  simulator.script('otel-agent', [{ type: 'text', text: 'hi' }]);
  const engine = instrumented('openai', 'otel-agent', {
    ...otelHooks({
      tracerProvider: otel.tracerProvider,
      meterProvider: otel.meterProvider,
      agentName: 'support-bot',
    }),
  });
  await engine.runToolLoop('go');
  await engine.close();
  const loop = otel.spans().find((span) => span.name.startsWith('invoke_agent'));
  expect(loop?.name).toBe('invoke_agent support-bot');
  expect(loop?.attributes['gen_ai.agent.name']).toBe('support-bot');
});

it('a streamed loop: the same tree, chat spans marked as streamed', async () => {
  simulator.script('otel-stream', [
    { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'x' } }] },
    { type: 'text', text: 'done' },
  ]);
  const engine = instrumented('gemini', 'otel-stream');
  expect(await engine.streamWithTools('go').finalText()).toBe('done');
  await engine.close();
  const spans = byStart(otel.spans());
  expect(spans.map((span) => span.name)).toEqual([
    'invoke_agent',
    'chat gemini-2.5-flash',
    'execute_tool echo',
    'chat gemini-2.5-flash',
  ]);
  expect(
    spans
      .filter((span) => span.kind === SpanKind.CLIENT)
      .map((span) => span.attributes['gen_ai.request.stream']),
  ).toEqual([true, true]);
  expect(spans[1]?.attributes['gen_ai.usage.input_tokens']).toBe(10);
});

it('at most MAX_OPEN_SPANS wait for their end: past it the oldest ends as abandoned', () => {
  const hooks = otelHooks({
    tracerProvider: otel.tracerProvider,
    meterProvider: otel.meterProvider,
  });
  const request = (requestId: string) =>
    hooks.onRequest({
      requestId,
      provider: 'openai',
      model: 'gpt-5.1',
      wire: 'openai',
      url: 'https://api.openai.com/v1/chat/completions',
      iteration: undefined,
      loopId: undefined,
      stream: true,
      body: {},
      messages: [],
    });
  for (let index = 0; index < MAX_OPEN_SPANS; index += 1) request(`r${index}`);
  expect(otel.spans()).toEqual([]);
  request('one more');
  expect(
    otel.spans().map((span) => [span.attributes['error.type'], span.attributes['server.port']]),
  ).toEqual([['abandoned', 443]]);
});
