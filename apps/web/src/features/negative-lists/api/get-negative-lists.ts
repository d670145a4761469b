import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { negativeListKeys } from './negative-list-keys';

/** A project's negative lists, by name, with their term counts. */
export const negativeListsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: negativeListKeys.all(projectId),
    queryFn: ({ signal }) => apiRequest(endpoints.listNegativeLists, { params: { projectId }, signal }),
  });

export const useNegativeLists = (projectId: number) => useQuery(negativeListsQueryOptions(projectId));
