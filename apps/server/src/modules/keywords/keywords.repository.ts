import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Keyword, KeywordSort } from '@keywright/contract';
import { canReadOwnedBy, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { keywords, projects } from '../../db/schema';

/** How each sort orders rows, as SQL, and which way a page's rows lie from its first row. */
const sortKeys: Record<KeywordSort, { order: SQL; columns: SQL; from: SQL }> = {
  newest: { order: sql`created_at desc, id desc`, columns: sql`(created_at, id)`, from: sql`<=` },
  oldest: { order: sql`created_at asc, id asc`, columns: sql`(created_at, id)`, from: sql`>=` },
  keyword: { order: sql`normalized asc, id asc`, columns: sql`(normalized, id)`, from: sql`>=` },
  keyword_desc: { order: sql`normalized desc, id desc`, columns: sql`(normalized, id)`, from: sql`<=` },
};

/** A keyword row as the API shows it, for queries written in SQL. */
const rowColumns = sql.raw(
  `id, keyword, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, source, generation_id`,
);

export interface PageContext {
  count: number;
  version: number;
  latestRunId: number | null;
}

/** Deeper than this, pages are found through anchors rather than OFFSET. */
const ANCHOR_FROM_OFFSET = 2_000;
const MAX_ANCHOR_SETS = 64;

type Anchor = {
  id: number;
  created_at: string;
  normalized: string;
};

/** LIKE pattern for a search text, its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

export const keywordColumns = {
  id: keywords.id,
  keyword: keywords.keyword,
  created_at: sql<string>`to_char(${keywords.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  source: keywords.source,
  generation_id: keywords.generationId,
};

export function createKeywordRepository(db: Db) {
  /**
   * The sort key of the first row of every page, per project, sort and page
   * size, valid for one version of the project's keywords. A deep page is
   * then an index seek instead of an OFFSET over tens of thousands of rows.
   */
  const anchorSets = new Map<string, { version: number; anchors: Anchor[] }>();

  async function anchorsFor(projectId: number, sort: KeywordSort, pageSize: number, version: number) {
    const key = `${projectId}:${sort}:${pageSize}`;
    const cached = anchorSets.get(key);
    if (cached?.version === version) return cached.anchors;
    // One statement, one snapshot: the anchors and the version they belong to agree.
    const { rows } = await db.execute<Anchor & { version: number }>(sql`
      select id, created_at::text as created_at, normalized,
             (select keywords_version from projects where id = ${projectId}) as version
      from (
        select id, created_at, normalized, row_number() over (order by ${sortKeys[sort].order}) as position
        from keywords where project_id = ${projectId}
      ) ranked
      where (position - 1) % ${pageSize} = 0
      order by position`);
    const anchors = rows.map(({ id, created_at, normalized }) => ({ id: Number(id), created_at, normalized }));
    anchorSets.delete(key);
    if (anchorSets.size >= MAX_ANCHOR_SETS) anchorSets.delete(anchorSets.keys().next().value!);
    anchorSets.set(key, { version: Number(rows[0]?.version ?? version), anchors });
    return anchors;
  }

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

    /** What a page needs to know of its project, in one query; null when the caller may not read it. */
    async pageContext(caller: Caller, projectId: number): Promise<PageContext | null> {
      const [row] = await db
        .select({
          count: projects.keywordsCount,
          version: projects.keywordsVersion,
          // Qualified by hand: inside a subquery a bare "id" would be the run's own.
          latestRunId: sql<number | null>`(
            select run.id from generation_runs run
            where run.project_id = "projects"."id" and run.status = 'completed'
            order by run.id desc limit 1)`,
        })
        .from(projects)
        .where(and(eq(projects.id, projectId), canReadOwnedBy(db, projects.userId, caller)));
      return row ? { ...row, latestRunId: row.latestRunId === null ? null : Number(row.latestRunId) } : null;
    },

    /**
     * One page in one query: ids from the (project, order) index, then just
     * those rows; past the first pages, a seek from the page's anchor instead
     * of an OFFSET over tens of thousands of rows.
     */
    async page(options: {
      projectId: number;
      offset: number;
      limit: number;
      search: string;
      sort: KeywordSort;
      context: PageContext;
    }): Promise<{ rows: Keyword[]; totalCount: number }> {
      const { projectId, offset, limit, search, sort, context } = options;
      const { order, columns, from } = sortKeys[sort];
      let rows: Keyword[];
      if (!search && offset >= ANCHOR_FROM_OFFSET && offset % limit === 0) {
        const anchor = (await anchorsFor(projectId, sort, limit, context.version))[offset / limit];
        const value =
          sort === 'newest' || sort === 'oldest' ? sql`${anchor?.created_at}::timestamptz` : sql`${anchor?.normalized}`;
        rows = anchor
          ? (
              await db.execute<Keyword>(sql`
                select ${rowColumns} from keywords
                where project_id = ${projectId} and ${columns} ${from} (${value}, ${anchor.id})
                order by ${order} limit ${limit}`)
            ).rows
          : [];
      } else {
        const where = search
          ? sql`project_id = ${projectId} and normalized like ${containsPattern(search)}`
          : sql`project_id = ${projectId}`;
        rows = (
          await db.execute<Keyword>(sql`
            with page as (select id from keywords where ${where} order by ${order} limit ${limit} offset ${offset})
            select ${rowColumns} from keywords join page using (id)
            order by ${order}`)
        ).rows;
      }
      // Without a search the project's maintained count is the total; no count over 100,000 rows.
      const totalCount = search
        ? ((
            await db
              .select({ value: sql<number>`count(*)::int` })
              .from(keywords)
              .where(
                and(eq(keywords.projectId, projectId), sql`${keywords.normalized} like ${containsPattern(search)}`),
              )
          )[0]?.value ?? 0)
        : context.count;
      return { rows, totalCount };
    },

    /** Every keyword, newest first, in batches read by key rather than offset. */
    async *allForExport(projectId: number, batchSize = 2000): AsyncGenerator<Keyword[]> {
      let after: { createdAt: string; id: number } | null = null;
      for (;;) {
        const batch: Array<Keyword & { cursor: string }> = await db
          .select({ ...keywordColumns, cursor: sql<string>`${keywords.createdAt}::text` })
          .from(keywords)
          .where(
            and(
              eq(keywords.projectId, projectId),
              // A row comparison the (project, created_at, id) index can seek to.
              after
                ? sql`(${keywords.createdAt}, ${keywords.id}) < (${after.createdAt}::timestamptz, ${after.id})`
                : undefined,
            ),
          )
          .orderBy(desc(keywords.createdAt), desc(keywords.id))
          .limit(batchSize);
        if (batch.length === 0) return;
        const last = batch[batch.length - 1]!;
        after = { createdAt: last.cursor, id: last.id };
        yield batch.map(({ cursor: _cursor, ...keyword }) => keyword);
        if (batch.length < batchSize) return;
      }
    },

    async remove(id: number): Promise<void> {
      await db.delete(keywords).where(eq(keywords.id, id));
    },
  };
}
