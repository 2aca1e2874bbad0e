#!/usr/bin/env node
// `pnpm test:mutation [group ...] [--force]`: runs StrykerJS on each module group of groups.mjs in turn
// (all of them when none is named, the stream decoders last), incrementally, then writes
// docs/mutation-report.md. `--report` only regenerates the report from the last results;
// `--check` (CI) fails when the committed report, the results and the recorded reasons disagree.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { GROUPS } from './groups.mjs';
import { checkReport, writeReport } from './report.mjs';
import { groupFiles } from './sources.mjs';

const args = process.argv.slice(2);
const check = args.includes('--check');
const reportOnly = check || args.includes('--report');
// `--force`: test every mutant again, not only those of changed code or tests (a new test file
// does not make Stryker retest the static mutants it would kill).
const force = args.includes('--force');
const named = args.filter((arg) => !arg.startsWith('--'));
for (const name of named) {
  if (!(name in GROUPS))
    throw new Error(`unknown group ${name}; groups: ${Object.keys(GROUPS).join(', ')}`);
}
const order = Object.keys(GROUPS).sort(
  (a, b) => Number(GROUPS[a].owner !== undefined) - Number(GROUPS[b].owner !== undefined),
);
const chosen = reportOnly ? [] : named.length > 0 ? named : order;

const TIMINGS = 'reports/mutation/timings.json';
const timings = (() => {
  try {
    return JSON.parse(readFileSync(TIMINGS, 'utf8'));
  } catch {
    return {};
  }
})();

let failed = false;
for (const name of chosen) {
  if (groupFiles(name).length === 0) {
    console.log(`\n== mutation group ${name}: no files (a folder for files to come) ==`);
    continue;
  }
  console.log(`\n== mutation group ${name} ==`);
  const started = Date.now();
  const result = spawnSync(
    'npx',
    ['stryker', 'run', 'stryker.config.mjs', ...(force ? ['--force'] : [])],
    {
      stdio: 'inherit',
      env: { ...process.env, MUTATION_GROUP: name },
    },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  if (result.status !== 0) {
    console.error(`stryker failed for group ${name} (exit ${result.status})`);
    failed = true;
    continue;
  }
  timings[name] = {
    seconds,
    date: new Date().toISOString().slice(0, 10),
    concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
    // The 15-minute load average at the end: the machine is shared, so a wall time means
    // little without it.
    load: Math.round(loadavg()[2] * 10) / 10,
  };
  mkdirSync('reports/mutation', { recursive: true });
  writeFileSync(TIMINGS, `${JSON.stringify(timings, null, 2)}\n`);
}
if (check) {
  const problems = checkReport(timings);
  for (const problem of problems) console.error(problem);
  if (problems.length === 0) console.log('mutation report, results and reasons agree');
  process.exitCode = problems.length === 0 ? 0 : 1;
} else {
  writeReport(timings);
  process.exitCode = failed ? 1 : 0;
}
