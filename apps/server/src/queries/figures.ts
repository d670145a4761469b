/*
 * The figures cache as every keyword query reads it: which entries are a project's (its scope),
 * the join that brings a keyword's winning entry in as `m`, its columns and their API shape, the
 * CPC bounds filter, and the cache's version. Shared by every module that shows figures.
 */
import {
  formatCpcRange,
  type FiguresSource,
  type KeywordFigures,
  type MetricsSource,
  type MonthlySearches,
} from '@keywright/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { difficultyFrom, type KeywordMetrics, type MetricsPlace } from '../providers/metrics/metrics-provider';

/** Cached figures are used for this long; older ones are fetched again. */
export const METRICS_TTL_DAYS = 30;

/** Which cache entries belong to a project: its provider, place and language. */
export interface MetricsScope {
  provider: MetricsSource;
  geo: string;
  language: string;
}

export function metricsScope(provider: MetricsSource, place: MetricsPlace): MetricsScope {
  const part = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return { provider, geo: `${part(place.country)}|${part(place.city)}`, language: part(place.language) };
}

/**
 * The figures cache's version (see `keyword_metrics_version`), as SQL: 0 until the first write, as
 * a sequence's `last_value` reads the same before and after its first `nextval`.
 */
export const metricsVersionValue = sql.raw(
  '(select case when is_called then last_value else 0 end from keyword_metrics_version)',
);

/** The cache columns a keyword query joins in as `m` (see `metricsJoin`). */
export const figureColumns = sql.raw(
  `m.keyword is not null as has_metrics, m.provider as figures_provider, m.avg_monthly_searches, m.competition,
   m.competition_index, m.low_bid_micros, m.high_bid_micros, m.difficulty, m.monthly_volumes, m.currency`,
);

export type FigureColumns = {
  has_metrics: boolean | null;
  figures_provider: FiguresSource | null;
  avg_monthly_searches: string | number | null;
  competition: KeywordFigures['competition'];
  competition_index: number | null;
  low_bid_micros: string | number | null;
  high_bid_micros: string | number | null;
  difficulty: number | null;
  monthly_volumes: MonthlySearches[] | null;
  currency: string | null;
};

/** Figures a Keyword Planner file gave: kept until the project imports again, whatever their age. */
export const PLANNER: FiguresSource = 'keyword-planner';

/**
 * The rows of `alias` that may hold the figures of a keyword aliased `k`: its place's rows of the
 * provider or of an import, and of those only its own project's imports (a provider's rows have
 * `project_id` 0, an import's the importing project's, so no project sees another's file).
 */
function owned(alias: string, provider: MetricsSource, geo: SQL, language: SQL): SQL {
  const m = sql.raw(alias);
  return sql`${m}.provider in (${provider}, ${PLANNER}) and ${m}.geo = ${geo} and ${m}.language = ${language}
    and ${m}.project_id in (0, k.project_id)`;
}

/** A cache row of `alias` the project may use: the provider's while fresh, or an imported one. */
export function usable(alias: string, provider: MetricsSource): SQL {
  const m = sql.raw(alias);
  return sql`(${m}.provider = ${PLANNER} or (${m}.provider = ${provider}
    and ${m}.fetched_at > now() - make_interval(days => ${METRICS_TTL_DAYS})))`;
}

/**
 * Which of a keyword's usable rows wins: an import over an estimate (a person's real figures over
 * a model's), and between an import and Google Ads the newer (a Google Ads refresh updates them).
 */
export function winnerFirst(provider: MetricsSource): SQL {
  return provider === 'estimate'
    ? sql`(m.provider = ${PLANNER}) desc`
    : sql`m.fetched_at desc, (m.provider = ${PLANNER}) desc`;
}

/**
 * Joins a keyword's figures as `m` to keywords aliased `k` (with `normalized` and `project_id`):
 * the provider's fresh cache entry for the place, or the project's imported Keyword Planner
 * figures when they win (see `winnerFirst`). The left join is a lateral lookup of the (at most
 * two) rows per keyword, whatever the planner believes of freshly loaded tables (a project's page,
 * or every keyword of one project); the inner join, used to filter by CPC across a whole project,
 * is left to the planner, the losing rows dropped by an anti-join.
 */
export function metricsJoin(scope: MetricsScope | null, kind: 'left' | 'inner' = 'left'): SQL {
  if (!scope)
    return sql.raw(kind === 'left' ? 'left join keyword_metrics m on false' : 'join keyword_metrics m on false');
  return metricsJoinAt(scope.provider, sql`${scope.geo}`, sql`${scope.language}`, kind);
}

/** `metricsJoin` with the place given as SQL: a column per keyword when keywords come from several projects. */
export function metricsJoinAt(provider: MetricsSource, geo: SQL, language: SQL, kind: 'left' | 'inner' = 'left'): SQL {
  const key = sql`m.keyword = k.normalized and ${owned('m', provider, geo, language)}`;
  if (kind === 'inner') {
    const beats =
      provider === 'estimate'
        ? sql`better.provider = ${PLANNER}`
        : sql`(better.fetched_at, better.provider = ${PLANNER}) > (m.fetched_at, m.provider = ${PLANNER})`;
    return sql`join keyword_metrics m on ${key} and ${usable('m', provider)}
      and not exists (select 1 from keyword_metrics better
        where ${owned('better', provider, sql`m.geo`, sql`m.language`)} and better.keyword = m.keyword
          and better.provider <> m.provider and ${usable('better', provider)} and ${beats})`;
  }
  // `limit 1` also keeps the planner from flattening the lookup into a join.
  return sql`left join lateral (select * from keyword_metrics m
    where ${key} and ${usable('m', provider)}
    order by ${winnerFirst(provider)} limit 1) m on true`;
}

/** SPEC's CPC filter: with a bound, rows without CPC are out; else kept when the range overlaps. */
export function cpcBoundsCondition(minCpc: number | null, maxCpc: number | null): SQL | undefined {
  if (minCpc == null && maxCpc == null) return undefined;
  const micros = (dollars: number) => Math.round(dollars * 1_000_000);
  return sql.join(
    [
      sql`m.low_bid_micros is not null and m.high_bid_micros is not null`,
      ...(maxCpc != null ? [sql`m.low_bid_micros <= ${micros(maxCpc)}`] : []),
      ...(minCpc != null ? [sql`m.high_bid_micros >= ${micros(minCpc)}`] : []),
    ],
    sql` and `,
  );
}

const toNumber = (value: string | number | null) => (value == null ? null : Number(value));

/** Months oldest first, as the trend reads them. */
function trendOf(months: readonly MonthlySearches[] | null | undefined): MonthlySearches[] | null {
  if (!months || months.length === 0) return null;
  return [...months]
    .map(({ year, month, searches }) => ({ year, month, searches }))
    .sort((a, b) => a.year - b.year || a.month - b.month);
}

/** The API's figures from joined cache columns; null when nothing is cached. */
export function figuresFromColumns(row: FigureColumns, source: MetricsSource): KeywordFigures | null {
  if (!row.has_metrics) return null;
  const low = toNumber(row.low_bid_micros);
  const high = toNumber(row.high_bid_micros);
  return {
    avg_monthly_searches: toNumber(row.avg_monthly_searches),
    competition: row.competition,
    competition_index: row.competition_index,
    cpc_low: low,
    cpc_high: high,
    // Figures cached before it was one figure may hold a blend: the index is what is shown.
    difficulty: difficultyFrom(row.competition_index),
    cpc_range: formatCpcRange(low, high, row.currency),
    source: row.figures_provider ?? source,
    currency: row.currency,
    trend: trendOf(row.monthly_volumes),
  };
}

/** The API's figures from a provider's answer. */
export function figuresFromMetrics(
  metrics: KeywordMetrics,
  source: MetricsSource,
  currency: string | null,
): KeywordFigures {
  return {
    avg_monthly_searches: metrics.avgMonthlySearches,
    competition: metrics.competition,
    competition_index: metrics.competitionIndex,
    cpc_low: metrics.lowBidMicros,
    cpc_high: metrics.highBidMicros,
    difficulty: difficultyFrom(metrics.competitionIndex),
    cpc_range: formatCpcRange(metrics.lowBidMicros, metrics.highBidMicros, currency),
    source,
    currency,
    trend: trendOf(metrics.monthlyVolumes),
  };
}

/** The reads of the figures cache several modules make. */
export function createFiguresCache(db: Db) {
  return {
    /**
     * Cached figures for these normalized keywords: fresh ones of the provider for the place, or the
     * imports of `projectId` (when given) that win.
     */
    async cached(
      scope: MetricsScope,
      normalized: readonly string[],
      projectId: number | null = null,
    ): Promise<Map<string, KeywordFigures>> {
      if (normalized.length === 0) return new Map();
      const { rows } = await db.execute<FigureColumns & { keyword: string }>(sql`
        select distinct on (m.keyword) m.keyword, ${figureColumns} from keyword_metrics m
        where m.provider in (${scope.provider}, ${PLANNER}) and m.geo = ${scope.geo} and m.language = ${scope.language}
          and m.keyword = any(${sql.param([...normalized])}::text[]) and m.project_id in (0, ${projectId ?? 0})
          and ${usable('m', scope.provider)}
        order by m.keyword, ${winnerFirst(scope.provider)}`);
      return new Map(rows.map((row) => [row.keyword, figuresFromColumns(row, scope.provider)!]));
    },
  };
}
