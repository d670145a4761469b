import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { canReadOwnedBy, type Caller } from '../access/access';
import { preparedQuery, type Db } from '../db/client';

/**
 * A table of per-owner versions kept by triggers: each moves whenever anything that owner's
 * list (of projects, of keyword lists) shows changes.
 */
export interface OwnerVersionsTable {
  table: PgTable;
  ownerId: PgColumn;
  version: PgColumn;
}

/**
 * What the caller's list is made of, as a short tag: the versions of the caller and of every
 * owner whose team the caller is on. Any change to the list changes it.
 */
export async function ownerVersionsFingerprint(db: Db, versions: OwnerVersionsTable, caller: Caller): Promise<string> {
  const { rows } = await preparedQuery<{ tag: string }>(
    db,
    sql`select md5(coalesce(string_agg(${versions.ownerId} || ':' || ${versions.version},
          ',' order by ${versions.ownerId}), '') || '|' || ${caller.id}) as tag
        from ${versions.table}
        where ${canReadOwnedBy(db, versions.ownerId, caller)}`,
  );
  return rows[0]!.tag;
}

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
