import { endpoints, type SimilarKeywordsInput } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getSimilarKeywords = (input: SimilarKeywordsInput, signal?: AbortSignal) =>
  apiRequest(endpoints.similarKeywords, { body: input, signal });

export const similarKeywordsQueryOptions = (input: SimilarKeywordsInput) =>
  queryOptions({
    queryKey: queryKeys.similarKeywords(input),
    queryFn: ({ signal }) => getSimilarKeywords(input, signal),
    // Ideas change slowly; reopening the popover shows them at once.
    staleTime: 5 * 60_000,
    // An ad-platform error is reported at once: a retry would only make the person wait.
    retry: false,
  });

/** Keywords similar to one keyword, asked for while `enabled` (the popover is open). */
export function useSimilarKeywords(input: SimilarKeywordsInput, { enabled }: { enabled: boolean }) {
  return useQuery({ ...similarKeywordsQueryOptions(input), enabled });
}
