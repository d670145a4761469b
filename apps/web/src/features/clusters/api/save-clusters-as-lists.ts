import { endpoints, type ClusterTightness } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One new keyword list per group (all groups of the tightness, or those given), linked to the project. */
export const saveClustersAsLists = ({
  projectId,
  tightness,
  clusterIds,
}: {
  projectId: number;
  tightness: ClusterTightness;
  clusterIds?: number[];
}) => apiRequest(endpoints.saveClustersAsLists, { params: { projectId }, body: { tightness, clusterIds } });

export function useSaveClustersAsLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClustersAsLists,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.keywordLists }),
  });
}
