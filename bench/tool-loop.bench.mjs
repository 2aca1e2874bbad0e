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
// A second table runs the same loops answered in this process (`memory`: Crosswire through an
// undici dispatcher, the AI SDK through its `fetch` option, both replying from memory with fixed
// bodies of each wire's API): no socket and no simulator, so the CPU is the libraries' own, and
// a difference the sockets' cost dilutes in the first table shows whole. `--transport=http` or
// `--transport=memory` runs one of the two.
//
// Needs the built packages (`pnpm build`) and git history holding the previous release.
// Run: node bench/tool-loop.bench.mjs [--rounds=5] [--warmup=1] [--turns=10,50] [--wires=openai,anthropic] [--transport=http,memory]
// `--warmup=N` runs each contender N times before measuring (default 1): more runs measure a
// process whose JIT has settled (a larger code base pays more optimising compilation first).
import { createRequire } from 'node:module';
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
const transports = listOption('transport') ?? ['http', 'memory'];

// --- the simulator, in its own process: a lane per run, named `<contender>-<turns>-<run>` ---
const simulator = !transports.includes('http')
  ? undefined
  : await startChildSimulator({
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
const origin = simulator?.origin ?? 'http://127.0.0.1:9';

// --- or replies from memory: turn n of a run asks for the tool until the run's turns are made ---
const REPLIES = {
  openai: (turn, done) => ({
    id: `chatcmpl-${turn}`,
    object: 'chat.completion',
    created: 0,
    model: 'gpt-5.5',
    choices: [
      {
        index: 0,
        message: done
          ? { role: 'assistant', content: 'done' }
          : {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: `call_${turn}`,
                  type: 'function',
                  function: { name: 'lookup', arguments: `{"turn":${turn}}` },
                },
              ],
            },
        finish_reason: done ? 'stop' : 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  }),
  responses: (turn, done) => ({
    id: `resp_${turn}`,
    object: 'response',
    created_at: 0,
    status: 'completed',
    model: 'gpt-5.5',
    output: done
      ? [
          {
            type: 'message',
            id: `msg_${turn}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: 'done', annotations: [] }],
          },
        ]
      : [
          {
            type: 'function_call',
            id: `fc_${turn}`,
            call_id: `call_${turn}`,
            name: 'lookup',
            arguments: `{"turn":${turn}}`,
            status: 'completed',
          },
        ],
    usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
  }),
  anthropic: (turn, done) => ({
    id: `msg_${turn}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-5-5',
    content: done
      ? [{ type: 'text', text: 'done' }]
      : [{ type: 'tool_use', id: `toolu_${turn}`, name: 'lookup', input: { turn } }],
    stop_reason: done ? 'end_turn' : 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  }),
};
/** The reply bytes of one run's requests, in order: `turns` tool calls, then the answer. */
function memoryReplies(wire, turns) {
  let turn = 0;
  return () => {
    turn += 1;
    return Buffer.from(JSON.stringify(REPLIES[wire](turn, turn > turns)));
  };
}
// The engines' own undici: the dispatcher API the transport calls.
const { Dispatcher } = createRequire(new URL('../packages/engines/package.json', import.meta.url))(
  'undici',
);
/** An undici dispatcher that answers each request with the run's next reply, from memory. */
class MemoryDispatcher extends Dispatcher {
  constructor(next) {
    super();
    this.next = next;
  }
  dispatch(_request, handler) {
    const body = this.next();
    queueMicrotask(() => {
      handler.onConnect?.(() => undefined);
      const headers = ['content-type', 'application/json', 'content-length', String(body.length)];
      handler.onHeaders?.(
        200,
        headers.map((value) => Buffer.from(value)),
        () => undefined,
        'OK',
      );
      handler.onData?.(body);
      handler.onComplete?.([]);
    });
    return true;
  }
  close() {
    return Promise.resolve();
  }
  destroy() {
    return Promise.resolve();
  }
}
/** A `fetch` for the AI SDK that answers each request with the run's next reply, from memory. */
function memoryFetch(next) {
  return async () =>
    new Response(next(), { status: 200, headers: { 'content-type': 'application/json' } });
}

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
function crosswire(module, name, { wire, provider, model }, turns, inMemory) {
  return async () => {
    const engine = module.createEngine({
      provider,
      model,
      apiKey: 'sk-bench',
      baseUrl: `${origin}/${lane(name, turns)}/${wire}`,
      ...(inMemory ? { dispatcher: new MemoryDispatcher(memoryReplies(wire, turns)) } : {}),
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

function aiSdk({ wire, model }, turns, inMemory) {
  return async () => {
    const baseURL = `${origin}/${lane('ai', turns)}/${wire}${wire === 'anthropic' ? '/v1' : ''}`;
    const settings = {
      apiKey: 'sk-bench',
      baseURL,
      ...(inMemory ? { fetch: memoryFetch(memoryReplies(wire, turns)) } : {}),
    };
    const languageModel =
      wire === 'anthropic'
        ? createAnthropic(settings)(model)
        : wire === 'responses'
          ? createOpenAI(settings).responses(model)
          : createOpenAI(settings).chat(model);
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

const wires = listOption('wires');
for (const transport of transports) {
  const inMemory = transport === 'memory';
  console.log(
    `tool loop, one call and a ~1 KiB text result per turn; CPU ms per request of this process (${inMemory ? 'replies from memory: no socket, no simulator' : 'HTTP to the simulator in a child process'}); median of ${rounds} interleaved rounds after ${warmups} warm-up run${warmups === 1 ? '' : 's'} of each`,
  );
  console.log(
    previous
      ? `previous release: ${previous.subject}\n`
      : "previous release: none in this clone's history (a shallow clone?): its column is empty\n",
  );
  console.log('| wire | turns | crosswire | previous release | AI SDK | vs previous | vs AI SDK |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const target of WIRES.filter((entry) => wires === undefined || wires.includes(entry.wire))) {
    for (const turns of turnCounts) {
      const { perRequest, vsPrevious, vsAiSdk } = await measureTogether(
        [
          crosswire(current, 'now', target, turns, inMemory),
          aiSdk(target, turns, inMemory),
          ...(previous ? [crosswire(previous.module, 'previous', target, turns, inMemory)] : []),
        ],
        turns + 1,
      );
      const [ours, theirs, before = '-'] = perRequest.map((value) => `${value.toFixed(3)} ms`);
      console.log(
        `| ${target.label} | ${turns} | ${ours} | ${before} | ${theirs} | ${vsPrevious === undefined ? '-' : `${vsPrevious.toFixed(2)}x`} | ${vsAiSdk.toFixed(2)}x |`,
      );
    }
  }
  console.log('');
}
simulator?.stop();
if (warnings.length > 0) console.log(`\nwarnings: ${[...new Set(warnings)].join('; ')}`);
