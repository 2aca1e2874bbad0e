// The tracing set-up of the OpenTelemetry page, run: the Node SDK exports a tool loop against
// the simulator to an OTLP/HTTP receiver on 127.0.0.1, which decodes what arrives.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { startTelemetry, tracedEngine } from './telemetry.js';

let simulator: Simulator;
let receiver: Server;
let collector: string;
const received: { path: string | undefined; body: unknown }[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url, body: JSON.parse(Buffer.concat(chunks).toString()) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  collector = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await simulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

it('exports the loop, its chat requests and its tool call as spans, and the metrics', async () => {
  const sdk = startTelemetry(collector);
  const server = new McpServer({ name: 'orders', version: '1.0.0' });
  server.registerTool(
    'order_status',
    { description: 'The status of an order.', inputSchema: { id: z.string() } },
    async ({ id }) => ({ content: [{ type: 'text', text: `order ${id}: shipped` }] }),
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const tools = new Client({ name: 'site', version: '1.0.0' });
  await tools.connect(clientTransport);
  simulator.script('site-otel', [
    { type: 'tool_calls', calls: [{ name: 'order_status', arguments: { id: 'A7' } }] },
    { type: 'text', text: 'Order A7 has shipped.' },
  ]);
  const engine = tracedEngine({
    baseUrl: simulator.baseUrl('anthropic', 'site-otel'),
    apiKey: 'not-a-real-key',
  });
  expect(await engine.chatWithTools('Where is order A7?', { mcpServers: [tools] })).toBe(
    'Order A7 has shipped.',
  );
  await engine.close();
  await tools.close();
  await sdk.shutdown();
  type Spans = { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] };
  const names = received
    .filter((request) => request.path === '/v1/traces')
    .flatMap((request) =>
      (request.body as Spans).resourceSpans.flatMap((resource) =>
        resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name)),
      ),
    );
  expect(names.sort()).toEqual([
    'chat claude-sonnet-4-5',
    'chat claude-sonnet-4-5',
    'execute_tool order_status',
    'invoke_agent support-agent',
  ]);
  type Metrics = { resourceMetrics: { scopeMetrics: { metrics: { name: string }[] }[] }[] };
  const metrics = received
    .filter((request) => request.path === '/v1/metrics')
    .flatMap((request) =>
      (request.body as Metrics).resourceMetrics.flatMap((resource) =>
        resource.scopeMetrics.flatMap((scope) => scope.metrics.map((metric) => metric.name)),
      ),
    );
  expect([...new Set(metrics)].sort()).toEqual([
    'gen_ai.client.operation.duration',
    'gen_ai.client.token.usage',
  ]);
});
