import { endpoints } from '@keywright/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getKeywordListHoldings = (keywordIds: readonly number[], signal?: AbortSignal) =>
  apiRequest(endpoints.keywordListHoldings, { query: { keywordIds: keywordIds.join(',') }, signal });

/**
 * The lists holding each keyword of a page, in one call; each keyword's answer goes into the cache
 * its save button and dialogs read, so a saved keyword shows it at once.
 */
export function useKeywordListHoldings(keywordIds: readonly number[]) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.keywordListHoldings(keywordIds),
    queryFn: ({ signal }) => getKeywordListHoldings(keywordIds, signal),
    enabled: keywordIds.length > 0,
  });
  const { data } = query;
  useEffect(() => {
    for (const holding of data ?? []) {
      queryClient.setQueryData(queryKeys.keywordListsForKeyword(holding.keyword_id), holding.lists);
    }
  }, [data, queryClient]);
  return query;
}
