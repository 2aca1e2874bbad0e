// Test helper: the golden files under a package's fixtures/wire/. A missing golden fails; only
// `pnpm golden:record` writes goldens (see scripts/golden.ts). Shared by the packages' tests,
// never part of a package.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goldenJson } from '../scripts/golden.js';

export { asJson } from '../scripts/golden.js';

export interface WireFixtures {
  /** The folder `packages/<name>/fixtures/wire/`. */
  readonly FIXTURES: string;
  /** Reads a fixture under the folder as JSON. */
  readFixture(relative: string): unknown;
  /** The recorded golden for `relative`, to compare `value` with; in record mode written first. */
  golden(relative: string, value: unknown): unknown;
}

export function wireFixtures(packageName: 'dialects' | 'engines'): WireFixtures {
  const FIXTURES = fileURLToPath(
    new URL(`../packages/${packageName}/fixtures/wire/`, import.meta.url),
  );
  return {
    FIXTURES,
    readFixture: (relative) => JSON.parse(readFileSync(join(FIXTURES, relative), 'utf8')),
    golden: (relative, value) => goldenJson(join(FIXTURES, relative), value),
  };
}

/** The dialects' goldens: requests, replies, parsed replies and tool turns per wire. */
export const dialectFixtures = wireFixtures('dialects');
