import { constants, endpoints } from '@keywright/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface KeywordListPageParams {
  page: number;
  /** Each keyword's cached figures and the list's summary (after Load CPC). */
  withMetrics: boolean;
}

/** A list with one page of its keywords. */
export const getKeywordList = (listId: number, { page, withMetrics }: KeywordListPageParams, signal?: AbortSignal) =>
  apiRequest(endpoints.getKeywordList, {
    params: { id: listId },
    query: { page, pageSize: constants.listKeywordsPageSize, metrics: withMetrics ? 'true' : 'false' },
    signal,
  });

export const keywordListQueryOptions = (listId: number, params: KeywordListPageParams) =>
  queryOptions({
    queryKey: queryKeys.keywordList(listId, params),
    queryFn: ({ signal }) => getKeywordList(listId, params, signal),
  });

export function useKeywordList(listId: number, params: KeywordListPageParams) {
  // The last page stays on screen while the next one (or the one with figures) loads.
  return useQuery({ ...keywordListQueryOptions(listId, params), placeholderData: keepPreviousData });
}
