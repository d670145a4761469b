import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** This feature's query keys for the caller's own connection (not a project's). */
export const searchConsoleKeys = {
  all: ['search-console'] as const,
  status: ['search-console', 'status'] as const,
  sites: (projectId: number) => ['search-console', 'sites', projectId] as const,
};

/** The caller's connection, and whether this server can connect at all. */
export const searchConsoleStatusQueryOptions = () =>
  queryOptions({
    queryKey: searchConsoleKeys.status,
    queryFn: ({ signal }) => apiRequest(endpoints.searchConsoleStatus, { signal }),
    staleTime: 60_000,
    retry: false,
  });

export function useSearchConsoleStatus() {
  return useQuery(searchConsoleStatusQueryOptions());
}

/** Where the browser goes to connect: the server sends it on to Google's consent and back here. */
export const searchConsoleConnectUrl = (projectId: number) =>
  `${endpoints.searchConsoleConnect.path}?projectId=${projectId}`;
