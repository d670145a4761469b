import {
  keywordSearchConsoleSorts,
  type Keyword,
  type KeywordPageRow,
  type KeywordPageSort,
  type KeywordSearchConsoleSort,
  type KeywordSort,
  type MetricsSource,
  type SearchIntent,
} from '@keywright/contract';
import { sql, type SQL } from 'drizzle-orm';
import { canReadProject, type Caller } from '../../access/access';
import { preparedQuery, type Db } from '../../db/client';
import { pageLimit } from '../../db/page-limit';
import { projects } from '../../db/schema';
import {
  cpcBoundsCondition,
  figureColumns,
  figuresFromColumns,
  metricsJoin,
  metricsScope,
  metricsVersionValue,
  type FigureColumns,
  type MetricsScope,
} from '../../queries/figures';
import { keywordRowColumns } from '../../queries/keyword-columns';
import { keywordFilters } from '../../queries/keyword-filters';
import {
  searchConsoleColumns,
  searchConsoleFigures,
  searchConsoleJoin,
  type SearchConsoleColumns,
} from '../../queries/search-console-figures';
import { createKeywordPageCaches, isFreshPage, type Anchor, type PageContext } from './keyword-page-caches';

export type { PageContext } from './keyword-page-caches';

/** How each sort orders rows, as SQL, and which way a page's rows lie from its first row. */
const sortKeys: Record<KeywordSort, { order: SQL; columns: SQL; from: SQL }> = {
  newest: { order: sql`k.created_at desc, k.id desc`, columns: sql`(k.created_at, k.id)`, from: sql`<=` },
  oldest: { order: sql`k.created_at asc, k.id asc`, columns: sql`(k.created_at, k.id)`, from: sql`>=` },
  keyword: { order: sql`k.normalized asc, k.id asc`, columns: sql`(k.normalized, k.id)`, from: sql`>=` },
  keyword_desc: { order: sql`k.normalized desc, k.id desc`, columns: sql`(k.normalized, k.id)`, from: sql`<=` },
};

/** The sorts by Search Console figures (query `scq` joined): keywords without a query last, ties by keyword. */
const searchConsoleOrders: Record<KeywordSearchConsoleSort, SQL> = {
  clicks: sql`scq.clicks asc nulls last, k.normalized asc, k.id asc`,
  clicks_desc: sql`scq.clicks desc nulls last, k.normalized asc, k.id asc`,
  impressions: sql`scq.impressions asc nulls last, k.normalized asc, k.id asc`,
  impressions_desc: sql`scq.impressions desc nulls last, k.normalized asc, k.id asc`,
  ctr: sql`scq.ctr asc nulls last, k.normalized asc, k.id asc`,
  ctr_desc: sql`scq.ctr desc nulls last, k.normalized asc, k.id asc`,
  position: sql`scq.position asc nulls last, k.normalized asc, k.id asc`,
  position_desc: sql`scq.position desc nulls last, k.normalized asc, k.id asc`,
};

const isSearchConsoleSort = (sort: KeywordPageSort): sort is KeywordSearchConsoleSort =>
  (keywordSearchConsoleSorts as readonly string[]).includes(sort);

const orderOf = (sort: KeywordPageSort): SQL =>
  isSearchConsoleSort(sort) ? searchConsoleOrders[sort] : sortKeys[sort].order;

/** What a page asks of the figures: merged from `source`'s cache (null: metrics off), inside CPC bounds. */
export interface PageMetricsQuery {
  source: MetricsSource | null;
  minCpc: number | null;
  maxCpc: number | null;
}

export interface PageOptions {
  offset: number;
  limit: number;
  search: string;
  /** Keywords carrying any of these (none: all). */
  intents: readonly SearchIntent[];
  sort: KeywordPageSort;
  metrics?: PageMetricsQuery;
  /** Each row with the figures of its query in the project's current Search Console import. */
  searchConsole?: boolean;
}

/** Which rows a page shows, in page order, as the body of a statement on keywords `k`. */
type PageRows =
  /** `k`'s rows of the project meeting `where`, ordered and limited (`where` holds no project condition). */
  | { kind: 'scan'; where: SQL | null; order: SQL; limit: SQL }
  /** These keywords, in this order. */
  | { kind: 'ids'; ids: number[] }
  | { kind: 'none' };

interface PagePlan {
  rows: PageRows;
  metrics?: PageMetrics;
  /** The rows carry their Search Console figures. */
  searchConsole?: boolean;
  /** The rows' statement joins the current import's queries `scq` (to show or sort by them). */
  joinsSearchConsole?: boolean;
  /** The facts the plan was built on ('unknown': it needs facts it did not have); null: none. */
  assumes: PageContext | 'unknown' | null;
  /** Built without the figures cache, so its moving version does not matter. */
  ignoresFigures?: boolean;
  /** When the plan knows it. */
  totalCount?: number;
}

type ContextColumns = {
  ctx_count: number;
  ctx_version: number | string;
  ctx_metrics_version: number | string;
  ctx_latest_run_id: number | string | null;
  ctx_country: string;
  ctx_city: string;
  ctx_language: string;
  ctx_sc_import_id: number | string | null;
};

/** Whether a page built on `assumed` facts is right for the facts as they are. */
function sameFacts(actual: PageContext, assumed: PageContext | 'unknown', figuresMayMove = false): boolean {
  if (assumed === 'unknown') return false;
  return (
    actual.version === assumed.version &&
    (figuresMayMove || actual.metricsVersion === assumed.metricsVersion) &&
    actual.place.country === assumed.place.country &&
    actual.place.city === assumed.place.city &&
    actual.place.language === assumed.place.language &&
    actual.searchConsoleImportId === assumed.searchConsoleImportId
  );
}

/** Metrics for a page: merge the cached figures of `scope`, and keep only rows inside CPC bounds. */
export interface PageMetrics {
  /** Null when metrics are turned off: nothing to merge, nothing inside any bounds. */
  scope: MetricsScope | null;
  minCpc: number | null;
  maxCpc: number | null;
}

export type PageRow = Keyword & Partial<FigureColumns> & Partial<SearchConsoleColumns>;

/** Deeper than this, pages are found through anchors rather than OFFSET. */
const ANCHOR_FROM_OFFSET = 2_000;

/** Which page of which project: everything in the options that changes the rows. */
function pageKey(
  projectId: number,
  { offset, limit, search, intents, sort, metrics, searchConsole }: PageOptions,
): string {
  return JSON.stringify([
    projectId,
    offset,
    limit,
    search,
    [...intents].sort(),
    sort,
    metrics ? [metrics.source, metrics.minCpc, metrics.maxCpc] : null,
    Boolean(searchConsole),
  ]);
}

export function toPageRow(row: PageRow, metrics: PageMetrics | undefined, searchConsole = false): KeywordPageRow {
  const keyword: KeywordPageRow = {
    id: Number(row.id),
    keyword: row.keyword,
    created_at: row.created_at,
    source: row.source,
    generation_id: row.generation_id == null ? null : Number(row.generation_id),
    intent: row.intent,
  };
  if (metrics) keyword.metrics = figuresFromColumns(row as FigureColumns, metrics.scope?.provider ?? 'estimate');
  if (searchConsole) keyword.search_console = searchConsoleFigures(row);
  return keyword;
}

/**
 * A page of a project's keywords, as the keywords screen asks for it (sorted, searched, filtered
 * by intent and CPC bounds, with figures), read in one statement beside its project's facts; the
 * in-process caches (keyword-page-caches.ts) make deep, filtered and repeated pages cheap.
 */
export function createKeywordPageRepository(db: Db) {
  const caches = createKeywordPageCaches();

  /** The sort key of the first row of every page (see `createKeywordPageCaches`). */
  function anchorsFor(
    projectId: number,
    sort: KeywordSort,
    pageSize: number,
    version: number,
    search: string,
  ): Promise<Anchor[]> {
    const searched = keywordFilters(search, []);
    return caches.anchors(JSON.stringify([projectId, sort, pageSize, search]), version, async () => {
      const { rows } = await db.execute<Anchor & { version: number }>(
        sql`
          select id, created_at::text as created_at, normalized,
                 (select keywords_version from projects where id = ${projectId}) as version
          from (
            select k.id, k.created_at, k.normalized, row_number() over (order by ${sortKeys[sort].order}) as position
            from keywords k where ${sql.join([sql`k.project_id = ${projectId}`, ...searched], sql` and `)}
          ) ranked
          where (position - 1) % ${pageSize} = 0
          order by position`,
      );
      return {
        version: rows[0]?.version,
        anchors: rows.map(({ id, created_at, normalized }) => ({ id: Number(id), created_at, normalized })),
      };
    });
  }

  /** `bounded`: the CPC bounds and figures of a filter inside them (none: a filter of the keywords alone). */
  function matchingIds(
    projectId: number,
    where: SQL,
    order: SQL,
    context: PageContext,
    bounded: PageMetrics | undefined,
    filters: { search: string; intents: readonly SearchIntent[] },
    sort: KeywordPageSort,
  ): Promise<number[]> {
    const key = JSON.stringify([projectId, sort, filters, bounded?.minCpc, bounded?.maxCpc, bounded?.scope]);
    const bySearchConsole = isSearchConsoleSort(sort);
    const versions = [
      context.version,
      ...(bounded ? [context.metricsVersion] : []),
      ...(bySearchConsole ? [`sc${context.searchConsoleImportId}`] : []),
    ].join(':');
    return caches.matchingIds(key, versions, async () => {
      const { rows } = await db.execute<{ id: number | string }>(
        sql`select k.id from keywords k ${bounded ? metricsJoin(bounded.scope, 'inner') : sql``}
          ${bySearchConsole ? searchConsoleJoin(sql`${context.searchConsoleImportId}::bigint`) : sql``}
          where ${where} order by ${order}`,
      );
      return rows.map((row) => Number(row.id));
    });
  }

  /** Builds a page's statement on the facts last seen; says which facts it relied on. */
  async function planPage(projectId: number, options: PageOptions, known: PageContext | null): Promise<PagePlan> {
    const { offset, limit, search, intents, sort, metrics: wanted } = options;
    const order = orderOf(sort);
    const searchConsole = { searchConsole: options.searchConsole, joinsSearchConsole: options.searchConsole };
    const unknown: PagePlan = { rows: { kind: 'none' }, assumes: 'unknown' };
    if (wanted && !known) return unknown; // the place decides which figures: learn it first
    const metrics: PageMetrics | undefined =
      wanted && known
        ? {
            scope: wanted.source ? metricsScope(wanted.source, known.place) : null,
            minCpc: wanted.minCpc,
            maxCpc: wanted.maxCpc,
          }
        : undefined;
    const bounds = metrics && cpcBoundsCondition(metrics.minCpc, metrics.maxCpc);
    const filters = keywordFilters(search, intents);
    const bounded = metrics && bounds ? metrics : undefined;
    if (bounded || intents.length > 0 || isSearchConsoleSort(sort)) {
      if (!known) return unknown; // the sets are kept per version of the project's keywords: learn it first
      // Inside CPC bounds, of some intents or by Search Console figures: the matching ids, in order,
      // are worked out once per version of the project's keywords (and of the figures cache, for
      // bounds; of the current import, for Search Console); a page is then a lookup of its ids, its
      // count their number.
      const where = sql.join([sql`k.project_id = ${projectId}`, ...filters, ...(bounds ? [bounds] : [])], sql` and `);
      const ids = await matchingIds(projectId, where, order, known, bounded, { search, intents }, sort);
      return {
        rows: { kind: 'ids', ids: ids.slice(offset, offset + limit) },
        metrics,
        ...searchConsole,
        assumes: known,
        ignoresFigures: !bounded,
        totalCount: ids.length,
      };
    }
    // Deep pages of the project (or of a search in it: intents were served above) from anchors.
    if (!isSearchConsoleSort(sort) && offset >= ANCHOR_FROM_OFFSET && offset % limit === 0) {
      if (!known) return unknown;
      const { columns, from } = sortKeys[sort];
      const anchor = (await anchorsFor(projectId, sort, limit, known.version, search))[offset / limit];
      if (!anchor) return { rows: { kind: 'none' }, metrics, ...searchConsole, assumes: known };
      const value =
        sort === 'newest' || sort === 'oldest' ? sql`${anchor.created_at}::timestamptz` : sql`${anchor.normalized}`;
      const where = sql.join([...filters, sql`${columns} ${from} (${value}, ${anchor.id})`], sql` and `);
      return {
        rows: { kind: 'scan', where, order, limit: pageLimit(limit) },
        metrics,
        ...searchConsole,
        assumes: known,
      };
    }
    return {
      rows: {
        kind: 'scan',
        where: filters.length > 0 ? sql.join(filters, sql` and `) : null,
        order,
        limit: pageLimit(limit, offset),
      },
      metrics,
      searchConsole: options.searchConsole,
      joinsSearchConsole: options.searchConsole || isSearchConsoleSort(sort),
      assumes: metrics ? known : null,
    };
  }

  /** The page's rows as a statement on keywords `k` of the project row `projects` beside it. */
  function rowsStatement(rows: PageRows, selected: SQL, figuresJoin: SQL): SQL {
    switch (rows.kind) {
      case 'none':
        return sql`select ${selected} from keywords k ${figuresJoin} where false`;
      case 'ids':
        return sql`select ${selected} from unnest(${sql.param(rows.ids)}::bigint[]) with ordinality as page_ids(id, position)
          join keywords k on k.id = page_ids.id and k.project_id = projects.id ${figuresJoin}
          order by page_ids.position`;
      case 'scan':
        return sql`select ${selected} from keywords k ${figuresJoin}
          where k.project_id = projects.id ${rows.where ? sql`and ${rows.where}` : sql``}
          order by ${rows.order} ${rows.limit}`;
    }
  }

  /** The statement: the project's facts (if the caller may read it) and the page's rows beside them. */
  async function readPage(caller: Caller, projectId: number, plan: PagePlan) {
    const selected = sql.join(
      [
        keywordRowColumns,
        ...(plan.metrics ? [figureColumns] : []),
        ...(plan.searchConsole ? [searchConsoleColumns] : []),
      ],
      sql`, `,
    );
    const figuresJoin = sql.join(
      [
        ...(plan.metrics ? [metricsJoin(plan.metrics.scope)] : []),
        ...(plan.joinsSearchConsole ? [searchConsoleJoin(sql`scp.current_import_id`)] : []),
      ],
      sql` `,
    );
    // One row of the project, its latest run looked up once beside it, then the page's rows as a
    // lateral lookup per project row (there is one): a nested loop, so the rows come out in the
    // order the lookup gives them, with no sort of its own. The rows' lookup names the project's
    // row, which keeps it inside that loop.
    const { rows } = await preparedQuery<PageRow & ContextColumns>(
      db,
      sql`
      select projects.keywords_count as ctx_count, projects.keywords_version as ctx_version,
        projects.country as ctx_country, projects.city as ctx_city, projects.language as ctx_language,
        ${metricsVersionValue} as ctx_metrics_version,
        latest_run.id as ctx_latest_run_id, scp.current_import_id as ctx_sc_import_id, r.*
      from projects
      left join search_console_projects scp on scp.project_id = projects.id
      left join lateral (
        select run.id from generation_runs run
        where run.project_id = projects.id and run.status = 'completed' order by run.id desc limit 1
      ) latest_run on true
      left join lateral (${rowsStatement(plan.rows, selected, figuresJoin)}) r on true
      where projects.id = ${projectId} and ${canReadProject(db, projects, caller)}`,
    );
    const [first] = rows;
    if (!first) return null;
    const context: PageContext = {
      count: Number(first.ctx_count),
      version: Number(first.ctx_version),
      metricsVersion: Number(first.ctx_metrics_version),
      latestRunId: first.ctx_latest_run_id == null ? null : Number(first.ctx_latest_run_id),
      place: { country: first.ctx_country, city: first.ctx_city, language: first.ctx_language },
      searchConsoleImportId: first.ctx_sc_import_id == null ? null : Number(first.ctx_sc_import_id),
    };
    return { context, rows: rows.filter((row) => row.id != null) };
  }

  /** How many keywords a search keeps, kept per version of the project's keywords: a pass over every match. */
  function countFiltered(projectId: number, options: PageOptions, version: number): Promise<number> {
    const key = JSON.stringify([projectId, options.search, [...options.intents].sort()]);
    return caches.searchCount(key, version, async () => {
      const filters = keywordFilters(options.search, options.intents);
      const { rows } = await db.execute<{ count: number; version: number | string }>(sql`
        select count(*)::int as count, (select keywords_version from projects where id = ${projectId}) as version
        from keywords k where k.project_id = ${projectId} and ${sql.join(filters, sql` and `)}`);
      return { count: rows[0]?.count ?? 0, version: Number(rows[0]?.version) };
    });
  }

  return {
    /**
     * A page of a project's keywords and what the page needs of its project (count, versions,
     * place, latest run), read in one statement that also checks the caller's access; null
     * when the caller may not read the project.
     *
     * Deep pages, CPC-filtered pages and merged figures depend on facts of the project (the
     * version its page anchors were made for, the versions a filtered set was worked out for,
     * its place). The statement is built on what was seen last time and answers the facts as
     * they are; when they moved, it is run once more on the new ones.
     */
    async page(
      caller: Caller,
      projectId: number,
      options: PageOptions,
    ): Promise<{ rows: KeywordPageRow[]; totalCount: number; context: PageContext } | null> {
      const key = pageKey(projectId, options);
      const kept = caches.keptPage(key);
      if (kept) {
        // A page answered before: only the project's facts are read (with the caller's access), and
        // the page is answered again while the facts it was made of hold.
        const facts = await readPage(caller, projectId, { rows: { kind: 'none' }, assumes: null });
        if (!facts) return null;
        caches.rememberContext(projectId, facts.context);
        if (isFreshPage(kept) && sameFacts(facts.context, kept.context, !kept.withFigures))
          return { rows: kept.rows, totalCount: kept.totalCount, context: facts.context };
        caches.dropPage(key);
      }
      let known = caches.lastContext(projectId);
      for (let attempt = 0; attempt < 3; attempt++) {
        const plan = await planPage(projectId, options, known);
        const result = await readPage(caller, projectId, plan);
        if (!result) return null;
        caches.rememberContext(projectId, result.context);
        // The figures cache is shared by every project, and a busy project's keywords (intents being
        // filled in, a teammate adding) can move on each try too: the last try answers the page as it
        // was planned, a moment old, rather than fail; such a page is not kept.
        const isLast = attempt === 2 && plan.assumes !== 'unknown';
        if (!plan.assumes || isLast || sameFacts(result.context, plan.assumes, plan.ignoresFigures)) {
          const rows = result.rows.map((row) => toPageRow(row, plan.metrics, plan.searchConsole));
          if (!options.search) {
            const totalCount = plan.totalCount ?? result.context.count;
            // Kept only when rows, count and facts are of one moment (a search's count is read apart).
            if (!plan.assumes || sameFacts(result.context, plan.assumes, plan.ignoresFigures))
              caches.keepPage(key, { context: result.context, rows, totalCount, withFigures: Boolean(plan.metrics) });
            return { rows, totalCount, context: result.context };
          }
          return {
            rows,
            totalCount: plan.totalCount ?? (await countFiltered(projectId, options, result.context.version)),
            context: result.context,
          };
        }
        known = result.context;
      }
      throw new Error(`the keywords of project ${projectId} kept changing while a page was read`);
    },
  };
}
