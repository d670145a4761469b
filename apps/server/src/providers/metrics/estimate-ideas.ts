import { normalizeKeyword } from '@keywright/contract';
import { kindOf, tokenize } from './estimate-model';
import { nameShapes, shapesOf, singular, type ShapedSeed } from './estimate-idea-shapes';
import type { TopicKind } from './estimate-words';
import { siteBrand } from './site-brand';
import { kindOfPhrase, standsAlone } from '../keyword-generator/kinds';
import { createPhraseGate, emptyPhraseContext, type PhraseContext } from '../keyword-generator/phrase-quality';

// Offline keyword ideas: each seed's key phrase in the searches people make of what it names,
// seeds joined with each other, broader forms of a seed, and the business's name. Every idea goes
// through the keyword generator's phrase gate; with the project's reading when the ideas are for a
// project, so a dog walker gets no "buy" and a clinic's name is never glued into a phrase.

export interface IdeaCandidate {
  keyword: string;
  /** How much of the seeds the idea keeps: 1 per seed whose key words it holds all of, less for part. */
  relevance: number;
}

/** What the ideas are read against besides the seeds. */
export interface IdeaFacts {
  /** The project's site: its name is searched too. */
  siteUrl?: string;
  /** The place's city: in a seed it says where, not what ("physiotherapist leeds" is about a physiotherapist). */
  city?: string;
  /** The project's reading (`projectPhraseContext`), when the ideas are for a project: its gate decides. */
  context?: PhraseContext;
}

interface Seed extends ShapedSeed {
  contentWords: Set<string>;
  /** The seed is a name (the project's own or a competitor's), searched only as names are. */
  name: 'brand' | 'competitor' | null;
}

/** Candidate ideas for the seeds (and the site), seeds excluded, each with its relevance; unsorted. */
export function ideaCandidates(seeds: readonly string[], facts: IdeaFacts = {}): IdeaCandidate[] {
  const reading = facts.context ?? { ...emptyPhraseContext, city: normalizeKeyword(facts.city?.split(',')[0] ?? '') };
  const site = siteBrand(facts.siteUrl);
  const brand = reading.brand || site || '';
  const parsed = seeds.map((seed) => parseSeed(seed, reading, brand)).filter((seed): seed is Seed => seed != null);
  const context: PhraseContext = { ...reading, brand, modifierWords: modifierWordsOf(parsed, reading.modifierWords) };
  const problemOf = createPhraseGate(context);
  const seedKeys = new Set(seeds.map(normalizeKeyword));
  const ideas = new Map<string, IdeaCandidate>();
  const add = (text: string) => {
    const keyword = normalizeKeyword(text);
    if (!keyword || seedKeys.has(keyword) || ideas.has(keyword) || !readsWell(keyword)) return;
    if (problemOf(keyword) !== null) return;
    ideas.set(keyword, { keyword, relevance: relevanceOf(keyword, parsed) });
  };

  for (const seed of parsed) {
    if (seed.name) {
      for (const text of nameShapes(seed.core, seed.name, brand)) add(text);
      continue;
    }
    add(seed.core);
    for (const text of shapesOf(seed, context)) add(text);
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

  // The site's name too, unless it is the project's name written without spaces ("motionphysio").
  const compact = (text: string) => text.replace(/\s+/g, '');
  const names = [brand, site ?? ''].filter(
    (name, i, all) => name && all.findIndex((other) => compact(other) === compact(name)) === i,
  );
  for (const name of names) {
    add(name);
    add(`${name} reviews`);
  }
  if (brand) {
    const brandWords = new Set(brand.split(' '));
    for (const seed of parsed) {
      // "acme crm software", "nike running shoes": a product is searched with its maker's name; a
      // clinic's or a walker's work is not ("motion physio sports massage").
      const isProduct = seed.kind === 'goods' || seed.kind === 'software' || seed.topic === 'product';
      if (!seed.name && isProduct && !seed.words.some((word) => brandWords.has(word))) add(`${brand} ${seed.core}`);
    }
  }
  return [...ideas.values()];
}

/**
 * Words that only ever stand before another, in the project's text or the seeds ("door" of
 * "garage door repair"): never a search alone. A word a seed ends on is searched alone all the same.
 */
function modifierWordsOf(seeds: readonly Seed[], known: ReadonlySet<string>): Set<string> {
  const heads = new Set(seeds.map((seed) => singular(seed.words[seed.words.length - 1]!)));
  const before = seeds.flatMap((seed) => seed.words.slice(0, -1).filter((word) => !looseEnds.has(word)));
  // "crm" of "crm software" and "dentist" of "dentist visits" are searched alone all the same.
  const words = [...known, ...before.filter((word) => !standsAlone(word))];
  return new Set(words.filter((word) => !heads.has(singular(word))));
}

function parseSeed(text: string, context: PhraseContext, brand: string): Seed | null {
  const tokens = tokenize(text);
  const unmodified = trimLooseEnds(tokens.filter((token) => token.kind !== 'modifier').map((token) => token.text));
  const kept = trimLooseEnds(withoutCity(unmodified, context.city));
  if (kept.length === 0) return null;
  const core = kept.join(' ');
  const keptTokens = tokenize(core);
  const head = kept[kept.length - 1]!;
  const headTopic = kindOf(tokenize(head));
  const compact = (name: string) => name.replace(/\s+/g, '');
  const isName = (name: string) => name !== '' && compact(name) === compact(core);
  return {
    core,
    words: kept,
    contentWords: new Set(keptTokens.filter((token) => token.kind === 'content').map((token) => token.text)),
    kind: kindOfPhrase(core, context.defaultKind),
    topic: headTopic === 'general' ? kindOf(keptTokens) : headTopic,
    hasOwnTopic: ownTopics.has(headTopic),
    isPlural: singular(head) !== head,
    name: isName(brand) ? 'brand' : context.competitors.some(isName) ? 'competitor' : null,
  };
}

/** Topics the generator's kinds have no word for: a hobby, a recipe, a trip. */
const ownTopics: ReadonlySet<TopicKind> = new Set(['activity', 'content', 'travel']);

/** "physiotherapist leeds", "leeds physiotherapist", "physiotherapist in leeds" -> "physiotherapist". */
function withoutCity(words: readonly string[], city: string): string[] {
  const cityWords = city.split(' ').filter(Boolean);
  if (cityWords.length === 0 || words.length <= cityWords.length) return [...words];
  const isAt = (at: number) => cityWords.every((word, i) => words[at + i] === word);
  if (isAt(0)) return words.slice(cityWords.length);
  const end = words.length - cityWords.length;
  if (isAt(end)) return words.slice(0, end);
  return [...words];
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

/** A pursuit or subject rather than an offer: "trail running", "vegan dinner", a word nobody placed. */
const isPursuit = (seed: Seed) =>
  (seed.hasOwnTopic && seed.topic !== 'travel') ||
  (seed.kind === 'thing' && ['general', 'activity', 'content'].includes(seed.topic));

/**
 * Two seeds in one search: overlapping ("trail running" + "running shoes"), compared (once per pair,
 * when `isFirstPass`), or an offer for a pursuit. Names and offers of two kinds are never glued:
 * "physiotherapy clinic for motion physio" or "for sports massage" is nobody's search.
 */
function combine(first: Seed, second: Seed, isFirstPass: boolean): string[] {
  if (first.name || second.name) return [];
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
  if (
    first.hasOwnTopic &&
    first.topic === 'content' &&
    (!(second.hasOwnTopic && second.topic === 'content') || a.length === 1)
  ) {
    return [`${second.core} ${first.core}`];
  }
  if (isPursuit(second) && !isPursuit(first)) return [`${first.core} for ${second.core}`];
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
