/**
 * `value`, with every object in it frozen (own enumerable properties, all the way down), so
 * that `isDeeplyFrozen` answers true for plain data. Returns its argument. Iterative, so a
 * deeply nested value cannot overflow the stack; each object is visited once (a cycle ends).
 */
export function deepFreeze<T>(value: T): T {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    Object.freeze(node);
    for (const inner of Object.values(node)) {
      if (typeof inner === 'object' && inner !== null) stack.push(inner);
    }
  }
  return value;
}
