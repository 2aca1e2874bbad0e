import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { WIRE_FORMATS } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { BASE_OPTION_SETS, GOLDEN_CASES, type GoldenCase } from './test-support/golden-cases.js';
import { ToolResult } from './tool-result.js';

// The wire contract: what each case puts on each wire. `UPDATE_GOLDEN=1` rewrites the files;
// then run `node scripts/wire-contract.mjs record` and add a changeset.
const goldenDir = new URL('../fixtures/wire/', import.meta.url);
const update = process.env.UPDATE_GOLDEN === '1';

function render(goldenCase: GoldenCase) {
  const result = new ToolResult(goldenCase.input, { onWarning: () => {} });
  const optionSets = [...BASE_OPTION_SETS, ...(goldenCase.extraOptions ?? [])];
  return {
    case: goldenCase.name,
    rule: goldenCase.rule,
    input: goldenCase.input,
    renders: optionSets.flatMap((options) =>
      WIRE_FORMATS.map((wire) => ({
        wire,
        options,
        output: result.to(wire, { ...options, onWarning: () => {} }),
      })),
    ),
  };
}

describe('golden wire fixtures', () => {
  if (update) mkdirSync(goldenDir, { recursive: true });

  it.each(GOLDEN_CASES.map((goldenCase) => [goldenCase.name, goldenCase] as const))(
    '%s',
    (name, goldenCase) => {
      const file = new URL(`${name}.json`, goldenDir);
      // A JSON round trip drops undefined keys exactly as the file does.
      const actual = JSON.parse(JSON.stringify(render(goldenCase)));
      if (update) writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
      expect(existsSync(file), `missing golden ${name}.json (run with UPDATE_GOLDEN=1)`).toBe(true);
      expect(actual).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    },
  );

  it('has no golden file without a case', () => {
    const names = new Set(GOLDEN_CASES.map((goldenCase) => `${goldenCase.name}.json`));
    const files = readdirSync(goldenDir).filter((file) => file.endsWith('.json'));
    expect(files.filter((file) => !names.has(file))).toEqual([]);
  });
});
