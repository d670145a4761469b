import { endpoints, type KeywordListItemAdded } from '@keywright/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface AddKeywordListTextInput {
  listId: number;
  keywordText: string;
  /** An idea (a suggestion) rather than a keyword typed in. */
  isIdea?: boolean;
}

/** Adds a keyword to a list by its text; the server makes it in the list's project when new there. */
export const addKeywordListText = ({ listId, keywordText, isIdea = false }: AddKeywordListTextInput) =>
  apiRequest(endpoints.addKeywordListText, {
    params: { listId },
    body: { keyword_text: keywordText, source: isIdea ? 'suggestion' : 'manual' },
  });

/** The callbacks run for every call, also when several adds overlap. */
export function useAddKeywordListText(
  options: Omit<UseMutationOptions<KeywordListItemAdded, Error, AddKeywordListTextInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: addKeywordListText,
    onSuccess: async (...args) => {
      const [{ item }] = args;
      await options.onSuccess?.(...args);
      await queryClient.invalidateQueries({ queryKey: queryKeys.keywordLists });
      // The keyword may be new in its project too.
      await queryClient.invalidateQueries({ queryKey: queryKeys.project(item.project_id) });
    },
  });
}
