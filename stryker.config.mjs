// StrykerJS, run by `pnpm test:mutation` (scripts/mutation/run.mjs), one module group of
// scripts/mutation/groups.mjs at a time: MUTATION_GROUP names it. Incremental: the result of
// each mutant is kept in reports/mutation/incremental/<group>.json (committed), so a rerun
// only tests mutants in code or tests that changed. See docs/design-notes/checks.md.
import { GROUPS } from './scripts/mutation/groups.mjs';
import { groupFiles } from './scripts/mutation/sources.mjs';

const name = process.env.MUTATION_GROUP ?? 'python-literal';
const group = GROUPS[name];
if (!group) throw new Error(`unknown MUTATION_GROUP ${JSON.stringify(name)}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // The machine is shared: one test process.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  // Mutate the work tree itself (restored after the run): a sandbox copy would lose the
  // per-package node_modules links of the pnpm workspace.
  inPlace: true,
  // Vitest does not type-check; without this, in-place mode would write `// @ts-nocheck`
  // into every source file of the repository for the run.
  disableTypeChecks: false,
  // The group's files: its patterns less the files an earlier group claims.
  mutate: groupFiles(name),
  incremental: true,
  incrementalFile: `reports/mutation/incremental/${name}.json`,
  // The incremental file is a full mutation-testing report: docs/mutation-report.md is made from it.
  reporters: ['clear-text', 'progress'],
  clearTextReporter: { allowColor: false, logTests: false },
  // Static mutants (code run once, at import) cost a full run of the group's tests each; they
  // are measured only where a module's behaviour lives in tables (`static: true`).
  ignoreStatic: group.static !== true,
  timeoutMS: group.timeoutMS ?? 20_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  plugins: ['@stryker-mutator/vitest-runner'],
};
