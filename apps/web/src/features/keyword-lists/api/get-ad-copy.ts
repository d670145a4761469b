import { endpoints, type AdBrief } from '@keywright/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Twenty headlines and twenty descriptions for the ad preview, written from a list's brief. */
export const getAdCopy = (brief: AdBrief, signal?: AbortSignal) =>
  apiRequest(endpoints.adCopy, { body: { keywords: brief.keywords, projectInfo: brief.projectInfo }, signal });

export const adCopyQueryOptions = (brief: AdBrief) =>
  queryOptions({
    // Not under the lists' key: their invalidation must not write the lines being edited anew.
    queryKey: ['ad-copy', brief] as const,
    queryFn: ({ signal }) => getAdCopy(brief, signal),
    // Written once per brief: the person edits these lines, so they are not replaced behind their back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // Regenerate hands over a new answer even when the writer wrote the same lines, so edits start over.
    structuralSharing: false,
  });

/** `refetch` writes new lines. */
export function useAdCopy(brief: AdBrief) {
  return useQuery(adCopyQueryOptions(brief));
}
