import {
  messages,
  type KeywordPageRow,
  type MetricsSource,
  type Project,
  type SearchIntent,
} from '@keywright/contract';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useCardPaging } from '@/components/data-card/data-card';
import { useRowSelection } from '@/components/row-selection/use-row-selection';
import { useProjectSearchConsole } from '@/components/search-console/get-project-search-console';
import { isUnauthorized } from '@/lib/api-error';
import { hasCpcBounds, noCpcBounds, type CpcBounds } from '@/lib/cpc-filter';
import { hasEstimates } from '@/lib/figures';
import { notifyError } from '@/lib/notify';
import { keywordPageQueryOptions, useKeywordPage } from '../api/get-keyword-page';
import { useKeywordsAddress } from './use-keywords-address';
import { usePageParam } from './use-page-param';
import { useShowSearchConsole } from './use-show-search-console';
import { useShowTrend } from './use-show-trend';

const noRows: readonly KeywordPageRow[] = [];
const searchDelayMs = 300;

/**
 * The project's keywords on screen: the page, the search, the CPC bounds, the intents and the
 * order (all in the address), the page's rows and their selection, and the counts the badge shows.
 */
export function useKeywordRows(project: Project) {
  const projectId = project.id;
  const [page, setPage] = usePageParam();
  const [address, changeAddress] = useKeywordsAddress();
  const { search, bounds, intents, sort } = address;
  const [searchText, setSearchText] = useState(search);
  // SPEC 4: 'metrics loaded' turns on the figure columns, the CPC filter and Refresh CPC.
  const isMetricsLoaded = address.showCpc;
  // Where the loaded figures come from; null until CPC data has loaded in this visit.
  const [metricsSource, setMetricsSource] = useState<MetricsSource | null>(null);
  const [showTrend, setShowTrend] = useShowTrend();
  // The Search Console columns are offered once the project has imported queries (issue 26).
  const hasSearchConsole = Boolean(useProjectSearchConsole(projectId).data?.current);
  const [wantsSearchConsole, setShowSearchConsole] = useShowSearchConsole();
  const showSearchConsole = hasSearchConsole && wantsSearchConsole;
  const { cardRef, handlePageChange } = useCardPaging(setPage);
  const isCpcFiltered = isMetricsLoaded && hasCpcBounds(bounds);
  const isIntentFiltered = intents.length > 0;
  const isFiltered = isCpcFiltered || isIntentFiltered;

  const pageQuery = useKeywordPage(projectId, {
    page,
    search,
    sort,
    withMetrics: isMetricsLoaded,
    bounds,
    intents,
    withSearchConsole: showSearchConsole,
  });
  const answer = pageQuery.data;
  // The filtered count (for the badge and a filtered export) leaves the search out, as the export does.
  const filteredQuery = useQuery({
    ...keywordPageQueryOptions(projectId, { page: 1, search: '', withMetrics: isMetricsLoaded, bounds, intents }),
    enabled: isFiltered,
  });

  // The badge counts the whole project, also while a search or the CPC filter narrows the rows.
  const totalCount =
    !search && !isFiltered && answer && !pageQuery.isPlaceholderData
      ? answer.pagination.totalCount
      : project.keywords_count;
  const filteredCount = isFiltered ? filteredQuery.data?.pagination.totalCount : undefined;

  const applySearch = useDebouncedCallback(
    (value: string) => changeAddress({ search: value.trim() }, { replace: true }),
    searchDelayMs,
  );
  // Back and Forward bring another search: the field shows it.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if (searchText.trim() !== search) setSearchText(search);
  }

  const { error, errorUpdatedAt } = pageQuery;
  useEffect(() => {
    if (error && !isUnauthorized(error)) notifyError(messages.failedToLoadProjectData);
  }, [error, errorUpdatedAt]);

  // A page past the end (the last row of a page deleted, an old link): back to the last one.
  const isPastEnd = answer !== undefined && !pageQuery.isPlaceholderData && answer.data.length === 0 && page > 1;
  const lastPage = answer?.pagination.totalPages ?? 1;
  useEffect(() => {
    if (isPastEnd) setPage(Math.max(1, Math.min(page - 1, lastPage)), { replace: true });
  }, [isPastEnd, page, lastPage, setPage]);

  const handleSearchChange = (value: string) => {
    setSearchText(value);
    applySearch(value);
  };

  /** Clears the search and goes back to page 1 (where new keywords show). */
  const clearSearch = () => {
    setSearchText('');
    applySearch.cancel();
    changeAddress({ search: '' }, { replace: !search });
  };

  const handleApplyBounds = (next: CpcBounds) => changeAddress({ bounds: next });

  const handleClearBounds = () => {
    if (hasCpcBounds(bounds)) changeAddress({ bounds: noCpcBounds });
  };

  const handleIntentsChange = (next: SearchIntent[]) => changeAddress({ intents: next });

  const pageRows = answer?.data;
  const rows = pageRows ?? noRows;
  // Another page or other filters show other keywords: a selection made there is let go.
  const selection = useRowSelection(rows, JSON.stringify([page, search, bounds, intents]));
  const pageRowIds = useMemo(() => (pageRows ?? []).map((row) => row.id), [pageRows]);
  const showEstimated =
    metricsSource === 'estimate' || (isMetricsLoaded && hasEstimates(rows.map((row) => row.metrics)));

  return {
    projectId,
    page,
    currentPage: answer?.pagination.page ?? page,
    address,
    changeAddress,
    searchText,
    isMetricsLoaded,
    metricsSource,
    setMetricsSource,
    showTrend,
    setShowTrend,
    hasSearchConsole,
    showSearchConsole,
    setShowSearchConsole,
    isCpcFiltered,
    isIntentFiltered,
    isFiltered,
    pageQuery,
    answer,
    totalCount,
    filteredCount,
    rows,
    pageRowIds,
    selection,
    showEstimated,
    cardRef,
    handlePageChange,
    handleSearchChange,
    clearSearch,
    handleApplyBounds,
    handleClearBounds,
    handleIntentsChange,
  };
}

export type KeywordRows = ReturnType<typeof useKeywordRows>;
