import { endpoints, type KeywordMetricsInput } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Show CPC / Refresh CPC: the first call fetches and caches every keyword's
 * figures (refresh fetches them again); the pages then carry them.
 */
export const loadKeywordMetrics = (input: KeywordMetricsInput & { projectId: number }) =>
  apiRequest(endpoints.keywordMetrics, { body: input });

export function useLoadKeywordMetrics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loadKeywordMetrics,
    onSuccess: (_answer, input) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.projectKeywords(input.projectId) }),
  });
}
