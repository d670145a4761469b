/**
 * The Search Console view and the keyword page's Search Console columns (issue 26): what the
 * screen says, its buttons and its toasts.
 */
const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

export const searchConsoleViewMessages = {
  searchConsoleTitle: 'Search Console',
  searchConsoleIntro:
    'The searches people really typed before they saw your site, with their clicks, impressions, click-through rate and position.',
  searchConsoleAction: 'Search Console',
  backToProjectKeywords: 'Back to keywords',

  // The connection
  searchConsoleConnectionTitle: 'Google account',
  searchConsoleConnectPrompt:
    'Connect your Google account to list your Search Console properties and import their queries.',
  connectSearchConsole: 'Connect Search Console',
  searchConsoleConnectedAs: (email: string | null) => (email ? `Connected as ${email}` : 'Connected to Search Console'),
  disconnectSearchConsole: 'Disconnect',
  disconnectSearchConsoleTitle: 'Disconnect Search Console',
  disconnectSearchConsoleBody:
    'Disconnect your Google account from Search Console? Keywright forgets your grant; the queries already imported stay.',
  failedToDisconnectSearchConsole: 'Failed to disconnect Search Console',
  checkingSearchConsole: 'Checking the Search Console connection',
  loadingSearchConsoleQueries: 'Loading queries',
  failedToLoadSearchConsoleStatus: 'The Search Console connection could not be checked.',

  // The property
  searchConsolePropertyTitle: 'Property',
  searchConsolePropertyLabel: 'Search Console property',
  searchConsolePropertyHint: 'The property whose queries this project shows. Your site’s own comes first.',
  loadingSearchConsoleSites: 'Loading your properties…',
  searchConsoleNoProperties: 'Your Google account has no Search Console properties.',
  failedToLoadSearchConsoleSites: 'Your Search Console properties could not be loaded.',
  linkSearchConsole: 'Link',
  searchConsoleLinked: (siteUrl: string) => `Linked ${siteUrl}. Importing its queries…`,
  failedToLinkSearchConsole: 'Failed to link the property',
  searchConsoleLinkedProperty: 'Linked property',
  searchConsoleLinkedBy: (email: string) => `Linked by ${email}`,
  searchConsoleLastImport: (date: string) => `Last import ${date}`,
  searchConsoleNoImportYet: 'No import yet',
  refreshSearchConsole: 'Refresh',
  searchConsoleRefreshStarted: 'Importing the latest queries…',
  failedToRefreshSearchConsole: 'Failed to refresh the queries',
  searchConsoleConnectToRefresh:
    'Connect your own Google account to refresh these queries: Keywright never fetches with a teammate’s grant.',
  unlinkSearchConsole: 'Unlink',
  unlinkSearchConsoleTitle: 'Unlink property',
  unlinkSearchConsoleBody: (siteUrl: string) =>
    `Unlink ${siteUrl} from this project? Its queries are no longer refreshed; the ones imported stay.`,
  searchConsoleUnlinked: 'Property unlinked',
  failedToUnlinkSearchConsole: 'Failed to unlink the property',
  searchConsolePermission: {
    siteOwner: 'Owner',
    siteFullUser: 'Full user',
    siteRestrictedUser: 'Restricted user',
    siteUnverifiedUser: 'Unverified',
  } as const,
  searchConsoleSiteOption: (siteUrl: string, permission: string) => `${siteUrl} (${permission})`,

  // The import
  searchConsoleImporting: (rows: number) =>
    rows === 0
      ? 'Importing queries from Search Console…'
      : `Importing queries: ${plural(rows, 'row', 'rows')} fetched…`,
  searchConsoleImportFailed: 'The last import failed',
  searchConsoleImportCompleted: (rows: number) => `Imported ${plural(rows, 'query', 'queries')} from Search Console.`,
  searchConsoleQueryTotal: (queries: number) => plural(queries, 'query', 'queries'),
  searchConsoleCovers: (start: string, end: string) => `Queries from ${start} to ${end}`,
  searchConsoleFromUpload: 'Queries from an uploaded export',

  // The upload
  searchConsoleUploadTitle: 'Upload an export',
  searchConsoleUploadHint:
    'In Search Console, open Performance, choose Export, then Download CSV, and drop the ZIP file (or its Queries.csv) here. It replaces the project’s queries.',
  searchConsoleDropTitle: 'Drop a Search Console export here',
  searchConsoleDropAccepts: (megabytes: number) => `.zip or Queries.csv, one file, up to ${megabytes} MB`,
  searchConsoleFileLabel: 'Search Console export',
  searchConsoleUploadButton: 'Upload',
  searchConsoleUploading: 'Uploading the file…',
  searchConsoleReading: 'Reading the queries…',
  searchConsoleUploaded: (stored: number, skipped: number) =>
    `Stored ${plural(stored, 'query', 'queries')}${skipped > 0 ? `, skipped ${plural(skipped, 'row', 'rows')}` : ''}.`,
  searchConsoleUploadRead: (read: number) => `${plural(read, 'row', 'rows')} read`,
  searchConsoleSkippedRows: 'Skipped rows',
  searchConsoleSkippedFirst: (shown: number, total: number) => `(the first ${count(shown)} of ${count(total)})`,
  searchConsoleSkipLine: 'Line',
  searchConsoleSkipQuery: 'Query',
  searchConsoleSkipReason: 'Reason',
  searchConsoleBlankQuery: '(blank)',
  failedToUploadSearchConsole: 'The file could not be imported.',
  uploadAnotherFile: 'Upload another file',

  // The queries
  searchConsoleQueriesTitle: 'Queries',
  searchConsoleNoQueries: 'No queries yet',
  searchConsoleNoQueriesHint: 'Link a property or upload an export: its queries show here.',
  searchQueries: 'Search queries',
  clearQuerySearch: 'Clear search',
  notYetKeywords: 'Not yet keywords',
  strikingDistance: 'Striking distance',
  strikingDistanceHint: (min: number, max: number) =>
    `Queries at an average position of ${min} to ${max}: a little work would move them to the first page.`,
  minimumImpressions: 'Minimum impressions',
  searchConsoleSortLabel: 'Sort queries by',
  searchConsoleColumns: {
    query: 'Query',
    clicks: 'Clicks',
    impressions: 'Impressions',
    ctr: 'CTR',
    position: 'Position',
    page: 'Page',
  } as const,
  searchConsoleActionsColumn: 'Actions',
  searchConsoleSortOrder: { ascending: 'lowest first', descending: 'highest first' } as const,
  searchConsoleSortOption: (column: string, order: string) => `${column}, ${order}`,
  searchConsoleQueryCount: (first: number, last: number, total: number) =>
    `${count(first)}–${count(last)} of ${count(total)}`,
  searchConsoleNoMatch: 'No queries match',
  searchConsoleNoMatchHint: 'Widen the search or turn a filter off.',
  searchConsoleAllKeywords: 'Every query is a keyword of the project already.',
  searchConsoleInProject: 'In project',
  searchConsoleQueryPages: 'Query pages',
  searchConsoleNoPage: 'No page',
  addQuery: 'Add',
  addQueryLabel: (query: string) => `Add ${query} to the project`,
  addSelectedQueries: 'Add to project',
  selectQuery: (query: string) => `Select ${query}`,
  queriesAdded: (added: number) =>
    added === 0
      ? 'These queries are keywords of the project already.'
      : `Added ${plural(added, 'keyword', 'keywords')}.`,
  failedToAddQueries: 'Failed to add the keywords',
  failedToLoadSearchConsoleQueries: 'Queries could not be loaded.',
  failedToLoadSearchConsole: 'The project’s Search Console data could not be loaded.',

  // The keyword page's columns
  showSearchConsole: 'Show Search Console',
  noSearchConsoleFigure: '—',
  keywordSearchConsoleSortLabels: {
    clicks: 'Fewest clicks',
    clicks_desc: 'Most clicks',
    impressions: 'Fewest impressions',
    impressions_desc: 'Most impressions',
    ctr: 'Lowest CTR',
    ctr_desc: 'Highest CTR',
    position: 'Best position',
    position_desc: 'Worst position',
  } as const,
} as const;
