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
