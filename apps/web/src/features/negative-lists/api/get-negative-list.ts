import { endpoints, negativeLimits } from '@keywright/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { negativeListKeys } from './negative-list-keys';

/** A negative list with one page of its terms, by text. */
export const negativeListQueryOptions = (projectId: number, listId: number, page: number) =>
  queryOptions({
    queryKey: negativeListKeys.list(projectId, listId, page),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.getNegativeList, {
        params: { id: listId },
        query: { page, pageSize: negativeLimits.pageSize },
        signal,
      }),
  });

export function useNegativeList(projectId: number, listId: number | null, page: number) {
  // The last page stays on screen while the next one loads.
  return useQuery({
    ...negativeListQueryOptions(projectId, listId ?? 0, page),
    enabled: listId !== null,
    placeholderData: keepPreviousData,
  });
}
