import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { KeywordMetrics } from '../../providers/metrics/metrics-provider';
import {
  createFiguresCache,
  figureColumns,
  figuresFromColumns,
  METRICS_TTL_DAYS,
  metricsJoin,
  PLANNER,
  type FigureColumns,
  type MetricsScope,
} from '../../queries/figures';

/** A big load changes the table's shape at once; the planner learns of it before the next filter. */
const ANALYZE_FROM_ROWS = 5_000;

export function createMetricsRepository(db: Db) {
  const figuresCache = createFiguresCache(db);

  /** After a write: whatever was computed from the cache before it is out of date. */
  async function bumpVersion(): Promise<void> {
    await db.execute(sql`select nextval('keyword_metrics_version')`);
  }

  return {
    /** The project's keywords (normalized) without a fresh cache entry; all of them when refreshing. */
    async keywordsToFetch(projectId: number, scope: MetricsScope, refresh: boolean): Promise<string[]> {
      const { rows } = await db.execute<{ normalized: string }>(sql`
        select k.normalized from keywords k ${refresh ? sql`` : metricsJoin(scope)}
        where k.project_id = ${projectId} ${refresh ? sql`` : sql`and m.keyword is null`}
        order by k.created_at desc, k.id desc`);
      return rows.map((row) => row.normalized);
    },

    /** A page of the project's keywords, newest first, each with its cached figures (null: none). */
    async projectPage(projectId: number, scope: MetricsScope, page: { offset: number; limit: number }) {
      const { rows } = await db.execute<FigureColumns & { id: number | string; keyword: string }>(sql`
        with page as (
          select id from keywords where project_id = ${projectId}
          order by created_at desc, id desc limit ${page.limit} offset ${page.offset})
        select k.id, k.keyword, ${figureColumns}
        from keywords k join page using (id) ${metricsJoin(scope)}
        order by k.created_at desc, k.id desc`);
      const [project] = await db
        .execute<{ count: number }>(sql`select keywords_count as count from projects where id = ${projectId}`)
        .then((result) => result.rows);
      return {
        rows: rows.map((row) => ({
          id: Number(row.id),
          keyword: row.keyword,
          figures: figuresFromColumns(row, scope.provider),
        })),
        totalCount: Number(project?.count ?? 0),
      };
    },

    cached: figuresCache.cached,

    /**
     * Stores a provider's answer for every asked keyword in one statement: figures where it
     * had them, a row of nulls where it did not (so it is not asked again for 30 days).
     */
    async store(
      scope: MetricsScope,
      asked: readonly string[],
      answers: ReadonlyMap<string, KeywordMetrics>,
      /** The bids' currency (the provider's for the place). */
      currency: string | null,
    ) {
      if (asked.length === 0) return;
      const column = <T>(pick: (metrics: KeywordMetrics) => T) =>
        asked.map((keyword) => {
          const metrics = answers.get(keyword);
          return metrics ? pick(metrics) : null;
        });
      await db.execute(sql`
        insert into keyword_metrics as cache (provider, geo, language, keyword, avg_monthly_searches, competition,
          competition_index, low_bid_micros, high_bid_micros, monthly_volumes, difficulty, currency, fetched_at)
        select ${scope.provider}, ${scope.geo}, ${scope.language}, keyword, volume, competition, competition_index,
          low_bid, high_bid, monthly::jsonb, difficulty, ${currency}, now()
        from unnest(
          ${sql.param([...asked])}::text[],
          ${sql.param(column((m) => m.avgMonthlySearches))}::bigint[],
          ${sql.param(column((m) => m.competition))}::text[],
          ${sql.param(column((m) => m.competitionIndex))}::smallint[],
          ${sql.param(column((m) => m.lowBidMicros))}::bigint[],
          ${sql.param(column((m) => m.highBidMicros))}::bigint[],
          ${sql.param(column((m) => (m.monthlyVolumes ? JSON.stringify(m.monthlyVolumes) : null)))}::text[],
          ${sql.param(column((m) => m.difficulty))}::smallint[]
        ) as answer(keyword, volume, competition, competition_index, low_bid, high_bid, monthly, difficulty)
        on conflict (provider, geo, language, keyword, project_id) do update set
          avg_monthly_searches = excluded.avg_monthly_searches, competition = excluded.competition,
          competition_index = excluded.competition_index, low_bid_micros = excluded.low_bid_micros,
          high_bid_micros = excluded.high_bid_micros, monthly_volumes = excluded.monthly_volumes,
          difficulty = excluded.difficulty, currency = excluded.currency, fetched_at = excluded.fetched_at`);
      await bumpVersion();
      // A big load changes the table's shape at once; let the planner know before the next filter.
      if (asked.length >= ANALYZE_FROM_ROWS) await db.execute(sql`analyze keyword_metrics`);
    },

    /** Drops the providers' entries past their time (they would be fetched again); imports stay. */
    async purgeExpired(): Promise<void> {
      await db.execute(sql`delete from keyword_metrics
        where provider <> ${PLANNER} and fetched_at <= now() - make_interval(days => ${METRICS_TTL_DAYS})`);
      await bumpVersion();
    },
  };
}

export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
