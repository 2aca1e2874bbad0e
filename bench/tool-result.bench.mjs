#!/usr/bin/env node
// tool-result: one mixed MCP tool result (text, a 1 MiB PNG, a 256 KiB PDF, a text resource,
// a resource link) rendered into the request bytes of each wire, side by side with
//   (a) the AI SDK (ai@6, @ai-sdk/anthropic|openai|google@3) converting the same tool output
//       for anthropic, openai responses and google: the model's own request builder
//       (`getArgs`, which runs the provider's prompt conversion) plus JSON.stringify; and
//   (b) the floor: base64-encoding the raw bytes and JSON.stringify of the payload strings.
// Crosswire runs from the MCP CallToolResult as received (base64 already) through
// ToolResult.fromCallToolResult + to(wire) + JSON.stringify, so it pays for validating the
// content (core's zod schemas, base64 regex included) on every iteration. A second line shows
// `to` + stringify alone on a ToolResult built once.
//
// Needs the built packages: `npx tsc -p packages/core/tsconfig.build.json &&
// npx tsc -p packages/tool-result/tsconfig.build.json` (or turbo build).
// Run: node bench/tool-result.bench.mjs [--rounds=7]   (or `pnpm bench tool-result`)
import { randomBytes } from 'node:crypto';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { do_not_optimize, measure } from 'mitata';

const { ToolResult } = await import(
  new URL('../packages/tool-result/dist/index.js', import.meta.url)
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
    { type: 'image-data', data: pngBase64, mediaType: 'image/png' },
    { type: 'file-data', data: pdfBase64, mediaType: 'application/pdf', filename: 'page.pdf' },
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
async function aiSdkBody(wire) {
  const { args } = await aiModels[wire].getArgs({
    prompt: aiPrompt,
    maxOutputTokens: 100,
    userSuppliedBetas: new Set(),
  });
  return JSON.stringify(args);
}

// Sanity: every contender really carries the media (the AI SDK would otherwise look fast).
for (const wire of ['anthropic', 'responses', 'gemini']) {
  const ours = JSON.stringify(ToolResult.fromCallToolResult(call, mcpResult).to(wire, native));
  const theirs = await aiSdkBody(wire);
  for (const [name, body] of [
    ['crosswire', ours],
    ['ai-sdk', theirs],
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

const floor = () => {
  const payload = {
    text,
    image: pngBytes.toString('base64'),
    pdf: pdfBytes.toString('base64'),
    html,
  };
  return JSON.stringify(payload);
};

/** The contenders of one wire, in print order. */
function contenders(wire) {
  const list = {
    floor,
    'crosswire parse+to': () =>
      JSON.stringify(ToolResult.fromCallToolResult(call, mcpResult).to(wire, native)),
    'crosswire to': () => JSON.stringify(prebuilt.to(wire, native)),
  };
  if (wire in aiModels) list['ai-sdk'] = () => aiSdkBody(wire);
  return list;
}

// Interleaved rounds, median of the per-round medians: other work on the machine then slows
// every contender alike instead of whichever happened to run at that moment.
const roundsArgument = process.argv.find((argument) => argument.startsWith('--rounds='));
const ROUNDS = roundsArgument ? Number(roundsArgument.slice('--rounds='.length)) : 7;
const results = new Map();
for (let round = 0; round < ROUNDS; round++) {
  for (const wire of wires) {
    for (const [name, fn] of Object.entries(contenders(wire))) {
      const stats = await measure(
        async () => {
          do_not_optimize(await fn());
        },
        { min_cpu_time: 80e6, max_samples: 400 },
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

const ms = (ns) => (ns === undefined ? '-' : `${(ns / 1e6).toFixed(2)} ms`);
const ratio = (a, b) => (a === undefined || b === undefined ? '-' : `${(a / b).toFixed(2)}x`);
console.log(
  `payload: 1 MiB PNG + 256 KiB PDF (base64) + ${Math.round((text.length + html.length) / 1024)} KiB text; ` +
    `imageInput and nativePdf on; median of ${ROUNDS} interleaved rounds (mitata measure, p50)`,
);
console.log(
  'wire        floor   xw parse+to    xw to     ai-sdk   parse+to/floor  to/floor  ai-sdk/(parse+to)  ai-sdk/to',
);
for (const wire of wires) {
  const base = time(wire, 'floor');
  const full = time(wire, 'crosswire parse+to');
  const toOnly = time(wire, 'crosswire to');
  const ai = time(wire, 'ai-sdk');
  console.log(
    [
      wire.padEnd(9),
      ms(base).padStart(9),
      ms(full).padStart(12),
      ms(toOnly).padStart(9),
      ms(ai).padStart(10),
      ratio(full, base).padStart(15),
      ratio(toOnly, base).padStart(9),
      ratio(ai, full).padStart(18),
      ratio(ai, toOnly).padStart(10),
    ].join(' '),
  );
}
