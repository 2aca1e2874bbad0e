#!/usr/bin/env node
// engines: the tool loop's own overhead on a turn with 20 tool results (19 texts of ~1 KiB and
// one 1 MiB PNG), side by side with the AI SDK's generateText tool loop (ai@7,
// @ai-sdk/openai@4 pointed at the same simulator), on the OpenAI Responses wire where both
// send the image natively (input_image), and on Chat Completions.
//
// One loop run = request 1 (the model asks for 20 calls) + 20 tool calls + request 2 (the
// 20 results go back; the model answers). The provider simulator runs in a CHILD process, and
// the tools return precomputed results, so the CPU time this process spends per run
// (process.cpuUsage: user + system) is the loop's own overhead: building and serialising
// requests, HTTP, parsing replies, dispatching tools, converting results. Wall time is shown
// too (it includes the simulator's own work on the other side of the socket).
//
// Needs the built packages (`npx tsc -p packages/<pkg>/tsconfig.build.json` for core,
// content-image, tool-result, registry, engines). Run: node bench/engines.bench.mjs [--runs=40]
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { startChildSimulator } from './child-simulator.mjs';
import { collectGarbage } from './gc.mjs';
import { option, sized } from './quick.mjs';

const engines = new URL('../packages/engines/dist/node/', import.meta.url);
// undici as the engines package resolves it (it is that package's dependency, not the root's).
const { Agent, request } = createRequire(new URL('package.json', new URL('../../', engines)))(
  'undici',
);
const { createEngine } = await import(new URL('index.js', engines));
const runs = option('runs', 40, 2);
const warmup = sized(8, 1);

// --- the simulator, in its own process -------------------------------------------------
const simulator = await startChildSimulator({
  prelude: `
const calls = Array.from({ length: 20 }, (_, index) => ({ name: 'tool_' + index, arguments: { index } }));
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
const baseUrl = (wire, lane) => `${origin}/${lane}/${wire}`;

// --- the tools: the same outputs for both contenders -----------------------------------
const png = randomBytes(1024 * 1024);
png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
const pngBase64 = png.toString('base64');
const textFor = (index) => `result ${index}: ${'lorem ipsum dolor sit amet '.repeat(38)}`;
const mcpResults = Array.from({ length: 20 }, (_, index) =>
  index === 0
    ? {
        content: [
          { type: 'text', text: 'screenshot:' },
          { type: 'image', data: pngBase64, mimeType: 'image/png' },
        ],
      }
    : { content: [{ type: 'text', text: textFor(index) }] },
);
const toolNames = mcpResults.map((_, index) => `tool_${index}`);
const inputSchema = { type: 'object', properties: { index: { type: 'number' } } };

/** Any object with listTools and callTool is an MCP server for the engine. */
const mcpServer = {
  async listTools() {
    return { tools: toolNames.map((name) => ({ name, description: `tool ${name}`, inputSchema })) };
  },
  async callTool({ name }) {
    return mcpResults[Number(name.slice(5))];
  },
};

const aiTools = Object.fromEntries(
  toolNames.map((name, index) => [
    name,
    tool({
      description: `tool ${name}`,
      inputSchema: jsonSchema(inputSchema),
      execute: async () => mcpResults[index],
      // The AI SDK's way to send an image back: content parts with the image data.
      toModelOutput: ({ output }) => ({
        type: 'content',
        value: output.content.map((block) =>
          block.type === 'image'
            ? { type: 'image-data', data: block.data, mediaType: block.mimeType }
            : { type: 'text', text: block.text },
        ),
      }),
    }),
  ]),
);

// --- contenders -------------------------------------------------------------------------
const crosswire = (provider, wire) => {
  const engine = createEngine({
    provider,
    model: 'gpt-5.1',
    apiKey: 'sk-bench',
    baseUrl: baseUrl(wire, `cw-${wire}`),
  });
  return {
    run: async () => {
      const text = await engine.chatWithTools('Run every tool.', { mcpServers: [mcpServer] });
      if (text !== 'received 20 results') throw new Error(`crosswire: unexpected answer ${text}`);
    },
    close: () => engine.close(),
  };
};

const aiSdk = (wire) => {
  const openai = createOpenAI({ apiKey: 'sk-bench', baseURL: baseUrl(wire, `ai-${wire}`) });
  const model = wire === 'responses' ? openai.responses('gpt-5.1') : openai.chat('gpt-5.1');
  return {
    run: async () => {
      const result = await generateText({
        model,
        tools: aiTools,
        prompt: 'Run every tool.',
        stopWhen: stepCountIs(5),
        providerOptions: { openai: { store: false } },
      });
      if (result.text !== 'received 20 results')
        throw new Error(`ai sdk: unexpected answer ${result.text}`);
    },
    close: async () => undefined,
  };
};

/**
 * The floor: what any client must spend to move the same bytes: two POSTs of pre-serialised
 * bodies (the second as large as the real second request) over keep-alive undici, and the
 * replies read and parsed. No request building, no tool dispatch, no conversion.
 */
const floor = (wire, lane) => {
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const url = `${baseUrl(wire, lane)}${wire === 'responses' ? '/responses' : '/chat/completions'}`;
  const first =
    wire === 'responses'
      ? JSON.stringify({ model: 'gpt-5.1', input: [{ role: 'user', content: 'Run every tool.' }] })
      : JSON.stringify({
          model: 'gpt-5.1',
          messages: [{ role: 'user', content: 'Run every tool.' }],
        });
  let second;
  const post = async (body) => {
    const response = await request(url, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body,
    });
    return JSON.parse(await response.body.text());
  };
  return {
    run: async () => {
      if (second === undefined) {
        // Built once, outside the measured runs: the second request as Crosswire sends it.
        const recorder = createEngine({
          provider: wire === 'responses' ? 'openai-responses' : 'openai',
          model: 'gpt-5.1',
          apiKey: 'k',
          baseUrl: baseUrl(wire, `${lane}-record`),
        });
        const result = await recorder.runToolLoop('Run every tool.', { mcpServers: [mcpServer] });
        const captured = await recorder.buildRequest(result.messages, {
          tools: (await mcpServer.listTools()).tools,
        });
        second = JSON.stringify(captured);
        await recorder.close();
      }
      await post(first);
      await post(second);
    },
    close: () => agent.close(),
  };
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs the contenders interleaved (one run each, in turn), so drift in machine load hits all alike. */
async function measureTogether(contenders) {
  for (let index = 0; index < warmup; index++)
    for (const contender of contenders) await contender.run();
  const cpu = contenders.map(() => []);
  const wall = contenders.map(() => []);
  for (let index = 0; index < runs; index++) {
    for (const [position, contender] of contenders.entries()) {
      collectGarbage();
      const startCpu = process.cpuUsage();
      const startWall = performance.now();
      await contender.run();
      wall[position].push(performance.now() - startWall);
      const used = process.cpuUsage(startCpu);
      cpu[position].push((used.user + used.system) / 1000);
    }
  }
  await Promise.all(contenders.map((contender) => contender.close()));
  return contenders.map((_, position) => ({
    cpu: median(cpu[position]),
    wall: median(wall[position]),
  }));
}

const rows = [];
for (const [label, wire] of [
  ['responses (image sent natively by both)', 'responses'],
  ['chat completions', 'openai'],
]) {
  const [ours, theirs, bare] = await measureTogether([
    crosswire(wire === 'responses' ? 'openai-responses' : 'openai', wire),
    aiSdk(wire),
    floor(wire, `floor-${wire}`),
  ]);
  rows.push({ label, wire, ours, theirs, bare });
}
simulator.stop();

const ms = (value) => `${value.toFixed(2)} ms`;
console.log(
  `tool loop, 2 requests + 20 tool results (one 1 MiB PNG) per run; median of ${runs} runs after ${warmup} warm-up runs`,
);
console.log(
  'overhead = CPU time of this process per run (simulator in a child process, tools precomputed)\n',
);
console.log(
  'floor = the same bytes POSTed pre-serialised with bare undici (no building, no tools, no conversion)\n',
);
console.log(
  '| wire | crosswire | AI SDK | ratio | floor | crosswire above floor | AI SDK above floor | ratio above floor | crosswire wall | AI SDK wall |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const { label, ours, theirs, bare } of rows) {
  const oursAbove = Math.max(0, ours.cpu - bare.cpu);
  const theirsAbove = Math.max(0, theirs.cpu - bare.cpu);
  console.log(
    `| ${label} | ${ms(ours.cpu)} | ${ms(theirs.cpu)} | ${(ours.cpu / theirs.cpu).toFixed(2)}× | ${ms(bare.cpu)} | ${ms(oursAbove)} | ${ms(theirsAbove)} | ${(oursAbove / theirsAbove).toFixed(2)}× | ${ms(ours.wall)} | ${ms(theirs.wall)} |`,
  );
}
