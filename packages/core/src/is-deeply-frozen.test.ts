import { describe, expect, it } from 'vitest';
import { isDeeplyFrozen } from './tools.js';

describe('isDeeplyFrozen', () => {
  it('is true for deeply frozen plain data, and for values that are not objects', () => {
    const schema = Object.freeze({
      type: 'object',
      properties: Object.freeze({ tags: Object.freeze({ type: 'array' }) }),
      required: Object.freeze(['tags']),
    });
    expect(isDeeplyFrozen(schema)).toBe(true);
    // Asked again: remembered, still true.
    expect(isDeeplyFrozen(schema)).toBe(true);
    expect([isDeeplyFrozen('text'), isDeeplyFrozen(3), isDeeplyFrozen(null)]).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('is false when anything inside can still change or answer differently', () => {
    expect(isDeeplyFrozen({ type: 'object' })).toBe(false);
    expect(isDeeplyFrozen(Object.freeze({ properties: { a: {} } }))).toBe(false);
    expect(isDeeplyFrozen(Object.freeze([Object.freeze({}), {}]))).toBe(false);
    const getter = Object.freeze({
      get name() {
        return String(Math.random());
      },
    });
    expect(isDeeplyFrozen(getter)).toBe(false);
    expect(isDeeplyFrozen(Object.freeze(new Date(0)))).toBe(false);
  });
});
