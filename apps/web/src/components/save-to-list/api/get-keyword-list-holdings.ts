import { endpoints } from '@keywright/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { usePainted } from '@/lib/use-painted';

export const getKeywordListHoldings = (keywordIds: readonly number[], signal?: AbortSignal) =>
  apiRequest(endpoints.keywordListHoldings, { query: { keywordIds: keywordIds.join(',') }, signal });

/**
 * The lists holding each keyword of a page, in one call; each keyword's answer goes into the cache
 * its save button and dialogs read, so a saved keyword shows it at once. Asked once the page is on
 * screen: the saved marks fill in after the rows, rather than hold the rows up on a slow network.
 */
export function useKeywordListHoldings(keywordIds: readonly number[]) {
  const queryClient = useQueryClient();
  const painted = usePainted();
  const query = useQuery({
    queryKey: queryKeys.keywordListHoldings(keywordIds),
    queryFn: ({ signal }) => getKeywordListHoldings(keywordIds, signal),
    enabled: painted && keywordIds.length > 0,
  });
  const { data } = query;
  useEffect(() => {
    for (const holding of data ?? []) {
      queryClient.setQueryData(queryKeys.keywordListsForKeyword(holding.keyword_id), holding.lists);
    }
  }, [data, queryClient]);
  return query;
}

/**
 * `useKeywordListHoldings` in a component of its own that shows nothing, so
 * its changes (painted, asked, answered) render it alone, not the page's rows.
 */
export function KeywordListHoldings({ keywordIds }: { keywordIds: readonly number[] }) {
  useKeywordListHoldings(keywordIds);
  return null;
}
