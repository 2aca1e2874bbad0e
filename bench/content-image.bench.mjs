#!/usr/bin/env node
// content-image: fetching and encoding a 20 MiB image from a loopback server with
// `Image.fromUrl(url).ensureBase64({ allowPrivateNetwork: true })` (guard-free path: cap,
// deadline, manual redirects, magic-byte check), side by side with the floor: a bare undici request whose chunks are
// concatenated and passed to Buffer.toString('base64'). Then a 1 GiB gzip bomb against the
// default 20 MiB cap. Wall time is the median of interleaved runs in this process; peak
// memory growth is measured in a fresh child process per contender (RSS never shrinks back,
// so one process would charge the second contender for the first).
//
// Needs the built packages: `npx turbo run build --filter @crosswire/content-image...`.
// Run: node bench/content-image.bench.mjs   (or `pnpm bench content-image`)
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { collectGarbage } from './gc.mjs';
import { sized } from './quick.mjs';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const PAYLOAD = sized(20, 2) * MIB;
const RUNS = sized(15, 2);

const packageDir = fileURLToPath(new URL('../packages/content-image/', import.meta.url));
const { request } = createRequire(packageDir)('undici');
const { Image, denyPrivateHosts } = await import(
  new URL('../packages/content-image/dist/node/index.js', import.meta.url)
);

const contenders = {
  async bare(url) {
    const response = await request(url);
    const chunks = [];
    for await (const chunk of response.body) chunks.push(chunk);
    return Buffer.concat(chunks).toString('base64');
  },
  async crosswire(url) {
    return Image.fromUrl(url).ensureBase64({ allowPrivateNetwork: true });
  },
  async 'crosswire+denyPrivateHosts'(url) {
    // A made-up public name mapped to loopback and trusted through `allow`, so the pinned path runs.
    const filter = denyPrivateHosts({ resolver: () => ['127.0.0.1'], allow: ['127.0.0.1/32'] });
    return Image.fromUrl(url.replace('127.0.0.1', 'images.bench.test')).ensureBase64({
      urlFilter: filter,
    });
  },
};

function peakOf(run) {
  collectGarbage();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed + before.arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.arrayBuffers);
  };
  const timer = setInterval(sample, 1);
  return run()
    .then(
      (value) => ({ value, before, timer, sample }),
      (error) => ({ error, before, timer, sample }),
    )
    .then((result) => {
      result.sample();
      clearInterval(result.timer);
      return {
        ok: result.error === undefined,
        code: result.error?.code,
        rss: peakRss - result.before.rss,
        heap: peakHeap - (result.before.heapUsed + result.before.arrayBuffers),
      };
    });
}

// Child mode: one measured fetch, JSON on stdout.
if (process.argv[2] === '--child') {
  const [, , , name, url] = process.argv;
  const contender =
    name === 'bomb'
      ? (target) => Image.fromUrl(target).ensureBase64({ allowPrivateNetwork: true })
      : contenders[name];
  const result = await peakOf(() => contender(url));
  console.log(JSON.stringify(result));
  process.exit(0);
}

const payload = Buffer.alloc(PAYLOAD, 7);
Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(payload);
const server = createServer((request, response) => {
  if (request.url === '/bomb.png') {
    response.setHeader('content-type', 'image/png');
    response.setHeader('content-encoding', 'gzip');
    const gzip = createGzip({ level: 9 });
    const zeros = Buffer.alloc(MIB);
    let fed = 0;
    const feed = () => {
      while (fed < GIB) {
        fed += MIB;
        if (!gzip.write(zeros)) return gzip.once('drain', feed);
      }
      gzip.end();
    };
    response.on('close', () => gzip.destroy());
    gzip.pipe(response);
    feed();
    return;
  }
  response.setHeader('content-type', 'image/png');
  response.setHeader('content-length', payload.length);
  response.end(payload);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/image.png`;

const expected = payload.toString('base64');
for (const [name, contender] of Object.entries(contenders)) {
  if ((await contender(url)) !== expected) throw new Error(`${name} returned a different payload`);
}

const times = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, contender] of Object.entries(contenders)) {
    collectGarbage();
    const started = performance.now();
    await contender(url);
    times[name].push(performance.now() - started);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function child(name, target) {
  // The child runs while this process keeps serving, so spawn without blocking the loop.
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [
      '--expose-gc',
      fileURLToPath(import.meta.url),
      '--child',
      name,
      target,
    ]);
    let out = '';
    proc.stdout.on('data', (data) => (out += data));
    proc.stderr.on('data', (data) => process.stderr.write(data));
    proc.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${name} child exit ${code}`)),
    );
  });
}

const memory = {};
for (const name of Object.keys(contenders)) memory[name] = await child(name, url);
const bombStarted = performance.now();
const bomb = await child('bomb', url.replace('/image.png', '/bomb.png'));
const bombMs = performance.now() - bombStarted;
server.close();

const mib = (bytes) => `${(bytes / MIB).toFixed(1)} MiB`;
const bareMs = median(times.bare);
console.log(`payload ${mib(PAYLOAD)}, ${RUNS} interleaved runs, Node ${process.version}`);
console.log(
  'contender                     median ms   x bare   peak rss growth   peak heap+buffers growth',
);
for (const name of Object.keys(contenders)) {
  const ms = median(times[name]);
  console.log(
    `${name.padEnd(30)}${ms.toFixed(1).padStart(9)}${(ms / bareMs).toFixed(2).padStart(9)}x` +
      `${`${mib(memory[name].rss)} (${(memory[name].rss / PAYLOAD).toFixed(2)}x)`.padStart(18)}` +
      `${`${mib(memory[name].heap)} (${(memory[name].heap / PAYLOAD).toFixed(2)}x)`.padStart(27)}`,
  );
}
console.log(
  `1 GiB gzip bomb, cap 20 MiB: ${bomb.ok ? 'NOT refused' : `refused (${bomb.code})`} in ${bombMs.toFixed(0)} ms (child process incl. startup); ` +
    `peak rss growth ${mib(bomb.rss)}, heap+buffers ${mib(bomb.heap)} (limit cap + 64 MiB = ${mib(PAYLOAD + 64 * MIB)})`,
);
const crosswireRatio = median(times.crosswire) / bareMs;
const within =
  crosswireRatio <= 1.2 &&
  memory.crosswire.heap <= 3 * PAYLOAD &&
  !bomb.ok &&
  bomb.rss < PAYLOAD + 64 * MIB;
console.log(
  `targets (<= 1.2x wall, <= 3x payload memory, bomb under cap + 64 MiB): ${within ? 'met' : 'NOT met'}`,
);
