import type { ClustersAnswer, ClustersPageQuery, ClustersPending } from '@keywright/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/lib/query-keys';
import type { ClustersQuery } from './get-clusters';

/** The page an edit answers: the one on screen, as it is after the edit. */
export const editPageQuery = ({ page, search, pageSize }: ClustersQuery): ClustersPageQuery => ({
  page,
  search,
  pageSize,
});

/**
 * After an edit (move, merge, rename, recompute): its answer is the page on screen, so that page is shown as
 * it is; the project's other pages and searches of groups are asked for again when next shown.
 */
export function useShowEditedClusters() {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: ClustersAnswer | ClustersPending, { projectId, query }: { projectId: number; query: ClustersQuery }) => {
      const key = queryKeys.projectClustersPage(projectId, query);
      queryClient.setQueryData(key, answer);
      const shown = JSON.stringify(key);
      void queryClient.invalidateQueries({
        queryKey: queryKeys.projectClusters(projectId),
        predicate: (cached) => JSON.stringify(cached.queryKey) !== shown,
      });
    },
    [queryClient],
  );
}
