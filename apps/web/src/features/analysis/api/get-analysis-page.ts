import { endpoints, type AnalysisQuery } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getAnalysisPage = (projectId: number, query: AnalysisQuery, signal?: AbortSignal) =>
  apiRequest(endpoints.analysisPage, { params: { projectId }, query, signal });

/**
 * A page of the project's keywords with their figures, filtered and sorted by the server.
 * `figuresAt` is when the figures were last fetched for the project: a newer fetch asks again.
 */
export const analysisPageQueryOptions = (projectId: number, query: AnalysisQuery, figuresAt: number) =>
  queryOptions({
    queryKey: queryKeys.projectAnalysisPage(projectId, { ...query, figuresAt }),
    queryFn: ({ signal }) => getAnalysisPage(projectId, query, signal),
  });

export function useAnalysisPage(
  projectId: number,
  query: AnalysisQuery,
  { figuresAt, enabled }: { figuresAt: number; enabled: boolean },
) {
  return useQuery({
    ...analysisPageQueryOptions(projectId, query, figuresAt),
    enabled,
    // The last page stays on screen while the next one loads (never another project's).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === projectId ? previous : undefined),
  });
}
