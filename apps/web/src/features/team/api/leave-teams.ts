import { endpoints } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const leaveTeams = () => apiRequest(endpoints.leaveTeams);

export function useLeaveTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveTeams,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.teamMembers });
      // Shared projects are gone too.
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    },
  });
}
