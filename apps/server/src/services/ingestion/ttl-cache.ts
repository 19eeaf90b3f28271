/**
 * Document types change rarely and every upload names one: each process keeps what it read for a
 * few seconds, so a burst of uploads reads a type once while a change still reaches every
 * instance within seconds. Misses are not kept: a new type answers at once.
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return entry.value;
      const value = await load();
      if (value === undefined) {
        entries.delete(key);
        return undefined;
      }
      // A full cache starts over rather than tracking use: types per process are few.
      if (entries.size >= options.maxEntries) entries.clear();
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
      return value;
    },
  };
}
