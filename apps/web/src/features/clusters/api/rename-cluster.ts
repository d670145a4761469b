import { endpoints } from '@keywright/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ClustersQuery } from './get-clusters';
import { editPageQuery, useShowEditedClusters } from './show-edited-clusters';

/** Renames a group; answers the page on screen. */
export const renameCluster = ({
  projectId,
  query,
  clusterId,
  name,
}: {
  projectId: number;
  query: ClustersQuery;
  clusterId: number;
  name: string;
}) =>
  apiRequest(endpoints.renameCluster, {
    params: { projectId, clusterId },
    query: editPageQuery(query),
    body: { name },
  });

export function useRenameCluster() {
  return useMutation({ mutationFn: renameCluster, onSuccess: useShowEditedClusters() });
}
