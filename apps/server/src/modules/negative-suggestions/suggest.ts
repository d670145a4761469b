import {
  messages,
  negativeSuggestionLimits,
  type NegativeMatchType,
  type NegativeSuggestion,
} from '@keywright/contract';
import { searcherMatcher, searcherWordsFor, type BusinessReading } from './searcher-words';

/** One row of the report, as the suggestions read it. */
export type ReportTerm = {
  /** Lower-cased, spaces collapsed. */
  normalized: string;
  adGroup: string | null;
  cost: number | null;
  conversions: number | null;
};

export interface Place {
  name: string;
  lat: number;
  lon: number;
}

/** The project's own place, and how the other places a search names are found. */
export interface PlaceReading {
  home: Place;
  /** Distances in miles (the United States, the United Kingdom) rather than kilometres. */
  miles: boolean;
  /** A city a run of words names, when it is one people search with (large, not an everyday word). */
  cityOf(phrase: string): Place | undefined;
}

export interface SuggestionInput {
  terms: readonly ReportTerm[];
  currency: string | null;
  minCost: number;
  /** The project's keywords, normalized. */
  keywords: readonly string[];
  /** The project's groups of keywords (its ad groups when exported), keywords normalized. */
  groups: ReadonlyArray<{ name: string; keywords: readonly string[] }>;
  business: BusinessReading;
  /** Competitors as the project names them, with the words they are searched by (lower-case). */
  competitors: ReadonlyArray<{ name: string; searched: string }>;
  /** Null when the project has no city the gazetteer knows, or its customers come from anywhere. */
  place: PlaceReading | null;
  /**
   * What the project's negative lists hold already: a campaign negative (`ad_group` null) covers
   * every level, an ad group's only that group (any case).
   */
  existing: ReadonlyArray<{ text: string; match_type: NegativeMatchType; ad_group: string | null }>;
}

/** Nearer than this, a place is the business's own area. */
export const FAR_KILOMETRES = 50;

const wordsOf = (text: string) => text.split(' ').filter(Boolean);

/** Every run of consecutive words of a text, up to 10 words (Google Ads' longest keyword). */
function runsOf(words: readonly string[]): string[] {
  const runs: string[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= Math.min(words.length, start + 10); end++) {
      runs.push(words.slice(start, end).join(' '));
    }
  }
  return runs;
}

/** Texts found by an exact negative (the text) or a phrase negative (any run of words of them). */
class BlockIndex {
  private readonly exact = new Map<string, string[]>();
  private readonly runs = new Map<string, string[]>();

  constructor(texts: Iterable<string>) {
    for (const text of new Set(texts)) {
      this.exact.set(text, [text]);
      for (const run of new Set(runsOf(wordsOf(text)))) {
        const found = this.runs.get(run);
        if (found) found.push(text);
        else this.runs.set(run, [text]);
      }
    }
  }

  blocked(text: string, matchType: NegativeMatchType): string[] {
    return (matchType === 'exact' ? this.exact.get(text) : this.runs.get(text)) ?? [];
  }
}

interface Candidate {
  text: string;
  match_type: NegativeMatchType;
  ad_group: string | null;
  /** Written for the suggestions kept only: formatting money is slow, and a report may hold 100,000 searches. */
  reason: () => string;
  cost: number;
  /** A search it stems from, never counted as blocked when the negative sends it to its own group. */
  routes?: string;
}

function kilometres(a: Place, b: Place): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const distanceText = (km: number, miles: boolean) =>
  miles ? `${Math.round(km / 1.609).toLocaleString('en-US')} miles` : `${Math.round(km).toLocaleString('en-US')} km`;

/**
 * The suggestions for a project, the most money first: see `negativeSuggestionsAnswerSchema`.
 * Pure: the service reads what it needs and passes it in.
 */
export function suggestNegatives(input: SuggestionInput): { suggestions: NegativeSuggestion[]; capped: boolean } {
  const reasons = messages.negativeSuggestionReasons;
  // The report's rows, one per search (it repeats a search per campaign, ad group and match type).
  const searches = new Map<string, { cost: number; conversions: number; groups: Set<string> }>();
  for (const term of input.terms) {
    const search = searches.get(term.normalized) ?? { cost: 0, conversions: 0, groups: new Set<string>() };
    search.cost += term.cost ?? 0;
    search.conversions += term.conversions ?? 0;
    if (term.adGroup) search.groups.add(term.adGroup);
    searches.set(term.normalized, search);
  }
  const converting = [...searches].filter(([, search]) => search.conversions > 0).map(([text]) => text);
  const keywordIndex = new BlockIndex(input.keywords);
  const candidates: Candidate[] = [];
  /** A phrase negative's candidate, its cost the sum of the searches holding it. */
  const phrases = new Map<string, Candidate>();
  const addPhrase = (text: string, reason: string, cost: number) => {
    const known = phrases.get(text);
    if (known) known.cost += cost;
    else phrases.set(text, { text, match_type: 'phrase', ad_group: null, reason: () => reason, cost });
  };

  const searcherIn = searcherMatcher(searcherWordsFor(input.business));
  const competitors = input.competitors.filter(
    // A project with a keyword naming the competitor bids on it: its searches are wanted.
    (competitor) => keywordIndex.blocked(competitor.searched, 'phrase').length === 0,
  );
  const homeWords = new Set(input.place ? wordsOf(input.place.home.name.toLowerCase()) : []);

  for (const [text, search] of searches) {
    // Spend without result.
    if (search.conversions === 0 && search.cost > 0 && search.cost >= input.minCost) {
      candidates.push({
        text,
        match_type: 'exact',
        ad_group: null,
        reason: () => reasons.spentWithoutResult(search.cost, input.currency),
        cost: search.cost,
      });
    }
    const words = wordsOf(text);
    // Searchers the business does not serve.
    const searcher = searcherIn(words);
    if (searcher) addPhrase(searcher.phrase, reasons.searchers[searcher.kind], search.cost);
    // Competitors it does not bid on.
    const runs = new Set(competitors.length > 0 ? runsOf(words) : []);
    for (const competitor of competitors) {
      if (runs.has(competitor.searched))
        addPhrase(competitor.searched, reasons.competitor(competitor.name), search.cost);
    }
    // Places far from its own: the longest run naming one, three words at most.
    if (input.place) {
      const place = farPlaceIn(words, input.place, homeWords, keywordIndex);
      if (place) {
        const away = distanceText(kilometres(input.place.home, place.city), input.place.miles);
        addPhrase(place.phrase, reasons.farPlace(place.city.name, away), search.cost);
      }
    }
  }
  candidates.push(...phrases.values());
  candidates.push(...crossGroupCandidates(input, searches));

  // Money first, then text; the same negative at the same level once.
  // Texts in code-point order: searches are lower-case, and a report may hold 100,000 of them.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  candidates.sort(
    (a, b) =>
      b.cost - a.cost ||
      byText(a.text, b.text) ||
      byText(a.match_type, b.match_type) ||
      byText(a.ad_group ?? '', b.ad_group ?? ''),
  );
  // Held negatives by level ('' the campaign, else the ad group's name in lower case) and text.
  const levelOf = (adGroup: string | null) => adGroup?.toLowerCase() ?? '';
  const existingExact = new Set<string>();
  const existingPhrases = new Set<string>();
  for (const item of input.existing) {
    (item.match_type === 'exact' ? existingExact : existingPhrases).add(`${levelOf(item.ad_group)}\u0000${item.text}`);
  }
  const levelsOf = (candidate: Candidate) => [...new Set(['', levelOf(candidate.ad_group)])];
  const isBlockedAlready = (candidate: Candidate) =>
    levelsOf(candidate).some(
      (level) =>
        (candidate.match_type === 'exact' && existingExact.has(`${level}\u0000${candidate.text}`)) ||
        runsOf(wordsOf(candidate.text)).some((run) => existingPhrases.has(`${level}\u0000${run}`)),
    );
  const convertingIndex = new BlockIndex(converting);
  // A campaign phrase negative that blocks nothing wanted covers the exact ones it holds: they are
  // not suggested beside it ("jobs" rather than also [wallet repair jobs]).
  const coveringPhrases = new Set(
    [...phrases.values()]
      .filter(
        (phrase) =>
          keywordIndex.blocked(phrase.text, 'phrase').length === 0 &&
          convertingIndex.blocked(phrase.text, 'phrase').length === 0,
      )
      .map((phrase) => phrase.text),
  );
  const isCovered = (candidate: Candidate) =>
    candidate.match_type === 'exact' &&
    candidate.ad_group === null &&
    runsOf(wordsOf(candidate.text)).some((run) => coveringPhrases.has(run));
  const seen = new Set<string>();
  const kept = candidates.filter((candidate) => {
    const key = `${candidate.ad_group ?? ''}\u0000${candidate.match_type}:${candidate.text}`;
    if (seen.has(key) || isBlockedAlready(candidate) || isCovered(candidate)) return false;
    seen.add(key);
    return true;
  });

  const groupIndexes = new Map<string, { keywords: BlockIndex; converting: BlockIndex }>();
  const groupIndex = (name: string) => {
    let index = groupIndexes.get(name);
    if (!index) {
      const group = input.groups.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
      const shown = input.terms.filter(
        (term) => term.adGroup?.toLowerCase() === name.toLowerCase() && (term.conversions ?? 0) > 0,
      );
      index = {
        keywords: new BlockIndex(group?.keywords ?? []),
        converting: new BlockIndex(shown.map((term) => term.normalized)),
      };
      groupIndexes.set(name, index);
    }
    return index;
  };

  const suggestions = kept.slice(0, negativeSuggestionLimits.suggestions).map((candidate): NegativeSuggestion => {
    const indexes = candidate.ad_group
      ? groupIndex(candidate.ad_group)
      : { keywords: keywordIndex, converting: convertingIndex };
    const blocked = [
      ...new Set([
        ...indexes.keywords.blocked(candidate.text, candidate.match_type),
        ...indexes.converting.blocked(candidate.text, candidate.match_type),
      ]),
    ].filter((text) => text !== candidate.routes);
    blocked.sort((a, b) => a.localeCompare(b));
    return {
      text: candidate.text,
      match_type: candidate.match_type,
      level: candidate.ad_group ? 'ad_group' : 'campaign',
      ad_group: candidate.ad_group,
      reason: candidate.reason(),
      cost: Math.round(candidate.cost * 100) / 100,
      blocks: blocked.slice(0, negativeSuggestionLimits.blocks),
      blocks_count: blocked.length,
      selected: blocked.length === 0,
    };
  });
  return { suggestions, capped: kept.length > negativeSuggestionLimits.suggestions };
}

/** The longest run of up to three words naming a city far from home, never one of the project's keywords' places. */
function farPlaceIn(
  words: readonly string[],
  place: PlaceReading,
  homeWords: ReadonlySet<string>,
  keywords: BlockIndex,
): { phrase: string; city: Place } | null {
  for (let length = Math.min(3, words.length); length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const run = words.slice(start, start + length);
      if (run.some((word) => homeWords.has(word))) continue;
      const phrase = run.join(' ');
      const city = place.cityOf(phrase);
      if (!city || kilometres(place.home, city) < FAR_KILOMETRES) continue;
      // A keyword naming the place says the business wants its searches.
      if (keywords.blocked(phrase, 'phrase').length > 0) continue;
      return { phrase, city };
    }
  }
  return null;
}

/**
 * Searches that showed in one of the project's ad groups but belong in another (one of whose
 * keywords is the search, or the longest keyword the search holds): an exact negative in the
 * group they showed in sends them to their own. Only between the project's own groups, and only
 * when one group has the longest such keyword.
 */
function crossGroupCandidates(input: SuggestionInput, searches: ReadonlyMap<string, { cost: number }>): Candidate[] {
  if (input.groups.length < 2) return [];
  const groupOf = new Map<string, string | null>();
  for (const group of input.groups) {
    for (const keyword of group.keywords) {
      const known = groupOf.get(keyword);
      groupOf.set(keyword, known === undefined || known === group.name ? group.name : null);
    }
  }
  const groupNames = new Set(input.groups.map((group) => group.name.toLowerCase()));
  const found = new Map<string, Candidate>();
  for (const term of input.terms) {
    if (!term.adGroup || !groupNames.has(term.adGroup.toLowerCase())) continue;
    const home = homeGroup(term.normalized, groupOf);
    if (!home || home.toLowerCase() === term.adGroup.toLowerCase()) continue;
    const key = `${term.adGroup}\u0000${term.normalized}`;
    if (found.has(key)) continue;
    found.set(key, {
      text: term.normalized,
      match_type: 'exact',
      ad_group: term.adGroup,
      reason: () => messages.negativeSuggestionReasons.otherGroup(home),
      cost: searches.get(term.normalized)?.cost ?? 0,
      routes: term.normalized,
    });
  }
  return [...found.values()];
}

/** The group a search belongs in: the one with the search as a keyword, else with the longest keyword it holds. */
function homeGroup(search: string, groupOf: ReadonlyMap<string, string | null>): string | null {
  const exact = groupOf.get(search);
  if (exact !== undefined) return exact;
  const words = wordsOf(search);
  for (let length = words.length - 1; length >= 1; length--) {
    const homes = new Set<string | null>();
    for (let start = 0; start + length <= words.length; start++) {
      const home = groupOf.get(words.slice(start, start + length).join(' '));
      if (home !== undefined) homes.add(home);
    }
    if (homes.size === 1) return [...homes][0]!;
    if (homes.size > 1) return null;
  }
  return null;
}
