import { endpoints, type UpdateKeywordListInput } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const updateKeywordList = ({ listId, input }: { listId: number; input: UpdateKeywordListInput }) =>
  apiRequest(endpoints.updateKeywordList, { params: { id: listId }, body: input });

export function useUpdateKeywordList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKeywordList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.keywordLists }),
  });
}
