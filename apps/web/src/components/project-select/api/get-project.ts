import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProject = (projectId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.getProject, { params: { id: projectId }, signal });

/**
 * One project, for every screen that shows it (its page, the generator, the campaign export): one
 * query key, so a screen opened after another is answered from the cache.
 */
export const projectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.project(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
  });

export function useProject(projectId: number | null) {
  return useQuery({ ...projectQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
