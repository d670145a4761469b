import { messages, normalizeKeyword } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { addKeyword } from './api/add-keyword';

const withItem = (set: ReadonlySet<string>, item: string) => new Set(set).add(item);
const withoutItem = (set: ReadonlySet<string>, item: string) => {
  const next = new Set(set);
  next.delete(item);
  return next;
};

/** Adding keyword ideas (suggestions, similar keywords) to the project, and remembering them for this visit. */
export interface SessionKeywords {
  /** Added during this visit: its add button shows a check. */
  isAdded: (keyword: string) => boolean;
  isAdding: (keyword: string) => boolean;
  add: (keyword: string) => void;
  /** A keyword added another way (the Add Keyword form). */
  remember: (keyword: string) => void;
}

/**
 * `failureMessage`: the failure toast's text (the project page's 'Failed to add keyword.', the
 * analysis page's 'Failed to add keyword'); a 409 shows the server's text.
 */
export function useSessionKeywords(
  projectId: number,
  { failureMessage = messages.failedToAddKeyword, onAdded }: { failureMessage?: string; onAdded?: () => void } = {},
): SessionKeywords {
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<ReadonlySet<string>>(() => new Set());
  const [adding, setAdding] = useState<ReadonlySet<string>>(() => new Set());

  // The hook's own callbacks run for every call, also when several adds overlap.
  const { mutate } = useMutation({
    mutationFn: addKeyword,
    onMutate: ({ input }) => setAdding((current) => withItem(current, normalizeKeyword(input.keyword))),
    onSuccess: (keyword, { input }) => {
      setAdded((current) => withItem(current, normalizeKeyword(input.keyword)));
      notifySuccess(messages.keywordAdded(keyword.keyword));
      onAdded?.();
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    },
    onError: (error) =>
      notifyApiError(error, failureMessage, {
        preferServerText: isApiError(error) && error.status === 409,
      }),
    onSettled: (_keyword, _error, { input }) =>
      setAdding((current) => withoutItem(current, normalizeKeyword(input.keyword))),
  });

  const add = useCallback(
    (keyword: string) => mutate({ projectId, input: { keyword, source: 'suggestion' } }),
    [mutate, projectId],
  );
  const remember = useCallback(
    (keyword: string) => setAdded((current) => withItem(current, normalizeKeyword(keyword))),
    [],
  );
  return {
    isAdded: (keyword) => added.has(normalizeKeyword(keyword)),
    isAdding: (keyword) => adding.has(normalizeKeyword(keyword)),
    add,
    remember,
  };
}
