import { constants, endpoints, type KeywordSort } from '@keywright/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { cpcBoundsQuery, noCpcBounds, type CpcBounds } from '@/lib/cpc-filter';

export interface KeywordPageParams {
  page: number;
  search: string;
  sort?: KeywordSort;
  /** Rows with their cached figures (once Show CPC has loaded them). */
  withMetrics?: boolean;
  /** Only keywords whose CPC range overlaps these bounds. */
  bounds?: CpcBounds;
}

export const getKeywordPage = (
  projectId: number,
  { page, search, sort = 'newest', withMetrics = false, bounds = noCpcBounds }: KeywordPageParams,
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
    },
    signal,
  });

export const keywordPageQueryOptions = (projectId: number, params: KeywordPageParams) =>
  queryOptions({
    queryKey: queryKeys.projectKeywordPage(projectId, {
      sort: 'newest',
      withMetrics: false,
      bounds: noCpcBounds,
      ...params,
    }),
    queryFn: ({ signal }) => getKeywordPage(projectId, params, signal),
  });

export function useKeywordPage(projectId: number, params: KeywordPageParams) {
  // The last page stays on screen while the next one loads.
  return useQuery({ ...keywordPageQueryOptions(projectId, params), placeholderData: keepPreviousData });
}
