import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { searchConsoleKeys } from './get-search-console-status';

/** The caller's properties, the project's own first (the server orders them). */
export const searchConsoleSitesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: searchConsoleKeys.sites(projectId),
    queryFn: ({ signal }) => apiRequest(endpoints.searchConsoleSites, { query: { projectId }, signal }),
    staleTime: 60_000,
    retry: false,
  });

export function useSearchConsoleSites(projectId: number, isEnabled: boolean) {
  return useQuery({ ...searchConsoleSitesQueryOptions(projectId), enabled: isEnabled });
}
