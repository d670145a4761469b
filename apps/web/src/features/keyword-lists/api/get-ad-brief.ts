import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What a list's ads are written from: its keywords (most searched first) and its project's facts. */
export const getAdBrief = (listId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.keywordListAdBrief, { params: { id: listId }, signal });

/** Under the list's key, so any change to lists or their keywords asks for it again. */
export const adBriefQueryOptions = (listId: number) =>
  queryOptions({
    queryKey: [...queryKeys.keywordLists, listId, 'ad-brief'] as const,
    queryFn: ({ signal }) => getAdBrief(listId, signal),
    // The keywords may have changed since: each use asks again, showing the last answer meanwhile.
    staleTime: 0,
  });

/** Read when the preview opens; not again on window focus, so the lines being edited stay. */
export function useAdBrief(listId: number) {
  return useQuery({ ...adBriefQueryOptions(listId), refetchOnWindowFocus: false });
}
