import { endpoints, type ProjectSearchConsole } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often a running import's progress is asked for. */
export const importPollMs = 1_000;

/** The latest import is still fetching: its progress is worth asking for again. */
export const isImportRunning = (state: ProjectSearchConsole | undefined) => state?.latest?.status === 'running';

/**
 * A project's Search Console property and imports, for the Search Console view and the keyword
 * page's columns (shown only once an import is current): one query key for both. Asked again
 * every second while an import runs.
 */
export const projectSearchConsoleQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.projectSearchConsole(projectId),
    queryFn: ({ signal }) => apiRequest(endpoints.projectSearchConsole, { params: { projectId }, signal }),
    refetchInterval: (query) => (isImportRunning(query.state.data) ? importPollMs : false),
  });

export function useProjectSearchConsole(projectId: number | null) {
  return useQuery({ ...projectSearchConsoleQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
