/**
 * The Google Ads Editor exports' negative lists and left-out summary, and the analysis page's
 * search terms import (issue 27).
 */

const count = (value: number, one: string, many = `${one}s`) =>
  `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

export const adsEditorExportMessages = {
  negativeListIdsInvalid: 'Negative lists must be given as a list of negative list ids.',
  negativeListsNotInProject: (ids: readonly number[]) =>
    `${ids.length === 1 ? 'Negative list' : 'Negative lists'} ${ids.join(', ')} ${
      ids.length === 1 ? 'is not a negative list' : 'are not negative lists'
    } of this project. Nothing was exported.`,

  negativeListsInExport: 'Negative keyword lists',
  negativeListsInExportHint:
    'Their terms go in as negative keywords of the whole campaign or of the ad group they name, exact or phrase as in the list.',
  negativeListInExport: (name: string, terms: number) => `${name} (${count(terms, 'term')})`,
  noNegativeListsInExport: 'This project has no negative keyword lists yet: the file has no negative keywords.',
  negativeListsInExportFailed: 'The negative lists could not be loaded: all of them go in the file.',

  /** "2 keywords and 1 negative keyword left out of the file" */
  leftOutTitle: (keywords: number, negatives: number) =>
    `${[keywords > 0 ? count(keywords, 'keyword') : '', negatives > 0 ? count(negatives, 'negative keyword') : '']
      .filter(Boolean)
      .join(' and ')} left out of the file`,
  leftOutHint:
    'Google Ads takes at most 80 characters and 10 words in a keyword: fix these in Keywright, then export again.',
  leftOutAdGroupHint:
    'A negative keyword of an ad group goes in only when the file has that ad group: export with the groups it was suggested for, or add it to the list for the whole campaign.',
  leftOutReasons: {
    too_long: 'longer than 80 characters',
    too_many_words: 'more than 10 words',
    no_letters: 'no letters or digits',
    unknown_ad_group: 'the file has no ad group of that name',
  },
  leftOutItem: (text: string, isNegative: boolean, reason: string, adGroup?: string) =>
    `${isNegative ? 'Negative keyword ' : ''}“${text}”${adGroup ? ` of the ad group ${adGroup}` : ''}: ${reason}`,
  leftOutMore: (more: number) => `and ${count(more, 'more term', 'more terms')}`,

  analysisImportSearchTerms: 'Import search terms report',
  analysisSearchTermsImported: 'Review its terms on the Search terms screen: filter the spend without conversions.',
  analysisGoToSearchTerms: 'Go to search terms',
} as const;
