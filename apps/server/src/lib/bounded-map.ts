/**
 * Sets `key` in a map used as a small cache of at most `maxEntries`: the entry goes last (the
 * newest), and the oldest entry makes room when the map is full.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  if (map.size >= maxEntries) map.delete(map.keys().next().value!);
  map.set(key, value);
}
