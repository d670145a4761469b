/**
 * What a pasted list did (bulk add): how many keywords were added, and which were skipped as in
 * the project already (named when there are a few) or repeated in the paste.
 */
function pastedKeywordsSummary({
  added,
  repeated,
  existing,
}: {
  added: number;
  repeated: number;
  existing: readonly string[];
}): string {
  const head = added === 0 ? 'No keywords added' : `Added ${added} keyword${added === 1 ? '' : 's'}`;
  const skipped: string[] = [];
  if (existing.length > 0) {
    const named = existing.length <= 3 ? ` (${existing.join(', ')})` : '';
    skipped.push(`${existing.length} already in the project${named}`);
  }
  if (repeated > 0) skipped.push(`${repeated} repeated in what you pasted`);
  return skipped.length > 0 ? `${head}; skipped ${skipped.join(' and ')}.` : `${head}.`;
}

/**
 * Texts of bulk work (issue 24): a pasted list, row selection with bulk save, delete and remove, and
 * the wider choice when Generate More or the analysis dialog finds nothing new. Spread into `messages`.
 */
export const bulkMessages = {
  pasteKeywordsHint: 'Add several at once: one a line, or separated by commas.',
  pasteKeywordsRequired: 'Please enter a keyword',
  tooManyPastedKeywords: (max: number) => `Add at most ${max.toLocaleString('en-US')} keywords at a time.`,
  pastedKeywordsSummary,
  failedToAddKeywords: 'Failed to add keywords.',
  selectKeyword: (keyword: string) => `Select ${keyword}`,
  selectAllOnPage: 'Select all keywords on this page',
  selectedCount: (count: number) => `${count.toLocaleString('en-US')} selected`,
  noneSelected: 'None selected',
  saveSelectedToList: 'Save selected to list',
  deleteSelected: 'Delete selected',
  removeSelectedFromList: 'Remove selected from list',
  clearSelection: 'Clear selection',
  bulkAddToListSubtitle: (count: number) =>
    `Select an existing list or create a new one. The ${count === 1 ? 'keyword' : `${count} keywords`} you chose are added to it.`,
  removeListKeywordsTitle: 'Remove keywords from list',
  removeListKeywordsBody: (count: number, listName: string) =>
    `Remove ${count === 1 ? 'this keyword' : `these ${count} keywords`} from ${listName}? They stay in their projects.`,
  keywordsRemovedFromList: (count: number) =>
    count === 1 ? '1 keyword removed from the list' : `${count} keywords removed from the list`,
  failedToRemoveKeywordsFromList: 'Failed to remove keywords from list',
  noNewKeywordsTitle: 'No new keywords fit',
  generateWithoutCpcBounds: 'Generate without CPC bounds',
  generateWithAnyLength: 'Generate with any number of words',
  showSuggestionsInstead: 'Get suggestions instead',
} as const;
