import { searchTermsPageSize, type SearchTermsQuery, type SearchTermsSort } from '@keywright/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** The view's filters, order and page; a filter or order change goes back to page 1. */
export function useSearchTermsView() {
  const [search, setSearchText] = useState('');
  const [noConversions, setNoConversionsValue] = useState(false);
  const [minCost, setMinCostValue] = useState<number | ''>('');
  const [sort, setSortValue] = useState<SearchTermsSort>('-cost');
  const [page, setPage] = useState(1);
  // Typing asks once it pauses, not at every key.
  const [q] = useDebouncedValue(search.trim(), 300);
  const [cost] = useDebouncedValue(minCost, 300);

  const query: SearchTermsQuery = {
    page,
    pageSize: searchTermsPageSize,
    sort,
    ...(q && { q }),
    ...(noConversions && { noConversions: 'true' as const }),
    ...(cost !== '' && { minCost: cost }),
  };
  const firstPage =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const isFiltered = search.trim() !== '' || noConversions || minCost !== '';

  return {
    query,
    search,
    noConversions,
    minCost,
    sort,
    page,
    isFiltered,
    setSearch: firstPage(setSearchText),
    setNoConversions: firstPage(setNoConversionsValue),
    setMinCost: firstPage(setMinCostValue),
    setSort: firstPage(setSortValue),
    setPage,
    clearFilters: () => {
      setSearchText('');
      setNoConversionsValue(false);
      setMinCostValue('');
      setPage(1);
    },
  };
}

export type SearchTermsView = ReturnType<typeof useSearchTermsView>;
