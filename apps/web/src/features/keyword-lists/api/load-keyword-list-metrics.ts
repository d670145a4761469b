import { endpoints, type KeywordListMetricsAnswer } from '@keywright/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface LoadKeywordListMetricsInput {
  listId: number;
  /** Fetch every keyword's figures again instead of using the cache. */
  refresh?: boolean;
}

/** Load CPC: caches the figures the list's keywords lack; answers the list's summary. */
export const loadKeywordListMetrics = ({ listId, refresh = false }: LoadKeywordListMetricsInput) =>
  apiRequest(endpoints.keywordListMetrics, { params: { id: listId }, body: { refresh } });

/** The callbacks run for every call, also when calls for several lists overlap. */
export function useLoadKeywordListMetrics<Input extends LoadKeywordListMetricsInput>(
  options: Omit<UseMutationOptions<KeywordListMetricsAnswer, Error, Input>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: loadKeywordListMetrics,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      // The list's pages with figures are asked for again.
      const [, { listId }] = args;
      await queryClient.invalidateQueries({
        queryKey: [...queryKeys.keywordLists, listId],
        predicate: (query) => (query.queryKey[2] as { withMetrics?: boolean } | undefined)?.withMetrics === true,
      });
    },
  });
}
