import { endpoints, type AddNegativeItemsInput } from '@keywright/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The suggestions (under the project: a new report, keyword or negative list refreshes them). */
const suggestionsKey = (projectId: number) => [...queryKeys.project(projectId), 'negative-suggestions'] as const;
/** The project's negative lists, as the Negative keywords screen keys them. */
const negativeListsKey = (projectId: number) => [...queryKeys.project(projectId), 'negative-lists'] as const;

/** Negative keywords suggested from the project's latest search terms report. */
export function useNegativeSuggestions(projectId: number, minCost: number | '') {
  return useQuery({
    queryKey: [...suggestionsKey(projectId), minCost],
    queryFn: ({ signal }) =>
      apiRequest(endpoints.negativeSuggestions, {
        params: { projectId },
        query: minCost === '' ? {} : { minCost },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The lists a suggestion can be added to. */
export const useProjectNegativeLists = (projectId: number, enabled: boolean) =>
  useQuery({
    queryKey: negativeListsKey(projectId),
    queryFn: ({ signal }) => apiRequest(endpoints.listNegativeLists, { params: { projectId }, signal }),
    enabled,
  });

/**
 * Adds the chosen suggestions to a list in one call, making the list first when it is new; the
 * lists and the suggestions (those in a list are no longer suggested) are read again after.
 */
export function useAddSuggestionsToList(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      list,
      items,
    }: {
      list: { id: number } | { name: string };
      items: NonNullable<AddNegativeItemsInput['items']>;
    }) => {
      const target =
        'id' in list
          ? list
          : await apiRequest(endpoints.createNegativeList, { params: { projectId }, body: { name: list.name } });
      const added = await apiRequest(endpoints.addNegativeItems, { params: { id: target.id }, body: { items } });
      return { listId: target.id, added };
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: negativeListsKey(projectId) });
      await queryClient.invalidateQueries({ queryKey: suggestionsKey(projectId) });
    },
  });
}

/** Adds search terms to the project as keywords, in one call; those it has come back as existing. */
export function useAddTermsAsKeywords(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: string[]) =>
      apiRequest(endpoints.addProjectKeywords, { params: { projectId }, body: { keywords: terms } }),
    // The terms (now keywords), the suggestions' over-blocking check and every keywords_count shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
