import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { negativeListKeys } from './negative-list-keys';

export function useDeleteNegativeList(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: number) => apiRequest(endpoints.deleteNegativeList, { params: { id: listId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: negativeListKeys.all(projectId) }),
  });
}
