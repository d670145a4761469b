import { endpoints } from '@keywright/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ClustersQuery } from './get-clusters';
import { editPageQuery, useShowEditedClusters } from './show-edited-clusters';

/** Moves a keyword to another group, or to a new group of that name; answers the page on screen. */
export const moveClusterKeyword = ({
  projectId,
  query,
  keywordId,
  toClusterId,
  newClusterName,
}: {
  projectId: number;
  query: ClustersQuery;
  keywordId: number;
  toClusterId?: number;
  newClusterName?: string;
}) =>
  apiRequest(endpoints.moveClusterKeyword, {
    params: { projectId },
    query: editPageQuery(query),
    body: { tightness: query.tightness, keywordId, toClusterId, newClusterName },
  });

export function useMoveClusterKeyword() {
  return useMutation({ mutationFn: moveClusterKeyword, onSuccess: useShowEditedClusters() });
}
