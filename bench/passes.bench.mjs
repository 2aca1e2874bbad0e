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
// 3. A growing tool loop (5, 50, 200, 500 turns: 11 to 1,001 messages; 20 tools) on every
//    wire: each per-request pass
//    (request building, cache-breakpoint placement with promptCache 'auto', the image-limit
//    scan, preflight) beside building + JSON.stringify, and preflight's share of that.
//
// Needs the built packages (core, dialects, engines). Run: node bench/passes.bench.mjs [--rounds=15]
import { randomBytes } from 'node:crypto';
import { importInternal } from './internal.mjs';
import { option, sized } from './quick.mjs';

const core = await import(new URL('../packages/core/dist/node/index.js', import.meta.url).href);
const dialects = await import(
  new URL('../packages/dialects/dist/node/index.js', import.meta.url).href
);
const { serializeJson } = await importInternal('engines', 'http/json-body');
const rounds = option('rounds', 15, 2);
const perRound = sized(40, 2);

/** Median ms per call of each contender, interleaved: each round runs each `perRound` times. */
function sideBySide(contenders) {
  const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  // Warmed as long as one round runs, so the first table row is not the one that pays the JIT.
  for (const run of Object.values(contenders)) for (let index = 0; index < perRound; index++) run();
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      const started = process.hrtime.bigint();
      for (let index = 0; index < perRound; index++) run();
      samples[name].push(Number(process.hrtime.bigint() - started) / 1e6 / perRound);
    }
  }
  const medians = Object.fromEntries(
    Object.entries(samples).map(([name, values]) => [name, median(values)]),
  );
  // A ratio of two contenders taken round by round, then the median: a round that ran while the
  // machine was busy slows both sides of its ratio alike.
  const ratio = (top, bottom) =>
    median(samples[top].map((value, index) => value / samples[bottom][index]));
  return Object.assign(medians, { ratio });
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
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
  `${toolCount} tools (the loop's roster), per request; median of ${rounds} interleaved rounds of ${perRound} (ratios: median of the per-round ratios)`,
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
    `| ${wire} | ${ms(times.remembered)} | ${ms(times.before)} | ${ms(times.stringify)} | ${times.ratio('remembered', 'before').toFixed(3)}x |`,
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
  `serialising a body, per request; median of ${rounds} interleaved rounds of ${perRound} (ratios: median of the per-round ratios)`,
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
    `| ${name} | ${ms(times.serializeJson)} | ${ms(times.stringify)} | ${times.ratio('serializeJson', 'stringify').toFixed(2)}x |`,
  );
}
console.log('target: serializeJson <= 1.2x JSON.stringify on a 250 KiB text body');

// --- 3. a growing tool loop -------------------------------------------------------------------
const MODELS = {
  openai: 'gpt-5.1',
  responses: 'gpt-5.1',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-flash',
  ollama: 'llama3.2',
  hermes: 'Hermes-4-405B',
  bedrock: 'anthropic.claude-sonnet-4-6',
};
const loopTools = roster.slice(0, 20);
function loopMessages(wire, turns) {
  const messages = [{ role: 'user', content: 'Run the tools until the report is done.' }];
  for (let turn = 0; turn < turns; turn++) {
    const call = core.createToolCall({
      id: `call_${turn}`,
      name: loopTools[turn % loopTools.length].name,
      arguments: `{"query":"${turn}"}`,
      raw: {},
      wire,
    });
    messages.push({ role: 'assistant', content: `Turn ${turn}.`, toolCalls: [call] });
    messages.push({
      role: 'tool',
      results: dialects.toToolResults(wire, [
        {
          toolCall: call,
          result: {
            content: [{ type: 'text', text: `result ${turn}: ${'lorem ipsum '.repeat(40)}` }],
          },
        },
      ]),
    });
  }
  return messages;
}
console.log(
  `\na growing tool loop (20 tools), per request, ms; median of ${rounds} interleaved rounds of ${perRound}`,
);
console.log(
  '| wire | turns | messages | build | cache placement | image limits | preflight | build + stringify | preflight / (build + stringify) |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const building = { onWarning: () => undefined, imageInput: true };
let worstShare = 0;
// 5, 50 and 500 turns are about 10, 100 and 1,000 messages (a user message, then an assistant
// message and a tool message per turn); 200 turns is the tool loop's long run.
for (const turns of sized([5, 50, 200, 500], [5])) {
  for (const wire of core.WIRE_FORMATS) {
    const request = dialects.wireNamedRequest(
      { model: MODELS[wire], messages: loopMessages(wire, turns), tools: loopTools },
      wire,
    ).request;
    const cacheRequest = {
      setting: 'auto',
      model: MODELS[wire],
      loopId: 'bench',
      onWarning: () => undefined,
    };
    const body = dialects.applyPromptCache(
      wire,
      dialects.buildRequest(wire, request, building),
      cacheRequest,
    );
    const { violations } = dialects.preflight(body, { wire, model: MODELS[wire] });
    if (violations.length > 0) throw new Error(`${wire}: ${JSON.stringify(violations)}`);
    const built = dialects.buildRequest(wire, request, building);
    const times = sideBySide({
      build: () => dialects.buildRequest(wire, request, building),
      cache: () => dialects.applyPromptCache(wire, built, cacheRequest),
      limits: () => dialects.overLimitImages(body, wire),
      preflight: () => dialects.preflight(body, { wire, model: MODELS[wire] }),
      sent: () => JSON.stringify(dialects.buildRequest(wire, request, building)),
    });
    const share = times.ratio('preflight', 'sent');
    worstShare = Math.max(worstShare, share);
    console.log(
      `| ${wire} | ${turns} | ${1 + 2 * turns} | ${ms(times.build)} | ${ms(times.cache)} | ${ms(times.limits)} | ${ms(times.preflight)} | ${ms(times.sent)} | ${(share * 100).toFixed(1)} % |`,
    );
  }
}
console.log(`worst preflight share: ${(worstShare * 100).toFixed(1)} % (target <= 5 %)`);
