import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The site's snippets import the packages by their published names. A package being split out
// of engines is found under its own folder once it exists, until then inside engines.
const packagesDir = fileURLToPath(new URL('../packages/', import.meta.url));
const firstExisting = (...candidates: string[]) =>
  candidates.map((candidate) => `${packagesDir}${candidate}`).find((file) => existsSync(file)) ??
  `${packagesDir}${candidates[0]}`;

export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^@crosswire\/simulator$/,
        replacement: firstExisting('simulator/src/index.ts', 'engines/src/simulator/index.ts'),
      },
      {
        find: /^@crosswire\/dialects$/,
        replacement: firstExisting('dialects/src/index.ts', 'engines/src/index.ts'),
      },
      { find: /^@crosswire\/([a-z-]+)$/, replacement: `${packagesDir}$1/src/index.ts` },
      {
        find: /^@crosswire\/([a-z-]+)\/([a-z-]+)$/,
        replacement: `${packagesDir}$1/src/$2/index.ts`,
      },
    ],
  },
  test: { root: fileURLToPath(new URL('.', import.meta.url)), include: ['snippets/**/*.test.ts'] },
});
