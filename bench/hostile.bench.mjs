#!/usr/bin/env node
import { collectGarbage } from './gc.mjs';
import { importInternal } from './internal.mjs';
// hostile peers (issue 26): what a provider or proxy controls costs at most linear time and
// bounded memory. Each shape runs at n and 2n side by side; a linear reader takes about 2x as
// long for 2x the input (a quadratic one about 4x). Prints the ratios, and:
// - one Anthropic frame with a 2^32 block index: the time of the push that refuses it;
// - a 200 MB stream fed in 64 KiB chunks: where it is refused and the heap growth meanwhile;
// - 20,000 calls sharing one long-lived signal: heap retained with linkSignals and with
//   AbortSignal.any.
//
// Needs the built packages (`npx -y pnpm@12.4.2 exec turbo run build --filter=@crosswire/engines`).
// Run: node --expose-gc bench/hostile.bench.mjs
import { sized } from './quick.mjs';

const dialects = await import(
  new URL('../packages/dialects/dist/node/index.js', import.meta.url).href
);
const { TextBuilder } = await importInternal('dialects', 'stream-text');
const { linkSignals } = await importInternal('engines', 'abortable');
const { createStreamDecoder } = dialects;
const gc = collectGarbage;

const sse = (event, data) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
const openaiChunk = (delta, finish = null) =>
  sse(undefined, {
    id: 'c',
    object: 'chat.completion.chunk',
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

const shapes = {
  'chat completions, 16-character deltas': (n) =>
    `${openaiChunk({ role: 'assistant', content: '' })}${openaiChunk({ content: 'sixteen chars..!' }).repeat(n)}${openaiChunk({}, 'stop')}${sse(undefined, '[DONE]')}`,
  'anthropic, 16-character deltas': (n) =>
    [
      sse('message_start', {
        type: 'message_start',
        message: {
          id: 'm',
          type: 'message',
          role: 'assistant',
          model: 'c',
          content: [],
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      }),
      sse('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'text', text: '' },
      }),
      sse('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: 'sixteen chars..!' },
      }).repeat(n),
      sse('content_block_stop', { type: 'content_block_stop', index: 0 }),
      sse('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn' },
        usage: { output_tokens: 2 },
      }),
      sse('message_stop', { type: 'message_stop' }),
    ].join(''),
  'anthropic, many blocks': (n) =>
    [
      sse('message_start', {
        type: 'message_start',
        message: {
          id: 'm',
          type: 'message',
          role: 'assistant',
          model: 'c',
          content: [],
          usage: {},
        },
      }),
      ...Array.from({ length: n }, (_, index) =>
        sse('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'text', text: 'x' },
        }),
      ),
      sse('message_stop', { type: 'message_stop' }),
    ].join(''),
  'hermes, calls whose arguments mention the closing tag': (n) =>
    `${openaiChunk({ role: 'assistant', content: '' })}${openaiChunk({ content: '<tool_call>{"name":"say","arguments":{"t":"</tool_call>"}}</tool_call>' }).repeat(n)}${openaiChunk({}, 'stop')}${sse(undefined, '[DONE]')}`,
  'hermes, one block with many closing tags in a string': (n) =>
    `${openaiChunk({ role: 'assistant', content: '<tool_call>{"name":"say","arguments":{"t":"' })}${openaiChunk({ content: '</tool_call>' }).repeat(n)}${openaiChunk({ content: '"}}</tool_call>' })}${openaiChunk({}, 'stop')}${sse(undefined, '[DONE]')}`,
};
const WIRE = {
  'chat completions, 16-character deltas': 'openai',
  'anthropic, 16-character deltas': 'anthropic',
  'anthropic, many blocks': 'anthropic',
  'hermes, calls whose arguments mention the closing tag': 'hermes',
  'hermes, one block with many closing tags in a string': 'hermes',
};

function decodeTime(wire, text) {
  const bytes = new TextEncoder().encode(text);
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < sized(3, 1); run++) {
    const started = process.hrtime.bigint();
    const decoder = createStreamDecoder(wire, { onWarning: () => undefined });
    // The finish event comes with the wire's last frame (pushed) or at the end: the last of all.
    let last;
    for (let at = 0; at < bytes.length; at += 16_384) {
      last = decoder.push(bytes.subarray(at, at + 16_384)).at(-1) ?? last;
    }
    last = decoder.end().at(-1) ?? last;
    if (last?.type !== 'finish') throw new Error(`${wire}: ${JSON.stringify(last)}`);
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return best;
}

console.log('stream decoders, n and 2n (ratio ~2 is linear, ~4 quadratic)');
for (const [name, make] of Object.entries(shapes)) {
  const n = sized(name.startsWith('hermes, one block') ? 2_000 : 20_000, 200);
  const one = decodeTime(WIRE[name], make(n));
  const two = decodeTime(WIRE[name], make(2 * n));
  console.log(
    `  ${name}: n=${n} ${one.toFixed(1)} ms, 2n ${two.toFixed(1)} ms, ratio ${(two / one).toFixed(2)}`,
  );
}

function buildTime(megabytes) {
  const started = process.hrtime.bigint();
  const builder = new TextBuilder();
  const piece = 'sixteen chars..!';
  for (let i = 0; i < (megabytes * 1024 * 1024) / piece.length; i++) builder.append(piece);
  builder.toString();
  return Number(process.hrtime.bigint() - started) / 1e6;
}
const ten = buildTime(sized(10, 1));
const twenty = buildTime(sized(20, 2));
console.log(
  `TextBuilder, 16-character pieces: 10 MB ${ten.toFixed(0)} ms, 20 MB ${twenty.toFixed(0)} ms, ratio ${(twenty / ten).toFixed(2)}`,
);

{
  const decoder = createStreamDecoder('anthropic');
  decoder.push(shapes['anthropic, many blocks'](0).split('event: message_stop')[0]);
  const started = process.hrtime.bigint();
  const events = decoder.push(
    sse('content_block_start', {
      type: 'content_block_start',
      index: 2 ** 32,
      content_block: { type: 'text', text: '' },
    }),
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`one frame with index 2^32: ${events.at(-1)?.error?.code} in ${ms.toFixed(2)} ms`);
}

{
  gc();
  const start = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  let peak = start;
  const decoder = createStreamDecoder('openai');
  const frame = new TextEncoder().encode(openaiChunk({ content: 'x'.repeat(65_000) }));
  let fed = 0;
  let refused;
  while (fed < 200 * 1024 * 1024 && refused === undefined) {
    const events = decoder.push(frame);
    fed += frame.length;
    refused = events.find((event) => event.type === 'error')?.error;
    const now = process.memoryUsage();
    peak = Math.max(peak, now.heapUsed + now.arrayBuffers);
  }
  console.log(
    `200 MB stream: ${refused?.code} after ${(fed / 1024 / 1024).toFixed(1)} MiB fed; peak heap growth ${((peak - start) / 1024 / 1024).toFixed(0)} MB (cap 64 MiB)`,
  );
}

function retained(combine) {
  const shutdown = new AbortController();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < sized(20_000, 1_000); i++) combine(shutdown.signal);
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  return { bytes: after - before, keep: shutdown };
}
const linked = retained((signal) => {
  const call = new AbortController();
  const link = linkSignals([signal, call.signal]);
  link.signal.addEventListener('abort', () => undefined);
  link.release();
});
const any = retained((signal) => {
  const call = new AbortController();
  AbortSignal.any([signal, call.signal]).addEventListener('abort', () => undefined);
});
console.log(
  `20,000 calls on one signal: linkSignals retains ${(linked.bytes / 1024).toFixed(0)} KB, AbortSignal.any ${(any.bytes / 1024).toFixed(0)} KB`,
);

// A provider's model list (issue 40 / 39 item 5): discover of one page of n and 2n models, and
// the loader reading the snapshot back, each linear; past LEARNED_LIMITS.models the rest is cut.
{
  const { createRegistry } = await import(
    new URL('../packages/registry/dist/node/index.js', import.meta.url).href
  );
  const page = (n) =>
    JSON.stringify({
      object: 'list',
      data: Array.from({ length: n }, (_, index) => ({
        id: `model-${index}`,
        object: 'model',
        created: 1_700_000_000,
        owned_by: 'bench',
      })),
    });
  async function listTime(n) {
    const body = page(n);
    const fetch = async () =>
      new Response(body, { headers: { 'content-type': 'application/json' } });
    let discover = Number.POSITIVE_INFINITY;
    let load = Number.POSITIVE_INFINITY;
    for (let run = 0; run < sized(5, 1); run++) {
      const registry = createRegistry();
      let started = process.hrtime.bigint();
      await registry.discover({
        provider: 'openai',
        apiKey: 'k',
        fetch,
        maxBytes: 64 * 1024 * 1024,
        onWarning: () => undefined,
      });
      discover = Math.min(discover, Number(process.hrtime.bigint() - started) / 1e6);
      const snapshot = JSON.parse(JSON.stringify(registry.learned()));
      started = process.hrtime.bigint();
      createRegistry({ learned: snapshot });
      load = Math.min(load, Number(process.hrtime.bigint() - started) / 1e6);
    }
    return { discover, load };
  }
  await listTime(sized(1_000, 10));
  const one = await listTime(sized(8_000, 100));
  const two = await listTime(sized(16_000, 200));
  console.log(
    `model list, one page of 8,000 / 16,000 models: discover ${one.discover.toFixed(0)} / ${two.discover.toFixed(0)} ms (ratio ${(two.discover / one.discover).toFixed(2)}), loading the snapshot ${one.load.toFixed(0)} / ${two.load.toFixed(0)} ms (ratio ${(two.load / one.load).toFixed(2)})`,
  );
}

// Issue 39 (hostile peers, round three): what a peer's schema, a model's structured reply, an
// image's bytes and a tool listing cost.
const engines = await import(
  new URL('../packages/engines/dist/node/index.js', import.meta.url).href
);
const { compileJsonSchema } = await importInternal('engines', 'engine/json-schema-check');
const { schemaReferenceProblem } = await import(
  new URL('../packages/core/dist/node/index.js', import.meta.url).href
);
const { withProvenImages } = dialects;
const { createRequire } = await import('node:module');
const sharp = createRequire(new URL('../packages/engines/package.json', import.meta.url))('sharp');

const timed = async (work) => {
  const started = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
};
const best = async (work, runs = sized(3, 1)) => {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) fastest = Math.min(fastest, (await timed(work)).ms);
  return fastest;
};
const ratioLine = (name, n, one, two) =>
  console.log(
    `  ${name}: n=${n} ${one.toFixed(1)} ms, 2n ${two.toFixed(1)} ms, ratio ${(two / one).toFixed(2)}`,
  );

console.log('issue 39: linear in the peer input (n and 2n)');
{
  const checker = compileJsonSchema({ type: 'string', pattern: '^(a+)+$' });
  const reply = (n) => `${'a'.repeat(n)}!`;
  const n = sized(200_000, 2_000);
  ratioLine(
    "pattern '^(a+)+$' (RE2), a's and a '!'",
    n,
    await best(() => checker.check(reply(n))),
    await best(() => checker.check(reply(2 * n))),
  );
  const backtracking = /^(a+)+$/;
  backtracking.test(reply(16)); // warm up
  const js = [22, 23, 24].map((length) => {
    const started = process.hrtime.bigint();
    backtracking.test(reply(length));
    return (Number(process.hrtime.bigint() - started) / 1e6).toFixed(0);
  });
  console.log(
    `  the same pattern in JavaScript's RegExp: 22, 23, 24 characters ${js.join(' / ')} ms (doubling per character)`,
  );
  let deep = {};
  for (let level = 0; level < 10_000; level++) deep = { child: deep };
  const tree = compileJsonSchema({ type: 'object', properties: { child: { $ref: '#' } } });
  const { ms, value } = await timed(() => tree.check(deep));
  console.log(
    `  a reply nested 10,000 deep against a recursive schema: "${value[0]?.message}" in ${ms.toFixed(1)} ms`,
  );
}
{
  const chain = (n) => {
    const $defs = {};
    for (let index = 0; index < n; index++)
      $defs[`d${index}`] = index === n - 1 ? { type: 'string' } : { $ref: `#/$defs/d${index + 1}` };
    return { $ref: '#/$defs/d0', $defs };
  };
  const n = sized(20_000, 200);
  const one = chain(n);
  const two = chain(2 * n);
  ratioLine(
    'schemaReferenceProblem, a chain of $refs',
    n,
    await best(() => schemaReferenceProblem(one)),
    await best(() => schemaReferenceProblem(two)),
  );
}
{
  const png = (
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c03' } })
      .png()
      .toBuffer()
  ).toString('base64');
  const body = (n) => ({
    messages: Array.from({ length: n }, (_, index) => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      content: [
        { type: 'text', text: 'look' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
      ],
    })),
  });
  const n = sized(20_000, 200);
  const one = body(n);
  const two = body(2 * n);
  ratioLine(
    'withProvenImages, images in a conversation',
    n,
    await best(() => withProvenImages(one, 'anthropic', undefined)),
    await best(() => withProvenImages(two, 'anthropic', undefined)),
  );
}

console.log('issue 39: the rasteriser (sharp, real images)');
{
  const big = (
    await sharp({
      create: {
        width: sized(9000, 3000),
        height: sized(9000, 3000),
        channels: 3,
        background: '#0a3',
      },
    })
      .png()
      .toBuffer()
  ).toString('base64');
  const engine = engines.createEngine({
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    apiKey: 'k',
    baseUrl: 'http://127.0.0.1:9',
    onWarning: () => undefined,
  });
  const { Image } = await import(
    new URL('../packages/content-image/dist/node/index.js', import.meta.url).href
  );
  // The abort lands while sharp resizes the 9000 x 9000 image: from abort() to the rejection.
  const measured = [];
  for (let run = 0; run < sized(3, 1); run++) {
    const controller = new AbortController();
    const image = Image.fromBase64(`${big}`, { mediaType: 'image/png' });
    const call = engine.buildRequest([{ role: 'user', content: [image] }], {
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = process.hrtime.bigint();
    controller.abort(new Error('stop'));
    const error = await call.catch((caught) => caught);
    measured.push(
      `${error?.code ?? 'resized'} ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)} ms`,
    );
    // Let the native resize still running finish before the next run (its slot is held).
    await new Promise((resolve) => setTimeout(resolve, sized(3000, 500)));
  }
  console.log(`  abort during a 9000 x 9000 resize, abort() to rejection: ${measured.join(', ')}`);

  // Ten over-limit images, and a file read every 20 ms meanwhile: the longest wait for a read.
  const images = await Promise.all(
    Array.from({ length: sized(10, 2) }, async (_, index) =>
      (
        await sharp({
          create: { width: 8500 + index, height: 1500, channels: 3, background: '#35a' },
        })
          .png()
          .toBuffer()
      ).toString('base64'),
    ),
  );
  const { readFile } = await import('node:fs/promises');
  const probe = async (work) => {
    let done = false;
    let worst = 0;
    const reads = (async () => {
      while (!done) {
        const started = process.hrtime.bigint();
        await readFile(new URL(import.meta.url));
        worst = Math.max(worst, Number(process.hrtime.bigint() - started) / 1e6);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const { ms } = await timed(work);
    done = true;
    await reads;
    return { ms, worst };
  };
  const ours = await probe(() =>
    engine.buildRequest([
      {
        role: 'user',
        content: images.map((data) => Image.fromBase64(data, { mediaType: 'image/png' })),
      },
    ]),
  );
  const unbounded = await probe(() =>
    Promise.all(
      images.map((data) =>
        sharp(Buffer.from(data, 'base64'))
          .resize({ width: 8000, height: 8000, fit: 'inside' })
          .png()
          .toBuffer(),
      ),
    ),
  );
  console.log(
    `  ten 8500 x 1500 images: the engine (at most ${engines.resizeConcurrency()} at once) ${ours.ms.toFixed(0)} ms, longest file read meanwhile ${ours.worst.toFixed(0)} ms; sharp unbounded ${unbounded.ms.toFixed(0)} ms, longest read ${unbounded.worst.toFixed(0)} ms`,
  );
  await engine.close();
}

console.log('issue 39: the tool listing deadline');
{
  const { gatherTools } = await importInternal('engines', 'mcp/gather');
  let pages = 0;
  const server = {
    listTools: async () => {
      pages++;
      await new Promise((resolve) => setTimeout(resolve, 40));
      return {
        tools: [{ name: `t${pages}`, inputSchema: { type: 'object' } }],
        nextCursor: String(pages),
      };
    },
    callTool: async () => ({ content: [] }),
  };
  const { ms, value } = await timed(() =>
    gatherTools([server], { timeoutMs: 300 }).catch((error) => error),
  );
  console.log(
    `  pages of 40 ms each, forever, listToolsTimeoutMs 300: ${value.code} after ${ms.toFixed(0)} ms and ${pages} pages (a per-page deadline: 100 pages, 4 s)`,
  );
}
