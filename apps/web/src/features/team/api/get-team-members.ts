import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getTeamMembers = (signal?: AbortSignal) => apiRequest(endpoints.listTeamMembers, { signal });

export const teamMembersQueryOptions = queryOptions({
  queryKey: queryKeys.teamMembers,
  queryFn: ({ signal }) => getTeamMembers(signal),
  select: (answer) => answer.members,
});

export function useTeamMembers() {
  return useQuery(teamMembersQueryOptions);
}
