import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Adds keywords to a list at once; those it holds already are counted, not added twice. */
export const addListKeywords = ({ listId, keywordIds }: { listId: number; keywordIds: number[] }) =>
  apiRequest(endpoints.addKeywordListKeywords, { params: { id: listId }, body: { keywordIds } });

export function useAddListKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addListKeywords,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.keywordLists }),
  });
}
