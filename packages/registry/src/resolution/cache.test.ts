import { describe, expect, it } from 'vitest';
import { createRegistry } from '../create.js';
import { defaultRegistry } from '../default-registry.js';
import { createResolutionCache } from './cache.js';

describe('the resolution cache', () => {
  it('evicts the least recently used entry, not everything', () => {
    const cache = createResolutionCache<number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the youngest
    cache.set('d', 4); // drops b, the oldest
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d'), cache.size]).toEqual([
      1,
      undefined,
      3,
      4,
      3,
    ]);
  });

  // Which entries are left, as `get` sees them (a get can move an entry, so only at the end).
  const kept = (cache: { get(key: string): number | undefined }, keys: string) =>
    [...keys].filter((key) => cache.get(key) !== undefined).join('');

  it('a hit on an entry among the younger half leaves it where it is (hits stay cheap)', () => {
    const cache = createResolutionCache<number>(4);
    for (const key of 'abcd') cache.set(key, 1);
    expect(cache.get('c')).toBe(1); // one insert since c: c stays third oldest
    for (const key of 'efg') cache.set(key, 1); // drops a, b, then c
    expect(kept(cache, 'abcdefg')).toBe('defg');
  });

  it('a hit once half the capacity has been inserted since makes the entry the youngest', () => {
    const cache = createResolutionCache<number>(4);
    for (const key of 'abcd') cache.set(key, 1);
    expect(cache.get('b')).toBe(1); // two inserts since b (half of 4): b moves last
    for (const key of 'ef') cache.set(key, 1); // drops a, then c
    expect(kept(cache, 'abcdef')).toBe('bdef');
  });

  it('hits on every entry in turn keep the order of the hits', () => {
    const cache = createResolutionCache<number>(4);
    for (const key of 'abcd') cache.set(key, 1);
    for (const key of 'abcd') expect(cache.get(key)).toBe(1);
    for (const key of 'efg') cache.set(key, 1); // drops a, b, c: hit first, gone first
    expect(kept(cache, 'abcdefg')).toBe('defg');
  });

  it('setting a key it holds replaces the value and drops nothing', () => {
    const cache = createResolutionCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('b', 3);
    expect([cache.get('a'), cache.get('b'), cache.size]).toEqual([1, 3, 2]);
  });

  it('a size of 0 keeps nothing', () => {
    const cache = createResolutionCache<number>(0);
    cache.set('a', 1);
    expect([cache.get('a'), cache.size]).toEqual([undefined, 0]);
  });

  it('a working set just over the size still hits (the same object comes back)', () => {
    const registry = createRegistry({ extends: defaultRegistry, entries: [], cacheSize: 100 });
    const names = Array.from({ length: 101 }, (_, index) => `unknown-model-${index}`);
    const first = names.map((model) => registry.resolve('ollama', model));
    // one more than fits: cycling through all of them in order evicts the one needed next, as
    // any LRU does; a working set that leaves out the oldest entry hits every time
    const hot = names.slice(1);
    const again = hot.map((model) => registry.resolve('ollama', model));
    const hits = again.filter((resolution, index) => resolution === first[index + 1]).length;
    expect([hot.length, hits]).toEqual([100, 100]);
  });

  it('by default keeps 2,048 resolutions: the 2,048th from last is still cached', () => {
    const registry = createRegistry({ extends: defaultRegistry, entries: [] });
    const names = Array.from({ length: 2049 }, (_, index) => `local-model-${index}`);
    const first = names.map((model) => registry.resolve('ollama', model));
    expect([
      registry.resolve('ollama', 'local-model-1') === first[1],
      registry.resolve('ollama', 'local-model-0') === first[0],
    ]).toEqual([true, false]);
  });
});
