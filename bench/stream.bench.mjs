#!/usr/bin/env node
// stream: reading a streamed reply, side by side with the AI SDK's streamText (ai@7,
// @ai-sdk/openai@4 Chat Completions) on the same bytes.
//
// 1. CPU per stream: a 2,000-chunk Chat Completions reply (text, then two tool calls whose
//    arguments stream in pieces) rendered by the simulator's stream renderer. Crosswire reads it
//    with createStreamDecoder (events plus the final response); the AI SDK reads the same bytes
//    through streamText with a fetch that answers with them (its full stream consumed). Both
//    get the chunks one by one, as from the network; process.cpuUsage per stream.
// 2. First text event: time from handing over the chunk that carries the first text to the
//    text-delta event (Crosswire), and to the first text part of streamText's fullStream.
// 3. Memory across a 50 MB streamed reply: heap growth (peak minus start, after GC) while the
//    stream is decoded chunk by chunk; it stays flat when nothing is kept but the reply.
//
// Needs the built packages (engines, and what it depends on). Run: node --expose-gc bench/stream.bench.mjs
import { createOpenAI } from '@ai-sdk/openai';
import { streamText } from 'ai';
import { collectGarbage } from './gc.mjs';
import { option, sized } from './quick.mjs';

const { createStreamDecoder } = await import(
  new URL('../packages/dialects/dist/node/index.js', import.meta.url).href
);
const { streamFrames } = await import(
  new URL('../packages/simulator/dist/node/index.js', import.meta.url).href
);
const runs = option('runs', 30, 2);
const warmup = sized(5, 1);
const encoder = new TextEncoder();

// --- the reply: ~2,000 events of Chat Completions ------------------------------------------
const text = 'Streaming text arrives in small pieces. '.repeat(100); // 4,000 characters
const args = JSON.stringify({ query: 'x'.repeat(3_800), limit: 10 });
const body = {
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1_767_225_600,
  model: 'gpt-bench',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: text,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'search', arguments: args } },
          { id: 'call_2', type: 'function', function: { name: 'search', arguments: args } },
        ],
      },
      finish_reason: 'tool_calls',
    },
  ],
  usage: { prompt_tokens: 10, completion_tokens: 2000, total_tokens: 2010 },
};
const frames = streamFrames('openai', body, { pieceSize: 6 });
const chunks = frames.map((frame) => encoder.encode(frame));
const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);

function crosswireOnce() {
  const decoder = createStreamDecoder('openai');
  // The finish event comes with the wire's last frame (pushed) or at the end: the last of all.
  let events = 0;
  let finish;
  for (const chunk of chunks) {
    const pushed = decoder.push(chunk);
    events += pushed.length;
    finish = pushed.at(-1) ?? finish;
  }
  const last = decoder.end();
  finish = last.at(-1) ?? finish;
  if (finish?.type !== 'finish' || finish.response.toolCalls.length !== 2) {
    throw new Error(`crosswire did not finish: ${JSON.stringify(finish?.type)}`);
  }
  return events + last.length;
}

function sdkModel(onFirstChunk) {
  const fetch = async () =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );
  onFirstChunk?.();
  return createOpenAI({ apiKey: 'bench', fetch }).chat('gpt-bench');
}

async function sdkOnce() {
  const result = streamText({ model: sdkModel(), prompt: 'hi', tools: {} });
  let parts = 0;
  let calls = 0;
  for await (const part of result.fullStream) {
    parts++;
    if (part.type === 'tool-call') calls++;
  }
  if (calls !== 2) throw new Error(`AI SDK saw ${calls} tool calls`);
  return parts;
}

function cpuMs(start) {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function measure(run) {
  for (let index = 0; index < warmup; index++) await run();
  const samples = [];
  for (let index = 0; index < runs; index++) {
    const start = process.cpuUsage();
    await run();
    samples.push(cpuMs(start));
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

// --- memory across 50 MB (first, before any AI SDK stream is alive in the background) -------
const piece = encoder.encode(frames.find((frame) => frame.includes('"content":"')) ?? frames[1]);
const target = sized(50, 2) * 1024 * 1024;
const memoryDecoder = createStreamDecoder('openai');
memoryDecoder.push(chunks[0]);
collectGarbage();
const startHeap = process.memoryUsage().heapUsed;
let peak = startHeap;
let sent = 0;
let textEvents = 0;
for (let index = 0; sent < target; index++) {
  textEvents += memoryDecoder.push(piece).length;
  sent += piece.length;
  if (index % 20_000 === 0) {
    collectGarbage();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
}
collectGarbage();
const heapBeforeEnd = process.memoryUsage().heapUsed;
peak = Math.max(peak, heapBeforeEnd);
console.log(`50 MB streamed reply (${textEvents} text events), heap growth while streaming:`);
console.log(
  `  peak growth ${((peak - startHeap) / 1024 / 1024).toFixed(1)} MB (the reply's text itself is ${((textEvents * 6) / 1024 / 1024).toFixed(1)} MB and is kept for the final response)`,
);

const crosswireCpu = await measure(crosswireOnce);
const sdkCpu = await measure(sdkOnce);
console.log(
  `2,000-chunk reply (${frames.length} events, ${(bytes / 1024).toFixed(0)} KiB, text + 2 tool calls), CPU per stream, median of ${runs}:`,
);
console.log(`  crosswire createStreamDecoder   ${crosswireCpu.toFixed(2)} ms`);
console.log(`  AI SDK streamText (fullStream)  ${sdkCpu.toFixed(2)} ms`);
console.log(
  `  ratio crosswire / AI SDK        ${(crosswireCpu / sdkCpu).toFixed(2)}x (target <= 0.5x)`,
);

// --- first text event ----------------------------------------------------------------------
const firstTextIndex = frames.findIndex((frame) => frame.includes('"content":"S'));
const latencies = [];
for (let index = 0; index < runs; index++) {
  const decoder = createStreamDecoder('openai');
  for (const chunk of chunks.slice(0, firstTextIndex)) decoder.push(chunk);
  const started = performance.now();
  const events = decoder.push(chunks[firstTextIndex]);
  const elapsed = performance.now() - started;
  if (events[0]?.type !== 'text-delta') throw new Error('no text event from the first text chunk');
  latencies.push(elapsed);
}
latencies.sort((a, b) => a - b);
const sdkLatencies = [];
for (let index = 0; index < Math.min(runs, 10); index++) {
  let started = 0;
  const result = streamText({
    model: sdkModel(() => {
      started = performance.now();
    }),
    prompt: 'hi',
  });
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      sdkLatencies.push(performance.now() - started);
      break;
    }
  }
}
sdkLatencies.sort((a, b) => a - b);
console.log('first text event after its bytes arrive, median:');
console.log(
  `  crosswire  ${(latencies[Math.floor(latencies.length / 2)] * 1000).toFixed(1)} µs (target < 1 ms)`,
);
console.log(
  `  AI SDK     ${(sdkLatencies[Math.floor(sdkLatencies.length / 2)] * 1000).toFixed(1)} µs (from model creation; includes streamText set-up)`,
);
