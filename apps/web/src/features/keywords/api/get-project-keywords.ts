import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProjectKeywords = (projectId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.listProjectKeywords, { params: { projectId }, signal });

export const projectKeywordsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.projectKeywords(projectId),
    queryFn: ({ signal }) => getProjectKeywords(projectId, signal),
  });

export function useProjectKeywords(projectId: number) {
  return useQuery(projectKeywordsQueryOptions(projectId));
}
