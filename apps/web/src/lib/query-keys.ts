/** Query keys shared across features, so one feature can refresh what another shows. */
export const queryKeys = {
  projects: ['projects'] as const,
  project: (projectId: number) => ['projects', projectId] as const,
  projectKeywords: (projectId: number) => ['projects', projectId, 'keywords'] as const,
  projectKeywordPage: (projectId: number, query: object) => ['projects', projectId, 'keywords', 'page', query] as const,
  /** The analysis page's pages of a project (under the project: its changes refresh them). */
  projectAnalysis: (projectId: number) => ['projects', projectId, 'analysis'] as const,
  projectAnalysisPage: (projectId: number, query: object) => ['projects', projectId, 'analysis', query] as const,
  /** The project's keyword groups (under the project: its changes refresh them). */
  projectClusters: (projectId: number) => ['projects', projectId, 'clusters'] as const,
  projectClustersPage: (projectId: number, query: object) => ['projects', projectId, 'clusters', query] as const,
  /** The analysis page's call that gets every keyword of a project its figures (not refreshed by project changes). */
  analysisFigures: (projectId: number) => ['analysis-figures', projectId] as const,
  similarKeywords: (input: object) => ['keywords', 'similar', input] as const,
  /** A project's Search Console link and imports (under the project: its changes refresh them). */
  projectSearchConsole: (projectId: number) => ['projects', projectId, 'search-console'] as const,
  /** A page of its queries (under the state: a finished import refreshes them). */
  projectSearchConsoleQueries: (projectId: number, query: object) =>
    ['projects', projectId, 'search-console', 'queries', query] as const,
  /** A project's negative keyword lists (under the project: its changes refresh them). */
  projectNegativeLists: (projectId: number) => ['projects', projectId, 'negative-lists'] as const,
  generationStatus: (projectId: number, runId: number) => ['generation', projectId, runId] as const,
  teamMembers: ['team', 'members'] as const,
  /** Every list query starts with this: invalidate it after any change to lists or their keywords. */
  keywordLists: ['keyword-lists'] as const,
  keywordList: (listId: number, query: object) => ['keyword-lists', listId, query] as const,
  keywordListsForKeyword: (keywordId: number) => ['keyword-lists', 'for-keyword', keywordId] as const,
  keywordListHoldings: (keywordIds: readonly number[]) => ['keyword-lists', 'holding', keywordIds] as const,
};
