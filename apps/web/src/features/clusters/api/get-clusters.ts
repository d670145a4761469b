import {
  buildPath,
  endpoints,
  type ClusterTightness,
  type ClustersAnswer,
  type ClustersPending,
} from '@keywright/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';
import { requestJson, toQueryString } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { readJsonBody } from '@/lib/read-json-body';

export interface ClustersQuery {
  tightness: ClusterTightness;
  page: number;
  search: string;
  pageSize?: number;
  /**
   * When the keywords' figures were last fetched (see `useEnsureKeywordFigures`): the groups carry
   * them, so a newer fetch asks again. Part of the query's key only, not sent.
   */
  figuresAt: number;
}

/** While the server works the groups out (202), they are asked for again this often. */
export const clustersPollMs = 1000;

/**
 * A page of the project's groups (200), or the progress of the job working them out (202): both
 * are answers, so this reads either (`apiRequest` parses only an endpoint's first success).
 */
export async function getClusters(
  projectId: number,
  query: ClustersQuery,
  signal?: AbortSignal,
): Promise<ClustersAnswer | ClustersPending> {
  const endpoint = endpoints.projectClusters;
  const { tightness, page, search, pageSize } = query;
  const url = buildPath(endpoint.path, { projectId }) + toQueryString({ tightness, page, search, pageSize });
  const data = await requestJson(endpoint.method, url, { signal, readBody: readJsonBody });
  for (const schema of [endpoint.response[200], endpoint.response[202]]) {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
  }
  throw new ApiError({ status: 200, code: 'invalid_response', message: 'Invalid response' });
}

export const clustersQueryOptions = (projectId: number, query: ClustersQuery) =>
  queryOptions({
    queryKey: queryKeys.projectClustersPage(projectId, query),
    queryFn: ({ signal }) => getClusters(projectId, query, signal),
    // Asked again while a job works them out; an answer that is ready stays until an edit or a change of keywords.
    refetchInterval: (current) => (current.state.data?.status === 'running' ? clustersPollMs : false),
  });

/** The page of groups asked for; the previous page stays on screen while the next one loads. */
export function useClusters(projectId: number, query: ClustersQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...clustersQueryOptions(projectId, query), enabled, placeholderData: keepPreviousData });
}
