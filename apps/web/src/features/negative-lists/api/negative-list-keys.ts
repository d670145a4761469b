import { queryKeys } from '@/lib/query-keys';

/** The negative lists' query keys, under their project's: a change to the project refreshes them too. */
export const negativeListKeys = {
  // Shared: the Ads Editor exports read the same lists (components/ads-editor).
  all: queryKeys.projectNegativeLists,
  list: (projectId: number, listId: number, page: number) =>
    ['projects', projectId, 'negative-lists', listId, page] as const,
};
