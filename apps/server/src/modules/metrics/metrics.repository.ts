import { normalizeKeyword, type Keyword } from '@keywright/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { canReadProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { generationRuns, keywordListItems, keywords, projects } from '../../db/schema';
import type { KeywordMetrics } from '../../providers/metrics/metrics-provider';
import { keywordColumns } from '../../queries/keyword-columns';
import { withIntents } from '../../queries/keyword-intents';
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
/** Orders keywords by their number of words, fewest first. */
const broadestFirst = sql`array_length(string_to_array(${keywords.normalized}, ' '), 1)`;

/** A project as the metrics calls read it: its place, and the facts ideas are asked with. */
export interface ProjectRow {
  id: number;
  name: string;
  brand: string;
  description: string;
  country: string;
  city: string;
  language: string;
  siteUrl: string;
  targetAudience: string;
  competitors: string;
}

export function createMetricsRepository(db: Db) {
  const figuresCache = createFiguresCache(db);

  /** After a write: whatever was computed from the cache before it is out of date. */
  async function bumpVersion(): Promise<void> {
    await db.execute(sql`select nextval('keyword_metrics_version')`);
  }

  return {
    /** The project, if the caller may read (and so change) it. */
    async findProject(caller: Caller, projectId: number): Promise<ProjectRow | null> {
      const [row] = await db
        .select({
          id: projects.id,
          name: projects.name,
          brand: projects.brand,
          description: projects.description,
          country: projects.country,
          city: projects.city,
          language: projects.language,
          siteUrl: projects.siteUrl,
          targetAudience: projects.targetAudience,
          competitors: projects.competitors,
        })
        .from(projects)
        .where(and(eq(projects.id, projectId), canReadProject(db, projects, caller)));
      return row ?? null;
    },

    /** The project's keywords (normalized), of those `among` when given. */
    async existingNormalized(projectId: number, among?: string[]): Promise<Set<string>> {
      if (among && among.length === 0) return new Set();
      const rows = await db
        .select({ normalized: keywords.normalized })
        .from(keywords)
        .where(and(eq(keywords.projectId, projectId), among ? inArray(keywords.normalized, among) : undefined));
      return new Set(rows.map((row) => row.normalized));
    },

    /** The project's keywords as seeds: the broadest first (fewest words), then the newest. */
    async projectSeeds(projectId: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ keyword: keywords.keyword })
        .from(keywords)
        .where(eq(keywords.projectId, projectId))
        .orderBy(broadestFirst, desc(keywords.createdAt), desc(keywords.id))
        .limit(limit);
      return rows.map((row) => row.keyword);
    },

    /** A list's keywords, the broadest first, then the latest added. */
    listKeywords(listId: number): Promise<Array<{ keyword: string; normalized: string }>> {
      return db
        .select({ keyword: keywords.keyword, normalized: keywords.normalized })
        .from(keywordListItems)
        .innerJoin(keywords, eq(keywords.id, keywordListItems.keywordId))
        .where(eq(keywordListItems.listId, listId))
        .orderBy(broadestFirst, desc(keywordListItems.addedAt));
    },

    /**
     * Generate More's keywords, added in one transaction with the completed run that names them
     * (kind 'more'); those the project has meanwhile are skipped. The run's id and the keywords added.
     */
    async addMoreKeywords(input: {
      project: ProjectRow;
      userId: string;
      params: unknown;
      requested: number;
      keywords: readonly string[];
    }): Promise<{ runId: number; added: Keyword[] }> {
      const { project } = input;
      return db.transaction(async (tx) => {
        const [run] = await tx
          .insert(generationRuns)
          .values({
            projectId: project.id,
            userId: input.userId,
            kind: 'more',
            status: 'completed',
            params: input.params,
            requested: input.requested,
            progress: input.keywords.length,
            keywordsAdded: 0,
            startedAt: sql`now()`,
            finishedAt: sql`now()`,
          })
          .returning({ id: generationRuns.id });
        const added = await tx
          .insert(keywords)
          .values(
            withIntents(
              project,
              input.keywords.map((keyword) => ({
                projectId: project.id,
                keyword,
                normalized: normalizeKeyword(keyword),
                source: 'generated' as const,
                generationId: run!.id,
              })),
            ),
          )
          .onConflictDoNothing({ target: [keywords.projectId, keywords.normalized] })
          .returning(keywordColumns);
        await tx.update(generationRuns).set({ keywordsAdded: added.length }).where(eq(generationRuns.id, run!.id));
        return { runId: run!.id, added };
      });
    },

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
