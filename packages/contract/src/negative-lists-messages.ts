/** Counts in the summary of a pasted list of negative keywords, by the reason each was skipped. */
interface NegativeSkips {
  duplicate: number;
  too_long: number;
  too_many_words: number;
  empty: number;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** What adding negative keywords did: how many were added, and why the others were skipped. */
function negativeItemsSummary({
  added,
  skipped_by_reason: skipped,
}: {
  added: number;
  skipped_by_reason: NegativeSkips;
}): string {
  const head = added === 0 ? 'No negative keywords added' : `Added ${plural(added, 'negative keyword')}`;
  const reasons: string[] = [];
  if (skipped.duplicate > 0) reasons.push(`${skipped.duplicate.toLocaleString('en-US')} already in the list`);
  if (skipped.too_long > 0) reasons.push(`${skipped.too_long.toLocaleString('en-US')} longer than 80 characters`);
  if (skipped.too_many_words > 0) {
    reasons.push(`${skipped.too_many_words.toLocaleString('en-US')} of more than 10 words`);
  }
  if (skipped.empty > 0) reasons.push(plural(skipped.empty, 'empty term'));
  if (reasons.length === 0) return `${head}.`;
  const last = reasons.pop()!;
  return `${head}; skipped ${reasons.length > 0 ? `${reasons.join(', ')} and ${last}` : last}.`;
}

/**
 * Texts of a project's negative keyword lists (issue 27): the lists, their terms with a match type,
 * and a pasted list in Google Ads' notation. Spread into `messages`; nothing else types them.
 */
export const negativeListsMessages = {
  negativeKeywordsTitle: 'Negative keywords',
  negativeKeywordsIntro:
    'Searches your ads should not show for. Exact match blocks only that search; phrase match blocks every search that contains the words in that order.',
  negativeListNameTaken: 'This project already has a negative list with this name.',
  negativeTextRequired: 'Please enter a negative keyword',
  negativeTextTooLong: 'A negative keyword may have at most 80 characters (Google Ads’ limit).',
  negativeTextTooManyWords: 'A negative keyword may have at most 10 words (Google Ads’ limit).',
  negativeMatchTypeRequired: 'Choose exact or phrase match',
  negativeItemsRequired: 'Paste at least one negative keyword',
  tooManyNegativeItems: (max: number) => `Add at most ${max.toLocaleString('en-US')} negative keywords at a time.`,
  negativeTextOrItems: 'Send one negative keyword (text, match_type and ad_group) or a list of them (items), not both.',
  negativeAdGroupInvalid: 'An ad group must be given as its name.',
  negativeAdGroupTooLong: (max: number) => `An ad group's name may have at most ${max} characters (Google Ads’ limit).`,
  negativeLevelLabel: 'Level',
  negativeLevelCampaign: 'Campaign',
  /** A term of an ad group as a control names it: "[leather belt] for the ad group Wallets". */
  negativeTermOfAdGroup: (text: string, group: string) => `${text} for the ad group ${group}`,
  negativeLevelAdGroup: (group: string) => `Ad group: ${group}`,
  negativeItemsSummary,
  negativeSkipReasons: {
    duplicate: 'Already in the list',
    too_long: 'Longer than 80 characters',
    too_many_words: 'More than 10 words',
    empty: 'Empty',
  },
  negativeMatchTypeNames: { exact: 'Exact', phrase: 'Phrase' },
  newNegativeList: 'New negative list',
  createNegativeList: 'Create list',
  negativeListNameLabel: 'List name',
  negativeListNamePlaceholder: 'Job seekers',
  renameNegativeList: 'Rename list',
  renameNegativeListTitle: 'Rename negative list',
  deleteNegativeList: 'Delete list',
  deleteNegativeListTitle: 'Delete negative list',
  deleteNegativeListBody: (name: string, count: number) =>
    `Delete the negative list ${name} and its ${plural(count, 'term')}? This action cannot be undone.`,
  negativeListActions: (name: string) => `Actions for ${name}`,
  noNegativeLists: 'No negative lists yet. Create one to collect the searches your ads should not show for.',
  noNegativeItems: 'This list has no terms yet. Add one above or paste a list.',
  negativeTermLabel: 'Negative keyword',
  negativeTermPlaceholder: 'free',
  addNegativeTerm: 'Add',
  pasteNegativeTerms: 'Paste a list',
  pasteNegativeTermsTitle: 'Paste negative keywords',
  pasteNegativeTermsLabel: 'Negative keywords, one a line',
  pasteNegativeTermsHint:
    'Write a term as Google Ads does: [free trial] in brackets is exact match, "free trial" in quotes is phrase match. A line without either gets the match type chosen below.',
  pasteNegativeTermsDefault: 'Match type of a line without brackets or quotes',
  addNegativeTerms: 'Add terms',
  removeNegativeTerm: (text: string) => `Remove ${text}`,
  negativeTermRemoved: (text: string) => `Removed ${text}.`,
  negativeListCount: (count: number) => plural(count, 'term'),
  negativeListCreated: (name: string) => `Created ${name}.`,
  negativeListDeleted: (name: string) => `Deleted ${name}.`,
  negativeListRenamed: (name: string) => `Renamed to ${name}.`,
  failedToLoadNegativeLists: 'Failed to load negative lists.',
  failedToSaveNegativeList: 'Failed to save the negative list.',
  failedToDeleteNegativeList: 'Failed to delete the negative list.',
  failedToAddNegativeTerms: 'Failed to add negative keywords.',
  failedToRemoveNegativeTerm: 'Failed to remove the negative keyword.',
  negativeTermsTableLabel: (name: string) => `Negative keywords of ${name}`,
  chooseNegativeList: 'Negative list',
} as const;
