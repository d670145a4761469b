import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProjects = (signal?: AbortSignal) => apiRequest(endpoints.listProjects, { signal });

export const projectsQueryOptions = queryOptions({
  queryKey: queryKeys.projects,
  queryFn: ({ signal }) => getProjects(signal),
});

/** Every project the caller may read (their own and their teams'). */
export function useProjects() {
  return useQuery(projectsQueryOptions);
}
