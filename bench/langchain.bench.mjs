// langchain: the CPU crosswireMiddleware adds to one LangChain model call, beside the call without
// it, as bench/ai-sdk.bench.mjs measures the AI SDK adapter.
//
// 1. A conversation with 20 tool results (one an MCP result with a 1 MiB PNG), ChatOpenAI on Chat
//    Completions (@langchain/openai 1.5.8) with a fetch that answers at once (no network):
//    wrapModelCall's own time on first sight of the messages and once they are rendered, and
//    model.invoke without and with the middleware.
// 2. A growing conversation (10, 50, 200 tool turns, one image every 10 turns): wrapModelCall's
//    own time per call when only the newest tool message is new (what an agent loop sends every
//    turn), against rendering every tool message again (what a middleware without the per-message
//    cache would do each turn).
//
// Needs the built packages (pnpm build). Run: node bench/langchain.bench.mjs
import { randomBytes } from 'node:crypto';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { do_not_optimize, measure } from 'mitata';
import { measureOptions, quick } from './quick.mjs';

const { crosswireMiddleware } = await import(
  new URL('../packages/langchain/dist/node/index.js', import.meta.url)
);

// A 1 MiB "PNG": the signature, then random bytes (the middleware checks the signature only).
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(1024 * 1024 - 8),
]).toString('base64');
const smallPng = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(2048),
]).toString('base64');

/** A conversation of `turns` tool turns; `imageAt(index)` gives the image of a turn, if any. */
function conversation(turns, imageAt) {
  const messages = [new HumanMessage(`Check the ${turns} pages.`)];
  for (let index = 0; index < turns; index++) {
    const id = `call_${index}`;
    messages.push(
      new AIMessage({ content: '', tool_calls: [{ id, name: 'page', args: { index } }] }),
    );
    const content = [{ type: 'text', text: `page ${index}: ${'lorem ipsum '.repeat(20)}` }];
    const image = imageAt(index);
    if (image) content.push({ type: 'image', data: image, mimeType: 'image/png' });
    messages.push(new ToolMessage({ tool_call_id: id, name: 'page', content }));
  }
  return messages;
}

const reply = JSON.stringify({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-6.1-sol',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});
const fetch = async () => new Response(reply, { headers: { 'content-type': 'application/json' } });
const model = new ChatOpenAI({
  model: 'gpt-6.1-sol',
  apiKey: 'bench',
  maxRetries: 0,
  configuration: { fetch },
});

const options = quick ? measureOptions : { min_cpu_time: 300e6, max_samples: 200 };
const time = async (fn) => (await measure(async () => do_not_optimize(await fn()), options)).avg;
const ms = (ns) => `${(ns / 1e6).toFixed(2)} ms`;
const request = (messages) => ({ model, messages, tools: [], systemPrompt: '' });
const passThrough = async (passed) => passed.messages;

// 1. One call with 20 tool results.
const twenty = conversation(20, (index) => (index === 10 ? png : undefined));
const warm = crosswireMiddleware({ onWarning: () => {} });
await warm.wrapModelCall(request(twenty), passThrough);
/** Fresh copies of the tool messages: what the middleware has not rendered yet. */
const copies = (messages) =>
  messages.map((message) =>
    ToolMessage.isInstance(message)
      ? new ToolMessage({
          tool_call_id: message.tool_call_id,
          name: message.name,
          content: message.content,
        })
      : message,
  );
const firstSight = await time(() => warm.wrapModelCall(request(copies(twenty)), passThrough));
const firstCall = await time(() =>
  crosswireMiddleware({ onWarning: () => {} }).wrapModelCall(request(twenty), passThrough),
);
const rendered = await time(() => warm.wrapModelCall(request(twenty), passThrough));
const without = await time(() => model.invoke(twenty));
const withIt = await time(() =>
  warm.wrapModelCall(request(twenty), (passed) => model.invoke(passed.messages)),
);
console.log('langchain: 20 tool results, one 1 MiB PNG, ChatOpenAI (Chat Completions), per call');
console.log(`  wrapModelCall alone, a new middleware (+ registry) ${ms(firstCall)}`);
console.log(`  wrapModelCall alone, first sight of the messages  ${ms(firstSight)}`);
console.log(`  wrapModelCall alone, messages already rendered    ${ms(rendered)}`);
console.log(`  model.invoke without the middleware               ${ms(without)}`);
console.log(`  model.invoke through the middleware               ${ms(withIt)}`);
console.log(
  `  first-sight middleware / invoke without it        ${((firstSight / without) * 100).toFixed(1)} % added (target < 10 %)`,
);

// 2. A growing conversation: the newest tool message is the only one not rendered yet.
console.log('\nlangchain: a growing conversation, wrapModelCall alone per call');
for (const turns of [10, 50, 200]) {
  const messages = conversation(turns, (index) => (index % 10 === 0 ? smallPng : undefined));
  const middleware = crosswireMiddleware({ onWarning: () => {} });
  await middleware.wrapModelCall(request(messages.slice(0, -1)), passThrough);
  const last = messages.at(-1);
  // A fresh copy of the newest tool message each time: as a new turn brings one.
  const newest = await time(() =>
    middleware.wrapModelCall(request([...messages.slice(0, -1), ...copies([last])]), passThrough),
  );
  const whole = await time(() => middleware.wrapModelCall(request(copies(messages)), passThrough));
  console.log(
    `  ${String(turns).padStart(3)} turns: newest message only ${ms(newest).padStart(9)}, whole conversation ${ms(whole).padStart(9)} (${(whole / newest).toFixed(1)}x)`,
  );
}
