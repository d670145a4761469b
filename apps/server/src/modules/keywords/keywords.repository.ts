import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Keyword, KeywordSort } from '@keywright/contract';
import type { Db } from '../../db/client';
import { generationRuns, keywords, projects } from '../../db/schema';

const orderings: Record<KeywordSort, SQL[]> = {
  newest: [desc(keywords.createdAt), desc(keywords.id)],
  oldest: [asc(keywords.createdAt), asc(keywords.id)],
  keyword: [asc(keywords.normalized), asc(keywords.id)],
  keyword_desc: [desc(keywords.normalized), desc(keywords.id)],
};

/** How each sort orders rows, as SQL, and which way a page's rows lie from its first row. */
const sortKeys: Record<KeywordSort, { order: SQL; columns: SQL; from: SQL }> = {
  newest: { order: sql`created_at desc, id desc`, columns: sql`(created_at, id)`, from: sql`<=` },
  oldest: { order: sql`created_at asc, id asc`, columns: sql`(created_at, id)`, from: sql`>=` },
  keyword: { order: sql`normalized asc, id asc`, columns: sql`(normalized, id)`, from: sql`>=` },
  keyword_desc: { order: sql`normalized desc, id desc`, columns: sql`(normalized, id)`, from: sql`<=` },
};

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

  /** The rows of one page, sought from its anchor. */
  async function pageFromAnchor(projectId: number, sort: KeywordSort, anchor: Anchor, limit: number) {
    const { columns, from, order } = sortKeys[sort];
    const value =
      sort === 'newest' || sort === 'oldest' ? sql`${anchor.created_at}::timestamptz` : sql`${anchor.normalized}`;
    const ids = await db.execute<{ id: number }>(sql`
      select id from keywords
      where project_id = ${projectId} and ${columns} ${from} (${value}, ${anchor.id})
      order by ${order} limit ${limit}`);
    return ids.rows.map((row) => ({ id: Number(row.id) }));
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

    /**
     * One page: ids first, from the (project, order) index alone, then just
     * those rows, so a deep page of a large project stays cheap.
     */
    async page(options: {
      projectId: number;
      offset: number;
      limit: number;
      search: string;
      sort: KeywordSort;
    }): Promise<{ rows: Keyword[]; totalCount: number }> {
      const filter = and(
        eq(keywords.projectId, options.projectId),
        options.search ? sql`${keywords.normalized} like ${containsPattern(options.search)}` : undefined,
      );
      const [project] = options.search
        ? []
        : await db
            .select({ count: projects.keywordsCount, version: projects.keywordsVersion })
            .from(projects)
            .where(eq(projects.id, options.projectId));
      let ids: Array<{ id: number }>;
      if (project && options.offset >= ANCHOR_FROM_OFFSET && options.offset % options.limit === 0) {
        const anchors = await anchorsFor(options.projectId, options.sort, options.limit, project.version);
        const anchor = anchors[options.offset / options.limit];
        ids = anchor ? await pageFromAnchor(options.projectId, options.sort, anchor, options.limit) : [];
      } else {
        ids = await db
          .select({ id: keywords.id })
          .from(keywords)
          .where(filter)
          .orderBy(...orderings[options.sort])
          .limit(options.limit)
          .offset(options.offset);
      }
      const rows = ids.length
        ? await db
            .select(keywordColumns)
            .from(keywords)
            .where(
              inArray(
                keywords.id,
                ids.map((row) => row.id),
              ),
            )
            .orderBy(...orderings[options.sort])
        : [];
      // Without a search the project's maintained count is the total; no count over 100,000 rows.
      const [count] = options.search
        ? await db
            .select({ value: sql<number>`count(*)::int` })
            .from(keywords)
            .where(filter)
        : await db.select({ value: projects.keywordsCount }).from(projects).where(eq(projects.id, options.projectId));
      return { rows, totalCount: count?.value ?? 0 };
    },

    async latestCompletedRunId(projectId: number): Promise<number | null> {
      const [run] = await db
        .select({ id: generationRuns.id })
        .from(generationRuns)
        .where(and(eq(generationRuns.projectId, projectId), eq(generationRuns.status, 'completed')))
        .orderBy(desc(generationRuns.id))
        .limit(1);
      return run?.id ?? null;
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
