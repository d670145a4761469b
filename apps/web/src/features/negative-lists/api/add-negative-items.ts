import { endpoints, type AddNegativeItemsInput } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { negativeListKeys } from './negative-list-keys';

/** One term, or a pasted list of them; answers what was added and what was skipped, and why. */
export function useAddNegativeItems(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, input }: { listId: number; input: AddNegativeItemsInput }) =>
      apiRequest(endpoints.addNegativeItems, { params: { id: listId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: negativeListKeys.all(projectId) }),
  });
}
