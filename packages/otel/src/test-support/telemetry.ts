// The real OpenTelemetry SDK around the hooks: an in-memory span exporter, a metric reader
// collected on demand, an AsyncLocalStorage context manager, and a tiny MCP server.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { AggregationTemporality, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';

/** A reader whose `collect()` the test calls. */
class CollectingReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

export function telemetry() {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  return {
    tracerProvider,
    meterProvider,
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    /** Every data point of metric `name`: its attributes and value. */
    async points(name: string) {
      const { resourceMetrics } = await reader.collect();
      return resourceMetrics.scopeMetrics
        .flatMap((scope) => scope.metrics)
        .filter((metric) => metric.descriptor.name === name)
        .flatMap((metric) =>
          metric.dataPoints.map((point) => ({
            unit: metric.descriptor.unit,
            description: metric.descriptor.description,
            attributes: point.attributes,
            value: point.value as {
              count: number;
              sum?: number;
              buckets: { boundaries: number[] };
            },
          })),
        );
    },
  };
}

let contextManager: AsyncLocalStorageContextManager | undefined;
/** Makes `context.active()` follow async calls, as the Node SDK does. */
export function useAsyncContext(): void {
  if (contextManager !== undefined) return;
  contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
}

/** An MCP server (the SDK's) with `echo` (returns its text) and `broken` (an error result). */
export async function toolServer(): Promise<Client> {
  const server = new McpServer({ name: 'tools', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its text', inputSchema: { text: z.string() } },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  server.registerTool('broken', { description: 'Always fails' }, async () => ({
    content: [{ type: 'text', text: 'the disk is full' }],
    isError: true,
  }));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'otel-test', version: '1.0.0' });
  await client.connect(clientTransport);
  return client;
}
