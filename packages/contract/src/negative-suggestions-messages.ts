/** Kinds of searcher a word gives away, for a suggestion's reason (see the server's word table). */
export type SearcherKind = 'job_seekers' | 'do_it_yourself' | 'freebies' | 'second_hand' | 'manuals' | 'repairs';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount of the search terms report, in its currency as en-US writes it: `$84`, `€84`, `£12.50`,
 * whole amounts without cents. No currency code: the figure alone (never a dollar sign it does not
 * have); a code without a sign is written before it (`XQQ 12`), one Intl refuses after it.
 */
export function formatReportMoney(amount: number, currency: string | null): string {
  const cents = Number.isInteger(Math.round(amount * 100) / 100) ? 0 : 2;
  const plain = () => amount.toLocaleString('en-US', { minimumFractionDigits: cents, maximumFractionDigits: cents });
  if (!currency) return plain();
  const key = `${currency}:${cents}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: cents,
        maximumFractionDigits: cents,
      });
    } catch {
      return `${plain()} ${currency}`;
    }
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

const count = (value: number, one: string, many = `${one}s`) =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${value === 1 ? one : many}`;

/**
 * Negative keyword suggestions from the search terms report (issue 27): the reasons a person reads
 * beside each, and the texts of the panel on the Search terms screen. Spread into `messages`.
 */
export const negativeSuggestionsMessages = {
  negativeSuggestionReasons: {
    /** Money spent on a term that never converted, in the report's currency. */
    spentWithoutResult: (cost: number, currency: string | null, conversions = 0) =>
      `${formatReportMoney(cost, currency)} spent, ${count(conversions, 'conversion')}`,
    searchers: {
      job_seekers: 'job seekers',
      do_it_yourself: 'do it yourself',
      freebies: 'looking for something free',
      second_hand: 'looking for second-hand goods',
      manuals: 'looking for a manual or a document',
      repairs: 'looking to repair what they have',
    } satisfies Record<SearcherKind, string>,
    competitor: (name: string) => `looking for a competitor, ${name}`,
    farPlace: (place: string, distance: string) => `searching in ${place}, ${distance} away`,
    otherGroup: (group: string) => `belongs in the ad group ${group}`,
  },
  negativeSuggestionsTitle: 'Negative keyword suggestions',
  negativeSuggestionsIntro:
    'Searches that spent at least this much without a conversion, and searchers the business does not serve: check the ones to block and add them to a negative list.',
  negativeSuggestionsMinCost: 'Spent at least',
  negativeSuggestionsLoading: 'Looking for negative keywords',
  negativeSuggestionsFailed: 'Failed to load the negative keyword suggestions.',
  negativeSuggestionsNone: 'No negative keywords to suggest',
  negativeSuggestionsNoneHint:
    'No search in the report spent this much without a conversion, and none reads like a searcher the business does not serve.',
  negativeSuggestionsTableLabel: 'Negative keyword suggestions',
  negativeSuggestionsColumnNegative: 'Negative keyword',
  negativeSuggestionsColumnLevel: 'Level',
  negativeSuggestionsColumnReason: 'Reason',
  negativeSuggestionCampaignLevel: 'Campaign',
  negativeSuggestionAdGroupLevel: (group: string) => `Ad group: ${group}`,
  negativeSuggestionChoose: (text: string) => `Choose ${text}`,
  negativeSuggestionChooseForAdGroup: (text: string, group: string) => `Choose ${text} for the ad group ${group}`,
  /** In the list of what is being added: "[leather belt] for the ad group Wallets". */
  negativeSuggestionForAdGroup: (text: string, group: string) => `${text} for the ad group ${group}`,
  negativeSuggestionsAdded: (added: number, skipped: number, list: string) =>
    `Added ${count(added, 'negative keyword')} to ${list}` +
    (skipped > 0 ? `; skipped ${skipped.toLocaleString('en-US')} already there.` : '.'),
  failedToAddSuggestions: 'Failed to add the negative keywords.',
  negativeSuggestionsNewListDefault: 'Search terms negatives',
  negativeSuggestionsChooseAll: 'Choose every suggestion on this page',
  negativeSuggestionBlocks: (names: readonly string[], total: number) =>
    `Would also block ${names.join(', ')}${total > names.length ? ` and ${(total - names.length).toLocaleString('en-US')} more` : ''}.`,
  negativeSuggestionsCount: (all: number) => count(all, 'suggestion'),
  negativeSuggestionsAddToList: 'Add to negative list',
  negativeSuggestionsAddTitle: 'Add to a negative list',
  negativeSuggestionsNewList: 'New list',
  negativeSuggestionsNewListName: 'Name of the new list',
  negativeSuggestionsExistingList: 'Existing list',
  negativeSuggestionsAddButton: (chosen: number) => `Add ${count(chosen, 'negative keyword')}`,
  negativeSuggestionsPages: 'Negative keyword suggestion pages',
  negativeSuggestionsCapped: (shown: number) =>
    `The ${shown.toLocaleString('en-US')} suggestions that waste the most money are shown.`,
  addTermsAsKeywords: (chosen: number) =>
    chosen === 0 ? 'Add as keywords' : `Add ${count(chosen, 'search term')} as keywords`,
  chooseConvertingTerm: (term: string) => `Choose ${term} to add as a keyword`,
  chooseAllConvertingTerms: 'Choose every converting search on this page that is not a keyword',
  chooseConvertingTermsHint: 'Converting searches that are not keywords yet can be chosen and added as keywords.',
  termsAddedAsKeywords: (added: number, skipped: number) =>
    `Added ${count(added, 'keyword')}` +
    (skipped > 0 ? `; ${skipped.toLocaleString('en-US')} already in the project.` : '.'),
  failedToAddTermsAsKeywords: 'Failed to add the search terms as keywords.',
} as const;
