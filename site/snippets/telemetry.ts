// Tracing a Crosswire agent with the OpenTelemetry Node SDK, exported over OTLP/HTTP to a
// collector (Jaeger, Grafana Tempo, Honeycomb, an OpenTelemetry Collector...).
import { createEngine, type Engine } from '@crosswire/engines';
import { otelHooks } from '@crosswire/otel';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';

/** Starts the SDK once, at process start, before any engine is made. */
export function startTelemetry(collector = 'http://127.0.0.1:4318'): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: 'support-agent',
    traceExporter: new OTLPTraceExporter({ url: `${collector}/v1/traces` }),
    metricReader: new PeriodicExportingMetricReader({
      exporter: new OTLPMetricExporter({ url: `${collector}/v1/metrics` }),
    }),
  });
  sdk.start();
  return sdk;
}

/** An engine whose requests, tool calls and loops become spans and metrics. */
export function tracedEngine(options: { baseUrl?: string; apiKey?: string } = {}): Engine {
  return createEngine({
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    ...options,
    ...otelHooks({ agentName: 'support-agent' }),
  });
}

// At shutdown, `await sdk.shutdown()` sends what is still buffered.
