#!/usr/bin/env node
// preflight: what checking a request against the provider rules (`preflight` from
// @crosswire/dialects, which the engine runs before every send) costs beside building it, on the
// tool loop's second request (20 tool results: 19 texts of ~1 KiB and one 1 MiB PNG, 20 tools),
// on every wire. Same process, same body, interleaved; the ratio is what to compare.
//
// Needs the built packages (`pnpm bench` builds them). Run: node bench/preflight.bench.mjs [--runs=200]
import { randomBytes } from 'node:crypto';
import { option, sized } from './quick.mjs';

const core = await import(new URL('../packages/core/dist/node/index.js', import.meta.url));
const dialects = await import(new URL('../packages/dialects/dist/node/index.js', import.meta.url));
const runs = option('runs', 200, 3);
// --structured: the request also asks for a structured reply and caches its prompt as the tool
// loop does (`promptCache: 'auto'`, applied as part of building), so the output-schema and
// cache rules of issue 38 have work to do.
const structured = process.argv.includes('--structured');
const OUTPUT = {
  name: 'report',
  strict: true,
  schema: {
    type: 'object',
    properties: {
      summary: { type: 'string' },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            tool: {
              type: 'string',
              enum: Array.from({ length: 20 }, (_, index) => `tool_${index}`),
            },
            ok: { type: 'boolean' },
            note: { type: ['string', 'null'] },
          },
          required: ['tool', 'ok'],
        },
      },
    },
    required: ['summary', 'items'],
  },
};
const warmup = sized(20, 1);

const png = randomBytes(1024 * 1024);
png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], 0);
png.writeUInt32BE(1280, 16);
png.writeUInt32BE(800, 20);
const pngBase64 = png.toString('base64');
const textFor = (index) => `result ${index}: ${'lorem ipsum dolor sit amet '.repeat(38)}`;
const tools = Array.from({ length: 20 }, (_, index) => ({
  name: `tool_${index}`,
  inputSchema: {
    type: 'object',
    properties: { index: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } },
  },
}));

function messagesFor(wire) {
  const calls = tools.map((tool, index) =>
    core.createToolCall({
      id: `call_${index}`,
      name: tool.name,
      arguments: `{"index":${index}}`,
      raw: {},
      wire,
    }),
  );
  const results = dialects.toToolResults(
    wire,
    calls.map((call, index) => ({
      toolCall: call,
      result:
        index === 0
          ? {
              content: [
                { type: 'text', text: 'screenshot:' },
                { type: 'image', data: pngBase64, mimeType: 'image/png' },
              ],
            }
          : { content: [{ type: 'text', text: textFor(index) }] },
    })),
  );
  return [
    { role: 'user', content: 'Run every tool.' },
    { role: 'assistant', content: '', toolCalls: calls },
    { role: 'tool', results },
  ];
}

const MODELS = {
  openai: 'gpt-5.1',
  responses: 'gpt-5.1',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-flash',
  ollama: 'llama3.2',
  hermes: 'Hermes-4-405B',
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const quiet = { onWarning: () => {}, imageInput: true };

console.log(
  `preflight beside request building, tool loop's second request (20 results, one 1 MiB PNG, 20 tools${structured ? ", a structured output, promptCache 'auto'" : ''}); median of ${runs} runs after ${warmup} warm-up runs\n`,
);
console.log(
  'build = buildRequest + JSON.stringify, what the engine does to every request before sending it\n',
);
console.log(
  "limits = overLimitImages, the scan the engine's imageLimits runs before preflight (nothing over a limit here)\n",
);
console.log(
  '| wire | buildRequest | build | preflight | limits | preflight / buildRequest | preflight / build | (preflight + limits) / build |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
let worst = 0;
for (const wire of core.WIRE_FORMATS) {
  const request = {
    model: MODELS[wire],
    messages: messagesFor(wire),
    tools,
    ...(structured ? { output: OUTPUT } : {}),
  };
  const cache = { setting: 'auto', loopId: 'bench-loop', model: MODELS[wire] };
  const build = [];
  const serialised = [];
  const check = [];
  const limits = [];
  for (let index = 0; index < warmup + runs; index++) {
    let started = performance.now();
    const dialected = dialects.buildRequest(wire, request, quiet);
    const body = structured ? dialects.applyPromptCache(wire, dialected, cache) : dialected;
    const built = performance.now() - started;
    JSON.stringify(body);
    const sent = performance.now() - started;
    started = performance.now();
    const { violations } = dialects.preflight(body, { wire, model: MODELS[wire] });
    const checked = performance.now() - started;
    if (violations.length > 0) throw new Error(`${wire}: ${JSON.stringify(violations)}`);
    started = performance.now();
    const over = dialects.overLimitImages(body, wire);
    const scanned = performance.now() - started;
    if (over.length > 0) throw new Error(`${wire}: ${JSON.stringify(over)}`);
    if (index >= warmup) {
      build.push(built);
      serialised.push(sent);
      check.push(checked);
      limits.push(scanned);
    }
  }
  const ratio = median(check) / median(serialised);
  worst = Math.max(worst, ratio);
  const pct = (value) => `${(value * 100).toFixed(2)} %`;
  console.log(
    `| ${wire} | ${median(build).toFixed(3)} ms | ${median(serialised).toFixed(3)} ms | ${median(check).toFixed(3)} ms | ${median(limits).toFixed(3)} ms | ${pct(median(check) / median(build))} | ${pct(ratio)} | ${pct((median(check) + median(limits)) / median(serialised))} |`,
  );
}
console.log(
  `\nworst: ${(worst * 100).toFixed(2)} % of request building and serialising (budget 5 %: ${worst < 0.05 ? 'within' : 'over'})`,
);
