import { endpoints, type AddListItemInput } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Adds a keyword to a list by id, or by text in a project (made there first when `create_keyword`). */
export const addListItem = (input: AddListItemInput) => apiRequest(endpoints.addKeywordListItem, { body: input });

export function useAddListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addListItem,
    onSuccess: async (_answer, input) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.keywordLists });
      // A keyword made by its text is new in its project too.
      if ('keyword_text' in input && input.create_keyword) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.project(Number(input.project_id)) });
      }
    },
  });
}
