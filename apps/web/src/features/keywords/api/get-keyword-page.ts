import { constants, endpoints, type KeywordSort } from '@keywright/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface KeywordPageParams {
  page: number;
  search: string;
  sort?: KeywordSort;
}

export const getKeywordPage = (
  projectId: number,
  { page, search, sort = 'newest' }: KeywordPageParams,
  signal?: AbortSignal,
) =>
  apiRequest(endpoints.projectKeywordPage, {
    params: { projectId },
    query: { page, pageSize: constants.projectKeywordsPageSize, search, sort },
    signal,
  });

export const keywordPageQueryOptions = (projectId: number, params: KeywordPageParams) =>
  queryOptions({
    queryKey: queryKeys.projectKeywordPage(projectId, { sort: 'newest', ...params }),
    queryFn: ({ signal }) => getKeywordPage(projectId, params, signal),
  });

export function useKeywordPage(projectId: number, params: KeywordPageParams) {
  // The last page stays on screen while the next one loads.
  return useQuery({ ...keywordPageQueryOptions(projectId, params), placeholderData: keepPreviousData });
}
