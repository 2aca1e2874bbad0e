// Runs every example in this folder with node, as a user would, against the built packages
// (run `pnpm build` first). Exits non-zero when one fails. CI: `pnpm examples` after build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);

const missing = [
  'core',
  'content-image',
  'tool-result',
  'registry',
  'dialects',
  'simulator',
  'engines',
  'ai-sdk',
].filter((name) => !existsSync(path.join(root, 'packages', name, 'dist', 'index.js')));
if (missing.length > 0) {
  console.error(`examples: build first (pnpm build); no dist/ in: ${missing.join(', ')}`);
  process.exit(1);
}

const examples = readdirSync(here)
  .filter((name) => name.endsWith('.mjs') && name !== 'run-all.mjs')
  .sort();
let failed = 0;
for (const example of examples) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [path.join(here, example)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (run.status === 0) {
    console.log(`ok    ${example} (${seconds}s)`);
  } else {
    failed += 1;
    console.log(`FAIL  ${example} (exit ${run.status ?? run.signal})`);
    process.stdout.write(run.stdout);
    process.stderr.write(run.stderr);
  }
}
console.log(`${examples.length - failed} of ${examples.length} examples passed`);
process.exitCode = failed === 0 ? 0 : 1;
