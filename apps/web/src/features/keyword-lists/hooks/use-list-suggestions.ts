import { messages, type KeywordIdea, type KeywordList } from '@keywright/contract';
import { useState } from 'react';
import { notifyApiError, notifyError } from '@/lib/notify';
import { useKeywordListSuggestions } from '../api/get-keyword-list-suggestions';

/** The open suggestions panel: whose list, and its ideas (undefined while they load). */
export interface OpenSuggestions {
  listId: number;
  ideas: readonly KeywordIdea[] | undefined;
}

/** Get suggestions for one list at a time; a newer request replaces an older one. */
export function useListSuggestions() {
  const [open, setOpen] = useState<OpenSuggestions | null>(null);
  const { mutate } = useKeywordListSuggestions({
    onSuccess: ({ suggestions }, { listId }) =>
      setOpen((current) => (current?.listId === listId ? { listId, ideas: suggestions } : current)),
    onError: (error, { listId }) => {
      setOpen((current) => (current?.listId === listId ? null : current));
      notifyApiError(error, messages.failedToFetchSuggestions, { preferServerText: true });
    },
  });

  const request = (list: KeywordList) => {
    // SPEC 5: suggestions need a list associated with a project.
    if (list.project_id === null) {
      notifyError(messages.listNeedsProject);
      return;
    }
    setOpen({ listId: list.id, ideas: undefined });
    mutate({ listId: list.id });
  };
  const hide = () => setOpen(null);
  const isLoading = (listId: number) => open?.listId === listId && open.ideas === undefined;
  return { open, request, hide, isLoading };
}
