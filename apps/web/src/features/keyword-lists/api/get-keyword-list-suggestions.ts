import { endpoints, type KeywordSuggestionsAnswer } from '@keywright/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Keyword ideas seeded from a list's keywords, for its project's place and language. */
export const getKeywordListSuggestions = ({ listId }: { listId: number }) =>
  apiRequest(endpoints.keywordSuggestions, { body: { listId } });

/** Asked for on demand (Get suggestions), so a mutation: each click asks again. */
export function useKeywordListSuggestions(
  options: Omit<UseMutationOptions<KeywordSuggestionsAnswer, Error, { listId: number }>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: getKeywordListSuggestions });
}
