import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { negativeListKeys } from './negative-list-keys';

export function useRenameNegativeList(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, name }: { listId: number; name: string }) =>
      apiRequest(endpoints.updateNegativeList, { params: { id: listId }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: negativeListKeys.all(projectId) }),
  });
}
