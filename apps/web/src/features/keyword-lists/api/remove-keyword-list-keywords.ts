import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Takes keywords out of a list at once (all or nothing); they stay in their projects. */
export const removeKeywordListKeywords = ({ listId, keywordIds }: { listId: number; keywordIds: number[] }) =>
  apiRequest(endpoints.removeKeywordListKeywords, { params: { id: listId }, body: { keywordIds } });

export function useRemoveKeywordListKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeKeywordListKeywords,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.keywordLists }),
  });
}
