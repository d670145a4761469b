/** The negative lists' query keys, under their project's: a change to the project refreshes them too. */
export const negativeListKeys = {
  all: (projectId: number) => ['projects', projectId, 'negative-lists'] as const,
  list: (projectId: number, listId: number, page: number) =>
    ['projects', projectId, 'negative-lists', listId, page] as const,
};
