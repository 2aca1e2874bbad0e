import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WIRE_FORMATS } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { expectGolden } from '../../../scripts/golden.js';
import { BASE_OPTION_SETS, GOLDEN_CASES, type GoldenCase } from './test-support/golden-cases.js';
import { ToolResult } from './tool-result.js';

// The wire contract: what each case puts on each wire. A missing golden fails; record with
// `pnpm golden:record packages/tool-result`, then add a minor changeset.
const goldenDir = new URL('../fixtures/wire/', import.meta.url);

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
  it.each(GOLDEN_CASES.map((goldenCase) => [goldenCase.name, goldenCase] as const))(
    '%s',
    (name, goldenCase) => {
      expectGolden(fileURLToPath(new URL(`${name}.json`, goldenDir)), render(goldenCase));
    },
  );

  it('has no golden file without a case', () => {
    const names = new Set(GOLDEN_CASES.map((goldenCase) => `${goldenCase.name}.json`));
    const files = readdirSync(goldenDir).filter((file) => file.endsWith('.json'));
    expect(files.filter((file) => !names.has(file))).toEqual([]);
  });
});
