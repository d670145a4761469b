import { endpoints, type CreateKeywordListInput } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createKeywordList = (input: CreateKeywordListInput) =>
  apiRequest(endpoints.createKeywordList, { body: input });

export function useCreateKeywordList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKeywordList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.keywordLists }),
  });
}
