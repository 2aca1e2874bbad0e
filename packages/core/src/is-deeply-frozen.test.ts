import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';
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

describe('deepFreeze', () => {
  it('freezes every object inside, so isDeeplyFrozen answers true, and returns its argument', () => {
    const inner = { text: 'hello' };
    const source = { data: 'QQ==' };
    const message = { role: 'user', content: [inner, { type: 'image', source }] };
    expect(deepFreeze(message)).toBe(message);
    expect(Object.isFrozen(message)).toBe(true);
    expect(Object.isFrozen(message.content)).toBe(true);
    expect(Object.isFrozen(inner)).toBe(true);
    expect(Object.isFrozen(source)).toBe(true);
    expect(isDeeplyFrozen(message)).toBe(true);
  });

  it('walks into an object that is already frozen but holds one that is not', () => {
    const loose = { a: 1 };
    const shell = Object.freeze({ loose });
    deepFreeze({ shell });
    expect(Object.isFrozen(loose)).toBe(true);
  });

  it('ends on a cycle, and leaves values that are not objects as they are', () => {
    const node: { self?: unknown; n: number } = { n: 1 };
    node.self = node;
    expect(deepFreeze(node)).toBe(node);
    expect(Object.isFrozen(node)).toBe(true);
    expect([deepFreeze('text'), deepFreeze(3), deepFreeze(null)]).toEqual(['text', 3, null]);
  });

  it('never overflows the stack on a value nested 100 000 levels deep', () => {
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(() => deepFreeze(deep)).not.toThrow();
    expect(Object.isFrozen(deep)).toBe(true);
  });
});
