#!/usr/bin/env node
// otel: what `@crosswire/otel` costs per tool-loop turn, side by side in one process. One run is
// a loop of two turns: request 1 (the model asks for 4 calls), 4 tool calls, request 2 (the
// results go back; the model answers). Contenders on the same simulator (a child process, so
// this process's CPU time is the loop's own):
//
// - bare: an engine with no hooks (the cost when @crosswire/otel is not installed);
// - empty hooks: every hook an empty function (the engine's own hook machinery);
// - otel: `otelHooks()` with the real SDK (BasicTracerProvider, a batch span processor and a no-op
//   exporter, a MeterProvider with a reader never collected).
//
// Needs the built packages (`pnpm bench` builds them). Run: node bench/otel.bench.mjs [--runs=200]
import { metrics as sdkMetrics, tracing } from '@opentelemetry/sdk-node';
import { startChildSimulator } from './child-simulator.mjs';
import { collectGarbage } from './gc.mjs';
import { option, sized } from './quick.mjs';

const { createEngine } = await import(
  new URL('../packages/engines/dist/node/index.js', import.meta.url)
);
const { otelHooks } = await import(new URL('../packages/otel/dist/node/index.js', import.meta.url));
const runs = option('runs', 200, 3);
const warmup = sized(20, 1);

const simulator = await startChildSimulator({
  prelude: `
const calls = Array.from({ length: 4 }, (_, index) => ({ name: 'tool_' + index, arguments: { index } }));
`,
  options: `{
  enforce: false,
  fallback: (request) =>
    request.toolResults.length === 0
      ? { type: 'tool_calls', calls }
      : { type: 'text', text: 'received ' + request.toolResults.length + ' results' },
}`,
});
const { origin } = simulator;

const toolNames = Array.from({ length: 4 }, (_, index) => `tool_${index}`);
const mcpServer = {
  async listTools() {
    return {
      tools: toolNames.map((name) => ({ name, inputSchema: { type: 'object', properties: {} } })),
    };
  },
  async callTool({ name }) {
    return { content: [{ type: 'text', text: `${name}: ${'lorem ipsum '.repeat(80)}` }] };
  },
};

class NoopExporter {
  export(_spans, done) {
    done({ code: 0 });
  }
  shutdown() {
    return Promise.resolve();
  }
}
const tracerProvider = new tracing.BasicTracerProvider({
  spanProcessors: [new tracing.BatchSpanProcessor(new NoopExporter())],
});
class IdleReader extends sdkMetrics.MetricReader {
  async onForceFlush() {}
  async onShutdown() {}
}
const meterProvider = new sdkMetrics.MeterProvider({ readers: [new IdleReader()] });
const empty = () => {};

const contenders = {
  bare: {},
  'empty hooks': {
    onRequest: empty,
    onResponse: empty,
    onLoopStart: empty,
    onLoopEnd: empty,
    onToolCallStart: empty,
    onToolCallEnd: empty,
  },
  otel: otelHooks({ tracerProvider, meterProvider }),
};
const engines = Object.fromEntries(
  Object.entries(contenders).map(([name, hooks], index) => [
    name,
    createEngine({
      provider: 'openai',
      model: 'gpt-5.1',
      apiKey: 'sk-bench',
      baseUrl: `${origin}/otel-${index}/openai`,
      mcpServers: [mcpServer],
      ...hooks,
    }),
  ]),
);

async function once(engine) {
  const start = process.cpuUsage();
  const text = await engine.chatWithTools('Run every tool.');
  const used = process.cpuUsage(start);
  if (text !== 'received 4 results') throw new Error(`unexpected answer ${text}`);
  return (used.user + used.system) / 1000;
}

const samples = Object.fromEntries(Object.keys(engines).map((name) => [name, []]));
for (let run = 0; run < warmup + runs; run += 1) {
  // Interleaved, in a rotating order, so drift and GC land on every contender alike.
  const names = Object.keys(engines);
  for (let offset = 0; offset < names.length; offset += 1) {
    const name = names[(run + offset) % names.length];
    collectGarbage();
    const ms = await once(engines[name]);
    if (run >= warmup) samples[name].push(ms);
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const bare = median(samples.bare);
console.log(`CPU per loop run (2 turns, 4 tool calls), median of ${runs}:`);
for (const [name, values] of Object.entries(samples)) {
  const ms = median(values);
  console.log(
    `  ${name.padEnd(12)} ${ms.toFixed(3)} ms   ${(ms / bare).toFixed(3)}× bare   per turn +${((ms - bare) / 2).toFixed(3)} ms`,
  );
}
const spans = 1 + 2 + 4;
console.log(`otel exports ${spans} spans per run; target: under 1.05× bare.`);
for (const engine of Object.values(engines)) await engine.close();
simulator.stop();
