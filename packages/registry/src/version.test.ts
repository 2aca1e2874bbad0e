import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion, parseVersionRange, satisfiesRange } from './version.js';

function satisfies(version: string, range: string): boolean {
  const parsed = parseVersionRange(range);
  const parsedVersion = parseVersion(version);
  if (!parsed || !parsedVersion) throw new Error('bad test input');
  return satisfiesRange(parsedVersion, parsed);
}

describe('versions', () => {
  it('orders dotted versions as numbers, not strings', () => {
    expect(compareVersions([3, 10], [3, 9])).toBeGreaterThan(0);
    expect(compareVersions([3], [3, 0])).toBe(0);
    expect(compareVersions([2, 5], [3])).toBeLessThan(0);
    expect(satisfies('3.5', '>=3')).toBe(true);
    expect(satisfies('2.5', '>=3')).toBe(false);
    expect(satisfies('10', '>=3')).toBe(true);
    expect(satisfies('3', '>=2.5 <3')).toBe(false);
    expect(satisfies('2.5', '>=2.5 <3')).toBe(true);
    expect(satisfies('3.0', '=3')).toBe(true);
    expect(satisfies('4.6', '>4.5')).toBe(true);
    expect(satisfies('4.5', '<=4.5')).toBe(true);
  });

  it('parses the dashed spelling of Claude ids', () => {
    expect(parseVersion('4-5')).toEqual([4, 5]);
    expect(parseVersion('4.x')).toBeUndefined();
    expect(parseVersionRange('>= 3')).toBeUndefined();
    expect(parseVersionRange('>=3 <4')).toEqual([
      { comparator: '>=', version: [3] },
      { comparator: '<', version: [4] },
    ]);
  });

  it('is a total order consistent with the ranges (property)', () => {
    const version = fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(version, version, (left, right) => {
        const order = compareVersions(left, right);
        expect(Math.sign(compareVersions(right, left)) + Math.sign(order)).toBe(0);
        const text = right.join('.');
        expect(satisfiesRange(left, parseVersionRange(`>=${text}`) ?? [])).toBe(order >= 0);
        expect(satisfiesRange(left, parseVersionRange(`<${text}`) ?? [])).toBe(order < 0);
      }),
    );
  });
});

describe('versions at their edges', () => {
  it('a version is digits and separators only, from its first character to its last', () => {
    expect(parseVersion('gemini-2.5')).toBeUndefined();
    expect(parseVersion('2.5-pro')).toBeUndefined();
    expect(parseVersion('2.10')).toEqual([2, 10]);
  });

  it('a longer version is newer than its prefix: 2.5 > 2, 2 < 2.0.1', () => {
    expect(compareVersions([2, 5], [2])).toBeGreaterThan(0);
    expect(compareVersions([2], [2, 0, 1])).toBeLessThan(0);
  });

  it('a range is comparisons separated by any run of spaces, surrounding space ignored', () => {
    expect(parseVersionRange('  >=3   <4 ')).toEqual([
      { comparator: '>=', version: [3] },
      { comparator: '<', version: [4] },
    ]);
    expect(parseVersionRange('v>=3')).toBeUndefined();
    expect(parseVersionRange('>=3x')).toBeUndefined();
    expect(parseVersionRange('>=3 or <2')).toBeUndefined();
  });

  it('each comparator refuses what it should, at its bound and past it', () => {
    expect(satisfies('4.6', '<=4.5')).toBe(false);
    expect(satisfies('4.5', '>4.5')).toBe(false);
    expect(satisfies('4.4', '>4.5')).toBe(false);
    expect(satisfies('3.1', '=3')).toBe(false);
    expect(satisfies('2.9', '=3')).toBe(false);
    expect(satisfies('3', '<3')).toBe(false);
    expect(satisfies('2.9', '>=3')).toBe(false);
  });
});
