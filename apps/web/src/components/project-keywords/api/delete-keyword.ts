import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteKeyword = ({ keywordId }: { keywordId: number; projectId: number }) =>
  apiRequest(endpoints.deleteKeyword, { params: { id: keywordId } });

export function useDeleteKeyword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKeyword,
    // The project's pages and every keywords_count shown; the row waits for the fresh page.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
