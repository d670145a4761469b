import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { negativeListKeys } from './negative-list-keys';

export function useCreateNegativeList(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(endpoints.createNegativeList, { params: { projectId }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: negativeListKeys.all(projectId) }),
  });
}
