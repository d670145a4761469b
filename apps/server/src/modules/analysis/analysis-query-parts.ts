import type { AnalysisFilters, AnalysisSortColumn, SearchIntent } from '@keywright/contract';
import { sql, type SQL } from 'drizzle-orm';
import { cpcBoundsCondition, type FigureColumns } from '../../queries/figures';
import { keywordFilters } from '../../queries/keyword-filters';

/*
 * The analysis page's rules as SQL: which figure each sort orders by, how each part of an order
 * reads and resumes, and the filters on the figures and on the keywords. Applied by
 * analysis.repository.ts.
 */

export type AnalysisFilterSet = Pick<
  AnalysisFilters,
  'search' | 'competition' | 'minVolume' | 'maxVolume' | 'minCpc' | 'maxCpc' | 'intent'
>;
export type AnalysisOrder = Pick<AnalysisFilters, 'sort' | 'order'>;

export type FigureSort = Exclude<AnalysisSortColumn, 'keyword' | 'created_at'>;

/**
 * The cache column (or expression) each figure sort orders by; each has an index on
 * (geo, language, it, keyword), so a page is read in order from the cache (migration 0009).
 * Competition goes by level, not by name; the expression is the index's, word for word.
 */
export const figureKeys: Record<FigureSort, SQL> = {
  avg_monthly_searches: sql.raw('m.avg_monthly_searches'),
  competition: sql.raw(`(case m.competition when 'Low' then 1 when 'Medium' then 2 when 'High' then 3 end)`),
  competition_index: sql.raw('m.competition_index'),
  cpc_low: sql.raw('m.low_bid_micros'),
  cpc_high: sql.raw('m.high_bid_micros'),
};
export const figureSorts = Object.keys(figureKeys) as FigureSort[];

export const isFigureSort = (sort: AnalysisSortColumn): sort is FigureSort => sort in figureKeys;

/** Where the next batch of an export starts: the last row's sort key. */
export interface Cursor {
  value: string | number | null;
  keyword: string;
  id: number;
}

export type Part = 'figured' | 'rest' | 'all';
export type Row = { id: number; keyword: string; created_at: string; intent: SearchIntent[] } & FigureColumns;
export type CursorRow = Row & { cursor_value: string | number | null; cursor_keyword: string };

export function hasFigureFilter(filters: AnalysisFilterSet): boolean {
  return (
    filters.competition.length > 0 ||
    filters.minVolume != null ||
    filters.maxVolume != null ||
    filters.minCpc != null ||
    filters.maxCpc != null
  );
}

/** The filters on the joined figures `m`; a keyword without the figure a filter names is out. */
export function figureConditions(filters: AnalysisFilterSet): SQL[] {
  const bounds = cpcBoundsCondition(filters.minCpc, filters.maxCpc);
  return [
    ...(filters.competition.length > 0 ? [sql`m.competition = any(${sql.param(filters.competition)}::text[])`] : []),
    ...(filters.minVolume != null ? [sql`m.avg_monthly_searches >= ${filters.minVolume}`] : []),
    ...(filters.maxVolume != null ? [sql`m.avg_monthly_searches <= ${filters.maxVolume}`] : []),
    ...(bounds ? [bounds] : []),
  ];
}

/** The filters on the keyword itself (its text, its intents), as conditions on `k`. */
export const keywordConditions = (filters: AnalysisFilterSet): SQL[] => keywordFilters(filters.search, filters.intent);

export const and = (conditions: SQL[]) => (conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`);

/**
 * How one part of the order reads: its ORDER BY, the key a batch resumes after, and that key's
 * columns. A figure sort is two parts: the keywords with the figure, by it (the cache's index
 * gives them in order), then those without it, by keyword, whichever way the order goes.
 */
export function ordering(part: Part, { sort, order }: AnalysisOrder) {
  const direction = sql.raw(order);
  const beyond = sql.raw(order === 'asc' ? '>' : '<');
  if (part === 'figured' && isFigureSort(sort)) {
    const key = figureKeys[sort];
    return {
      by: sql`${key} ${direction}, m.keyword ${direction}`,
      cursorColumns: sql`${key} as cursor_value, m.keyword as cursor_keyword`,
      after: (cursor: Cursor) => sql`(${key}, m.keyword) ${beyond} (${cursor.value}::bigint, ${cursor.keyword}::text)`,
    };
  }
  if (sort === 'created_at') {
    return {
      by: sql`k.created_at ${direction}, k.id ${direction}`,
      cursorColumns: sql`k.created_at::text as cursor_value, k.normalized as cursor_keyword`,
      after: (cursor: Cursor) => sql`(k.created_at, k.id) ${beyond} (${cursor.value}::timestamptz, ${cursor.id})`,
    };
  }
  // By keyword, or the keywords without the sort's figure: the normalized text is unique in a project.
  return {
    by: sql`k.normalized ${direction}`,
    cursorColumns: sql`null as cursor_value, k.normalized as cursor_keyword`,
    after: (cursor: Cursor) => sql`k.normalized ${beyond} ${cursor.keyword}::text`,
  };
}

/** The parts of an order: a figure sort's keywords with the figure, then those without it. */
export const partsOf = ({ sort }: AnalysisOrder): Part[] => (isFigureSort(sort) ? ['figured', 'rest'] : ['all']);
