import { messages, type SearchConsoleSort } from '@keywright/contract';

/** `12,100`: a count with thousands separators. */
export const formatCount = (value: number) => value.toLocaleString('en-US');

/** A click-through rate (a fraction) as a percentage: `3.2%`, `0.04%` below a tenth of a percent. */
export function formatCtr(ctr: number): string {
  const percent = ctr * 100;
  if (percent > 0 && percent < 0.1) return `${percent.toFixed(2)}%`;
  return `${percent.toFixed(1)}%`;
}

/** An average position with one decimal: `4.7`. */
export const formatPosition = (position: number) => position.toFixed(1);

/** A page address without its scheme, as people read it: `greenleaf.example/pricing`. */
export const shortPage = (page: string) => page.replace(/^https?:\/\//, '').replace(/\/$/, '') || page;

export type SortColumn = 'query' | 'clicks' | 'impressions' | 'ctr' | 'position';

export const sortColumns: readonly SortColumn[] = ['query', 'clicks', 'impressions', 'ctr', 'position'];

export const sortColumnOf = (sort: SearchConsoleSort): SortColumn => sort.replace(/^-/, '') as SortColumn;
export const isDescending = (sort: SearchConsoleSort) => sort.startsWith('-');

/**
 * The order a click on a column's head asks for: the column again turns it around; a new column
 * starts the way people read it first (figures most first, the query and position from the top).
 */
export function nextSort(current: SearchConsoleSort, column: SortColumn): SearchConsoleSort {
  if (sortColumnOf(current) === column) {
    return (isDescending(current) ? column : `-${column}`) as SearchConsoleSort;
  }
  return (column === 'query' || column === 'position' ? column : `-${column}`) as SearchConsoleSort;
}

/** `Impressions, highest first`: an order as the narrow screen's select names it. */
export function describeSort(sort: SearchConsoleSort): string {
  const order = isDescending(sort)
    ? messages.searchConsoleSortOrder.descending
    : messages.searchConsoleSortOrder.ascending;
  return messages.searchConsoleSortOption(messages.searchConsoleColumns[sortColumnOf(sort)], order);
}
