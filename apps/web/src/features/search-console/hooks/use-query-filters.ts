import { constants, type SearchConsoleSort } from '@keywright/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { SearchConsoleQueriesParams } from '../api/get-search-console-queries';

/** How long typing pauses before the search asks the server. */
export const searchDebounceMs = 300;

/**
 * The queries card's page, order, search and filters. "Not yet keywords" starts on (the queries
 * worth adding); striking distance starts off with Search Console's usual bar of impressions.
 * Any change but the page's goes back to page 1.
 */
export function useQueryFilters(importId: number | null) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SearchConsoleSort>('-impressions');
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), searchDebounceMs);
  const [notInProject, setNotInProject] = useState(true);
  const [isStriking, setStriking] = useState(false);
  const [minImpressions, setMinImpressions] = useState<number>(constants.searchConsole.strikingDistance.minImpressions);

  // A new search (once typing pauses) starts at page 1.
  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setPage(1);
  }

  const params: SearchConsoleQueriesParams = {
    page,
    sort,
    q: debouncedSearch,
    notInProject,
    strikingImpressions: isStriking ? minImpressions : null,
    importId,
  };
  const withFirstPage =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return {
    params,
    searchText,
    isStriking,
    minImpressions,
    isFiltered: debouncedSearch !== '' || isStriking,
    setPage,
    setSearchText,
    setSort: withFirstPage(setSort),
    setNotInProject: withFirstPage(setNotInProject),
    setStriking: withFirstPage(setStriking),
    setMinImpressions: withFirstPage(setMinImpressions),
    clearSearch: () => setSearchText(''),
  };
}

export type QueryFilters = ReturnType<typeof useQueryFilters>;
