#!/usr/bin/env node
// tool-result: one mixed MCP tool result (text, a 1 MiB PNG, a 256 KiB PDF, a text resource,
// a resource link) turned into what each wire sends, side by side in one run with
//   (a) the AI SDK (ai@7, @ai-sdk/anthropic|openai|google@4) converting the same tool output
//       for anthropic, openai responses, google and openai chat, two ways:
//       - `ai getArgs`: the provider model's own request builder (its prompt conversion only);
//       - `ai generateText`: what an app pays per call: generateText validates the prompt
//         (zod), converts it, and calls a model whose doGenerate runs the same getArgs and
//         returns an empty answer (no network);
//   (b) the floor: base64-encoding the raw bytes and JSON.stringify of the payload strings.
// Crosswire is measured two ways as well:
//   - `xw construct+to`: ToolResult.fromCallToolResult on the MCP CallToolResult as received
//     (base64 already) + to(wire): validation of every block (base64 included) on every
//     iteration, nothing cached between iterations; the counterpart of `ai generateText`;
//   - `xw to`: to(wire) on a ToolResult built once (an app builds it once and renders it per
//     request: each turn of a tool loop re-sends the history); the counterpart of `ai getArgs`.
// Each is timed with JSON.stringify of its output (the request bytes; the AI SDK's whole
// request, ours the tool-result block, which holds all the payload) and without it (the
// conversion alone, objects sharing the payload strings).
//
// Needs the built packages: `npx tsc -p packages/core/tsconfig.build.json &&
// npx tsc -p packages/tool-result/tsconfig.build.json` (or turbo build).
// Run: node bench/tool-result.bench.mjs [--rounds=7]   (or `pnpm bench tool-result`)
import { randomBytes } from 'node:crypto';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText } from 'ai';
import { do_not_optimize, measure } from 'mitata';
import { measureOptions, option, quick } from './quick.mjs';

const { ToolResult } = await import(
  new URL('../packages/tool-result/dist/node/index.js', import.meta.url)
);

const MIB = 1024 * 1024;

function withSignature(signature, size) {
  const bytes = randomBytes(size);
  bytes.set(signature, 0);
  return bytes;
}

const pngBytes = withSignature([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], MIB);
const pdfBytes = withSignature([0x25, 0x50, 0x44, 0x46, 0x2d], 256 * 1024);
const pngBase64 = pngBytes.toString('base64');
const pdfBase64 = pdfBytes.toString('base64');
const text = 'Page loaded. '.repeat(200);
const html = `<html><body>${'<p>row</p>'.repeat(500)}</body></html>`;

/** What an MCP client's callTool returns. */
const mcpResult = {
  content: [
    { type: 'text', text },
    { type: 'image', data: pngBase64, mimeType: 'image/png' },
    {
      type: 'resource',
      resource: { uri: 'file:///out/page.pdf', mimeType: 'application/pdf', blob: pdfBase64 },
    },
    {
      type: 'resource',
      resource: { uri: 'file:///out/page.html', mimeType: 'text/html', text: html },
    },
    { type: 'resource_link', uri: 'file:///out/trace.zip', name: 'trace.zip' },
  ],
};
const call = { name: 'inspect_page', id: 'call_1' };
const native = { imageInput: true, nativePdf: true };

// The same output as the AI SDK's tool output (best case: media already as data parts).
const aiOutput = {
  type: 'content',
  value: [
    { type: 'text', text },
    { type: 'file', mediaType: 'image/png', data: { type: 'data', data: pngBase64 } },
    {
      type: 'file',
      mediaType: 'application/pdf',
      filename: 'page.pdf',
      data: { type: 'data', data: pdfBase64 },
    },
    { type: 'text', text: html },
    { type: 'text', text: '[resource_link] trace.zip <file:///out/trace.zip>' },
  ],
};
const aiPrompt = [
  { role: 'user', content: [{ type: 'text', text: 'inspect the page' }] },
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'inspect_page', input: {} }],
  },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: 'call_1', toolName: 'inspect_page', output: aiOutput },
    ],
  },
];
const aiModels = {
  anthropic: createAnthropic({ apiKey: 'bench' })('claude-sonnet-4-5'),
  responses: createOpenAI({ apiKey: 'bench' }).responses('gpt-5'),
  gemini: createGoogleGenerativeAI({ apiKey: 'bench' })('gemini-3-pro-preview'),
  // Chat Completions has no native media: the AI SDK JSON-stringifies the whole content array,
  // base64 included, into the tool message; Crosswire sends placeholders.
  openai: createOpenAI({ apiKey: 'bench' }).chat('gpt-4o'),
};
async function aiSdkArgs(wire) {
  const { args } = await aiModels[wire].getArgs({
    prompt: aiPrompt,
    maxOutputTokens: 100,
    userSuppliedBetas: new Set(),
  });
  return args;
}
const aiSdkBody = async (wire) => JSON.stringify(await aiSdkArgs(wire));

/** A model that builds the real provider request (getArgs + JSON.stringify), then answers ''. */
function requestBuildingModel(wire) {
  const model = {
    specificationVersion: 'v4',
    provider: 'bench',
    modelId: 'bench',
    supportedUrls: {},
    body: '',
    async doGenerate(options) {
      const { args } = await aiModels[wire].getArgs({ ...options, userSuppliedBetas: new Set() });
      model.body = JSON.stringify(args);
      return {
        content: [{ type: 'text', text: '' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 0, text: 0, reasoning: 0 },
        },
        warnings: [],
      };
    },
    async doStream() {
      throw new Error('not used');
    },
  };
  return model;
}
const generatingModels = Object.fromEntries(
  Object.keys(aiModels).map((wire) => [wire, requestBuildingModel(wire)]),
);
async function aiSdkGenerateBody(wire) {
  const model = generatingModels[wire];
  await generateText({ model, messages: aiPrompt, maxOutputTokens: 100 });
  return model.body;
}

// Sanity: every contender really carries the media (the AI SDK would otherwise look fast).
for (const wire of ['anthropic', 'responses', 'gemini']) {
  const ours = JSON.stringify(ToolResult.fromCallToolResult(call, mcpResult).to(wire, native));
  for (const [name, body] of [
    ['crosswire', ours],
    ['ai-sdk getArgs', await aiSdkBody(wire)],
    ['ai-sdk generateText', await aiSdkGenerateBody(wire)],
  ]) {
    if (
      !body.includes(pngBase64.slice(1000, 1100)) ||
      !body.includes(pdfBase64.slice(1000, 1100))
    ) {
      throw new Error(`${name} on ${wire} does not carry both payloads`);
    }
  }
}

const prebuilt = ToolResult.fromCallToolResult(call, mcpResult);
const wires = ['anthropic', 'responses', 'gemini', 'openai', 'ollama', 'hermes'];
const NATIVE_WIRES = ['anthropic', 'responses', 'gemini'];

const floor = () => {
  const payload = {
    text,
    image: pngBytes.toString('base64'),
    pdf: pdfBytes.toString('base64'),
    html,
  };
  return JSON.stringify(payload);
};

/** The contenders of one wire: name -> function (sync for ours, async for the AI SDK). */
function contenders(wire) {
  const list = {
    floor,
    'xw construct+to+json': () =>
      JSON.stringify(ToolResult.fromCallToolResult(call, mcpResult).to(wire, native)),
    'xw to+json': () => JSON.stringify(prebuilt.to(wire, native)),
    'xw construct+to': () => ToolResult.fromCallToolResult(call, mcpResult).to(wire, native),
    'xw to': () => prebuilt.to(wire, native),
  };
  if (wire in aiModels) {
    list['ai generateText+json'] = () => aiSdkGenerateBody(wire);
    list['ai getArgs+json'] = () => aiSdkBody(wire);
    list['ai getArgs'] = () => aiSdkArgs(wire);
  }
  return list;
}

// Interleaved rounds, median of the per-round medians: other work on the machine then slows
// every contender alike instead of whichever happened to run at that moment.
const ROUNDS = option('rounds', 7, 1);
const results = new Map();
for (let round = 0; round < ROUNDS; round++) {
  for (const wire of wires) {
    for (const [name, fn] of Object.entries(contenders(wire))) {
      const stats = await measure(
        fn.constructor.name === 'AsyncFunction' || name.startsWith('ai ')
          ? async () => do_not_optimize(await fn())
          : () => do_not_optimize(fn()),
        quick ? measureOptions : { min_cpu_time: 80e6, max_samples: 400 },
      );
      const key = `${wire}\u0000${name}`;
      results.set(key, [...(results.get(key) ?? []), stats.p50]);
    }
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const time = (wire, name) => {
  const values = results.get(`${wire}\u0000${name}`);
  return values ? median(values) : undefined;
};

const ms = (ns) => (ns === undefined ? '-' : `${(ns / 1e6).toFixed(3)} ms`);
const ratio = (a, b) => (a === undefined || b === undefined ? '-' : `${(a / b).toFixed(2)}x`);
console.log(
  `payload: 1 MiB PNG + 256 KiB PDF (base64) + ${Math.round((text.length + html.length) / 1024)} KiB text; ` +
    `imageInput and nativePdf on; median of ${ROUNDS} interleaved rounds (mitata measure, p50 each)`,
);
const columns = [
  'floor',
  'xw construct+to+json',
  'xw to+json',
  'xw construct+to',
  'xw to',
  'ai generateText+json',
  'ai getArgs+json',
  'ai getArgs',
];
console.log(`\nTimes per call\n${'wire'.padEnd(10)}${columns.map((c) => c.padStart(22)).join('')}`);
for (const wire of wires) {
  console.log(
    wire.padEnd(10) + columns.map((column) => ms(time(wire, column)).padStart(22)).join(''),
  );
}

// Ratio lines. "x faster" = the AI SDK's time / ours (throughput ratio, target >= 2x);
// "of the floor" = ours / the floor's time (target <= 1.3x for large media).
console.log('\nRatios (AI SDK time / ours: above 1 means Crosswire is faster; ours / floor)');
for (const wire of wires) {
  const t = (name) => time(wire, name);
  const lines = [
    `construct+to+json / floor ${ratio(t('xw construct+to+json'), t('floor'))}`,
    `to+json / floor ${ratio(t('xw to+json'), t('floor'))}`,
  ];
  if (wire in aiModels) {
    lines.push(
      `ai generateText+json / xw construct+to+json ${ratio(t('ai generateText+json'), t('xw construct+to+json'))}`,
      `ai getArgs+json / xw to+json ${ratio(t('ai getArgs+json'), t('xw to+json'))}`,
      `ai getArgs / xw to ${ratio(t('ai getArgs'), t('xw to'))}`,
      `ai getArgs / xw construct+to ${ratio(t('ai getArgs'), t('xw construct+to'))}`,
    );
  }
  console.log(`${wire.padEnd(10)}${lines.join(' | ')}`);
}
console.log(
  `\nlarge media (${NATIVE_WIRES.join(', ')}): worst construct+to+json / floor ` +
    ratio(
      Math.max(
        ...NATIVE_WIRES.map((wire) => time(wire, 'xw construct+to+json') / time(wire, 'floor')),
      ),
      1,
    ),
);
