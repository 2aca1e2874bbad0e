#!/usr/bin/env node
// passes: what every request of a tool loop pays for again, side by side with what it paid
// before the work was remembered (issue 43), interleaved in one process, median per request.
//
// 1. Formatting 200 tools (the loop's roster, parsed and frozen) on each wire: `formatTools`,
//    which formats a list of frozen tools once, beside the wire's formatter run on every
//    request (what `formatTools` did before), and `JSON.stringify` of the same tools.
// 2. Serialising a 250 KiB text body (a long conversation, no media): the engine's
//    `serializeJson` beside `Buffer.from(JSON.stringify(body))`; and a body with a 1 MiB image.
//
// Needs the built packages (core, dialects, engines). Run: node bench/passes.bench.mjs [--rounds=15]
import { randomBytes } from 'node:crypto';
import { option, sized } from './quick.mjs';

const core = await import(new URL('../packages/core/dist/index.js', import.meta.url).href);
const { serializeJson } = await import(
  new URL('../packages/engines/dist/http/json-body.js', import.meta.url).href
);
const rounds = option('rounds', 15, 2);
const perRound = sized(40, 2);

/** Median ms per call of each contender, interleaved: each round runs each `perRound` times. */
function sideBySide(contenders) {
  const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (const run of Object.values(contenders)) run(); // warm up
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      const started = process.hrtime.bigint();
      for (let index = 0; index < perRound; index++) run();
      samples[name].push(Number(process.hrtime.bigint() - started) / 1e6 / perRound);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(
    Object.entries(samples).map(([name, values]) => [name, median(values)]),
  );
}
const ms = (value) => `${value.toFixed(3)} ms`;

// --- 1. 200 tools -----------------------------------------------------------------------------
const toolCount = sized(200, 20);
const roster = core.parseToolDefinitions(
  Array.from({ length: toolCount }, (_, index) => ({
    name: `tool_${index}`,
    description: `Tool number ${index}: reads a page of results and filters them by the fields given.`,
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        filters: {
          type: 'array',
          items: {
            type: 'object',
            properties: { field: { type: 'string' }, value: { type: 'string' } },
            required: ['field', 'value'],
          },
        },
        sort: { type: 'string', enum: ['asc', 'desc'] },
      },
      required: ['query'],
    },
  })),
);
console.log(
  `${toolCount} tools (the loop's roster), per request; median of ${rounds} interleaved rounds of ${perRound}`,
);
console.log(
  '| wire | formatTools (remembered) | formatted every request (before) | JSON.stringify(tools) | remembered / before |',
);
console.log('|---|---:|---:|---:|---:|');
const quiet = { onWarning: () => undefined };
for (const wire of core.WIRE_FORMATS) {
  const times = sideBySide({
    remembered: () => core.formatTools(wire, roster, quiet),
    before: () => core.TOOL_WIRES[wire].formatTools(core.parseToolDefinitions(roster), quiet),
    stringify: () => JSON.stringify(roster),
  });
  console.log(
    `| ${wire} | ${ms(times.remembered)} | ${ms(times.before)} | ${ms(times.stringify)} | ${(times.remembered / times.before).toFixed(3)}x |`,
  );
}
console.log('target: formatting after the first request <= 0.2 ms per request at 200 tools\n');

// --- 2. serializeJson -------------------------------------------------------------------------
const turns = sized(250, 10);
const textBody = {
  model: 'claude-sonnet-4-5',
  max_tokens: 4096,
  messages: Array.from({ length: turns }, (_, index) =>
    index % 2 === 0
      ? {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: `toolu_${index}`,
              content: `result ${index}: ${'lorem ipsum dolor sit amet, "quoted" text\n'.repeat(38)}`,
            },
          ],
        }
      : {
          role: 'assistant',
          content: [
            { type: 'text', text: `Looking at result ${index}.` },
            { type: 'tool_use', id: `toolu_${index + 1}`, name: 'search', input: { q: 'x' } },
          ],
        },
  ),
};
const imageBody = {
  ...textBody,
  messages: [
    ...textBody.messages.slice(0, 10),
    {
      role: 'user',
      content: [
        {
          type: 'image',
          source: {
            type: 'base64',
            media_type: 'image/png',
            data: randomBytes(sized(1024 * 1024, 64 * 1024)).toString('base64'),
          },
        },
      ],
    },
  ],
};
const kib = (body) => `${(JSON.stringify(body).length / 1024).toFixed(0)} KiB`;
console.log(
  `serialising a body, per request; median of ${rounds} interleaved rounds of ${perRound}`,
);
console.log('| body | serializeJson | Buffer.from(JSON.stringify) | ratio |');
console.log('|---|---:|---:|---:|');
for (const [name, body] of [
  [`text only (${kib(textBody)})`, textBody],
  [`10 messages and a 1 MiB image (${kib(imageBody)})`, imageBody],
]) {
  if (!serializeJson(body).equals(Buffer.from(JSON.stringify(body)))) {
    throw new Error(`serializeJson changed the bytes of ${name}`);
  }
  const times = sideBySide({
    serializeJson: () => serializeJson(body),
    stringify: () => Buffer.from(JSON.stringify(body)),
  });
  console.log(
    `| ${name} | ${ms(times.serializeJson)} | ${ms(times.stringify)} | ${(times.serializeJson / times.stringify).toFixed(2)}x |`,
  );
}
console.log('target: serializeJson <= 1.2x JSON.stringify on a 250 KiB text body');
