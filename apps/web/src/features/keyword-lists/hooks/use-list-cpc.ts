import { messages, type KeywordListSummary } from '@keywright/contract';
import { useCallback, useState } from 'react';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLoadKeywordListMetrics } from '../api/load-keyword-list-metrics';

/**
 * CPC per list row (SPEC 4): a list shows its figures and summary once they were loaded for it.
 * What Load CPC answered in this visit is kept here; reopened later, the list's page answers the
 * summary the server has (get-keyword-list.ts), so the figures show again.
 */
export interface ListCpc {
  /** The summary Load CPC answered in this visit; undefined until it ran for this list. */
  summaryOf: (listId: number) => KeywordListSummary | undefined;
  isLoading: (listId: number) => boolean;
  /** Load CPC (Refresh CPC once the figures show). */
  load: (listId: number, isShown: boolean) => void;
  /**
   * After keywords were added or removed, while the figures are shown: fetch what
   * the cache lacks and a new summary, quietly.
   */
  refreshSummary: (listId: number, isShown: boolean) => void;
}

const withItem = <T>(set: ReadonlySet<T>, item: T) => new Set(set).add(item);
const withoutItem = <T>(set: ReadonlySet<T>, item: T) => {
  const next = new Set(set);
  next.delete(item);
  return next;
};

export function useListCpc(): ListCpc {
  const [summaries, setSummaries] = useState<ReadonlyMap<number, KeywordListSummary>>(() => new Map());
  const [loading, setLoading] = useState<ReadonlySet<number>>(() => new Set());

  const { mutate } = useLoadKeywordListMetrics<{ listId: number; refresh: boolean; isQuiet: boolean }>({
    onMutate: ({ listId, isQuiet }) => {
      if (!isQuiet) setLoading((current) => withItem(current, listId));
    },
    onSuccess: ({ summary }, { listId, isQuiet }) => {
      setSummaries((current) => new Map(current).set(listId, summary));
      if (!isQuiet) notifySuccess(messages.cpcLoaded);
    },
    onError: (error) => notifyApiError(error, messages.failedToFetchCpc, { preferServerText: true }),
    onSettled: (_answer, _error, { listId }) => setLoading((current) => withoutItem(current, listId)),
  });

  const load = useCallback(
    (listId: number, isShown: boolean) => mutate({ listId, refresh: isShown, isQuiet: false }),
    [mutate],
  );
  const refreshSummary = useCallback(
    (listId: number, isShown: boolean) => {
      if (isShown) mutate({ listId, refresh: false, isQuiet: true });
    },
    [mutate],
  );
  return {
    summaryOf: (listId) => summaries.get(listId),
    isLoading: (listId) => loading.has(listId),
    load,
    refreshSummary,
  };
}
