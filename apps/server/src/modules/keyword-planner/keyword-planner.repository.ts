import { and, eq, sql } from 'drizzle-orm';
import { canReadProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';
import { difficultyFrom, type MetricsPlace } from '../../providers/metrics/metrics-provider';
import { findProjectTextFacts, withIntents, type ProjectTextFacts } from '../../queries/keyword-intents';
import type { MetricsScope } from '../../queries/figures';
import type { KeywordPlannerRow, PlannerMonth } from './keyword-planner-file';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A big load changes the figures table's shape at once; the planner learns of it before the next filter. */
const ANALYZE_FROM_ROWS = 5_000;

export function createKeywordPlannerRepository(db: Db) {
  return {
    /**
     * The project's place, its row locked until the import commits so that imports into one
     * project take turns; null when the caller may no longer change it (the upload took a while)
     * or it is gone.
     */
    async lockProject(tx: Tx, caller: Caller, projectId: number): Promise<MetricsPlace | null> {
      const [row] = await tx
        .select({ country: projects.country, city: projects.city, language: projects.language })
        .from(projects)
        .where(and(eq(projects.id, projectId), canReadProject(db, projects, caller)))
        .for('update');
      return row ?? null;
    },

    /** What the file's keywords' intents are read against, in the import's transaction; null when the project is gone. */
    findTextFacts: (tx: Tx, projectId: number): Promise<ProjectTextFacts | null> => findProjectTextFacts(tx, projectId),

    /**
     * Adds the keywords the project lacks, each with its intents (read against the project's
     * facts); its triggers keep count and version. How many were new.
     */
    async addKeywords(
      tx: Tx,
      projectId: number,
      facts: ProjectTextFacts,
      rows: readonly KeywordPlannerRow[],
    ): Promise<number> {
      const read = withIntents(facts, rows);
      const { rows: result } = await tx.execute<{ added: number }>(sql`
        with added as (
          insert into keywords (project_id, keyword, normalized, source, intent)
          select ${projectId}, keyword, normalized, 'import', string_to_array(intent, ',')
          from unnest(${sql.param(read.map((row) => row.keyword))}::text[],
            ${sql.param(read.map((row) => row.normalized))}::text[],
            ${sql.param(read.map((row) => row.intent.join(',')))}::text[]) as file(keyword, normalized, intent)
          on conflict (project_id, normalized) do nothing
          returning 1)
        select count(*)::int as added from added`);
      return result[0]!.added;
    },

    /**
     * Keeps the rows' figures as the project place's Keyword Planner figures, replacing earlier ones.
     * The rows go as one JSON document (an array of texts costs far more to escape and parse), each
     * with its searches as numbers; the months (`[{ year, month, searches }]`, oldest first) are
     * written here, as text read once as jsonb: made in JavaScript they took ten times the memory,
     * and built with jsonb functions half as long again.
     */
    async storeFigures(
      tx: Tx,
      projectId: number,
      scope: Pick<MetricsScope, 'geo' | 'language'>,
      months: readonly PlannerMonth[],
      rows: readonly KeywordPlannerRow[],
      /** The file's currency (its Currency column): its bids are kept in it, never converted. */
      currency: string | null,
    ): Promise<void> {
      const file = JSON.stringify(
        rows.map((row) => ({
          keyword: row.normalized,
          volume: row.avgMonthlySearches,
          competition: row.competition,
          competition_index: row.competitionIndex,
          low_bid: row.lowBidMicros,
          high_bid: row.highBidMicros,
          searches: row.searches,
          difficulty: difficultyFrom(row.competitionIndex),
        })),
      );
      const years = sql`${sql.param(months.map((month) => month.year))}::int[]`;
      const monthNumbers = sql`${sql.param(months.map((month) => month.month))}::int[]`;
      await tx.execute(sql`
        insert into keyword_metrics (provider, geo, language, keyword, project_id, avg_monthly_searches, competition,
          competition_index, low_bid_micros, high_bid_micros, monthly_volumes, difficulty, currency, fetched_at)
        select 'keyword-planner', ${scope.geo}, ${scope.language}, keyword, ${projectId}, volume, competition,
          competition_index,
          low_bid, high_bid,
          (select ('[' || string_agg(format('{"year":%s,"month":%s,"searches":%s}', (${years})[month.n],
              (${monthNumbers})[month.n], month.searches::bigint), ',' order by month.n) || ']')::jsonb
            from json_array_elements_text(searches) with ordinality as month(searches, n)
            where month.searches is not null),
          difficulty, ${currency}, now()
        from json_to_recordset(${file}::json) as file(keyword text, volume bigint, competition text,
          competition_index smallint, low_bid bigint, high_bid bigint, searches json, difficulty smallint)
        on conflict (provider, geo, language, keyword, project_id) do update set
          avg_monthly_searches = excluded.avg_monthly_searches, competition = excluded.competition,
          competition_index = excluded.competition_index, low_bid_micros = excluded.low_bid_micros,
          high_bid_micros = excluded.high_bid_micros, monthly_volumes = excluded.monthly_volumes,
          difficulty = excluded.difficulty, currency = excluded.currency, fetched_at = excluded.fetched_at`);
    },

    /** After storing figures: what was computed from the old ones is out of date (see `keyword_metrics_version`). */
    async figuresChanged(tx: Tx, stored: number): Promise<void> {
      await tx.execute(sql`select nextval('keyword_metrics_version')`);
      if (stored >= ANALYZE_FROM_ROWS) await tx.execute(sql`analyze keyword_metrics`);
    },
  };
}

export type KeywordPlannerRepository = ReturnType<typeof createKeywordPlannerRepository>;
