import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadKeywordMetrics } from '@/components/project-keywords/api/load-keyword-metrics';
import { queryKeys } from '@/lib/query-keys';

/**
 * Gets every keyword of the project its figures before the groups are read (their volumes and CPC
 * come from the cache): the metrics call's first page fetches what the cache lacks, and one row is
 * all the answer need carry. The same call as the analysis page's, so one visit serves both.
 * Answers where the figures come from.
 */
export const ensureClusterFiguresQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.analysisFigures(projectId),
    queryFn: async () => (await loadKeywordMetrics({ projectId, page: 1, pageSize: 1, refresh: false })).source,
    staleTime: 0,
    refetchOnWindowFocus: false,
    // Metrics switched off (503) or Google Ads refusing: the groups show without figures at once.
    retry: false,
  });

export function useEnsureClusterFigures(projectId: number) {
  return useQuery(ensureClusterFiguresQueryOptions(projectId));
}
