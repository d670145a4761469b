import { endpoints } from '@keywright/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ClustersQuery } from './get-clusters';
import { editPageQuery, useShowEditedClusters } from './show-edited-clusters';

/** Merges groups into the first, optionally renaming it; answers the page on screen. */
export const mergeClusters = ({
  projectId,
  query,
  clusterIds,
  name,
}: {
  projectId: number;
  query: ClustersQuery;
  clusterIds: number[];
  name?: string;
}) =>
  apiRequest(endpoints.mergeClusters, {
    params: { projectId },
    query: editPageQuery(query),
    body: { clusterIds, name },
  });

export function useMergeClusters() {
  return useMutation({ mutationFn: mergeClusters, onSuccess: useShowEditedClusters() });
}
