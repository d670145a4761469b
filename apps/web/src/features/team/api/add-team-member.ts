import { endpoints, type TeamEmailInput } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const addTeamMember = (input: TeamEmailInput) => apiRequest(endpoints.addTeamMember, { body: input });

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teamMembers }),
  });
}
