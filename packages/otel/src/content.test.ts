// Content capture (opt-in), the step API joining one trace across "workers", the attribute
// names against the installed semantic-conventions package, and an OTLP/HTTP export to a
// receiver on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEngine, runModelStep, runToolStep, startToolLoop } from '@crosswire/engines';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import * as conventions from '@opentelemetry/semantic-conventions/incubating';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { otelHooks } from './hooks.js';
import * as semconv from './semconv.js';
import { telemetry, toolServer, useAsyncContext } from './test-support/telemetry.js';

let simulator: Simulator;
let tools: Client;
const otel = telemetry();
beforeAll(async () => {
  useAsyncContext();
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  simulator = await startSimulator();
  tools = await toolServer();
});
afterAll(async () => {
  await tools.close();
  await simulator.close();
});
beforeEach(() => otel.reset());

/**
 * 300 bytes that start as a PNG does (signature, then a 1x1 IHDR chunk), so the image goes as
 * an image: longer than the 256 characters that make a string a payload.
 */
const PNG_START = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);
const IMAGE_BASE64 = Buffer.concat([PNG_START, Buffer.alloc(300 - PNG_START.length, 7)]).toString(
  'base64',
);

describe('captureContent', () => {
  it('records the conventions’ messages, base64 as a size note, never the API key', async () => {
    simulator.script('capture', [
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'ping' }, id: 'call_1' }] },
      { type: 'text', text: 'done' },
    ]);
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-5.4',
      apiKey: 'sk-secret-0123456789abcdef',
      baseUrl: simulator.baseUrl('openai', 'capture'),
      mcpServers: [tools],
      ...otelHooks({
        tracerProvider: otel.tracerProvider,
        meterProvider: otel.meterProvider,
        captureContent: true,
      }),
    });
    await engine.runToolLoop([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: ['Look:', { type: 'image', data: IMAGE_BASE64, mimeType: 'image/png' }],
      },
    ]);
    await engine.close();
    const spans = otel.spans();
    const chats = spans.filter((span) => span.name === 'chat gpt-5.4');
    expect(chats).toHaveLength(2);
    const first = chats.find((span) => span.attributes['crosswire.iteration'] === 1);
    const second = chats.find((span) => span.attributes['crosswire.iteration'] === 2);
    expect(JSON.parse(String(first?.attributes['gen_ai.system_instructions']))).toEqual([
      { type: 'text', content: 'Be brief.' },
    ]);
    expect(JSON.parse(String(first?.attributes['gen_ai.input.messages']))).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'text', content: 'Look:' },
          {
            type: 'blob',
            modality: 'image',
            mime_type: 'image/png',
            content: '[base64 300 bytes]',
          },
        ],
      },
    ]);
    expect(JSON.parse(String(first?.attributes['gen_ai.output.messages']))).toEqual([
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 'call_1', name: 'echo', arguments: { text: 'ping' } }],
        finish_reason: 'tool_calls',
      },
    ]);
    expect(JSON.parse(String(second?.attributes['gen_ai.input.messages'])).slice(1)).toEqual([
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 'call_1', name: 'echo', arguments: { text: 'ping' } }],
      },
      {
        role: 'tool',
        parts: [
          { type: 'tool_call_response', id: 'call_1', response: [{ type: 'text', text: 'ping' }] },
        ],
      },
    ]);
    const tool = spans.find((span) => span.name === 'execute_tool echo');
    expect(tool?.attributes['gen_ai.tool.call.arguments']).toBe('{"text":"ping"}');
    expect(tool?.attributes['gen_ai.tool.call.result']).toBe('[{"type":"text","text":"ping"}]');
    const everything = JSON.stringify(spans.map((span) => [span.attributes, span.status]));
    expect(everything).not.toContain('sk-secret');
    expect(everything).not.toContain(IMAGE_BASE64.slice(0, 40));
  });
});

describe('the step API', () => {
  it("steps run on different 'workers' join one trace through context carried in job data", async () => {
    simulator.script('steps', [
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'a' }, id: 'call_s' }] },
      { type: 'text', text: 'done' },
    ]);
    const hooks = otelHooks({
      tracerProvider: otel.tracerProvider,
      meterProvider: otel.meterProvider,
    });
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-5.4',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('openai', 'steps'),
      mcpServers: [tools],
      ...hooks,
    });
    // The producer: a request span, whose context goes into the job data.
    const tracer = otel.tracerProvider.getTracer('app');
    const root = tracer.startSpan('enqueue loop');
    const carrier: Record<string, string> = {};
    propagation.inject(trace.setSpan(ROOT_CONTEXT, root), carrier);
    root.end();
    const jobData = JSON.parse(
      JSON.stringify({ state: startToolLoop('go', { loopId: 'job-1' }), carrier }),
    );
    // Each "worker" starts from the job data alone (ROOT_CONTEXT, never the producer's).
    const worker = <T>(run: () => Promise<T>) =>
      context.with(propagation.extract(ROOT_CONTEXT, jobData.carrier), run);
    let state = await worker(() => runModelStep(engine, jobData.state));
    state = await worker(() => runToolStep(state, 'call_s', { mcpServers: [tools], ...hooks }));
    state = await worker(() => runModelStep(engine, state));
    await engine.close();
    expect(state.text).toBe('done');
    const spans = otel.spans();
    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(
      new Set([root.spanContext().traceId]),
    );
    const steps = spans.filter((span) => span.name === 'invoke_agent');
    expect(
      steps
        .map((span) => [
          span.attributes['crosswire.step.kind'],
          span.attributes['crosswire.step.key'],
          span.parentSpanContext?.spanId,
        ])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ).toEqual([
      ['tool', 'job-1:1:call:call_s', root.spanContext().spanId],
      ['model', 'job-1:1:model', root.spanContext().spanId],
      ['model', 'job-1:2:model', root.spanContext().spanId],
    ]);
    const stepOf = (key: string) =>
      steps.find((span) => span.attributes['crosswire.step.key'] === key)?.spanContext().spanId;
    const parents = Object.fromEntries(
      spans
        .filter((span) => span.name !== 'invoke_agent' && span.name !== 'enqueue loop')
        .map((span) => [
          `${span.name} ${span.attributes['crosswire.iteration']}`,
          span.parentSpanContext?.spanId,
        ]),
    );
    expect(parents).toEqual({
      'chat gpt-5.4 1': stepOf('job-1:1:model'),
      'execute_tool echo 1': stepOf('job-1:1:call:call_s'),
      'chat gpt-5.4 2': stepOf('job-1:2:model'),
    });
  });
});

describe('attribute names', () => {
  it('every compiled-in name equals the installed semantic-conventions export of that name', () => {
    const ours = Object.entries(semconv);
    expect(ours.length).toBe(45);
    for (const [name, value] of ours) {
      expect([name, (conventions as Record<string, unknown>)[name]]).toEqual([name, value]);
    }
  });
});

describe('OTLP/HTTP', () => {
  let receiver: Server;
  let endpoint: string;
  const received: unknown[] = [];
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          path: request.url,
          type: request.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('a tool loop arrives at the receiver as OTLP JSON with its spans and attributes', async () => {
    const provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: endpoint }))],
    });
    simulator.script('otlp', [
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'z' } }] },
      { type: 'text', text: 'done' },
    ]);
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('anthropic', 'otlp'),
      mcpServers: [tools],
      ...otelHooks({ tracerProvider: provider, meterProvider: otel.meterProvider }),
    });
    await engine.chatWithTools('go');
    await engine.close();
    await provider.forceFlush();
    await provider.shutdown();
    expect(received.length).toBeGreaterThan(0);
    expect(received[0]).toMatchObject({ path: '/v1/traces', type: 'application/json' });
    type OtlpSpan = {
      name: string;
      kind: number;
      traceId: string;
      parentSpanId?: string;
      attributes: { key: string; value: Record<string, unknown> }[];
    };
    const spans = (
      received as {
        body: { resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[] };
      }[]
    ).flatMap((request) =>
      request.body.resourceSpans.flatMap((resource) =>
        resource.scopeSpans.flatMap((scope) => {
          expect(scope.scope.name).toBe('@crosswire/otel');
          return scope.spans;
        }),
      ),
    );
    // OTLP span kinds: 1 INTERNAL, 3 CLIENT.
    expect(spans.map((span) => [span.name, span.kind]).sort()).toEqual([
      ['chat claude-sonnet-5-5', 3],
      ['chat claude-sonnet-5-5', 3],
      ['execute_tool echo', 1],
      ['invoke_agent', 1],
    ]);
    const attribute = (span: OtlpSpan | undefined, key: string) =>
      span?.attributes.find((entry) => entry.key === key)?.value;
    const loop = spans.find((span) => span.name === 'invoke_agent');
    const chat = spans.find((span) => attribute(span, 'crosswire.iteration')?.intValue === 1);
    expect(attribute(chat, 'gen_ai.provider.name')).toEqual({ stringValue: 'anthropic' });
    expect(attribute(chat, 'gen_ai.usage.input_tokens')).toEqual({ intValue: 10 });
    expect(attribute(chat, 'gen_ai.response.id')).toEqual({ stringValue: 'msg_sim_1' });
    expect(attribute(chat, 'gen_ai.response.finish_reasons')).toEqual({
      arrayValue: { values: [{ stringValue: 'tool_use' }] },
    });
    expect(chat?.traceId).toBe(loop?.traceId);
    expect(chat?.parentSpanId).toBe((loop as { spanId?: string } | undefined)?.spanId);
  });
});
