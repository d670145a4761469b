import { messages, type NegativeMatchType } from '@keywright/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { negativeListItems, negativeLists } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** A term of a negative list as an export carries it. */
export interface ExportNegative {
  text: string;
  matchType: NegativeMatchType;
  /** The ad group it is a negative of; null: the whole campaign. */
  adGroup: string | null;
}

/**
 * What the Google Ads Editor exports take of a project's negative lists (issue 27): their one way
 * in, so no export reaches into this module's tables. Access is the caller's to the project,
 * checked by the export before it asks.
 */
export function createNegativeExport(db: Db) {
  return {
    /**
     * The terms of the project's chosen negative lists (`ids`; undefined: all of its lists), list
     * by list in name order, each list's terms by text. An id that is not one of the project's
     * lists is refused with 400 naming it, before anything is written.
     */
    async chosen(projectId: number | null, ids: readonly number[] | undefined): Promise<ExportNegative[]> {
      const own =
        projectId === null
          ? []
          : await db
              .select({ id: negativeLists.id })
              .from(negativeLists)
              .where(eq(negativeLists.projectId, projectId))
              .orderBy(sql`lower(${negativeLists.name})`, negativeLists.id);
      const ownIds = own.map((list) => list.id);
      let chosen = ownIds;
      if (ids !== undefined) {
        const wanted = new Set(ids);
        const strangers = [...wanted].filter((id) => !ownIds.includes(id));
        if (strangers.length > 0) {
          throw new AppError('validation_error', messages.negativeListsNotInProject(strangers));
        }
        chosen = ownIds.filter((id) => wanted.has(id));
      }
      if (chosen.length === 0) return [];
      const rows = await db
        .select({
          listId: negativeListItems.listId,
          text: negativeListItems.text,
          matchType: negativeListItems.matchType,
          adGroup: negativeListItems.adGroup,
        })
        .from(negativeListItems)
        .where(inArray(negativeListItems.listId, chosen))
        .orderBy(asc(negativeListItems.normalized), negativeListItems.matchType, negativeListItems.id);
      const order = new Map(chosen.map((id, index) => [id, index]));
      return rows
        .sort((a, b) => order.get(a.listId)! - order.get(b.listId)!)
        .map(({ text, matchType, adGroup }) => ({ text, matchType, adGroup }));
    },
  };
}

export type NegativeExport = ReturnType<typeof createNegativeExport>;
