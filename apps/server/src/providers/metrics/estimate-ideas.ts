import { normalizeKeyword } from '@keywright/contract';
import { getWordCounts } from './estimate-data';
import { kindOf, tokenize } from './estimate-model';
import { modifiers, topics, type TopicKind } from './estimate-words';
import { standsAlone } from '../keyword-generator/kinds';
import { createPhraseGate, emptyPhraseContext } from '../keyword-generator/phrase-quality';

// Offline keyword ideas: each seed's key phrase with the modifiers people add for its kind of
// topic, seeds joined with each other, broader forms of a seed, and the site's name.

/**
 * `{k}` is the key phrase and `{k1}` the same with its last word singular ("recipe ideas");
 * `{is}`, `{does}` and `{a}` agree with it ("what are running shoes", "how much does a plumber cost").
 */
const templatesByKind: Record<TopicKind | 'person', readonly string[]> = {
  product: [
    'best {k}',
    'cheap {k}',
    'buy {k}',
    '{k} for sale',
    '{k} price',
    '{k} reviews',
    '{k} near me',
    'buy {k} online',
    '{k} deals',
    'affordable {k}',
    'top rated {k}',
    'best {k} for beginners',
    'how to choose {k}',
    '{k} sale',
    'best cheap {k}',
    'cheap {k} near me',
    'discount {k}',
    '{k} online',
  ],
  service: [
    '{k} near me',
    'best {k}',
    '{k} cost',
    'affordable {k}',
    'local {k}',
    '{k} reviews',
    '{k} companies',
    '{k} services',
    'best {k} near me',
    'how much does {k} cost',
    '{k} prices',
    'top rated {k}',
    'affordable {k} near me',
    '{k} quote',
  ],
  // Services named by who does them: "plumber", "personal injury lawyer".
  person: [
    '{k} near me',
    'best {k}',
    'best {k} near me',
    'local {k}',
    'affordable {k}',
    '{k} reviews',
    '{k} cost',
    'cheap {k}',
    'top rated {k}',
    'how much {does} {a}{k} cost',
    'what {does} {a}{k} do',
    'find {a}{k}',
    'hire {a}{k}',
    'affordable {k} near me',
  ],
  software: [
    'best {k}',
    '{k} pricing',
    '{k} reviews',
    'free {k}',
    '{k} for small business',
    '{k} alternatives',
    'top {k}',
    '{k} comparison',
    'what {is} {k}',
    'best free {k}',
    'online {k}',
    '{k} free trial',
    'best {k} for small business',
    'open source {k}',
    'cloud based {k}',
  ],
  travel: [
    'cheap {k}',
    'best {k}',
    '{k} deals',
    '{k} near me',
    'last minute {k}',
    '{k} prices',
    'cheapest {k}',
    'best {k} deals',
    'luxury {k}',
    'all inclusive {k}',
    'book {k} online',
  ],
  activity: [
    '{k} for beginners',
    'best {k}',
    '{k} tips',
    'how to start {k}',
    '{k} near me',
    '{k} classes',
    'what {is} {k}',
    '{k} classes near me',
    'benefits of {k}',
    '{k} for kids',
    'beginner {k}',
  ],
  content: [
    'easy {k}',
    'best {k}',
    'free {k}',
    '{k1} ideas',
    'quick {k}',
    'top {k}',
    '{k} online',
    'new {k}',
    'popular {k}',
  ],
  general: [
    'best {k}',
    '{k} near me',
    'what {is} {k}',
    '{k1} ideas',
    '{k} online',
    'cheap {k}',
    '{k} reviews',
    'top {k}',
    '{k} tips',
    'types of {k}',
    '{k} cost',
  ],
};

export interface IdeaCandidate {
  keyword: string;
  /** How much of the seeds the idea keeps: 1 per seed whose key words it holds all of, less for part. */
  relevance: number;
}

interface Seed {
  /** The seed without its modifiers or loose ends: "buy running shoes online" -> "running shoes". */
  core: string;
  words: string[];
  contentWords: Set<string>;
  kind: TopicKind | 'person';
  isPlural: boolean;
}

/** Candidate ideas for the seeds (and site), seeds excluded, each with its relevance; unsorted. */
export function ideaCandidates(seeds: readonly string[], siteUrl: string | undefined): IdeaCandidate[] {
  const parsed = seeds.map(parseSeed).filter((seed): seed is Seed => seed != null);
  const seedKeys = new Set(seeds.map(normalizeKeyword));
  const ideas = new Map<string, IdeaCandidate>();
  const brand = siteBrand(siteUrl);
  const isSearchable = createPhraseGate({
    ...emptyPhraseContext,
    modifierWords: modifierWordsOf(parsed),
    brand: brand ?? '',
  });
  const add = (text: string) => {
    const keyword = normalizeKeyword(text);
    if (!keyword || seedKeys.has(keyword) || ideas.has(keyword) || !readsWell(keyword)) return;
    if (isSearchable(keyword) !== null) return;
    ideas.set(keyword, { keyword, relevance: relevanceOf(keyword, parsed) });
  };

  for (const seed of parsed) {
    add(seed.core);
    for (const template of templatesByKind[seed.kind]) add(fill(template, seed));
    // Broader searches: the phrase without its first words ("personal injury lawyer" -> "injury lawyer").
    for (let start = 1; start < seed.words.length; start++) {
      const rest = trimLooseEnds(seed.words.slice(start));
      if (rest.length > 0 && rest.some((word) => seed.contentWords.has(word))) add(rest.join(' '));
    }
    // "crm software for small business" -> "small business crm software".
    const at = seed.words.indexOf('for');
    if (at > 0 && at < seed.words.length - 1) {
      add([...seed.words.slice(at + 1), ...seed.words.slice(0, at)].join(' '));
    }
  }

  parsed.forEach((first, i) => {
    parsed.forEach((second, j) => {
      if (i !== j) for (const text of combine(first, second, i < j)) add(text);
    });
  });

  if (brand) {
    add(brand);
    add(`${brand} reviews`);
    const brandWords = new Set(brand.split(' '));
    for (const seed of parsed) {
      // "acme crm software", but not "acme trail running": people search a brand with what it sells.
      const sells = ['product', 'software', 'service', 'person'].includes(seed.kind);
      if (sells && !seed.words.some((word) => brandWords.has(word))) add(`${brand} ${seed.core}`);
    }
  }
  return [...ideas.values()];
}

/** Words that only ever stand before another in the seeds ("door" of "garage door repair"): never a search alone. */
function modifierWordsOf(seeds: readonly Seed[]): Set<string> {
  const heads = new Set(seeds.map((seed) => singular(seed.words[seed.words.length - 1]!)));
  const before = seeds.flatMap((seed) => seed.words.slice(0, -1).filter((word) => !looseEnds.has(word)));
  // "crm" of "crm software" and "dentist" of "dentist visits" are searched alone all the same.
  return new Set(before.filter((word) => !heads.has(singular(word)) && !standsAlone(word)));
}

function parseSeed(text: string): Seed | null {
  const tokens = tokenize(text);
  const kept = trimLooseEnds(tokens.filter((token) => token.kind !== 'modifier').map((token) => token.text));
  if (kept.length === 0) return null;
  const keptTokens = tokenize(kept.join(' '));
  const head = kept[kept.length - 1]!;
  const kind = kindOf(keptTokens);
  return {
    core: kept.join(' '),
    words: kept,
    contentWords: new Set(keptTokens.filter((token) => token.kind === 'content').map((token) => token.text)),
    kind: kind === 'service' && isPerson(singular(head)) ? 'person' : kind,
    isPlural: singular(head) !== head,
  };
}

const looseEnds = new Set(['a', 'an', 'the', 'of', 'for', 'to', 'in', 'on', 'with', 'and', 'or', 'at', 'by', 'from']);

/** Drops glue words left at either end ("shoes for" -> "shoes"). */
function trimLooseEnds(words: readonly string[]): string[] {
  let start = 0;
  let end = words.length;
  while (start < end && looseEnds.has(words[start]!)) start++;
  while (end > start && looseEnds.has(words[end - 1]!)) end--;
  return words.slice(start, end);
}

function fill(template: string, seed: Seed): string {
  const singularCore = [...seed.words.slice(0, -1), singular(seed.words[seed.words.length - 1]!)].join(' ');
  return template
    .replace('{k1}', singularCore)
    .replace('{k}', seed.core)
    .replace('{is}', seed.isPlural ? 'are' : 'is')
    .replace('{does}', seed.isPlural ? 'do' : 'does')
    .replace('{a}', seed.isPlural ? '' : /^[aeiou]/.test(seed.core) ? 'an ' : 'a ');
}

const people = new Set(['attorney', 'surgeon', 'locksmith', 'mover', 'cleaner', 'dentist', 'vet', 'chef', 'nanny']);

/** Whether a service word names who does it ("plumber", "dentist") rather than what is done ("roofing"). */
function isPerson(word: string): boolean {
  return people.has(word) || /(?:[^e]er|or|ist|ian|ant)$/.test(word);
}

/** "recipes" -> "recipe", "boxes" -> "box", "glass" stays. Crude, but enough to compare and agree. */
export function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (/(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * Two seeds in one search: overlapping ("trail running" + "running shoes"), compared (once per pair,
 * when `isFirstPass`), or one for the other.
 */
function combine(first: Seed, second: Seed, isFirstPass: boolean): string[] {
  const a = first.words;
  const b = second.words;
  for (let overlap = Math.min(a.length, b.length) - 1; overlap >= 1; overlap--) {
    if (a.slice(a.length - overlap).join(' ') === b.slice(0, overlap).join(' ')) {
      return [[...a, ...b.slice(overlap)].join(' ')];
    }
  }
  if (a.at(-1) === b.at(-1) && a.length > 1 && b.length > 1) {
    // "crm vs accounting software": the shared head once.
    return isFirstPass ? [`${a.slice(0, -1).join(' ')} vs ${second.core}`] : [];
  }
  if (a.includes('for') || b.includes('for')) return [];
  // "vegan dinner recipes", not "recipes for vegan dinner" (or "recipes vegan dinner").
  if (first.kind === 'content' && (second.kind !== 'content' || a.length === 1)) {
    return [`${second.core} ${first.core}`];
  }
  if (['general', 'activity', 'content'].includes(second.kind) && !['general', 'content'].includes(first.kind)) {
    return [`${first.core} for ${second.core}`];
  }
  return [];
}

/** Ideas longer than this read as made up rather than searched. */
const MAX_IDEA_WORDS = 5;

/** At most five words, no word twice ("price price"), and no glue word at either end ("shoes for"). */
function readsWell(keyword: string): boolean {
  const words = keyword.split(' ');
  if (words.length > MAX_IDEA_WORDS) return false;
  if (looseEnds.has(words[0]!) || looseEnds.has(words[words.length - 1]!)) return false;
  const stems = words.map(singular);
  return new Set(stems).size === stems.length;
}

function relevanceOf(keyword: string, seeds: readonly Seed[]): number {
  const words = new Set(keyword.split(' ').map(singular));
  let relevance = 0;
  for (const seed of seeds) {
    if (seed.contentWords.size === 0) continue;
    let held = 0;
    for (const word of seed.contentWords) if (words.has(singular(word))) held++;
    relevance += held / seed.contentWords.size;
  }
  return Math.round(relevance * 100) / 100;
}

/** The site's name as people would search it: "https://www.acme-shoes.co.uk/x" -> "acme shoes". */
export function siteBrand(siteUrl: string | undefined): string | null {
  if (!siteUrl?.trim()) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(siteUrl) ? siteUrl : `https://${siteUrl.trim()}`).hostname;
  } catch {
    return null;
  }
  const labels = host
    .toLowerCase()
    .replace(/^www\./, '')
    .split('.');
  if (labels.length < 2) return null;
  labels.pop();
  // "co.uk", "com.au": the second-level label is part of the suffix.
  if (labels.length > 1 && /^(co|com|org|net|ac|gov)$/.test(labels[labels.length - 1]!)) labels.pop();
  const name = labels[labels.length - 1];
  if (!name) return null;
  const words = name
    .split(/[^a-z]+/)
    .filter(Boolean)
    .flatMap((part) => segment(part));
  return words.length > 0 ? words.join(' ') : null;
}

/**
 * Splits "smithlawfirm" into known words when it splits cleanly into at most three and one of them
 * says what the business does ("law", "shoes"); "hubspot" stays whole rather than "hub spot".
 */
function segment(text: string): string[] {
  const counts = getWordCounts();
  if (text.length < 6) return [text];
  // best[i]: the best split of text[0, i) as [score, words].
  const best: ([number, string[]] | null)[] = [[0, []]];
  for (let end = 1; end <= text.length; end++) {
    best[end] = null;
    for (let start = Math.max(0, end - 20); start < end; start++) {
      const before = best[start];
      const word = text.slice(start, end);
      const count = word.length >= 3 ? counts.get(word) : undefined;
      if (!before || count == null || before[1].length >= 3) continue;
      const score = before[0] + Math.log10(count + 1) - 2;
      if (!best[end] || score > best[end]![0]) best[end] = [score, [...before[1], word]];
    }
  }
  const words = best[text.length]?.[1];
  return words && words.some((word) => topics.has(word) || modifiers.has(word) || businessWords.has(word))
    ? words
    : [text];
}

/** Words in business names that say what the business does, beyond the topic table. */
const businessWords = new Set([
  'law',
  'shoe',
  'shoes',
  'home',
  'homes',
  'health',
  'pet',
  'pets',
  'food',
  'foods',
  'tech',
]);
