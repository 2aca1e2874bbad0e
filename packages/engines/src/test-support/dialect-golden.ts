// Test helper: compare a value to its golden file under fixtures/wire/, or (re)write it when
// UPDATE_GOLDEN=1. Not exported from the package.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/wire/', import.meta.url));

/** Reads a fixture under fixtures/wire/ as JSON. */
export function readFixture(relative: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES, relative), 'utf8'));
}

/** The value as its golden JSON would hold it (undefined keys dropped). */
export function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null));
}

/**
 * The golden's content for `relative`; writes `value` there first when UPDATE_GOLDEN=1 or
 * the file does not exist yet (a new golden is reviewed in the diff, like any other change).
 */
export function golden(relative: string, value: unknown): unknown {
  const file = join(FIXTURES, relative);
  const json = asJson(value);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}
