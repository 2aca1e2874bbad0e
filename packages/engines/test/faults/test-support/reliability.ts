// `pnpm reliability` (root): runs every fault and load case once, in this process, and writes
// RELIABILITY.md at the repository root: what is promised for each case, what happened, the
// time it took and the peak memory above the start. `--check` prints the table and exits 1
// when a case missed its promise, without writing the file. The fault suite
// (faults.test.ts) asserts the same cases in CI; only this command writes the file.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ALL_CASES, closeCases, prepareCases } from './cases.js';
import { type FaultCase, type Measured, measure } from './harness.js';
import { HOSTILE_SECTION } from './hostile-section.js';

const target = fileURLToPath(new URL('../../../../../RELIABILITY.md', import.meta.url));
const checkOnly = process.argv.includes('--check');

/** The ways `measured` broke the promise of `fault` (empty when it kept it). */
export function misses(fault: FaultCase, measured: Measured): string[] {
  const found: string[] = [];
  if (measured.outcome.code !== fault.expectedCode) {
    found.push(`ended ${measured.outcome.code}, promised ${fault.expectedCode}`);
  }
  if (
    fault.expectedAttempts !== undefined &&
    measured.outcome.attempts !== fault.expectedAttempts
  ) {
    found.push(`${measured.outcome.attempts} attempts, promised ${fault.expectedAttempts}`);
  }
  if (
    fault.expectedDetail !== undefined &&
    JSON.stringify(measured.outcome.detail) !== JSON.stringify(fault.expectedDetail)
  ) {
    found.push(`calls ended ${JSON.stringify(measured.outcome.detail)}`);
  }
  if (measured.ms >= fault.maxMs) found.push(`took ${Math.round(measured.ms)} ms`);
  if (measured.peakMemoryMb >= fault.maxMemoryMb) {
    found.push(`peak ${measured.peakMemoryMb.toFixed(0)} MB`);
  }
  if (measured.leaks.length > 0) found.push(`left open: ${measured.leaks.join(', ')}`);
  if (measured.unhandledRejections.length > 0) {
    found.push(`${measured.unhandledRejections.length} unhandled rejection(s)`);
  }
  return found;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

async function main(): Promise<void> {
  await prepareCases();
  const rows: string[] = [];
  let failed = 0;
  try {
    for (const fault of ALL_CASES) {
      const measured = await measure(fault);
      const missed = misses(fault, measured);
      if (missed.length > 0) failed++;
      const line = `| ${fault.group} | ${cell(fault.name)} | ${cell(fault.promise)} | ${cell(measured.outcome.summary)} | ${missed.length === 0 ? 'kept' : `**missed**: ${cell(missed.join('; '))}`} | ${Math.round(measured.ms)} ms (< ${fault.maxMs}) | ${measured.peakMemoryMb.toFixed(1)} MB (< ${fault.maxMemoryMb}) |`;
      rows.push(line);
      console.log(line);
    }
  } finally {
    await closeCases();
  }
  const report = `# Reliability

What Crosswire promises when a provider or an MCP server misbehaves, and what happened when
each case last ran. Every case also promises no unhandled rejection and no socket, server,
child process or timer left open afterwards; "kept" means all of it held. The same cases
run in CI as the fault suite (\`packages/engines/src/faults/faults.test.ts\`), which asserts
each promise within generous bounds (shown in brackets); this file is written by
\`pnpm reliability\` and is not checked by CI. Times and memory vary between machines and
runs: memory is the peak of V8 heap plus external memory above the start of the case.

Provider cases run \`engine.chat\` with \`retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs:
200 }\` and a 2 s per-attempt deadline (300 ms for the trickle); MCP cases run
\`engine.runToolLoop\` against the simulator with \`toolTimeoutMs\` and \`listToolsTimeoutMs\`
of 300 ms, servers built with the official MCP SDK (in memory, or a child process over stdio).

| group | case | promise | outcome | promise kept | time | peak memory |
|---|---|---|---|---|---|---|
${rows.join('\n')}

${HOSTILE_SECTION}
Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()} ${os.arch()}.
`;
  if (!checkOnly) {
    writeFileSync(target, report);
    console.log(`\nwrote ${target}`);
  }
  if (failed > 0) {
    console.error(`${failed} case(s) missed their promise`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
