import { endpoints, messages } from '@keywright/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { notifyApiError, notifyError } from '@/lib/notify';

/** Google Ads keyword ideas for the project, without the keywords it already has. */
export const getKeywordSuggestions = ({ projectId }: { projectId: number }) =>
  apiRequest(endpoints.keywordSuggestions, { body: { projectId } });

/** Asked for on demand (Get Google Ads Suggestions), so a mutation: each click asks again. */
export function useKeywordSuggestions() {
  return useMutation({ mutationFn: getKeywordSuggestions });
}

/**
 * The suggestions panel of a project's keywords: open while asking and showing; closed again,
 * with SPEC's text, when there are none or the call failed.
 */
export function useSuggestionsPanel(projectId: number) {
  const [isOpen, setOpen] = useState(false);
  const suggestions = useKeywordSuggestions();
  const show = () => {
    setOpen(true);
    suggestions.mutate(
      { projectId },
      {
        onSuccess: ({ suggestions: found }) => {
          if (found.length > 0) return;
          setOpen(false);
          notifyError(messages.noKeywordSuggestions);
        },
        onError: (error) => {
          setOpen(false);
          notifyApiError(error, messages.failedToFetchKeywordSuggestions, { preferServerText: true });
        },
      },
    );
  };
  return { isOpen, show, hide: () => setOpen(false), suggestions };
}
