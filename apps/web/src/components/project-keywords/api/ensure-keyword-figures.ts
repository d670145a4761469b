import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { loadKeywordMetrics } from '@/components/project-keywords/api/load-keyword-metrics';
import { queryKeys } from '@/lib/query-keys';

/**
 * Makes sure every keyword of the project has figures in the cache: the metrics call's first page
 * fetches what the cache lacks (seconds for 100,000 keywords with the offline estimate), and one
 * row is all the answer need carry. Answers where the figures come from. The analysis page asks it
 * before its rows, the groups before they are read (their volumes and CPC come from the cache):
 * one query, so one visit serves both.
 */
export const ensureKeywordFiguresQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.analysisFigures(projectId),
    queryFn: async () => (await loadKeywordMetrics({ projectId, page: 1, pageSize: 1, refresh: false })).source,
    // Asked again each time the project is chosen (cheap once the cache has them), not on focus.
    staleTime: 0,
    refetchOnWindowFocus: false,
    // Metrics turned off (503) or Google Ads refusing will not change in a second: the page says so at once.
    retry: false,
  });

export function useEnsureKeywordFigures(projectId: number) {
  return useQuery(ensureKeywordFiguresQueryOptions(projectId));
}

/** After keywords are added on the page (generated, suggested, imported): their figures, then the rows. */
export function useRefreshKeywordFigures(projectId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.refetchQueries({ queryKey: queryKeys.analysisFigures(projectId) }),
    [queryClient, projectId],
  );
}
