import { endpoints } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getKeywordListRefs = (keywordId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.keywordListsForKeyword, { params: { id: keywordId }, signal });

export const keywordListRefsQueryOptions = (keywordId: number) =>
  queryOptions({
    queryKey: queryKeys.keywordListsForKeyword(keywordId),
    queryFn: ({ signal }) => getKeywordListRefs(keywordId, signal),
  });

/** The lists already holding a keyword, asked for while `enabled` (a save dialog is open). */
export function useKeywordListRefs(keywordId: number | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...keywordListRefsQueryOptions(keywordId ?? 0), enabled: enabled && keywordId != null });
}
