import { messages, type SearchConsoleSort } from '@keywright/contract';

export { formatCount, formatCtr, formatPosition } from '@/lib/search-console-figures';

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
