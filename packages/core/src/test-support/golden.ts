import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectGolden as expectGoldenFile } from '../../../../scripts/golden.js';

const goldenDir = fileURLToPath(new URL('../../fixtures/wire/', import.meta.url));

/**
 * Compares `value` (as JSON) with `fixtures/wire/<name>.json`. A missing golden fails; only
 * `pnpm golden:record` writes goldens (see scripts/golden.ts).
 */
export function expectGolden(name: string, value: unknown): void {
  expectGoldenFile(join(goldenDir, `${name}.json`), value);
}
