/** Business constants and limits (SPEC.md section 9) and the server's sane limits. */
export const constants = {
  projectKeywordsPageSize: 20,
  keywordListsPageSize: 50,
  /** Groups of keywords (clusters) an answer holds by default. */
  clustersPageSize: 50,
  /** Keywords of an expanded list, a page. */
  listKeywordsPageSize: 20,
  /** The invisible frame a list's CSV downloads through is removed after this long. */
  downloadFrameMs: 5000,
  /** The page's element holding GET /api/config's and GET /api/me's answers (server: lib/web-app.ts). */
  firstAnswersElementId: 'first-answers',
  generatorResultsPageSize: 20,
  metricsPageSize: 20,
  generationPollMs: 5000,
  maxUploadFiles: 10,
  /** Each uploaded or downloaded document, at most. */
  maxDocumentBytes: 20 * 1024 * 1024,
  /** Drive files a picker page shows. */
  driveFilesPageSize: 50,
  /** The redirect back from Google is re-checked this long after (SPEC: 500 ms). */
  driveRecheckMs: 500,
  generatorKeywordCount: { min: 10, max: 30, default: 20 },
  moreKeywordsCount: { min: 10, max: 200 },
  analysisGenerateCount: { min: 1, max: 500, default: 50 },
  analysisPageSize: 20,
  analysisPageSizes: [20, 50, 100] as const,
  /** A Keyword Planner file: at most this many keyword rows and bytes (100,000 rows in UTF-16 are about 30 MB). */
  keywordPlannerImport: { maxRows: 100_000, maxBytes: 40 * 1024 * 1024, reportedSkips: 20 },
  /** Search Console (issue 26): its view's page, the striking-distance filter and the window fetched. */
  searchConsole: {
    pageSize: 20,
    strikingDistance: { minPosition: 4, maxPosition: 20, minImpressions: 100 },
    /** Search Console keeps 16 months of data; each refresh fetches all of it. */
    months: 16,
    /** A refresh runs again once this long has passed since the last, while the project is linked. */
    refreshEveryHours: 24,
  },
  generationDefaults: { count: 50, keywordLength: '2-3' },
  headlines: { maxLength: 30, count: 20 },
  descriptions: { maxLength: 90, count: 20 },
  /** Google Ads Editor's responsive search ad: 3-15 headlines, 2-4 descriptions, paths of 15. */
  adsEditor: {
    minHeadlines: 3,
    maxHeadlines: 15,
    minDescriptions: 2,
    maxDescriptions: 4,
    pathMaxLength: 15,
    nameMaxLength: 255,
  },
  microsPerUnit: 1_000_000,
  toastAutoCloseMs: 4000,
  /** A toast with a notice to act on (fewer keywords than asked) stays longer, to be read. */
  noticeToastAutoCloseMs: 10_000,
  toastLimit: 3,
  tooltipDelayMs: 700,
  competitionLevels: ['Low', 'Medium', 'High'] as const,
  descriptionTruncate: { wide: 100, narrow: 50 },
  limits: {
    projectName: 200,
    projectDescription: 5000,
    place: 200,
    keyword: 200,
    listName: 200,
    siteUrl: 500,
    targetAudience: 1000,
    competitors: 1000,
    finalUrl: 2048,
    /** Keywords a pasted list may hold, at most (bulk add). */
    bulkKeywords: 500,
    /** Keywords an ad is written from, at most. */
    adKeywords: 1000,
    email: 320,
    maxPageSize: 100,
    /** The highest CPC bound in dollars: its micros stay far inside PostgreSQL's bigint. */
    maxCpc: 1_000_000,
  },
} as const;
