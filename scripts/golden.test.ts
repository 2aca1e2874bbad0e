import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectGolden, expectGoldenText, goldenJson, goldenMode } from './golden.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'golden-'));
  vi.stubEnv('UPDATE_GOLDEN', undefined);
  vi.stubEnv('CROSSWIRE_GOLDEN_MODE', undefined);
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe('goldenMode', () => {
  it('verifies unless the recording command set record mode', () => {
    expect(goldenMode({})).toBe('verify');
    expect(goldenMode({ CROSSWIRE_GOLDEN_MODE: '' })).toBe('verify');
    expect(goldenMode({ CROSSWIRE_GOLDEN_MODE: 'record' })).toBe('record');
  });

  it('refuses any other value instead of guessing, and the old UPDATE_GOLDEN variable', () => {
    expect(() => goldenMode({ CROSSWIRE_GOLDEN_MODE: '1' })).toThrow(
      'CROSSWIRE_GOLDEN_MODE="1" is not a golden mode',
    );
    expect(() => goldenMode({ UPDATE_GOLDEN: '0' })).toThrow('UPDATE_GOLDEN is no longer read');
  });
});

describe('golden files in an ordinary test run', () => {
  it('fails on a missing golden and writes nothing', () => {
    const file = path.join(dir, 'case.json');
    expect(() => expectGolden(file, { a: 1 })).toThrow(
      `golden ${file} is missing: tests never write goldens`,
    );
    expect(() => expectGoldenText(path.join(dir, 'bodies.ts'), 'x')).toThrow('is missing');
    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.join(dir, 'bodies.ts'))).toBe(false);
  });

  it('compares with the recorded value and leaves the file as it was', () => {
    const file = path.join(dir, 'case.json');
    writeFileSync(file, '{ "a": 1 }');
    expectGolden(file, { a: 1, dropped: undefined });
    expect(() => expectGolden(file, { a: 2 })).toThrow();
    expect(readFileSync(file, 'utf8')).toBe('{ "a": 1 }');
  });

  it('fails when UPDATE_GOLDEN is set, even to 0, instead of rewriting', () => {
    const file = path.join(dir, 'case.json');
    writeFileSync(file, '{ "a": 1 }');
    vi.stubEnv('UPDATE_GOLDEN', '0');
    expect(() => expectGolden(file, { a: 2 })).toThrow('UPDATE_GOLDEN is no longer read');
    expect(readFileSync(file, 'utf8')).toBe('{ "a": 1 }');
  });
});

describe('record mode', () => {
  it('writes the value as formatted JSON, creating folders, and returns it', () => {
    vi.stubEnv('CROSSWIRE_GOLDEN_MODE', 'record');
    const file = path.join(dir, 'nested', 'case.json');
    expect(goldenJson(file, { a: 1, dropped: undefined })).toEqual({ a: 1 });
    expect(readFileSync(file, 'utf8')).toBe('{\n  "a": 1\n}\n');
    expectGoldenText(path.join(dir, 'bodies.ts'), 'export const x = 1;\n');
    expect(readFileSync(path.join(dir, 'bodies.ts'), 'utf8')).toBe('export const x = 1;\n');
  });
});
