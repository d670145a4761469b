import type { PlannerMonth } from './keyword-planner-file';

// A Keyword Planner header row: the columns are found by their names, in any order, case and
// spacing; the month columns ("Searches: Nov 2025") by their pattern.

/** Each column the import reads, by the header Keyword Planner writes for it. */
const headers = {
  keyword: 'Keyword',
  avgSearches: 'Avg. monthly searches',
  currency: 'Currency',
  competition: 'Competition',
  competitionIndex: 'Competition (indexed value)',
  lowBid: 'Top of page bid (low range)',
  highBid: 'Top of page bid (high range)',
} as const;

/** The columns a file cannot be read without, as the file names them. */
export const requiredHeaders: string[] = [headers.keyword, headers.avgSearches];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_HEADER = /^searches:\s*([a-z]{3})[a-z]*\.?\s+(\d{4})$/;

const headerName = (cell: string) => cell.trim().replace(/\s+/g, ' ').toLowerCase();

export type Columns = { [column in keyof typeof headers]: number } & {
  /** The month columns, oldest first. */
  months: Array<PlannerMonth & { column: number }>;
  /** Each column's header as the file writes it, for messages. */
  names: string[];
};

/** The columns of a header row, or the required ones it lacks. */
export function columnsOf(cells: string[]): Columns | { missing: string[] } {
  const names = cells.map(headerName);
  const find = (name: string) => names.indexOf(name.toLowerCase());
  const missing = requiredHeaders.filter((name) => find(name) === -1);
  if (missing.length > 0) return { missing };
  const months = new Map<number, PlannerMonth & { column: number }>();
  names.forEach((name, column) => {
    const match = MONTH_HEADER.exec(name);
    const month = match ? MONTHS.indexOf(match[1]!) + 1 : 0;
    if (!match || month === 0) return;
    const year = Number(match[2]);
    const key = year * 12 + month;
    if (!months.has(key)) months.set(key, { year, month, column });
  });
  return {
    keyword: find(headers.keyword),
    avgSearches: find(headers.avgSearches),
    currency: find(headers.currency),
    competition: find(headers.competition),
    competitionIndex: find(headers.competitionIndex),
    lowBid: find(headers.lowBid),
    highBid: find(headers.highBid),
    months: [...months.entries()].sort(([a], [b]) => a - b).map(([, month]) => month),
    names: cells.map((cell) => cell.trim()),
  };
}
