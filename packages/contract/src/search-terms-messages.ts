/**
 * Reading the search terms report Google Ads downloads (issue 27), as "CSV" (UTF-8) or "CSV for
 * Excel" (UTF-16, tab-separated): refused in the same limits as a Keyword Planner file.
 */
export const searchTermsMessages = {
  searchTermsFileRequired: 'Choose a search terms report downloaded from Google Ads (.csv).',
  searchTermsOneFile: 'Import one search terms report at a time.',
  searchTermsTooLarge: 'The file is larger than 40 MB. Download a shorter date range of the search terms report.',
  searchTermsTooManyRows:
    'The file has more than 100,000 search terms. Download a shorter date range of the search terms report.',
  searchTermsNotText: 'The file is not a Google Ads search terms report: it is not a text file.',
  searchTermsMissingColumns: ({ term, figures }: { term: boolean; figures: boolean }) =>
    `The file is not a Google Ads search terms report: it has no ${[
      term ? 'Search term column' : '',
      figures ? 'Clicks or Impr. column' : '',
    ]
      .filter(Boolean)
      .join(', and no ')}.`,
  searchTermsNoRows: 'The file has no search terms.',
  searchTermsBadLine: (line: number) =>
    `The file is not a Google Ads search terms report: line ${line} cannot be read.`,
  searchTermsSkipBlank: 'No search term',
  searchTermsSkipTooLong: (max: number) => `Search term longer than ${max} characters`,
  searchTermsSkipInvalid: 'Search term with control characters',
  searchTermsSkipDuplicate: 'Repeated in the file (same campaign, ad group and match type)',
  searchTermsSkipBadNumber: (column: string) => `Unreadable number in ${column}`,
  searchTermsSkipBadText: (column: string) => `Unreadable text in ${column}`,
} as const;
