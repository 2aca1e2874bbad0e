// Writes docs/mutation-report.md from Stryker's incremental files (full mutation-testing reports,
// reports/mutation/incremental/<group>.json):
// the score per module and each surviving mutant, with the reason recorded in
// equivalent-mutants.json when it is equivalent (keyed by file, mutator, original and
// replacement text, so a reason survives line shifts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { EXCEPTIONS, GROUPS } from './groups.mjs';
import { assignSources, exceptionProblem } from './sources.mjs';

const EQUIVALENT = 'scripts/mutation/equivalent-mutants.json';
const REPORT = 'docs/mutation-report.md';
const TARGET = 85;

/** The source text a mutant replaced. */
function original(source, location) {
  const lines = source.split('\n');
  const { start, end } = location;
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  const parts = [lines[start.line - 1].slice(start.column - 1)];
  for (let line = start.line; line < end.line - 1; line++) parts.push(lines[line]);
  parts.push(lines[end.line - 1].slice(0, end.column - 1));
  return parts.join('\n');
}

const collapse = (text) => text.replace(/\s+/g, ' ').trim();

/**
 * The key of a mutant's reason: file, mutator, the replaced text and its replacement, and the
 * source line it starts on (so a reason survives line shifts, yet the same replacement on
 * another line is not taken for explained).
 */
export function mutantKey(file, mutant, source) {
  const text = collapse(original(source, mutant.location));
  const line = collapse(source.split('\n')[mutant.location.start.line - 1]);
  return `${file} | ${mutant.mutatorName} | ${text} => ${collapse(mutant.replacement ?? '')} | on: ${line}`;
}

const cell = (text) => text.replace(/\|/g, '\\|').replace(/`/g, "'");
const short = (text, max = 70) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The report's text, the reasons no survivor matches any more (`stale`, known once every group
 * has run) and the number of survivors no reason explains.
 */
export function buildReport(timings = {}) {
  const equivalent = existsSync(EQUIVALENT) ? JSON.parse(readFileSync(EQUIVALENT, 'utf8')) : {};
  const rows = [];
  const survivors = [];
  /** The reasons some survivor still uses: the others are left over from code since changed. */
  const used = new Set();
  /** The keys of the survivors no reason explains. */
  const unexplained = [];
  /** The files some group's results hold. */
  const measured = new Set();
  const { byGroup, excepted, unclaimed } = assignSources();
  /** Problems of coverage: a source file no group measures, a claim an exception breaks. */
  const coverage = [];
  const pending = [];
  for (const file of unclaimed) {
    coverage.push(
      `no group measures ${file}: add it to a group of scripts/mutation/groups.mjs, or to EXCEPTIONS with why`,
    );
  }
  for (const { file, exception } of excepted) {
    const problem = exceptionProblem(file, exception.kind);
    if (problem) coverage.push(`${file} is excepted as ${exception.kind} but ${problem}`);
  }
  for (const [name, group] of Object.entries(GROUPS)) {
    const path = `reports/mutation/incremental/${name}.json`;
    const files = byGroup[name];
    if (!existsSync(path)) {
      if (files.length === 0) continue;
      if (group.pending) {
        pending.push(`| ${name} | ${files.length} | not measured: ${cell(group.pending)} |`);
      } else {
        rows.push(`| ${name} | (not run yet) | | | | |`);
        coverage.push(
          `group ${name} has no results: run pnpm test:mutation ${name} (or give it a pending reason)`,
        );
      }
      continue;
    }
    const report = JSON.parse(readFileSync(path, 'utf8'));
    const resultFiles = new Set(
      Object.keys(report.files).map((rawFile) => relative(process.cwd(), resolve(rawFile))),
    );
    const missing = files.filter((file) => !resultFiles.has(file));
    if (missing.length > 0 && !group.pending) {
      for (const file of missing) {
        coverage.push(`${file} (group ${name}) is not measured: run pnpm test:mutation ${name}`);
      }
    }
    if (group.static) {
      const ignored = Object.values(report.files).reduce(
        (sum, entry) =>
          sum + entry.mutants.filter((m) => m.static && m.status === 'Ignored').length,
        0,
      );
      if (ignored > 0) {
        coverage.push(
          `group ${name} measures static mutants, but its results ignored ${ignored}: run pnpm test:mutation ${name}`,
        );
      }
    }
    // A pending group's results are shown, but not yet held to the bar: its survivors are
    // counted, not listed, until the group loses its pending reason.
    let groupUnexplained = 0;
    let groupBelow = false;
    for (const [rawFile, entry] of Object.entries(report.files).sort()) {
      const file = relative(process.cwd(), resolve(rawFile));
      measured.add(file);
      const count = (status) => entry.mutants.filter((m) => m.status === status).length;
      const killed = count('Killed') + count('Timeout');
      const survived = entry.mutants.filter(
        (m) => m.status === 'Survived' || m.status === 'NoCoverage',
      );
      let explained = 0;
      for (const mutant of survived) {
        const key = mutantKey(file, mutant, entry.source);
        const reason = equivalent[key];
        if (reason) {
          explained++;
          used.add(key);
        } else if (group.pending) groupUnexplained++;
        else unexplained.push(key);
        if (group.pending) continue;
        const { line, column } = mutant.location.start;
        survivors.push(
          `| \`${file}:${line}:${column}\` | ${mutant.mutatorName} | \`${cell(short(original(entry.source, mutant.location).replace(/\s+/g, ' ')))}\` → \`${cell(short((mutant.replacement ?? '').replace(/\s+/g, ' ')))}\` | ${mutant.status} | ${reason ? cell(reason) : '**not explained: add a test or a reason**'} |`,
        );
      }
      const valid = killed + survived.length;
      const score = valid === 0 ? 100 : (100 * killed) / valid;
      const adjusted = valid === 0 ? 100 : (100 * (killed + explained)) / valid;
      if (adjusted < TARGET) groupBelow = true;
      const mark = group.pending
        ? ' (pending)'
        : score >= TARGET
          ? ''
          : adjusted >= TARGET
            ? ' (≥85 % with equivalents)'
            : ' **below 85 %**';
      rows.push(
        `| ${name}${group.owner ? ' (streams)' : ''} | \`${file}\` | ${valid} | ${killed} | ${survived.length} (${explained} equivalent) | ${score.toFixed(1)} %${mark} |`,
      );
    }
    if (group.pending) {
      const state =
        missing.length > 0
          ? `measured in part (${missing.length} of ${files.length} files not yet)`
          : `measured; ${groupUnexplained} survivor(s) neither killed nor explained yet${groupBelow ? ', some file below 85 %' : ''}`;
      pending.push(`| ${name} | ${files.length} | ${state}: ${cell(group.pending)} |`);
      if (missing.length === 0 && groupUnexplained === 0 && !groupBelow) {
        coverage.push(`group ${name} meets the bar: remove its pending reason in groups.mjs`);
      }
    }
  }
  const timingRows = Object.entries(timings).map(
    ([name, { seconds, date, concurrency = 2, load }]) =>
      `| ${name} | ${seconds} s | ${concurrency} | ${load ?? '?'} | ${date} |`,
  );
  const text = `# Mutation report

Generated by \`pnpm test:mutation\` (StrykerJS with the vitest runner, \`scripts/mutation/\`);
do not edit by hand. Score = killed (or timed out) / (killed + survived + not covered); static
mutants are measured only in the groups marked \`static\` in \`scripts/mutation/groups.mjs\`
(where a module's behaviour lives in tables). Target: ${TARGET} % per module, every survivor killed or explained in
\`scripts/mutation/equivalent-mutants.json\`. How it runs: \`docs/design-notes/checks.md\`.

| Group | Module | Mutants | Killed | Survived | Score |
| --- | --- | ---: | ---: | ---: | ---: |
${rows.join('\n')}

## Groups pending

Every source file of every package is in a group or excepted below. These groups are not yet
held to the target: not measured, or measured with survivors still to kill or explain (their
scores are in the table above, marked pending; their survivors are not listed below).

| Group | Files | State |
| --- | ---: | --- |
${pending.join('\n')}

## Files no group measures

| Files | Kind | Why |
| --- | --- | --- |
${EXCEPTIONS.map((exception) => `| ${exception.files.map((file) => `\`${file}\``).join(', ')} | ${exception.kind} | ${cell(exception.why)} |`).join('\n')}

## Surviving mutants

| Where | Mutator | Original → mutant | Status | Why it is equivalent |
| --- | --- | --- | --- | --- |
${survivors.join('\n')}

## Last run time per group (a shared 2-core machine)

Concurrency is \`MUTATION_CONCURRENCY\` (default 1); load is the machine's 15-minute load
average when the run ended (other work shares the machine). An incremental rerun tests only the
mutants whose code or covering tests changed, so its time is far below a first run's.

| Group | Wall time | Concurrency | Load | Date |
| --- | ---: | ---: | ---: | --- |
${timingRows.join('\n')}
`;
  // A reason no survivor matches is stale once its file has results to match it in.
  const stale = Object.keys(equivalent).filter(
    (key) => !used.has(key) && measured.has(key.slice(0, key.indexOf(' | '))),
  );
  return { text, stale, unexplained, coverage };
}

export function writeReport(timings = {}) {
  const { text, stale, coverage } = buildReport(timings);
  writeFileSync(REPORT, text);
  console.log(`wrote ${REPORT}`);
  for (const key of stale) console.log(`stale reason (no survivor matches it): ${key}`);
  for (const problem of coverage) console.log(problem);
}

/**
 * For CI: the committed report is what the committed results give, no reason is stale and no
 * survivor is left unexplained. Returns the problems found, one a line.
 */
export function checkReport(timings = {}) {
  const { text, stale, unexplained, coverage } = buildReport(timings);
  const problems = [...coverage];
  if (!existsSync(REPORT) || readFileSync(REPORT, 'utf8') !== text) {
    problems.push(
      `${REPORT} is not what the results give: run node scripts/mutation/run.mjs --report`,
    );
  }
  for (const key of stale)
    problems.push(`stale reason in ${EQUIVALENT} (no survivor matches it): ${key}`);
  if (unexplained.length > 0) {
    problems.push(
      `${unexplained.length} surviving mutant(s) not explained: kill them or record why in ${EQUIVALENT}`,
      ...unexplained.map((key) => `  not explained: ${key}`),
    );
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) writeReport();
