import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteKeywordList = (listId: number) =>
  apiRequest(endpoints.deleteKeywordList, { params: { id: listId } });

export function useDeleteKeywordList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKeywordList,
    onSuccess: (_answer, listId) => {
      queryClient.removeQueries({ queryKey: [...queryKeys.keywordLists, listId] });
      return queryClient.invalidateQueries({ queryKey: queryKeys.keywordLists });
    },
  });
}
