import { buildPath, endpoints, type ClustersAnswer, type ClustersPending } from '@keywright/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';
import { requestJson, toQueryString } from '@/lib/http';
import { readJsonBody } from '@/lib/read-json-body';
import type { ClustersQuery } from './get-clusters';
import { editPageQuery, useShowEditedClusters } from './show-edited-clusters';

/**
 * Works the groups out again at the tightness, dropping every move, merge and rename: the page on
 * screen when done in the request (200), or the progress of the job doing it (202).
 */
export async function recomputeClusters({
  projectId,
  query,
}: {
  projectId: number;
  query: ClustersQuery;
}): Promise<ClustersAnswer | ClustersPending> {
  const endpoint = endpoints.recomputeClusters;
  const url = buildPath(endpoint.path, { projectId }) + toQueryString(editPageQuery(query));
  const data = await requestJson(endpoint.method, url, {
    body: { tightness: query.tightness },
    readBody: readJsonBody,
  });
  for (const schema of [endpoint.response[200], endpoint.response[202]]) {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
  }
  throw new ApiError({ status: 200, code: 'invalid_response', message: 'Invalid response' });
}

export function useRecomputeClusters() {
  return useMutation({ mutationFn: recomputeClusters, onSuccess: useShowEditedClusters() });
}
