import { describe, expect, it } from 'vitest';
import { GROUPS } from './groups.mjs';
import { assignSources, exceptionProblem, globToRegExp, sourceFiles } from './sources.mjs';

describe('globToRegExp', () => {
  it('`*` stays in one segment, `**/` spans any number, `{a,b}` is either', () => {
    const one = globToRegExp('packages/core/src/wires/*.ts');
    expect(one.test('packages/core/src/wires/openai.ts')).toBe(true);
    expect(one.test('packages/core/src/wires/deep/openai.ts')).toBe(false);
    const any = globToRegExp('packages/engines/src/**/*.ts');
    expect(any.test('packages/engines/src/abortable.ts')).toBe(true);
    expect(any.test('packages/engines/src/cloud/aws.ts')).toBe(true);
    expect(any.test('packages/engines/test/x.ts')).toBe(false);
    const either = globToRegExp('packages/{core,otel}/src/index.ts');
    expect(either.test('packages/otel/src/index.ts')).toBe(true);
    expect(either.test('packages/cli/src/index.ts')).toBe(false);
  });
});

describe('every source file has a group or an exception', () => {
  it('the source files are the packages’ own, without tests or test helpers', () => {
    const files = sourceFiles();
    expect(files).toContain('packages/content-image/src/address-policy.ts');
    expect(files.filter((file) => /\.test(-d)?\.ts$|\/test-support\//.test(file))).toEqual([]);
  });

  it('today, no file is left out', () => {
    expect(assignSources().unclaimed).toEqual([]);
  });

  it('a file in a new package is left out; a new folder of a package joins the package’s group', () => {
    const { byGroup, unclaimed } = assignSources([
      'packages/newpkg/src/thing.ts',
      'packages/engines/src/cloud/aws.ts',
      'packages/dialects/src/wires/bedrock.ts',
      'packages/engines/src/cost/cost.ts',
    ]);
    expect(unclaimed).toEqual(['packages/newpkg/src/thing.ts']);
    expect(byGroup.engines).toEqual(['packages/engines/src/cloud/aws.ts']);
    expect(byGroup['dialects-wires']).toEqual(['packages/dialects/src/wires/bedrock.ts']);
    // A narrow group before the folder groups keeps its files.
    expect(byGroup.cost).toEqual(['packages/engines/src/cost/cost.ts']);
  });

  it('a file is in one group only', () => {
    const { byGroup } = assignSources();
    const all = Object.values(byGroup).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(byGroup)).toEqual(Object.keys(GROUPS));
  });
});

describe('an exception’s claim is checked', () => {
  it('types compile to nothing; constants to arrays of literals; re-exports only re-export; generated data says so', () => {
    expect(exceptionProblem('packages/dialects/src/dialect-types.ts', 'types')).toBeUndefined();
    expect(exceptionProblem('packages/dialects/src/dialect.ts', 'types')).toBe(
      'has code, not only types',
    );
    expect(
      exceptionProblem('packages/registry/src/catalogue/listing/types.ts', 'constants'),
    ).toBeUndefined();
    expect(exceptionProblem('packages/registry/src/catalogue/listing/limits.ts', 'constants')).toBe(
      'has code, not only arrays of literals',
    );
    expect(exceptionProblem('packages/core/src/index.ts', 're-exports')).toBeUndefined();
    expect(exceptionProblem('packages/core/src/tools.ts', 're-exports')).toBe(
      'has code, not only re-exports',
    );
    expect(
      exceptionProblem('packages/registry/src/generated/data.ts', 'generated'),
    ).toBeUndefined();
    expect(exceptionProblem('packages/registry/src/derive.ts', 'generated')).toBe(
      'does not start with a "// Generated from" line',
    );
  });
});
