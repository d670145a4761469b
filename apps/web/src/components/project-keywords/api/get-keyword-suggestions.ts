import { endpoints } from '@keywright/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Google Ads keyword ideas for the project, without the keywords it already has. */
export const getKeywordSuggestions = ({ projectId }: { projectId: number }) =>
  apiRequest(endpoints.keywordSuggestions, { body: { projectId } });

/** Asked for on demand (Get Google Ads Suggestions), so a mutation: each click asks again. */
export function useKeywordSuggestions() {
  return useMutation({ mutationFn: getKeywordSuggestions });
}
