import { endpoints, type TeamEmailInput } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const removeTeamMember = (input: TeamEmailInput) => apiRequest(endpoints.removeTeamMember, { body: input });

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teamMembers }),
  });
}
