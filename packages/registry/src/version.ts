import type { Condition } from './schema.js';
import type { ModelEntry } from './types.js';
/**
 * Numeric dotted versions and ranges over them. `3.10` is greater than `3.9` and `3` equals
 * `3.0`: versions are compared segment by segment as numbers, never as strings, so no
 * `startsWith('gemini-3-')` check can miss `gemini-3.5` (the gemini-cli bug, PR #29611).
 */

export type Version = readonly number[];

export type Comparator = '>=' | '<=' | '>' | '<' | '=';

export interface VersionComparison {
  readonly comparator: Comparator;
  readonly version: Version;
}

/** Parses `2.5` into [2, 5]; also accepts `4-5` (the dashed spelling in Claude ids). */
export function parseVersion(text: string): Version | undefined {
  if (!/^\d+([.-]\d+)*$/.test(text)) return undefined;
  return text.split(/[.-]/).map((segment) => Number(segment));
}

/** Negative, zero or positive as `left` is older than, the same as, or newer than `right`. */
export function compareVersions(left: Version, right: Version): number {
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Parses `>=2.5 <3` into its comparisons; undefined when the text is not a range. */
export function parseVersionRange(text: string): readonly VersionComparison[] | undefined {
  const parts = text.trim().split(/\s+/);
  const comparisons: VersionComparison[] = [];
  for (const part of parts) {
    const match = /^(>=|<=|>|<|=)(\d+(?:\.\d+)*)$/.exec(part);
    if (!match) return undefined;
    const version = parseVersion(match[2] as string);
    if (!version) return undefined;
    comparisons.push({ comparator: match[1] as Comparator, version });
  }
  return comparisons;
}

/** True when `version` satisfies every comparison of `range`. */
export function satisfiesRange(version: Version, range: readonly VersionComparison[]): boolean {
  return range.every(({ comparator, version: bound }) => {
    const order = compareVersions(version, bound);
    switch (comparator) {
      case '>=':
        return order >= 0;
      case '<=':
        return order <= 0;
      case '>':
        return order > 0;
      case '<':
        return order < 0;
      case '=':
        return order === 0;
      default: {
        const unreachable: never = comparator;
        return unreachable;
      }
    }
  });
}

/** Formats [3, 5] as `3.5`. */
export function formatVersion(version: Version): string {
  return version.join('.');
}

/** The fields of a model a condition reads. */
export type ConditionSubject = Pick<ModelEntry, 'family' | 'variant' | 'version' | 'key'>;

/** True when every field `when` gives holds for `model` (always true without a `when`). */
export function conditionHolds(when: Condition | undefined, model: ConditionSubject): boolean {
  if (!when) return true;
  if (when.family !== undefined && when.family !== model.family) return false;
  if (when.variant !== undefined && when.variant !== model.variant) return false;
  if (when.model !== undefined && when.model !== model.key) return false;
  if (when.version !== undefined) {
    const version = model.version === undefined ? undefined : parseVersion(model.version);
    const range = parseVersionRange(when.version);
    if (!version || !range || !satisfiesRange(version, range)) return false;
  }
  return true;
}
