import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteProject = (projectId: number) => apiRequest(endpoints.deleteProject, { params: { id: projectId } });

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_answer, projectId) => {
      queryClient.removeQueries({ queryKey: queryKeys.project(projectId) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    },
  });
}
