import { endpoints, type GenerateFilteredKeywordsInput } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Generate More Keywords: runs at once and adds the keywords inside the CPC bounds and word count. */
export const generateFilteredKeywords = (input: GenerateFilteredKeywordsInput) =>
  apiRequest(endpoints.generateFilteredKeywords, { body: input });

export function useGenerateFilteredKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateFilteredKeywords,
    // The pages (the new keywords are the latest run's, shown as New) and every keywords_count.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
