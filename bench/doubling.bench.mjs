#!/usr/bin/env node
// Doubling: every parser and converter a peer feeds, at n and 2n input side by side in one
// run. A linear one takes about 2x as long for twice the input; a quadratic one about 4x.
//
// 1. The stream decoders of all seven wires (createStreamDecoder): text in small pieces, one
//    call whose arguments stream in small pieces, many calls; on Hermes also a call whose
//    argument string holds many closing tags (the tag filter); and the repeated calls of a
//    Hermes reply left out of the echo (answerableCalls).
// 2. The schema converters a tool schema from an MCP server goes through: Gemini's
//    (toGeminiSchema), OpenAI strict (toStrictJsonSchema), the missing-items repair
//    (schemaOf) and preflight's array-items check; wide, deep and many-$ref schemas.
//
// Needs the built packages (core, dialects, simulator). Run: node bench/doubling.bench.mjs
import { sized } from './quick.mjs';

const core = await import(new URL('../packages/core/dist/node/index.js', import.meta.url).href);
const { answerableCalls, createStreamDecoder, parseResponse, preflight } = await import(
  new URL('../packages/dialects/dist/node/index.js', import.meta.url).href
);
const { SIMULATOR_WIRES, streamFrames } = await import(
  new URL('../packages/simulator/dist/node/index.js', import.meta.url).href
);
const wires = core.WIRE_FORMATS;
const encoder = new TextEncoder();

/** The best of `runs` timings of `run()`, in ms. */
function best(run, runs = sized(3, 1)) {
  let fastest = Number.POSITIVE_INFINITY;
  for (let index = 0; index < runs; index++) {
    const started = process.hrtime.bigint();
    run();
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return fastest;
}

const rows = [];
function row(group, name, size, smallMs, largeMs) {
  const ratio = largeMs / smallMs;
  rows.push({ group, name, size, smallMs, largeMs, ratio });
  console.log(
    group.padEnd(10),
    name.padEnd(44),
    String(size).padStart(10),
    smallMs.toFixed(1).padStart(8),
    largeMs.toFixed(1).padStart(8),
    `${ratio.toFixed(1)}x`.padStart(6),
  );
}

/** Times `make(n)` then `use(input)` at n and 2n (the input built outside the timing). */
function doubling(group, name, fullN, make, use, size = (input) => JSON.stringify(input).length) {
  // Quick mode: a fiftieth of the size (small sizes such as nesting depths stay as they are).
  const n = sized(fullN, fullN > 100 ? Math.ceil(fullN / 50) : fullN);
  const small = make(n);
  const large = make(2 * n);
  use(small); // warm up
  use(large);
  row(
    group,
    name,
    size(small),
    best(() => use(small)),
    best(() => use(large)),
  );
}

console.log(
  'group'.padEnd(10),
  'shape'.padEnd(44),
  'n bytes'.padStart(10),
  'n ms'.padStart(8),
  '2n ms'.padStart(8),
  'ratio'.padStart(6),
);

// --- 1. stream decoders --------------------------------------------------------------------
const reply = (wire, step) => SIMULATOR_WIRES[wire].reply(step, { model: 'bench-model', turn: 1 });
const chunksOf = (wire, body, pieceSize) =>
  // Text frames are encoded; Bedrock's event-stream frames are bytes already.
  streamFrames(wire, body, { pieceSize }).map((frame) =>
    typeof frame === 'string' ? encoder.encode(frame) : frame,
  );
const decode = (wire) => (chunks) => {
  const decoder = createStreamDecoder(wire);
  // The finish comes with the wire's last frame (a push), or at the end for Gemini.
  let last;
  for (const chunk of chunks) last = decoder.push(chunk).at(-1) ?? last;
  last = decoder.end().at(-1) ?? last;
  if (last?.type !== 'finish') throw new Error(`${wire}: no finish event`);
};
const chunkBytes = (chunks) => chunks.reduce((sum, chunk) => sum + chunk.length, 0);
const streamShapes = {
  'text in 8-character pieces': (wire, n) =>
    chunksOf(wire, reply(wire, { type: 'text', text: 'word '.repeat(n / 5) }), 8),
  'one call, arguments in 8-character pieces': (wire, n) =>
    chunksOf(
      wire,
      reply(wire, { type: 'tool_calls', calls: [{ name: 'f', arguments: { q: 'x'.repeat(n) } }] }),
      8,
    ),
  'many calls': (wire, n) =>
    chunksOf(
      wire,
      reply(wire, {
        type: 'tool_calls',
        calls: Array.from({ length: n / 100 }, (_, index) => ({
          name: `f${index}`,
          arguments: { index },
        })),
      }),
      64,
    ),
};
const STREAM_N = 50_000;
for (const wire of wires) {
  for (const [name, build] of Object.entries(streamShapes)) {
    doubling(wire, name, STREAM_N, (n) => build(wire, n), decode(wire), chunkBytes);
  }
}
doubling(
  'hermes',
  'one call, closing tags inside its argument string',
  5_000,
  (n) =>
    chunksOf(
      'hermes',
      reply('hermes', {
        type: 'tool_calls',
        calls: [{ name: 'say', arguments: { t: '</tool_call>'.repeat(n) } }],
      }),
      64,
    ),
  decode('hermes'),
  chunkBytes,
);

// The calls of a reply that cannot be answered are left out of the echo: n copies of one
// Hermes block with one id, all but the first dropped (each dropped copy is matched once).
doubling(
  'hermes',
  'n repeated call blocks, the repeats left out',
  2_000,
  (n) => {
    const block = '<tool_call>{"id": "h1", "name": "f", "arguments": {}}</tool_call>';
    const body = {
      choices: [{ index: 0, message: { role: 'assistant', content: block.repeat(n) } }],
    };
    return parseResponse('hermes', body, {});
  },
  (reply) => answerableCalls('hermes', reply, { dialectOptions: {}, onWarning: () => {} }),
  (reply) => reply.raw.choices[0].message.content.length,
);

// --- 2. schema converters ------------------------------------------------------------------
const schemaShapes = {
  'wide: n properties, arrays without items': (n) => ({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: n }, (_, index) => [`p${index}`, { type: 'array' }]),
    ),
  }),
  'deep: nested n levels': (n) => {
    let schema = { type: 'array' };
    for (let depth = 0; depth < n; depth++) {
      schema = { type: 'object', properties: { a: schema }, required: ['a'] };
    }
    return schema;
  },
  'n $refs to one definition': (n) => ({
    type: 'object',
    $defs: { item: { type: 'object', properties: { x: { type: 'string' } } } },
    properties: Object.fromEntries(
      Array.from({ length: n }, (_, index) => [`p${index}`, { $ref: '#/$defs/item' }]),
    ),
  }),
  'anyOf of n members': (n) => ({
    type: 'object',
    properties: {
      v: {
        anyOf: Array.from({ length: n }, (_, index) => ({ type: 'string', title: `m${index}` })),
      },
    },
  }),
};
const quiet = { onWarning: () => {} };
const tool = (inputSchema) => ({ name: 'f', inputSchema });
const converters = {
  toGeminiSchema: (schema) => core.toGeminiSchema(schema, quiet),
  toStrictJsonSchema: (schema) => core.toStrictJsonSchema(schema),
  'schemaOf (missing items)': (schema) => core.formatTools('openai', [tool(schema)], quiet),
  'preflight (array items)': (schema) =>
    preflight(
      {
        model: 'gpt-6.1-sol',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ type: 'function', function: { name: 'f', parameters: schema } }],
      },
      { wire: 'openai' },
    ),
};
// Deep stays at 24 and 48 nestings (96 schema levels): core refuses a tool schema nested
// deeper than 100 levels (tool_schema_too_deep).
const SCHEMA_N = { 'deep: nested n levels': 24 };
for (const [converter, convert] of Object.entries(converters)) {
  for (const [name, build] of Object.entries(schemaShapes)) {
    doubling(converter.slice(0, 10), name, SCHEMA_N[name] ?? 5_000, build, convert);
  }
}

const worst = rows.reduce((top, entry) => (entry.ratio > top.ratio ? entry : top));
console.log(
  `\nratio ~2x = linear; ~4x would be quadratic. Highest: ${worst.ratio.toFixed(1)}x (${worst.group}, ${worst.name}).`,
);
