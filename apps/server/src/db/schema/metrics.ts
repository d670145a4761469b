import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { MonthlyVolume } from '../../providers/metrics/metrics-provider';

/**
 * The metrics provider's answers, cached per provider, place and language, so a project's
 * keywords are fetched upstream once and every page after that is served from here; and the
 * figures of Keyword Planner files, per importing project and its place.
 * A row whose figures are all null records that the provider knew nothing of the keyword.
 */
export const keywordMetrics = pgTable(
  'keyword_metrics',
  {
    /** Who gave the figures: the server's provider, or a Keyword Planner file a project imported. */
    provider: text('provider', { enum: ['google-ads', 'estimate', 'keyword-planner'] }).notNull(),
    /** The place as the project names it: `country|city`, lower-cased. */
    geo: text('geo').notNull(),
    language: text('language').notNull(),
    /** The normalized keyword (see `normalizeKeyword`). */
    keyword: text('keyword').notNull(),
    /**
     * Whose figures: 0 for a provider's (facts of a place, shared by every project there); the
     * importing project for a Keyword Planner file's, which no other project sees. Not a foreign
     * key: a project's delete removes its rows (`projects.repository`), and 0 is no project.
     */
    projectId: bigint('project_id', { mode: 'number' }).notNull().default(0),
    avgMonthlySearches: bigint('avg_monthly_searches', { mode: 'number' }),
    competition: text('competition', { enum: ['Low', 'Medium', 'High'] }),
    competitionIndex: smallint('competition_index'),
    lowBidMicros: bigint('low_bid_micros', { mode: 'number' }),
    highBidMicros: bigint('high_bid_micros', { mode: 'number' }),
    monthlyVolumes: jsonb('monthly_volumes').$type<MonthlyVolume[]>(),
    difficulty: smallint('difficulty'),
    /**
     * The ISO 4217 code of the bids: Google Ads' account's, a Keyword Planner file's; the estimate's
     * model currency. Null when not known (rows stored before migration 0013, a file without one).
     */
    currency: text('currency'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => {
    const competitionRank = sql`(case ${table.competition} when 'Low' then 1 when 'Medium' then 2 when 'High' then 3 end)`;
    const sortIndex = (name: string, figure: SQL | AnyPgColumn) =>
      index(name)
        .on(table.geo, table.language, figure, table.keyword)
        .where(sql`${figure} is not null`);
    return [
      primaryKey({ columns: [table.provider, table.geo, table.language, table.keyword, table.projectId] }),
      index('keyword_metrics_fetched_idx').on(table.fetchedAt),
      // The analysis page's sorts: a place's figures in order of each, the keyword breaking ties, so
      // a page sorted by a figure is read from here in order (the competition levels by rank). Partial,
      // so only a query that asks for the figure can use them; lookups by keyword keep to the key.
      sortIndex('keyword_metrics_volume_idx', table.avgMonthlySearches),
      sortIndex('keyword_metrics_competition_idx', competitionRank),
      sortIndex('keyword_metrics_competition_index_idx', table.competitionIndex),
      sortIndex('keyword_metrics_low_bid_idx', table.lowBidMicros),
      sortIndex('keyword_metrics_high_bid_idx', table.highBidMicros),
    ];
  },
);

/**
 * Moves on every write to `keyword_metrics`, so anything computed from cached figures
 * (a CPC-filtered page's matching keywords) knows when it is out of date.
 */
export const keywordMetricsVersion = pgSequence('keyword_metrics_version');
