import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { canReadOwnedBy, type Caller } from './access';
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
