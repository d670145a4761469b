import { endpoints } from '@keywright/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A project's negative lists with their term counts, for an export to choose from (the Negative keywords screen's query). */
export const useProjectNegativeLists = (projectId: number) =>
  useQuery({
    queryKey: queryKeys.projectNegativeLists(projectId),
    queryFn: ({ signal }) => apiRequest(endpoints.listNegativeLists, { params: { projectId }, signal }),
  });
