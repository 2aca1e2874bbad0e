import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import sibling packages by name; this maps each name to its source so a test run
// needs no build. The build itself (tsconfig.build.json) resolves the built `dist/`.
const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@crosswire\/([a-z-]+)$/, replacement: `${packagesDir}$1/src/index.ts` },
      // Subpath exports (`@crosswire/engines/durable`) map to `src/<subpath>/index.ts`.
      {
        find: /^@crosswire\/([a-z-]+)\/([a-z-]+)$/,
        replacement: `${packagesDir}$1/src/$2/index.ts`,
      },
    ],
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'test-support/**/*.test.ts',
      'scripts/**/*.test.ts',
      'examples/**/*.test.ts',
    ],
    testTimeout: 20_000,
    // Names the test behind a warning printed without onWarning (CI refuses printed warnings).
    setupFiles: ['test-support/warning-origin.ts'],
  },
});
