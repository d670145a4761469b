/**
 * Reading the Performance report Search Console exports (issue 26): its ZIP or its Queries.csv,
 * refused in the same words and within the same limits as a Keyword Planner file.
 */
export const searchConsoleMessages = {
  searchConsoleFileRequired: 'Choose a Search Console export: its ZIP file or Queries.csv.',
  searchConsoleOneFile: 'Upload one file: the ZIP file Search Console exports, or its Queries.csv.',
  searchConsoleTooLarge: 'The file is larger than 40 MB. Export a shorter date range from Search Console.',
  searchConsoleUnpackedTooLarge:
    'Queries.csv in the ZIP file is larger than 40 MB once unpacked. Export a shorter date range from Search Console.',
  searchConsoleTooManyRows: 'The file has more than 100,000 queries. Export a shorter date range from Search Console.',
  searchConsoleNotText: 'The file is not a Search Console export: it is neither a ZIP file nor a text file.',
  searchConsoleBadZip: 'The ZIP file cannot be read. Download the export from Search Console again.',
  searchConsoleNoQueriesCsv:
    'The ZIP file has no Queries.csv. Upload the ZIP that Search Console’s Performance report exports.',
  searchConsoleMissingColumns: (columns: string[]) =>
    `The file is not a Search Console export: it has no ${columns.join(', ')} column${columns.length === 1 ? '' : 's'}.`,
  searchConsoleNoRows: 'The file has no queries.',
  searchConsoleBadLine: (line: number) => `The file is not a Search Console export: line ${line} cannot be read.`,
  searchConsoleSkipBlank: 'No query',
  searchConsoleSkipTooLong: (max: number) => `Query longer than ${max} characters`,
  searchConsoleSkipInvalid: 'Query with control characters',
  searchConsoleSkipDuplicate: 'Repeated in the file',
  searchConsoleSkipBadNumber: (column: string) => `Unreadable number in ${column}`,
  searchConsoleSiteInvalid: 'Choose one of your Search Console properties.',
  searchConsolePositionBounds: 'The lowest position cannot be greater than the highest.',
} as const;
