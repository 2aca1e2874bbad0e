import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const goldenDir = fileURLToPath(new URL('../../fixtures/wire/', import.meta.url));

/**
 * Compares `value` (as JSON) with `fixtures/wire/<name>.json`. `UPDATE_GOLDEN=1` rewrites
 * the file instead; a missing golden fails, so a new case is never silently accepted.
 */
export function expectGolden(name: string, value: unknown): void {
  const file = join(goldenDir, `${name}.json`);
  const actual: unknown = JSON.parse(JSON.stringify(value));
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
    return;
  }
  if (!existsSync(file)) {
    throw new Error(`golden ${name}.json is missing; run with UPDATE_GOLDEN=1 to record it`);
  }
  expect(actual).toEqual(JSON.parse(readFileSync(file, 'utf8')));
}
