#!/usr/bin/env node
// core: Hermes `<tool_call>` parsing on hostile replies (issue 15, point 4). Each shape is
// parsed at n and 4n bytes side by side in one run; a linear parser takes about 4x as long
// for 4x the text (a quadratic one about 16x). The old parser took 6 s on a 469 KB reply.
//
// Needs the built core (`npx tsc -p packages/core/tsconfig.build.json`).
// Run: node bench/hermes-parse.bench.mjs
import { sized } from './quick.mjs';

const { parseHermesToolCalls, stripToolCallTags } = await import(
  new URL('../packages/core/dist/node/index.js', import.meta.url)
);

const shapes = {
  'one call, then stray closing tags': (count) =>
    `<tool_call>{"name":"a","arguments":{}}</tool_call>${'</tool_call>'.repeat(count)}`,
  'unreadable blocks whose strings run on': (count) => '<tool_call>{"x</tool_call>'.repeat(count),
  'calls whose arguments mention the closing tag': (count) =>
    '<tool_call>{"name":"say","arguments":{"t":"</tool_call>"}}</tool_call>'.repeat(count),
  'many unclosed think tags': (count) =>
    `${'<think>x'.repeat(count)}<tool_call>{"name":"a"}</tool_call>`,
};

function time(text) {
  const runs = sized(5, 1);
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) {
    const started = process.hrtime.bigint();
    parseHermesToolCalls(text);
    stripToolCallTags(text);
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return best;
}

const base = sized(20_000, 400);
console.log(
  'shape'.padEnd(48),
  'n bytes'.padStart(10),
  'ms'.padStart(8),
  '4n ms'.padStart(8),
  'ratio'.padStart(7),
);
for (const [name, build] of Object.entries(shapes)) {
  const small = build(base);
  const large = build(base * 4);
  time(small); // warm up
  const smallMs = time(small);
  const largeMs = time(large);
  console.log(
    name.padEnd(48),
    String(small.length).padStart(10),
    smallMs.toFixed(1).padStart(8),
    largeMs.toFixed(1).padStart(8),
    `${(largeMs / smallMs).toFixed(1)}x`.padStart(7),
  );
}
console.log('\nratio ~4x = linear; ~16x would be quadratic.');
