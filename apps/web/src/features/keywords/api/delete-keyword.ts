import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { projectKeywordsQueryOptions } from './get-project-keywords';

export const deleteKeyword = ({ keywordId }: { keywordId: number; projectId: number }) =>
  apiRequest(endpoints.deleteKeyword, { params: { id: keywordId } });

export function useDeleteKeyword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKeyword,
    onSuccess: (_answer, { keywordId, projectId }) => {
      queryClient.setQueryData(projectKeywordsQueryOptions(projectId).queryKey, (keywords) =>
        keywords?.filter((keyword) => keyword.id !== keywordId),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    },
  });
}
