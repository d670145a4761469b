import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Adds a pasted list of keywords at once: repeats and keywords the project has come back as skipped. */
export const addProjectKeywords = ({ projectId, keywords }: { projectId: number; keywords: string[] }) =>
  apiRequest(endpoints.addProjectKeywords, { params: { projectId }, body: { keywords } });

export function useAddProjectKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProjectKeywords,
    // The project's pages and every keywords_count shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
