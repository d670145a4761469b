import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const linkSearchConsole = ({ projectId, siteUrl }: { projectId: number; siteUrl: string }) =>
  apiRequest(endpoints.linkSearchConsole, { params: { projectId }, body: { siteUrl } });

export const unlinkSearchConsole = (projectId: number) =>
  apiRequest(endpoints.unlinkSearchConsole, { params: { projectId } });

/** Links a property: the answer is the project's new state (the first import running). */
export function useLinkSearchConsole(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteUrl: string) => linkSearchConsole({ projectId, siteUrl }),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.projectSearchConsole(projectId), state),
  });
}

export function useUnlinkSearchConsole(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unlinkSearchConsole(projectId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projectSearchConsole(projectId) }),
  });
}
