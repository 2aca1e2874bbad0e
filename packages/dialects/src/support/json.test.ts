import { describe, expect, it } from 'vitest';
import { cloneJson } from './json.js';

describe('cloneJson', () => {
  it('copies arrays and plain objects all the way down, sharing nothing', () => {
    const value = {
      role: 'assistant',
      content: [{ type: 'tool_use', input: { a: [1, { b: null }] } }],
    };
    const copy = cloneJson(value);
    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
    expect(copy.content).not.toBe(value.content);
    expect(copy.content[0]).not.toBe(value.content[0]);
    expect(copy.content[0]?.input.a[1]).not.toBe(value.content[0]?.input.a[1]);
  });

  it('keeps a "__proto__" key from JSON as a plain key, never a prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<
      string,
      unknown
    >;
    const copy = cloneJson(parsed);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('copies a value nested deeper than 64 levels, and other kinds of object, by structuredClone', () => {
    let deep: unknown = { leaf: 'x' };
    for (let level = 0; level < 200; level++) deep = { next: deep };
    const copy = cloneJson(deep);
    expect(copy).toEqual(deep);
    let inner = copy as { next?: unknown };
    let original = deep as { next?: unknown };
    for (let level = 0; level < 150; level++) {
      inner = inner.next as { next?: unknown };
      original = original.next as { next?: unknown };
    }
    expect(inner).not.toBe(original);
    const date = new Date(0);
    const withDate = cloneJson({ at: date });
    expect(withDate.at).toEqual(date);
    expect(withDate.at).not.toBe(date);
  });
});
