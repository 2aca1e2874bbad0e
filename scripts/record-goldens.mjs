#!/usr/bin/env node
// Records golden files: the one command that writes them (`pnpm golden:record [paths]`).
//
// Runs vitest over the given paths (default: every test) with CROSSWIRE_GOLDEN_MODE=record,
// the mode in which the golden helpers (scripts/golden.ts) write what the code produces.
// It records twice, because some generated files are built from other goldens (engines'
// fixtures/sdk-types/ reads the request goldens), then runs the same tests once more in the
// ordinary mode to show that what was recorded passes. Nothing else sets that mode: a plain
// `pnpm test` only ever reads goldens, and a missing one fails.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const paths = process.argv.slice(2);

function run(label, mode) {
  const env = { ...process.env };
  delete env.UPDATE_GOLDEN;
  delete env.CROSSWIRE_GOLDEN_MODE;
  if (mode) env.CROSSWIRE_GOLDEN_MODE = mode;
  console.log(`\ngolden:record: ${label} (vitest run ${paths.join(' ') || '(all tests)'})`);
  const result = spawnSync(vitest, ['run', ...paths], { cwd: root, env, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

run('recording', 'record');
run('recording again (goldens generated from other goldens)', 'record');
const status = run('verifying the recorded goldens', undefined);
if (status === 0) {
  console.log(
    '\ngolden:record: done. Review `git diff -- "packages/*/fixtures"`; a changed wire golden ' +
      'needs a minor changeset (`npx -y pnpm@12.4.2 changeset`).',
  );
} else {
  console.error('\ngolden:record: the verifying run failed; see the failures above.');
}
process.exitCode = status;
