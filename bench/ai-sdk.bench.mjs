// ai-sdk: the CPU crosswireMiddleware adds to one AI SDK call, for a conversation with 20 tool
// results (one of them an MCP result with a 1 MiB PNG), beside generateText without it
// (ai@7, @ai-sdk/openai@4 Chat Completions, a fetch that answers at once: no network). Prints
// the middleware's own time per call (transformParams alone), the two generateText times and
// the ratio added. Target: under 10 % added. Needs the built packages (pnpm build).
import { randomBytes } from 'node:crypto';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, wrapLanguageModel } from 'ai';
import { do_not_optimize, measure } from 'mitata';
import { measureOptions, quick } from './quick.mjs';

const { crosswireMiddleware } = await import(
  new URL('../packages/ai-sdk/dist/node/index.js', import.meta.url)
);

// A 1 MiB "PNG": the signature, then random bytes (the middleware checks the signature only).
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(1024 * 1024 - 8),
]).toString('base64');

const messages = [{ role: 'user', content: 'Check the 20 pages.' }];
for (let index = 0; index < 20; index++) {
  const id = `call_${index}`;
  messages.push({
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: id, toolName: 'page', input: { index } }],
  });
  const content = [{ type: 'text', text: `page ${index}: ${'lorem ipsum '.repeat(20)}` }];
  if (index === 10) content.push({ type: 'image', data: png, mimeType: 'image/png' });
  messages.push({
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: id,
        toolName: 'page',
        output: { type: 'json', value: { content } },
      },
    ],
  });
}

const reply = JSON.stringify({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-4o',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});
const fetch = async () => new Response(reply, { headers: { 'content-type': 'application/json' } });
const base = createOpenAI({ apiKey: 'bench', fetch }).chat('gpt-4o');
const middleware = crosswireMiddleware({ onWarning: () => {} });
const wrapped = wrapLanguageModel({ model: base, middleware });

// The prompt transformParams sees, captured once from a real call.
let captured;
await generateText({
  model: wrapLanguageModel({
    model: base,
    middleware: {
      specificationVersion: 'v4',
      transformParams: async ({ params }) => {
        captured = params;
        return params;
      },
    },
  }),
  messages,
});

const options = quick ? measureOptions : { min_cpu_time: 300e6, max_samples: 200 };
const time = async (fn) => (await measure(async () => do_not_optimize(await fn()), options)).avg;
const own = await time(() =>
  middleware.transformParams({ type: 'generate', params: captured, model: base }),
);
const without = await time(() => generateText({ model: base, messages }));
const withIt = await time(() => generateText({ model: wrapped, messages }));
const ms = (ns) => `${(ns / 1e6).toFixed(2)} ms`;
console.log('ai-sdk: 20 tool results, one 1 MiB PNG, openai.chat (per call)');
console.log(`  crosswireMiddleware transformParams alone  ${ms(own)}`);
console.log(`  generateText without the middleware        ${ms(without)}`);
console.log(`  generateText with the middleware           ${ms(withIt)}`);
console.log(
  `  middleware / generateText without it       ${((own / without) * 100).toFixed(1)} % added (target < 10 %)`,
);
