import { constants, endpoints, type KeywordPageSort, type SearchIntent } from '@keywright/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { cpcBoundsQuery, noCpcBounds, type CpcBounds } from '@/lib/cpc-filter';
import { intentQuery } from '@/lib/intent-filter';

export interface KeywordPageParams {
  page: number;
  search: string;
  sort?: KeywordPageSort;
  /** Rows with their cached figures (once Show CPC has loaded them). */
  withMetrics?: boolean;
  /** Only keywords whose CPC range overlaps these bounds. */
  bounds?: CpcBounds;
  /** Only keywords carrying any of these intents (none: all). */
  intents?: readonly SearchIntent[];
  /** Rows with the figures of their query in the current Search Console import (issue 26). */
  withSearchConsole?: boolean;
}

const noIntents: readonly SearchIntent[] = [];

export const getKeywordPage = (
  projectId: number,
  {
    page,
    search,
    sort = 'newest',
    withMetrics = false,
    bounds = noCpcBounds,
    intents = noIntents,
    withSearchConsole = false,
  }: KeywordPageParams,
  signal?: AbortSignal,
) =>
  apiRequest(endpoints.projectKeywordPage, {
    params: { projectId },
    query: {
      page,
      pageSize: constants.projectKeywordsPageSize,
      search,
      sort,
      ...(withMetrics && { metrics: 'true' as const, ...cpcBoundsQuery(bounds) }),
      ...intentQuery(intents),
      ...(withSearchConsole && { searchConsole: 'true' as const }),
    },
    signal,
  });

export const keywordPageQueryOptions = (projectId: number, params: KeywordPageParams) =>
  queryOptions({
    queryKey: queryKeys.projectKeywordPage(projectId, {
      sort: 'newest',
      withMetrics: false,
      bounds: noCpcBounds,
      intents: noIntents,
      withSearchConsole: false,
      ...params,
    }),
    queryFn: ({ signal }) => getKeywordPage(projectId, params, signal),
  });

export function useKeywordPage(projectId: number, params: KeywordPageParams) {
  // The last page stays on screen while the next one loads.
  return useQuery({ ...keywordPageQueryOptions(projectId, params), placeholderData: keepPreviousData });
}
