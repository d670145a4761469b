import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { negativeListKeys } from './negative-list-keys';

export function useRemoveNegativeItem(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, itemId }: { listId: number; itemId: number }) =>
      apiRequest(endpoints.removeNegativeItem, { params: { id: listId, itemId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: negativeListKeys.all(projectId) }),
  });
}
