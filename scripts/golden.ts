// Golden files for tests: compare what the code produces with a file recorded earlier.
//
// A test run never writes a golden. A missing golden fails the test, and a golden is written
// only in record mode, which only `pnpm golden:record` (scripts/record-goldens.mjs) turns on by
// setting CROSSWIRE_GOLDEN_MODE=record. Any other value of that variable, and the old
// UPDATE_GOLDEN variable, is an error rather than a silent choice of mode.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

export const GOLDEN_MODE_VARIABLE = 'CROSSWIRE_GOLDEN_MODE';
export const RECORD_COMMAND = 'npx -y pnpm@12.4.2 golden:record';

export type GoldenMode = 'verify' | 'record';

/** The mode of this test run: `record` only when the recording command set it. */
export function goldenMode(env: NodeJS.ProcessEnv = process.env): GoldenMode {
  if (env.UPDATE_GOLDEN !== undefined) {
    throw new Error(
      `UPDATE_GOLDEN is no longer read: tests never write goldens. Record them with ` +
        `\`${RECORD_COMMAND} [paths]\`.`,
    );
  }
  const value = env[GOLDEN_MODE_VARIABLE];
  if (value === undefined || value === '') return 'verify';
  if (value === 'record') return 'record';
  throw new Error(
    `${GOLDEN_MODE_VARIABLE}=${JSON.stringify(value)} is not a golden mode; only ` +
      `\`${RECORD_COMMAND}\` sets it (to "record").`,
  );
}

/** The value as a JSON golden holds it: undefined keys dropped, a top-level undefined as null. */
export function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null));
}

/**
 * The recorded text of the golden `file`. In record mode, `rendered` is written there first;
 * otherwise a missing golden throws, naming the command that records it.
 */
export function goldenText(file: string, rendered: string): string {
  if (goldenMode() === 'record') {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, rendered);
  } else if (!existsSync(file)) {
    throw new Error(
      `golden ${file} is missing: tests never write goldens. Record it with ` +
        `\`${RECORD_COMMAND}\`, review the diff and commit it.`,
    );
  }
  return readFileSync(file, 'utf8');
}

/** The recorded JSON value of the golden `file` (recording `value` there in record mode). */
export function goldenJson(file: string, value: unknown): unknown {
  return JSON.parse(goldenText(file, `${JSON.stringify(asJson(value), null, 2)}\n`));
}

/** Asserts that `value`, as JSON, equals the golden `file`. */
export function expectGolden(file: string, value: unknown): void {
  expect(asJson(value)).toEqual(goldenJson(file, value));
}

/** Asserts that `text` equals the golden `file` byte for byte. */
export function expectGoldenText(file: string, text: string): void {
  expect(text).toBe(goldenText(file, text));
}
