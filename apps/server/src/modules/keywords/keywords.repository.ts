import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Keyword, KeywordPageRow, KeywordSort } from '@keywright/contract';
import { canReadOwnedBy, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { keywords, projects } from '../../db/schema';
import {
  cpcBoundsCondition,
  figureColumns,
  figuresFromColumns,
  metricsJoin,
  type FigureColumns,
  type MetricsScope,
} from '../metrics/metrics.repository';
import type { MetricsPlace } from '../../providers/metrics/metrics-provider';

/** How each sort orders rows, as SQL, and which way a page's rows lie from its first row. */
const sortKeys: Record<KeywordSort, { order: SQL; columns: SQL; from: SQL }> = {
  newest: { order: sql`created_at desc, id desc`, columns: sql`(created_at, id)`, from: sql`<=` },
  oldest: { order: sql`created_at asc, id asc`, columns: sql`(created_at, id)`, from: sql`>=` },
  keyword: { order: sql`normalized asc, id asc`, columns: sql`(normalized, id)`, from: sql`>=` },
  keyword_desc: { order: sql`normalized desc, id desc`, columns: sql`(normalized, id)`, from: sql`<=` },
};

/** A keyword row as the API shows it, for queries written in SQL. */
const rowColumns = sql.raw(
  `k.id, k.keyword, to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, k.source, k.generation_id`,
);

/** Metrics for a page: merge the cached figures of `scope`, and keep only rows inside CPC bounds. */
export interface PageMetrics {
  /** Null when metrics are turned off: nothing to merge, nothing inside any bounds. */
  scope: MetricsScope | null;
  minCpc: number | null;
  maxCpc: number | null;
}

type PageRow = Keyword & Partial<FigureColumns>;

export interface PageContext {
  count: number;
  version: number;
  latestRunId: number | null;
  /** The project's place and language: which cached figures are its. */
  place: MetricsPlace;
  /** Moves on every write to the figures cache. */
  metricsVersion: number;
}

/** Deeper than this, pages are found through anchors rather than OFFSET. */
const ANCHOR_FROM_OFFSET = 2_000;
const MAX_ANCHOR_SETS = 64;
const MAX_MATCHING_SETS = 32;
const MATCHING_SET_TTL_MS = 5 * 60 * 1000;

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

function toPageRow(row: PageRow, metrics: PageMetrics | undefined): KeywordPageRow {
  const keyword: KeywordPageRow = {
    id: Number(row.id),
    keyword: row.keyword,
    created_at: row.created_at,
    source: row.source,
    generation_id: row.generation_id == null ? null : Number(row.generation_id),
  };
  if (metrics) keyword.metrics = figuresFromColumns(row as FigureColumns, metrics.scope?.provider ?? 'estimate');
  return keyword;
}

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

  /** Ids of the keywords inside CPC bounds, in page order, per project, filter and versions. */
  const matchingSets = new Map<string, { versions: string; at: number; ids: number[] }>();

  async function matchingIds(
    projectId: number,
    where: SQL,
    order: SQL,
    context: PageContext,
    metrics: PageMetrics,
    search: string,
    sort: KeywordSort,
  ): Promise<number[]> {
    const key = JSON.stringify([projectId, sort, search, metrics.minCpc, metrics.maxCpc, metrics.scope]);
    const versions = `${context.version}:${context.metricsVersion}`;
    const cached = matchingSets.get(key);
    // Figures also age out of the cache by time, so a set is kept for minutes at most.
    if (cached?.versions === versions && Date.now() - cached.at < MATCHING_SET_TTL_MS) return cached.ids;
    const { rows } = await db.execute<{ id: number | string }>(sql`
      select k.id from keywords k ${metricsJoin(metrics.scope, 'inner')}
      where ${where} order by ${order}`);
    const ids = rows.map((row) => Number(row.id));
    matchingSets.delete(key);
    if (matchingSets.size >= MAX_MATCHING_SETS) matchingSets.delete(matchingSets.keys().next().value!);
    matchingSets.set(key, { versions, at: Date.now(), ids });
    return ids;
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

    /** The project's name and place for an export; null when the caller may not read it. */
    async exportContext(caller: Caller, projectId: number): Promise<{ name: string; place: MetricsPlace } | null> {
      const [row] = await db
        .select({ name: projects.name, country: projects.country, city: projects.city, language: projects.language })
        .from(projects)
        .where(and(eq(projects.id, projectId), canReadOwnedBy(db, projects.userId, caller)));
      return row ? { name: row.name, place: { country: row.country, city: row.city, language: row.language } } : null;
    },

    /** What a page needs to know of its project, in one query; null when the caller may not read it. */
    async pageContext(caller: Caller, projectId: number): Promise<PageContext | null> {
      const [row] = await db
        .select({
          count: projects.keywordsCount,
          version: projects.keywordsVersion,
          country: projects.country,
          city: projects.city,
          language: projects.language,
          metricsVersion: sql<string>`(select last_value from keyword_metrics_version)`,
          // Qualified by hand: inside a subquery a bare "id" would be the run's own.
          latestRunId: sql<number | null>`(
            select run.id from generation_runs run
            where run.project_id = "projects"."id" and run.status = 'completed'
            order by run.id desc limit 1)`,
        })
        .from(projects)
        .where(and(eq(projects.id, projectId), canReadOwnedBy(db, projects.userId, caller)));
      if (!row) return null;
      const { country, city, language, metricsVersion, ...counts } = row;
      return {
        ...counts,
        metricsVersion: Number(metricsVersion),
        latestRunId: row.latestRunId === null ? null : Number(row.latestRunId),
        place: { country, city, language },
      };
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
      metrics?: PageMetrics;
    }): Promise<{ rows: KeywordPageRow[]; totalCount: number }> {
      const { projectId, offset, limit, search, sort, context, metrics } = options;
      const { order, columns, from } = sortKeys[sort];
      const bounds = metrics && cpcBoundsCondition(metrics.minCpc, metrics.maxCpc);
      const selected = metrics ? sql`${rowColumns}, ${figureColumns}` : rowColumns;
      const figuresJoin = metrics ? metricsJoin(metrics.scope) : sql``;
      let rows: PageRow[];
      if (!search && !bounds && offset >= ANCHOR_FROM_OFFSET && offset % limit === 0) {
        const anchor = (await anchorsFor(projectId, sort, limit, context.version))[offset / limit];
        const value =
          sort === 'newest' || sort === 'oldest' ? sql`${anchor?.created_at}::timestamptz` : sql`${anchor?.normalized}`;
        rows = anchor
          ? (
              await db.execute<PageRow>(sql`
                select ${selected} from keywords k ${figuresJoin}
                where k.project_id = ${projectId} and ${columns} ${from} (${value}, ${anchor.id})
                order by ${order} limit ${limit}`)
            ).rows
          : [];
      } else {
        const where = sql.join(
          [
            sql`k.project_id = ${projectId}`,
            ...(search ? [sql`k.normalized like ${containsPattern(search)}`] : []),
            ...(bounds ? [bounds] : []),
          ],
          sql` and `,
        );
        if (bounds) {
          // Inside CPC bounds: the matching ids, in order, are worked out once per version of the
          // project's keywords and of the figures cache; each page is then a lookup of its ids.
          const ids = await matchingIds(projectId, where, order, context, metrics, search, sort);
          const pageIds = ids.slice(offset, offset + limit);
          rows =
            pageIds.length === 0
              ? []
              : (
                  await db.execute<PageRow>(sql`
                    select ${selected} from keywords k ${figuresJoin}
                    where k.id = any(${sql.param(pageIds)}::bigint[])
                    order by ${order}`)
                ).rows;
          return { rows: rows.map((row) => toPageRow(row, metrics)), totalCount: ids.length };
        }
        rows = (
          await db.execute<PageRow>(sql`
            with page as (
              select k.id from keywords k where ${where}
              order by ${order} limit ${limit} offset ${offset})
            select ${selected} from keywords k join page using (id) ${figuresJoin}
            order by ${order}`)
        ).rows;
        // Without a search the project's maintained count is the total; no count over 100,000 rows.
        if (search) {
          const [counted] = (
            await db.execute<{ count: number }>(sql`select count(*)::int as count from keywords k where ${where}`)
          ).rows;
          return { rows: rows.map((row) => toPageRow(row, metrics)), totalCount: counted?.count ?? 0 };
        }
      }
      return { rows: rows.map((row) => toPageRow(row, metrics)), totalCount: context.count };
    },

    /**
     * Every keyword, newest first, in batches read by key rather than offset; with figures
     * merged when metrics are given, and only those inside the CPC bounds when set.
     */
    async *allForExport(projectId: number, metrics?: PageMetrics, batchSize = 2000): AsyncGenerator<KeywordPageRow[]> {
      const bounds = metrics && cpcBoundsCondition(metrics.minCpc, metrics.maxCpc);
      const selected = metrics ? sql`${rowColumns}, ${figureColumns}` : rowColumns;
      const join = metrics ? metricsJoin(metrics.scope, bounds ? 'inner' : 'left') : sql``;
      let after: { createdAt: string; id: number } | null = null;
      for (;;) {
        const conditions: SQL[] = [
          sql`k.project_id = ${projectId}`,
          // A row comparison the (project, created_at, id) index can seek to.
          ...(after ? [sql`(k.created_at, k.id) < (${after.createdAt}::timestamptz, ${after.id})`] : []),
          ...(bounds ? [bounds] : []),
        ];
        const { rows }: { rows: Array<PageRow & { cursor: string }> } = await db.execute<
          PageRow & { cursor: string }
        >(sql`
          select ${selected}, k.created_at::text as cursor from keywords k ${join}
          where ${sql.join(conditions, sql` and `)}
          order by k.created_at desc, k.id desc limit ${batchSize}`);
        if (rows.length === 0) return;
        const last = rows[rows.length - 1]!;
        after = { createdAt: last.cursor, id: Number(last.id) };
        yield rows.map((row) => toPageRow(row, metrics));
        if (rows.length < batchSize) return;
      }
    },

    async remove(id: number): Promise<void> {
      await db.delete(keywords).where(eq(keywords.id, id));
    },
  };
}
