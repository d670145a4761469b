import { desc, eq, sql } from 'drizzle-orm';
import type { Keyword } from '@keywright/contract';
import type { Db } from '../../db/client';
import { keywords } from '../../db/schema';

export const keywordColumns = {
  id: keywords.id,
  keyword: keywords.keyword,
  created_at: sql<string>`to_char(${keywords.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  source: keywords.source,
  generation_id: keywords.generationId,
};

export function createKeywordRepository(db: Db) {
  return {
    listForProject(projectId: number): Promise<Keyword[]> {
      return db
        .select(keywordColumns)
        .from(keywords)
        .where(eq(keywords.projectId, projectId))
        .orderBy(desc(keywords.createdAt), desc(keywords.id));
    },

    /** Inserts unless the normalized keyword exists in the project; null then. */
    async insertIfNew(values: {
      projectId: number;
      keyword: string;
      normalized: string;
      source: Keyword['source'];
    }): Promise<Keyword | null> {
      const [row] = await db
        .insert(keywords)
        .values(values)
        .onConflictDoNothing({ target: [keywords.projectId, keywords.normalized] })
        .returning(keywordColumns);
      return row ?? null;
    },

    async remove(id: number): Promise<void> {
      await db.delete(keywords).where(eq(keywords.id, id));
    },
  };
}
