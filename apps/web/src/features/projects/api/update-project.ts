import { endpoints, type ProjectInput } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const updateProject = ({ projectId, input }: { projectId: number; input: ProjectInput }) =>
  apiRequest(endpoints.updateProject, { params: { id: projectId }, body: input });

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => {
      queryClient.setQueryData(queryKeys.project(project.id), project);
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    },
  });
}
