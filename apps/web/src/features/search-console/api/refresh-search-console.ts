import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const refreshSearchConsole = (projectId: number) =>
  apiRequest(endpoints.refreshSearchConsole, { params: { projectId } });

/** Starts an import in the background; the project's state then shows it running (and is polled). */
export function useRefreshSearchConsole(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshSearchConsole(projectId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projectSearchConsole(projectId) }),
  });
}
