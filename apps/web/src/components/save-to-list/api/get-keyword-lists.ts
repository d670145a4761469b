import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getKeywordLists = ({ refresh = false, signal }: { refresh?: boolean; signal?: AbortSignal } = {}) =>
  apiRequest(endpoints.listKeywordLists, { query: { refresh: refresh ? 'true' : 'false' }, signal });

export const keywordListsQueryOptions = queryOptions({
  queryKey: queryKeys.keywordLists,
  queryFn: ({ signal }) => getKeywordLists({ signal }),
});

/** Every list the caller may read (their own and their teams'). */
export function useKeywordLists({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...keywordListsQueryOptions, enabled });
}
