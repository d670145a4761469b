import { bigint, index, jsonb, pgSequence, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { MonthlyVolume } from '../../providers/metrics/metrics-provider';

/**
 * The metrics provider's answers, cached per provider, place and language, so a project's
 * keywords are fetched upstream once and every page after that is served from here.
 * A row whose figures are all null records that the provider knew nothing of the keyword.
 */
export const keywordMetrics = pgTable(
  'keyword_metrics',
  {
    provider: text('provider', { enum: ['google-ads', 'estimate'] }).notNull(),
    /** The place as the project names it: `country|city`, lower-cased. */
    geo: text('geo').notNull(),
    language: text('language').notNull(),
    /** The normalized keyword (see `normalizeKeyword`). */
    keyword: text('keyword').notNull(),
    avgMonthlySearches: bigint('avg_monthly_searches', { mode: 'number' }),
    competition: text('competition', { enum: ['Low', 'Medium', 'High'] }),
    competitionIndex: smallint('competition_index'),
    lowBidMicros: bigint('low_bid_micros', { mode: 'number' }),
    highBidMicros: bigint('high_bid_micros', { mode: 'number' }),
    monthlyVolumes: jsonb('monthly_volumes').$type<MonthlyVolume[]>(),
    difficulty: smallint('difficulty'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.geo, table.language, table.keyword] }),
    index('keyword_metrics_fetched_idx').on(table.fetchedAt),
  ],
);

/**
 * Moves on every write to `keyword_metrics`, so anything computed from cached figures
 * (a CPC-filtered page's matching keywords) knows when it is out of date.
 */
export const keywordMetricsVersion = pgSequence('keyword_metrics_version');
