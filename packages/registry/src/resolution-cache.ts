/**
 * A bounded map with least-recently-used eviction: a hit moves the entry to the young end, an
 * insert into a full cache drops the oldest entry only. (Clearing everything when full, as
 * before, left a working set just over the size with almost no hits.) A Map keeps insertion
 * order, so deleting and re-inserting a key is the whole bookkeeping.
 */
export interface ResolutionCache<Value> {
  get(key: string): Value | undefined;
  set(key: string, value: Value): void;
  readonly size: number;
}

export function createResolutionCache<Value>(capacity: number): ResolutionCache<Value> {
  const entries = new Map<string, Value>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      if (capacity <= 0) return;
      if (entries.has(key)) entries.delete(key);
      else if (entries.size >= capacity) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, value);
    },
    get size() {
      return entries.size;
    },
  };
}
