// Test helper: read a golden file under fixtures/wire/. A missing golden fails; only
// `pnpm golden:record` writes goldens (see scripts/golden.ts). Not exported from the package.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goldenJson } from '../../../../scripts/golden.js';

export { asJson } from '../../../../scripts/golden.js';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/wire/', import.meta.url));

/** Reads a fixture under fixtures/wire/ as JSON. */
export function readFixture(relative: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES, relative), 'utf8'));
}

/**
 * The recorded golden for `relative` (under fixtures/wire/), to compare `value` with; in
 * record mode `value` is written there first.
 */
export function golden(relative: string, value: unknown): unknown {
  return goldenJson(join(FIXTURES, relative), value);
}
