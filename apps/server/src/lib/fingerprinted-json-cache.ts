/**
 * Serialized answers per caller, each valid while its fingerprint holds: a caller whose list has
 * not changed gets the JSON made last time. `fresh` builds it anew whatever the fingerprint says.
 * The JSON is kept encoded (UTF-8 bytes): a list of 1,000 rows is some 300 kB, which a string
 * would have measured and encoded again on every send.
 */
export function createFingerprintedJsonCache(maxEntries = 500) {
  const entries = new Map<string, { tag: string; json: Buffer }>();
  return async function cachedJson(
    key: string,
    fingerprint: () => Promise<string>,
    build: () => Promise<string>,
    fresh = false,
  ): Promise<{ tag: string; json: Buffer }> {
    const tag = await fingerprint();
    const cached = entries.get(key);
    if (!fresh && cached?.tag === tag) return cached;
    const json = Buffer.from(await build());
    // Stored under the fingerprint read after building, so a change in between is never cached as current.
    if ((await fingerprint()) === tag) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { tag, json });
    }
    return { tag, json };
  };
}
