import { constants, endpoints, type SearchConsoleSort } from '@keywright/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface SearchConsoleQueriesParams {
  page: number;
  sort: SearchConsoleSort;
  q: string;
  notInProject: boolean;
  /** Striking distance: positions 4-20 with at least this many impressions; null when off. */
  strikingImpressions: number | null;
  /** The import the queries come from: a new one asks again. */
  importId: number | null;
}

export const getSearchConsoleQueries = (
  projectId: number,
  { page, sort, q, notInProject, strikingImpressions }: SearchConsoleQueriesParams,
  signal?: AbortSignal,
) => {
  const { minPosition, maxPosition } = constants.searchConsole.strikingDistance;
  return apiRequest(endpoints.searchConsoleQueries, {
    params: { projectId },
    query: {
      page,
      pageSize: constants.searchConsole.pageSize,
      sort,
      q,
      ...(strikingImpressions !== null && { minPosition, maxPosition, minImpressions: strikingImpressions }),
      notInProject: notInProject ? 'true' : 'false',
    },
    signal,
  });
};

export const searchConsoleQueriesQueryOptions = (projectId: number, params: SearchConsoleQueriesParams) =>
  queryOptions({
    queryKey: queryKeys.projectSearchConsoleQueries(projectId, params),
    queryFn: ({ signal }) => getSearchConsoleQueries(projectId, params, signal),
  });

export function useSearchConsoleQueries(projectId: number, params: SearchConsoleQueriesParams, isEnabled: boolean) {
  // The last page stays on screen while the next one loads.
  return useQuery({
    ...searchConsoleQueriesQueryOptions(projectId, params),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}
