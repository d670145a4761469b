/** Business constants and limits (SPEC.md section 9) and the server's sane limits. */
export const constants = {
  projectKeywordsPageSize: 20,
  keywordListsPageSize: 50,
  /** Keywords of an expanded list, a page. */
  listKeywordsPageSize: 20,
  /** The invisible frame a list's CSV downloads through is removed after this long. */
  downloadFrameMs: 5000,
  generatorResultsPageSize: 20,
  metricsPageSize: 20,
  generationPollMs: 5000,
  maxUploadFiles: 10,
  generatorKeywordCount: { min: 10, max: 30, default: 20 },
  moreKeywordsCount: { min: 10, max: 200 },
  analysisGenerateCount: { min: 1, max: 500, default: 50 },
  generationDefaults: { count: 50, keywordLength: '2-3' },
  headlines: { maxLength: 30, count: 20 },
  descriptions: { maxLength: 90, count: 20 },
  microsPerUnit: 1_000_000,
  toastAutoCloseMs: 4000,
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
    email: 320,
    maxPageSize: 100,
    /** The highest CPC bound in dollars: its micros stay far inside PostgreSQL's bigint. */
    maxCpc: 1_000_000,
  },
} as const;
