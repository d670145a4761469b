import { endpoints } from '@keywright/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The project whose campaign is exported (its name and site are the defaults). The same query as
 * the project page's (features/projects/api/get-project.ts), so it is answered from the cache;
 * written here because a shared piece does not import a feature.
 */
export function useExportProject(projectId: number) {
  return useQuery({
    queryKey: queryKeys.project(projectId),
    queryFn: ({ signal }) => apiRequest(endpoints.getProject, { params: { id: projectId }, signal }),
  });
}
