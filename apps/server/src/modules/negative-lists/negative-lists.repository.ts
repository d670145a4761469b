import { and, eq, sql } from 'drizzle-orm';
import { negativeItemKey, type NegativeMatchType } from '@keywright/contract';
import { canReadProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { negativeListItems, negativeLists, projects } from '../../db/schema';
import type { NegativeItemRow, NegativeListRow } from './negative-lists.serializer';

/** A list's columns with its term count. */
const listColumns = {
  id: negativeLists.id,
  projectId: negativeLists.projectId,
  name: negativeLists.name,
  createdAt: negativeLists.createdAt,
  updatedAt: negativeLists.updatedAt,
  // Written out in full: drizzle names a column without its table inside a subquery.
  count: sql<number>`(select count(*) from negative_list_items i where i.list_id = "negative_lists"."id")::int`,
};

/** PostgreSQL's unique_violation, as pg reports it (drizzle may wrap it as the cause). */
function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

export interface NewNegativeItem {
  text: string;
  normalized: string;
  matchType: NegativeMatchType;
  /** Null: a negative of the whole campaign. */
  adGroup: string | null;
}

/** Negative lists and their terms: the SQL. Access to a list is its project's, checked in the same statement. */
export function createNegativeListRepository(db: Db) {
  return {
    /** The list with its term count, when the caller may read its project; null as for a missing id. */
    async findReadable(caller: Caller, id: number): Promise<NegativeListRow | null> {
      const [row] = await db
        .select(listColumns)
        .from(negativeLists)
        .innerJoin(projects, eq(projects.id, negativeLists.projectId))
        .where(and(eq(negativeLists.id, id), canReadProject(db, projects, caller)));
      return row ?? null;
    },

    /** A project's lists by name (any case), with their term counts. */
    ofProject(projectId: number): Promise<NegativeListRow[]> {
      return db
        .select(listColumns)
        .from(negativeLists)
        .where(eq(negativeLists.projectId, projectId))
        .orderBy(sql`lower(${negativeLists.name})`, negativeLists.id);
    },

    /** Makes the list unless its project has one of that name (any case): null then. */
    async insert(values: { projectId: number; name: string; createdBy: string }): Promise<number | null> {
      const [row] = await db
        .insert(negativeLists)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: negativeLists.id });
      return row?.id ?? null;
    },

    /** Renames the list; false when its project has another of that name (any case). */
    async rename(id: number, name: string): Promise<boolean> {
      try {
        await db
          .update(negativeLists)
          .set({ name, updatedAt: sql`now()` })
          .where(eq(negativeLists.id, id));
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async remove(id: number): Promise<void> {
      await db.delete(negativeLists).where(eq(negativeLists.id, id));
    },

    /** A page of the list's terms by text, the same text's exact before its phrase, the campaign's before an ad group's. */
    itemsPage(listId: number, page: { offset: number; limit: number }): Promise<NegativeItemRow[]> {
      return db
        .select({
          id: negativeListItems.id,
          text: negativeListItems.text,
          matchType: negativeListItems.matchType,
          adGroup: negativeListItems.adGroup,
          createdAt: negativeListItems.createdAt,
        })
        .from(negativeListItems)
        .where(eq(negativeListItems.listId, listId))
        .orderBy(
          negativeListItems.normalized,
          negativeListItems.matchType,
          sql`${negativeListItems.adGroup} asc nulls first`,
          negativeListItems.id,
        )
        .limit(page.limit)
        .offset(page.offset);
    },

    /**
     * Adds the terms the list lacks, in one transaction, and answers the keys (`negativeItemKey`)
     * of those added; null when the list is gone (deleted a moment ago).
     */
    async addItems(listId: number, items: readonly NewNegativeItem[]): Promise<Set<string> | null> {
      return db.transaction(async (tx) => {
        // Held until the end: the list cannot be deleted between this check and the insert.
        const [list] = await tx
          .select({ id: negativeLists.id })
          .from(negativeLists)
          .where(eq(negativeLists.id, listId))
          .for('share');
        if (!list) return null;
        if (items.length === 0) return new Set<string>();
        const added = await tx
          .insert(negativeListItems)
          .values(items.map((item) => ({ listId, ...item })))
          .onConflictDoNothing()
          .returning({
            text: negativeListItems.text,
            matchType: negativeListItems.matchType,
            adGroup: negativeListItems.adGroup,
          });
        if (added.length > 0) {
          await tx
            .update(negativeLists)
            .set({ updatedAt: sql`now()` })
            .where(eq(negativeLists.id, listId));
        }
        return new Set(added.map((row) => negativeItemKey(row.text, row.matchType, row.adGroup)));
      });
    },

    /** Takes a term out of its list; false when the list has no such term. */
    async removeItem(listId: number, itemId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(negativeListItems)
          .where(and(eq(negativeListItems.listId, listId), eq(negativeListItems.id, itemId)))
          .returning({ id: negativeListItems.id });
        if (removed.length === 0) return false;
        await tx
          .update(negativeLists)
          .set({ updatedAt: sql`now()` })
          .where(eq(negativeLists.id, listId));
        return true;
      });
    },
  };
}

export type NegativeListRepository = ReturnType<typeof createNegativeListRepository>;
