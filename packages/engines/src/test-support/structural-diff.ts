// Test helper: the structural difference of two JSON bodies, as a list of paths. Key order is
// not a difference (objects compare as maps). Arrays are aligned, not compared index by index:
// equal elements are matched first (longest common subsequence), and between two matches an
// element pairs with the next one of the same kind (see `kindOf`), so one extra element (a
// system message in `input`) reports once instead of shifting every later index into a
// difference. Not exported from the package.

/** Where a difference is: only in the AI SDK's body, only in Crosswire's, or in both, unequal. */
export type DifferenceKind = 'only-ai-sdk' | 'only-crosswire' | 'changed';

export interface Difference {
  /** `messages[3].content[0].text`; an array index is the AI SDK's, or Crosswire's where only it has the element. */
  readonly path: string;
  readonly kind: DifferenceKind;
  readonly aiSdk?: unknown;
  readonly crosswire?: unknown;
}

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function jsonEqual(left: Json, right: Json): boolean {
  if (Array.isArray(left) && Array.isArray(right)) {
    return (
      left.length === right.length && left.every((value, index) => jsonEqual(value, right[index]))
    );
  }
  if (isObject(left) && isObject(right)) {
    const keys = Object.keys(left);
    return (
      keys.length === Object.keys(right).length &&
      keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]))
    );
  }
  return left === right;
}

/**
 * What pairs two unequal elements of an aligned array: their `role`/`type`; else the keys that
 * hold objects (a Gemini part is its `functionCall`, whatever sits beside it); else all keys.
 */
function kindOf(value: Json): string {
  if (!isObject(value)) return Array.isArray(value) ? 'array' : typeof value;
  if (typeof value.role === 'string' || typeof value.type === 'string') {
    return `role=${String(value.role)} type=${String(value.type)}`;
  }
  const keys = Object.keys(value).sort();
  const nested = keys.filter((key) => typeof value[key] === 'object' && value[key] !== null);
  return (nested.length > 0 ? nested : keys).join(',');
}

/** Index pairs of the two arrays (`undefined` on the side that lacks the element), in order. */
type Pair = [number, number] | [number, undefined] | [undefined, number];

function align(left: readonly Json[], right: readonly Json[]): Pair[] {
  // Longest common subsequence of equal elements (bodies are small: n*m is cheap).
  const width = right.length + 1;
  const lengths = new Array<number>((left.length + 1) * width).fill(0);
  const common = (i: number, j: number) => lengths[i * width + j] ?? 0;
  for (let i = left.length - 1; i >= 0; i--) {
    for (let j = right.length - 1; j >= 0; j--) {
      lengths[i * width + j] = jsonEqual(left[i], right[j])
        ? common(i + 1, j + 1) + 1
        : Math.max(common(i + 1, j), common(i, j + 1));
    }
  }
  const anchors: [number, number][] = [];
  for (let i = 0, j = 0; i < left.length && j < right.length; ) {
    if (jsonEqual(left[i], right[j])) anchors.push([i++, j++]);
    else if (common(i + 1, j) >= common(i, j + 1)) i++;
    else j++;
  }
  anchors.push([left.length, right.length]);

  const pairs: Pair[] = [];
  let i = 0;
  let j = 0;
  for (const [anchorLeft, anchorRight] of anchors) {
    // The gap before this anchor: pair each left element with the next right one of its kind.
    let next = j;
    for (; i < anchorLeft; i++) {
      let match = next;
      while (match < anchorRight && kindOf(right[match]) !== kindOf(left[i])) match++;
      if (match === anchorRight) {
        pairs.push([i, undefined]);
        continue;
      }
      for (; next < match; next++) pairs.push([undefined, next]);
      pairs.push([i, match]);
      next = match + 1;
    }
    for (; next < anchorRight; next++) pairs.push([undefined, next]);
    if (anchorLeft < left.length) pairs.push([anchorLeft, anchorRight]);
    i = anchorLeft + 1;
    j = anchorRight + 1;
  }
  return pairs;
}

/** Every path where the AI SDK's body (`aiSdk`) and Crosswire's (`crosswire`) differ. */
export function structuralDiff(aiSdk: Json, crosswire: Json, path = ''): Difference[] {
  if (Array.isArray(aiSdk) && Array.isArray(crosswire)) {
    return align(aiSdk, crosswire).flatMap(([left, right]): Difference[] => {
      if (left === undefined) {
        return [{ path: `${path}[${right}]`, kind: 'only-crosswire', crosswire: crosswire[right] }];
      }
      if (right === undefined) {
        return [{ path: `${path}[${left}]`, kind: 'only-ai-sdk', aiSdk: aiSdk[left] }];
      }
      return structuralDiff(aiSdk[left], crosswire[right], `${path}[${left}]`);
    });
  }
  if (isObject(aiSdk) && isObject(crosswire)) {
    const keys = [...new Set([...Object.keys(aiSdk), ...Object.keys(crosswire)])].sort();
    return keys.flatMap((key): Difference[] => {
      const child = path === '' ? key : `${path}.${key}`;
      if (!Object.hasOwn(crosswire, key)) {
        return [{ path: child, kind: 'only-ai-sdk', aiSdk: aiSdk[key] }];
      }
      if (!Object.hasOwn(aiSdk, key)) {
        return [{ path: child, kind: 'only-crosswire', crosswire: crosswire[key] }];
      }
      return structuralDiff(aiSdk[key], crosswire[key], child);
    });
  }
  return jsonEqual(aiSdk, crosswire) ? [] : [{ path, kind: 'changed', aiSdk, crosswire }];
}

/**
 * A path pattern as a RegExp: `[*]` is any index, `*` any one key, `**` any run of keys and
 * indices; everything else is literal. `messages[*].content[*].type`.
 */
export function pathPattern(pattern: string): RegExp {
  const source = pattern
    .split(/(\[\*\]|\*\*|\*)/)
    .map((piece) => {
      if (piece === '[*]') return '\\[\\d+\\]';
      if (piece === '**') return '.*';
      if (piece === '*') return '[^.[\\]]+';
      return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}
