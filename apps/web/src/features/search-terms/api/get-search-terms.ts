import { endpoints, type SearchTermsQuery } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every page of the project's search terms (under the project: its changes refresh them). */
export const searchTermsKey = (projectId: number) => [...queryKeys.project(projectId), 'search-terms'] as const;

export const getSearchTerms = (projectId: number, query: SearchTermsQuery, signal?: AbortSignal) =>
  apiRequest(endpoints.projectSearchTerms, { params: { projectId }, query, signal });

/** A page of the project's search terms, filtered and sorted by the server. */
export const searchTermsQueryOptions = (projectId: number, query: SearchTermsQuery) =>
  queryOptions({
    queryKey: [...searchTermsKey(projectId), query],
    queryFn: ({ signal }) => getSearchTerms(projectId, query, signal),
  });

export function useSearchTerms(projectId: number, query: SearchTermsQuery) {
  return useQuery({
    ...searchTermsQueryOptions(projectId, query),
    // The last page stays on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}
