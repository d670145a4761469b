import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Deletes some of a project's keywords at once (all or nothing); they leave its lists too. */
export const deleteProjectKeywords = ({ projectId, keywordIds }: { projectId: number; keywordIds: number[] }) =>
  apiRequest(endpoints.deleteProjectKeywords, { params: { projectId }, body: { keywordIds } });

export function useDeleteProjectKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProjectKeywords,
    // The pages, every keywords_count shown, and the lists' counts.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
        queryClient.invalidateQueries({ queryKey: queryKeys.keywordLists }),
      ]),
  });
}
