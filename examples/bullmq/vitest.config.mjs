// The BullMQ example's integration test, kept out of `pnpm test` (it needs redis-server and
// the built packages). Run: npx -y pnpm@12.4.2 test:bullmq
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['examples/bullmq/**/*.test.mjs'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
