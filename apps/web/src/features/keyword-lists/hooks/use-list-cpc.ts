import { messages, type KeywordListSummary } from '@keywright/contract';
import { useCallback, useState } from 'react';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLoadKeywordListMetrics } from '../api/load-keyword-list-metrics';

/** CPC per list row (SPEC 4): a list shows its figures and summary once Load CPC ran for it. */
export interface ListCpc {
  /** The summary Load CPC answered; undefined until it ran for this list. */
  summaryOf: (listId: number) => KeywordListSummary | undefined;
  isLoading: (listId: number) => boolean;
  /** Load CPC (Refresh CPC once loaded). */
  load: (listId: number) => void;
  /**
   * After keywords were added or removed, while the figures are shown: fetch what
   * the cache lacks and a new summary, quietly.
   */
  refreshSummary: (listId: number) => void;
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
    (listId: number) => mutate({ listId, refresh: summaries.has(listId), isQuiet: false }),
    [mutate, summaries],
  );
  const refreshSummary = useCallback(
    (listId: number) => {
      if (summaries.has(listId)) mutate({ listId, refresh: false, isQuiet: true });
    },
    [mutate, summaries],
  );
  return {
    summaryOf: (listId) => summaries.get(listId),
    isLoading: (listId) => loading.has(listId),
    load,
    refreshSummary,
  };
}
