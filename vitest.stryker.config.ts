import { defineConfig } from 'vitest/config';
import { GROUPS } from './scripts/mutation/groups.mjs';
import base from './vitest.config.js';

// The vitest configuration Stryker runs: the root one (aliases, timeouts) with only the tests
// of the module group being mutated (MUTATION_GROUP, see stryker.config.mjs).
const group = GROUPS[(process.env.MUTATION_GROUP ?? 'python-literal') as keyof typeof GROUPS];
if (!group) throw new Error(`unknown MUTATION_GROUP ${process.env.MUTATION_GROUP}`);

export default defineConfig({
  ...base,
  // One worker that keeps its modules between runs: Stryker switches mutants by a global,
  // so a test file need not be imported again for each mutant.
  test: { ...base.test, include: [...group.tests], isolate: false, fileParallelism: false },
});
