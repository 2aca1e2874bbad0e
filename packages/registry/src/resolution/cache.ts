/**
 * A bounded map with least-recently-used eviction: an insert into a full cache drops only the
 * entry used longest ago. (Clearing everything when full, as before, left a working set just
 * over the size with almost no hits.) A Map keeps insertion order, so re-inserting a key on a
 * hit makes it the youngest. To keep hits cheap, an entry is re-inserted only once half the
 * capacity has been used since it was last inserted: one hit before that is still among the
 * younger half, with about half the capacity's inserts to go before it could be evicted.
 */
export interface ResolutionCache<Value> {
  get(key: string): Value | undefined;
  set(key: string, value: Value): void;
  readonly size: number;
}

interface Slot<Value> {
  readonly value: Value;
  /** The value of the use counter when the slot was last (re)inserted. */
  stamp: number;
}

export function createResolutionCache<Value>(capacity: number): ResolutionCache<Value> {
  const entries = new Map<string, Slot<Value>>();
  const half = Math.max(1, Math.floor(capacity / 2));
  let uses = 0;
  return {
    get(key) {
      const slot = entries.get(key);
      if (slot === undefined) return undefined;
      if (uses - slot.stamp >= half) {
        uses += 1;
        slot.stamp = uses;
        entries.delete(key);
        entries.set(key, slot);
      }
      return slot.value;
    },
    set(key, value) {
      if (capacity <= 0) return;
      if (entries.has(key)) entries.delete(key);
      else if (entries.size >= capacity) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      uses += 1;
      entries.set(key, { value, stamp: uses });
    },
    get size() {
      return entries.size;
    },
  };
}
