import { setBounded } from './bounded-map';

/**
 * Values worked out from the database, per key, each kept for the versions of the data it was
 * worked out on (and `ttlMs` at most); a promise, so callers at the same moment share one query.
 */
export function createVersionedCache<T>(maxEntries: number, ttlMs: number) {
  const entries = new Map<string, { versions: string; at: number; value: Promise<T> }>();
  function put(key: string, versions: string, value: Promise<T>): void {
    setBounded(entries, key, { versions, at: Date.now(), value }, maxEntries);
    // A failed query is not kept: the next call tries again.
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
  }
  return {
    put,
    get(key: string, versions: string, compute: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      if (found?.versions === versions && Date.now() - found.at < ttlMs) return found.value;
      const value = compute();
      put(key, versions, value);
      return value;
    },
  };
}
