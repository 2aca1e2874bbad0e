#!/usr/bin/env node
// tool-loop: CPU per request of a growing tool loop (10, 50 and 200 turns of one tool call and a
// ~1 KiB text result each), on Chat Completions, Responses and Anthropic, three contenders run
// interleaved in one process:
//   - Crosswire as built now (`runToolLoop` over an MCP server object; on Anthropic with the
//     default promptCache 'auto');
//   - the previous release, built from git in this process (bench/previous-release.mjs): a
//     ratio above 1 is a regression;
//   - the AI SDK (ai@7 generateText with a tool, @ai-sdk/openai@4 / @ai-sdk/anthropic@4).
// The simulator runs in a CHILD process and answers with a tool call until the loop has made its
// turns, then with text; tools return a precomputed text. So the CPU this process spends
// (process.cpuUsage: user + system) is the loop's own: building and serialising every request of
// the growing conversation, HTTP, parsing replies, dispatching tools. Reported per request (a
// T-turn run makes T + 1 requests); ratios are medians of the per-round ratios.
//
// Needs the built packages (`pnpm build`) and git history holding the previous release.
// Run: node bench/tool-loop.bench.mjs [--rounds=5] [--warmup=1] [--turns=10,50] [--wires=openai,anthropic]
// `--warmup=N` runs each contender N times before measuring (default 1): more runs measure a
// process whose JIT has settled (a larger code base pays more optimising compilation first).
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { startChildSimulator } from './child-simulator.mjs';
import { collectGarbage } from './gc.mjs';
import { importPreviousRelease } from './previous-release.mjs';
import { option, sized } from './quick.mjs';

const current = await import(new URL('../packages/engines/dist/node/index.js', import.meta.url));
const previous = await importPreviousRelease('engines');
const rounds = option('rounds', 5, 1);
const warmups = option('warmup', 1, 1);
const listOption = (name) =>
  process.argv
    .find((argument) => argument.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',');
const turnCounts = listOption('turns')?.map(Number) ?? sized([10, 50, 200], [2, 3]);

// --- the simulator, in its own process: a lane per run, named `<contender>-<turns>-<run>` ---
const simulator = await startChildSimulator({
  options: `{
  enforce: false,
  fallback: (request) => {
    const turns = Number(request.lane.split('-').at(-2));
    if (request.turn <= turns)
      return { type: 'tool_calls', calls: [{ name: 'lookup', arguments: { turn: request.turn } }] };
    // The run is over: forget its requests (a 200-turn run's bodies add up).
    setImmediate(() => simulator.reset());
    return { type: 'text', text: 'done' };
  },
}`,
});
const { origin } = simulator;

// --- one tool, the same text for every contender ----------------------------------------------
const resultText = `record: ${'lorem ipsum dolor sit amet '.repeat(38)}`;
const inputSchema = { type: 'object', properties: { turn: { type: 'number' } } };
const mcpServer = {
  async listTools() {
    return { tools: [{ name: 'lookup', description: 'Looks a record up.', inputSchema }] };
  },
  async callTool() {
    return { content: [{ type: 'text', text: resultText }] };
  },
};
const aiTools = {
  lookup: tool({
    description: 'Looks a record up.',
    inputSchema: jsonSchema(inputSchema),
    execute: async () => resultText,
  }),
};

const WIRES = [
  { label: 'chat completions', wire: 'openai', provider: 'openai', model: 'gpt-5.5' },
  { label: 'responses', wire: 'responses', provider: 'openai-responses', model: 'gpt-5.5' },
  { label: 'anthropic', wire: 'anthropic', provider: 'anthropic', model: 'claude-sonnet-5-5' },
];

let runNumber = 0;
function lane(name, turns) {
  runNumber += 1;
  return `${name}-${turns}-${runNumber}`;
}
const warnings = [];

// Each contender is `prepare()`, which makes the client for a fresh lane outside the measured
// time, returning the run to measure.
function crosswire(module, name, { wire, provider, model }, turns) {
  return async () => {
    const engine = module.createEngine({
      provider,
      model,
      apiKey: 'sk-bench',
      baseUrl: `${origin}/${lane(name, turns)}/${wire}`,
      maxIterations: turns + 2,
      onWarning: (warning) => warnings.push(`${name}: ${warning.message}`),
    });
    return async () => {
      const result = await engine.runToolLoop('Look the records up.', { mcpServers: [mcpServer] });
      await engine.close();
      if (result.text !== 'done') throw new Error(`${name}: unexpected answer ${result.text}`);
    };
  };
}

function aiSdk({ wire, model }, turns) {
  return async () => {
    const baseURL = `${origin}/${lane('ai', turns)}/${wire}${wire === 'anthropic' ? '/v1' : ''}`;
    const languageModel =
      wire === 'anthropic'
        ? createAnthropic({ apiKey: 'sk-bench', baseURL })(model)
        : wire === 'responses'
          ? createOpenAI({ apiKey: 'sk-bench', baseURL }).responses(model)
          : createOpenAI({ apiKey: 'sk-bench', baseURL }).chat(model);
    return async () => {
      const result = await generateText({
        model: languageModel,
        tools: aiTools,
        prompt: 'Look the records up.',
        stopWhen: stepCountIs(turns + 2),
        providerOptions: { openai: { store: false } },
      });
      if (result.text !== 'done') throw new Error(`ai sdk: unexpected answer ${result.text}`);
    };
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU ms per request of each contender, interleaved run by run; ratios per round. */
async function measureTogether(contenders, requests) {
  for (let run = 0; run < warmups; run++) {
    for (const prepare of contenders) await (await prepare())();
  }
  const cpu = contenders.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [position, prepare] of contenders.entries()) {
      const run = await prepare();
      collectGarbage();
      const start = process.cpuUsage();
      await run();
      const used = process.cpuUsage(start);
      cpu[position].push((used.user + used.system) / 1000 / requests);
    }
  }
  const ratio = (a, b) => median(cpu[a].map((value, round) => value / cpu[b][round]));
  return {
    perRequest: cpu.map(median),
    vsAiSdk: ratio(0, 1),
    vsPrevious: contenders.length > 2 ? ratio(0, 2) : undefined,
  };
}

console.log(
  `tool loop, one call and a ~1 KiB text result per turn; CPU ms per request of this process (simulator in a child process); median of ${rounds} interleaved rounds after ${warmups} warm-up run${warmups === 1 ? '' : 's'} of each`,
);
console.log(
  previous
    ? `previous release: ${previous.subject}\n`
    : "previous release: none in this clone's history (a shallow clone?): its column is empty\n",
);
console.log('| wire | turns | crosswire | previous release | AI SDK | vs previous | vs AI SDK |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
const wires = listOption('wires');
for (const target of WIRES.filter((entry) => wires === undefined || wires.includes(entry.wire))) {
  for (const turns of turnCounts) {
    const { perRequest, vsPrevious, vsAiSdk } = await measureTogether(
      [
        crosswire(current, 'now', target, turns),
        aiSdk(target, turns),
        ...(previous ? [crosswire(previous.module, 'previous', target, turns)] : []),
      ],
      turns + 1,
    );
    const [ours, theirs, before = '-'] = perRequest.map((value) => `${value.toFixed(3)} ms`);
    console.log(
      `| ${target.label} | ${turns} | ${ours} | ${before} | ${theirs} | ${vsPrevious === undefined ? '-' : `${vsPrevious.toFixed(2)}x`} | ${vsAiSdk.toFixed(2)}x |`,
    );
  }
}
simulator.stop();
if (warnings.length > 0) console.log(`\nwarnings: ${[...new Set(warnings)].join('; ')}`);
