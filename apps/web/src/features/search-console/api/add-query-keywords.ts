import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Adds queries to the project as keywords (one or many, in one call); ones it has already come back as existing. */
export const addQueryKeywords = ({ projectId, queries }: { projectId: number; queries: string[] }) =>
  apiRequest(endpoints.addProjectKeywords, { params: { projectId }, body: { keywords: queries } });

export function useAddQueryKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addQueryKeywords,
    // The project's pages, its keywords_count, and its queries (now in the project).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
