import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest, type ApiAnswer } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface RemoveKeywordListItemInput {
  listId: number;
  keywordId: number;
}

/** Takes a keyword out of a list; it stays in its project. */
export const removeKeywordListItem = ({ listId, keywordId }: RemoveKeywordListItemInput) =>
  apiRequest(endpoints.removeKeywordListItem, { params: { listId, keywordId } });

/** The callbacks run for every call, also when several removals overlap. */
export function useRemoveKeywordListItem(
  options: Omit<
    UseMutationOptions<ApiAnswer<typeof endpoints.removeKeywordListItem>, Error, RemoveKeywordListItemInput>,
    'mutationFn'
  > = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: removeKeywordListItem,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: queryKeys.keywordLists });
    },
  });
}
