import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getKeywordLists } from '@/components/save-to-list/api/get-keyword-lists';
import { queryKeys } from '@/lib/query-keys';

/** Refresh cache: the lists in full from the server (not the browser's copy), and each list's keywords again. */
export function useRefreshKeywordLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getKeywordLists({ refresh: true }),
    onSuccess: (lists) => {
      queryClient.setQueryData(queryKeys.keywordLists, lists);
      return queryClient.invalidateQueries({
        queryKey: queryKeys.keywordLists,
        predicate: (query) => typeof query.queryKey[1] === 'number',
      });
    },
  });
}
