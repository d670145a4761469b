import { messages, type AdLineKind } from '@keywright/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyApiError, notifyInfo } from '@/lib/notify';
import { adBriefQueryOptions } from '../api/get-ad-brief';
import { downloadAdLines } from '../api/generate-ad-lines';

const failure = {
  headlines: messages.failedToGenerateHeadlines,
  descriptions: messages.failedToGenerateDescriptions,
} as const;

/**
 * Generate Headlines or Generate Descriptions: the list's brief (its keywords and its project's
 * facts), then the CSV written from it. `isPending` is the button's busy state.
 */
export function useAdLinesDownload(listId: number, kind: AdLineKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const brief = await queryClient.fetchQuery(adBriefQueryOptions(listId));
      if (brief.keywords.length === 0) return 'empty' as const;
      await downloadAdLines(kind, { keywords: brief.keywords, projectInfo: brief.projectInfo });
      return 'downloaded' as const;
    },
    onSuccess: (outcome) => {
      if (outcome === 'empty') notifyInfo(messages.noKeywordsInList);
    },
    // The server's text first: it says why (a list without a project, a writer that failed).
    onError: (error) => notifyApiError(error, failure[kind], { preferServerText: true }),
  });
}
