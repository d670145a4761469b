import {
  constants,
  keywordSearchConsoleSorts,
  keywordSorts,
  messages,
  type KeywordPageSort,
  type SearchIntent,
} from '@keywright/contract';
import { cpcBoundParam, noCpcBounds, readCpcFilter, type CpcBounds } from '@/lib/cpc-filter';
import { readIntentChoice } from '@/lib/intent-filter';
import type { KeywordPageParams } from './api/get-keyword-page';
import { parsePageParam } from './hooks/use-page-param';

/**
 * What the project page's keyword table shows besides its page (`?page=`) and view (`?view=`),
 * kept in the address so a reload, Back and a shared link open the same table:
 * `cpc=1` (Show CPC ran), `minCpc`/`maxCpc` (dollars, only with `cpc=1`), `intent=a,b`,
 * `q` (the search) and `sort` (newest first unless named).
 */
export interface KeywordsAddress {
  showCpc: boolean;
  bounds: CpcBounds;
  intents: SearchIntent[];
  search: string;
  sort: KeywordPageSort;
}

export const defaultKeywordSort: KeywordPageSort = 'newest';

export const keywordSortLabels: Record<KeywordPageSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  keyword: 'A to Z',
  keyword_desc: 'Z to A',
  ...messages.keywordSearchConsoleSortLabels,
};

/** Every order the address may name: the usual ones, and the Search Console figures' (issue 26). */
export const keywordPageSorts: readonly KeywordPageSort[] = [...keywordSorts, ...keywordSearchConsoleSorts];

/**
 * The table an address asks for. Anything unreadable (a hand-edited or old link) falls back to
 * that part's default without a word: an unknown sort or intent, a bound that is no price or is
 * above the other, bounds without Show CPC (the filter is there only once CPC is shown).
 */
export function readKeywordsAddress(params: URLSearchParams): KeywordsAddress {
  const showCpc = params.get('cpc') === '1';
  const cpc = readCpcFilter(params.get('minCpc') ?? '', params.get('maxCpc') ?? '');
  const sort = params.get('sort');
  return {
    showCpc,
    bounds: showCpc && cpc.ok ? cpc.bounds : noCpcBounds,
    intents: readIntentChoice((params.get('intent') ?? '').split(',').map((part) => part.trim())),
    search: (params.get('q') ?? '').trim().slice(0, constants.limits.keyword),
    sort: keywordPageSorts.find((each) => each === sort) ?? defaultKeywordSort,
  };
}

/**
 * The address after a change, other parameters (the view, the groups' tightness) kept. A change
 * of what the rows are (bounds, intents, search, sort) starts again from page 1; Show CPC alone
 * keeps the page. Defaults leave the address clean.
 */
export function writeKeywordsAddress(params: URLSearchParams, change: Partial<KeywordsAddress>): URLSearchParams {
  const next = { ...readKeywordsAddress(params), ...change };
  const result = new URLSearchParams(params);
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') result.delete(key);
    else result.set(key, value);
  };
  set('cpc', next.showCpc ? '1' : null);
  const bounds = next.showCpc ? next.bounds : noCpcBounds;
  set('minCpc', bounds.minCpc === null ? null : cpcBoundParam(bounds.minCpc));
  set('maxCpc', bounds.maxCpc === null ? null : cpcBoundParam(bounds.maxCpc));
  set('intent', next.intents.join(','));
  set('q', next.search.trim());
  set('sort', next.sort === defaultKeywordSort ? null : next.sort);
  if (Object.keys(change).some((key) => key !== 'showCpc')) result.delete('page');
  return result;
}

/** The page query for an address: the page it names, with figures once CPC is shown. */
export function keywordPageParamsOf(params: URLSearchParams): KeywordPageParams {
  const address = readKeywordsAddress(params);
  return {
    page: parsePageParam(params.get('page')),
    search: address.search,
    sort: address.sort,
    withMetrics: address.showCpc,
    bounds: address.bounds,
    intents: address.intents,
  };
}
