import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProject = (projectId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.getProject, { params: { id: projectId }, signal });

export const projectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.project(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
  });

export function useProject(projectId: number | null) {
  return useQuery({ ...projectQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
