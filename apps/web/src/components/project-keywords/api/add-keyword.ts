import { endpoints, type KeywordInput } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const addKeyword = ({ projectId, input }: { projectId: number; input: KeywordInput }) =>
  apiRequest(endpoints.addProjectKeyword, { params: { projectId }, body: input });

export function useAddKeyword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addKeyword,
    // The project's keyword list and every keywords_count shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
