import { fitsLengthRule, normalizeKeyword } from '@keywright/contract';
import { stemmer } from 'stemmer';
import type { KeywordGenerator, KeywordIdeasRequest, ProjectFacts } from './keyword-generator';
import { fillerWords, stopwords } from './words';
import {
  fillTemplate,
  goodsSellers,
  hospitality,
  isPluralPhrase,
  isQualifier,
  kindOfPhrase,
  linkingVerbs,
  matterOf,
  singularPhrase,
  standsAlone,
  type PhraseKind,
} from './kinds';
import { createPhraseGate, phraseProblem, type PhraseContext } from './phrase-quality';
import { bookingHeads, isFormat, templates } from './templates';

/**
 * Keyword ideas from the project's own words, with no network: key phrases
 * from its texts, expanded with search-intent templates, de-duplicated by
 * stem, then picked for relevance with a penalty on repeating a phrase or a
 * template family. The same input always gives the same keywords.
 */
export function createOfflineKeywordGenerator(): KeywordGenerator {
  return {
    name: 'offline',
    generate: (request) => generateOfflineKeywords(request),
  };
}

const fieldWeights = { productService: 3, name: 2, documentText: 1 } as const;
const maxCorePhrases = 30;

/** Words that glue a phrase together without changing what it is about. */
const glueWords = new Set(['a', 'an', 'the', 'in', 'for', 'of', 'to', 'and', 'on', 'at', 'with', 'is', 'does', 'by']);
/** Praise that no one searches with ("high quality coffee" is searched as "coffee"). */
const fluff = new Set([
  'new',
  'great',
  'good',
  'high',
  'quality',
  'top',
  'leading',
  'best',
  'better',
  'various',
  'wide',
]);
const idioms = new Set([
  'slip and fall',
  'bed and breakfast',
  'fish and chips',
  'arts and crafts',
  'food and beverage',
  'heating and cooling',
  'hair and makeup',
]);
const prepositions = new Set(
  `in for of to on at by from near into onto over under around across within without via about like than during
  through after before between throughout`.split(/\s+/),
);
/** Fixed names a tail must not cut: "injury law" is not what "personal injury law" means. */
const compounds = new Set(['personal injury', 'real estate', 'health care', 'small business']);
const broadGoods = new Set([
  'supplies',
  'supply',
  'equipment',
  'parts',
  'gear',
  'tools',
  'products',
  'accessories',
  'materials',
]);
/** Terms that lose their meaning when shortened. */
const fixedTerms = new Set(['workers compensation', 'medical malpractice', 'wrongful death', 'real estate']);
const conjunctions = new Set(['and', 'or', '&', 'plus']);

interface Phrase {
  text: string;
  words: string[];
  score: number;
}

interface Candidate {
  text: string;
  /** The template; repeating one reads as a pattern, so it costs too. */
  modifier: string;
  /** The phrase (or competitor) it is built on; repeating one costs relevance. */
  core: string;
  /** The template family it comes from; repeating one costs relevance too. */
  family: string;
  score: number;
}

function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, '').replace(/'s$/, ''))
    .filter(Boolean);
}

function isContentWord(word: string): boolean {
  return word.length >= 2 && !stopwords.has(word) && !/^\d+$/.test(word);
}

interface Token {
  word: string;
  /** A noun, or a plural the tagger took for a verb: can end a phrase. */
  isHead: boolean;
  isAdjective: boolean;
  /** A verb or participle of the text ("offering", "roasted"): a phrase stops at it. */
  isVerb: boolean;
  /** Punctuation that ends a list follows (".", ":", ";"). */
  endsList: boolean;
  /** Punctuation that ends a list item follows (","). */
  endsItem: boolean;
}

type Nlp = typeof import('compromise').default;
let nlpModule: Promise<Nlp> | undefined;
/** compromise takes a while to load: once per process, on first use. */
function loadNlp(): Promise<Nlp> {
  nlpModule ??= import('compromise').then((module) => module.default);
  return nlpModule;
}

interface NlpTerm {
  text: string;
  post: string;
  tags: string[];
}

function tagText(nlp: Nlp, text: string): Token[] {
  const tokens: Token[] = [];
  const sentences = nlp(text).json() as Array<{ terms: NlpTerm[] }>;
  for (const sentence of sentences) {
    for (let i = 0; i < sentence.terms.length; i++) {
      let term = sentence.terms[i]!;
      // The word as written, lower-cased: compromise's normal form drops accents ("café").
      let word = term.text.toLowerCase();
      // compromise splits "fair-trade"; keep it one word.
      while (term.post.trim() === '-' && i + 1 < sentence.terms.length) {
        term = sentence.terms[++i]!;
        word = `${word}-${term.text.toLowerCase()}`;
      }
      word = word.replace(/['’]s$/, '').replace(/[^\p{L}\p{N}&-]/gu, '');
      const tags = new Set(term.tags);
      // "-ing" words in a description name work ("teeth cleaning", "invoicing") unless they link
      // a business to its work ("offering"); a plural the tagger read as a verb ("visits") is a noun.
      const isLinking = linkingVerbs.has(word);
      const isIng = word.endsWith('ing');
      const isPluralNoun = tags.has('PresentTense') && word.endsWith('s') && !isLinking;
      const isVerb =
        isLinking || (tags.has('Verb') && !tags.has('Noun') && !isIng && !isPluralNoun && !tags.has('Adjective'));
      const isNoun = tags.has('Noun') || tags.has('Plural') || isPluralNoun || (isIng && !isLinking);
      tokens.push({
        word,
        isHead: isNoun && !tags.has('Pronoun') && !isVerb,
        isAdjective: tags.has('Adjective') && !tags.has('Noun'),
        isVerb,
        endsList: /[.:;!?()[\]{}"|/\\•·–—]/.test(term.post),
        endsItem: /,/.test(term.post),
      });
    }
    if (tokens.length) tokens[tokens.length - 1]!.endsList = true;
  }
  // The tagger reads "project management", "drain cleaning" and "corrugated boxes" as verbs
  // before nouns; in a description they qualify the noun.
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (token.isVerb && !linkingVerbs.has(token.word) && !token.endsList && !token.endsItem && next?.isHead) {
      token.isVerb = false;
      token.isAdjective = token.word.endsWith('ed');
      token.isHead = !token.isAdjective;
    }
  });
  return tokens;
}

interface NounList {
  /** Coordinated noun phrases ("teeth cleaning, whitening and implants"), each as its tokens. */
  items: Token[][];
  /** Introduced by a preposition ("for small businesses", "in small batches"): says how, not what. */
  isPrepositional: boolean;
  /** Introduced by "with" ("with scheduling, time tracking"): more of what is offered. */
  isWith?: boolean;
  /** The preposition that introduces it ("near" in "near the beach"). */
  preposition?: string;
}

/** Lists of noun phrases, split at verbs, prepositions and list-ending punctuation. */
function nounLists(tokens: Token[]): NounList[] {
  const lists: NounList[] = [];
  let list: NounList = { items: [], isPrepositional: false };
  let item: Token[] = [];
  const closeItem = () => {
    // A phrase ends on its noun head: trailing qualifiers ("the cakes are custom") are dropped.
    while (item.length && !item[item.length - 1]!.isHead) item.pop();
    while (item.length > 1 && fluff.has(item[0]!.word)) item.shift();
    if (item.length) list.items.push(item);
    item = [];
  };
  const closeList = (isPrepositional = false, isWith = false, preposition?: string) => {
    closeItem();
    if (list.items.length) lists.push(list);
    list = { items: [], isPrepositional, isWith, preposition };
  };
  tokens.forEach((token, i) => {
    // "slip and fall cases", "bed and breakfast": one thing, not two.
    const isIdiom = idioms.has(`${tokens[i - 1]?.word} ${token.word} ${tokens[i + 1]?.word}`);
    if (isIdiom) item.push(token);
    else if (conjunctions.has(token.word)) closeItem();
    else if (token.isVerb) closeList();
    else if (token.word === 'with') closeList(false, true);
    // A preposition starts a new list; an article or the like only breaks the phrase.
    else if (prepositions.has(token.word)) closeList(true, false, token.word);
    else if (!isContentWord(token.word)) closeItem();
    else item.push(token);
    if (token.endsList) closeList();
    else if (token.endsItem) closeItem();
  });
  closeList();
  return lists;
}

/**
 * Shares what coordinated phrases leave out: "teeth cleaning, whitening" gives "teeth whitening";
 * "dental clinic offering ... implants" gives "dental implants"; a program's "invoicing" stays,
 * as a feature. Words only: tags are not needed past this point.
 */
function expandList(list: NounList, business: Token[] | undefined, isSoftware: boolean): string[][] {
  const items = list.items.map((item) => item.map((token) => token.word));
  const businessAdjective = business?.find((token, i) => i < business.length - 1 && token.isAdjective);
  /** Each item as expanded so far: "wallets, belts and bags" share along the list. */
  const shared: string[][] = [...items];
  // "Yoga studio with ... beginner workshops": a class or workshop is searched with what it teaches.
  const topic = business && business.length > 1 ? business[business.length - 2]!.word : '';
  return items.map((words, i) => {
    const head = words[words.length - 1]!;
    if (list.isWith && topic && isFormat(head) && !words.includes(topic) && words.length > 1) {
      return [...words.slice(0, -1), topic, head];
    }
    if (words.length > 1 || list.items.length < 2) return words;
    const word = words[0]!;
    if (word.endsWith('ing')) {
      // Said once, left out after: "teeth cleaning, whitening". A program's "scheduling, time tracking" stand alone.
      const before = items[i - 1];
      if (!isSoftware && before && before.length > 1 && before[before.length - 1]!.endsWith('ing')) {
        return [...before.slice(0, -1), word];
      }
      return words;
    }
    // "SEO and content marketing agency": two kinds of one head.
    const next = items[i + 1];
    if (items.length === 2 && i === 0 && next && next.length > 1 && !isPluralPhrase(word)) {
      return [word, next[next.length - 1]!];
    }
    // "leather wallets, belts and bags": the things after share the first one's qualifiers ("leather belts").
    const previous = shared[i - 1];
    const previousHead = previous?.[previous.length - 1] ?? '';
    if (previous && previous.length > 1 && isPluralPhrase(previousHead) && isPluralPhrase(word)) {
      return (shared[i] = [...previous.slice(0, -1), word]);
    }
    if (businessAdjective && !list.isPrepositional && isPluralPhrase(word)) return [businessAdjective.word, word];
    return words;
  });
}

/**
 * "Lightweight trail running shoes, hydration vests and waterproof jackets": an adjective before a
 * list of goods qualifies each ("lightweight hydration vests"). Only for lists of several phrases.
 */
function spreadAdjective(list: NounList, expanded: string[][]): string[][] {
  const lead = list.items[0]?.[0];
  // "corrugated boxes, stretch film": a material belongs to its own thing; "lightweight" to all.
  if (!lead || !isQualifier(lead.word) || list.items.length < 2 || list.items[0]!.length < 2) return [];
  return expanded
    .slice(1)
    .filter((words) => words[0] !== lead.word && kindOfPhrase(words.join(' ')) === 'goods')
    .map((words) => [lead.word, ...words]);
}

/** The phrases a noun phrase holds: itself, its tails ("dental clinic") and runs ending on a noun. */
function subPhrases(
  words: string[],
  heads: ReadonlySet<string>,
  droppable: ReadonlySet<string>,
): Array<[phrase: string[], factor: number]> {
  const found: Array<[string[], number]> = [[words, 1]];
  // "slip and fall cases", "boutique hotel with spa": whole or not at all.
  if (words.some((word) => glueWords.has(word))) return found;
  for (let start = 0; start < words.length; start++) {
    // "water heater installation" is not "heater installation": only qualifiers come off the front.
    // "neapolitan pizza restaurant" -> "pizza restaurant": goods or a person name a place on their own.
    const namesAlone = start > 0 && kindOfPhrase(words[start]!) !== 'thing' && standsAlone(words[start]!);
    // "personal injury law firm" -> "law firm", but never "injury law firm".
    const afterCompound = start > 1 && compounds.has(`${words[start - 2]} ${words[start - 1]}`);
    if (start > 0 && compounds.has(`${words[start - 1]} ${words[start]}`)) continue;
    if (start > 0 && !droppable.has(words[start - 1]!) && !namesAlone && !afterCompound) break;
    for (let end = start + 1; end <= words.length; end++) {
      if (start === 0 && end === words.length) continue;
      const phrase = words.slice(start, end);
      if (!heads.has(phrase[phrase.length - 1]!)) continue;
      const isTail = end === words.length;
      // One word alone from inside a phrase ("clinic", "beans") is rarely the search; people are.
      if (phrase.length === 1 && kindOfPhrase(phrase[0]!) !== 'person') continue;
      found.push([phrase, isTail ? 0.7 : 0.55]);
    }
  }
  const head = words[words.length - 1]!;
  if (kindOfPhrase(head) === 'goods') {
    for (let start = 1; start < words.length - 1; start++) {
      // "trail running shoes" -> "running shoes": an activity names goods on its own.
      if (words[start]!.endsWith('ing') && !droppable.has(words[start]!)) found.push([words.slice(start), 0.65]);
    }
    // "lightweight hydration vests" -> "lightweight vests", "trail running shoes" -> "trail shoes".
    const [first, middle] = words.slice(-3);
    // Not "fair-trade beans": "coffee beans" is one thing.
    // Nor "industrial supplies": "supplies", "gear" and "parts" need the word that says which.
    const isCompound = kindOfPhrase(middle ?? '') === 'goods' || broadGoods.has(head);
    if (
      words.length >= 3 &&
      !isCompound &&
      (droppable.has(first!) || (middle!.endsWith('ing') && !droppable.has(middle!)))
    ) {
      found.push([[first!, head], 0.6]);
    }
  }
  // "organic fair-trade coffee beans" -> "organic coffee beans": one qualifier before the compound.
  if (words.length >= 4) {
    const compound = words.slice(-2);
    for (const modifier of words.slice(0, -2)) if (droppable.has(modifier)) found.push([[modifier, ...compound], 0.65]);
  }
  return found;
}

function siteWords(siteUrl: string): string {
  const host = siteUrl
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .split(/[/?#]/)[0]!
    .replace(/^www\./i, '');
  const labels = host.split('.');
  return labels
    .slice(0, Math.max(1, labels.length - 1))
    .join(' ')
    .replace(/[-_]/g, ' ');
}

function competitorNames(competitors: string): string[] {
  const names = competitors
    .split(/[,;\n]+/)
    .map((name) => siteWords(name.trim()).toLowerCase().replace(/\s+/g, ' ').trim())
    .filter((name) => name && name.split(' ').length <= 3);
  return [...new Set(names)].slice(0, 5);
}

const clean = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

const everyone = new Set(
  'homeowners families family parents adults individuals people everyone locals residents couples customers clients'.split(
    ' ',
  ),
);
const serviceModes = new Set(['takeout', 'takeaway', 'delivery', 'catering', 'reservations', 'brunch']);
const personQualifiers = new Set([
  'emergency',
  'family',
  'commercial',
  'mobile',
  'certified',
  'licensed',
  'cosmetic',
  'pediatric',
]);
const tradePeople = new Map([
  ['plumbing', 'plumber'],
  ['landscaping', 'landscaper'],
  ['accounting', 'accountant'],
  ['bookkeeping', 'bookkeeper'],
  ['roofing', 'roofer'],
  ['catering', 'caterer'],
  ['photography', 'photographer'],
  ['tutoring', 'tutor'],
  ['dentistry', 'dentist'],
  ['electrical', 'electrician'],
  ['locksmithing', 'locksmith'],
  ['dental', 'dentist'],
]);
/** Places that sell their work, not goods: searched by the work too. */
const workPlaces = new Set(['agency', 'agencies', 'firm', 'consultancy']);
const makers = new Set(['bakery', 'bakeries', 'roastery', 'brewery', 'winery', 'florist', 'kitchen']);

/** What the project's text says: its key phrases and the facts the phrase gate needs. */
export interface ProjectReading {
  phrases: Phrase[];
  context: PhraseContext;
  /** A hotel or restaurant: its food and drink are had there, not bought to take home. */
  isHospitality: boolean;
  /** A bakery or roastery sells what it makes: its goods have no brands to compare. */
  makesOwnGoods: boolean;
  /** What the business is ("handmade leather wallets", "yoga studio"), and its last word. */
  businessPhrase: string;
  businessHead: string;
}

function readProject(nlp: Nlp, project: ProjectFacts): ProjectReading {
  const sources: Array<[text: string, weight: number]> = [
    [project.productService, fieldWeights.productService],
    [(project.documentText ?? '').slice(0, 5_000), fieldWeights.documentText],
  ];
  const verbs = new Set<string>();
  const heads = new Set<string>();
  const before = new Set<string>();
  const droppable = new Set<string>();
  const adjectives = new Set<string>();
  const described = new Set<string>();
  const wordWeight = new Map<string, number>();
  const phraseWeight = new Map<string, number>();
  const nounPhrases: Array<[words: string[], weight: number]> = [];
  let business: Token[] | undefined;
  /** How many phrases the description's first list gave: the trade itself. */
  let firstListSize = 0;

  for (const [text, weight] of sources) {
    if (!text.trim()) continue;
    const tokens = tagText(nlp, text);
    // "roasted" or "handmade" also qualify a search ("freshly roasted coffee"); "offering" never does.
    for (const token of tokens) if (token.isVerb && !token.word.endsWith('ed')) verbs.add(token.word);
    for (const token of tokens) if (token.isHead) heads.add(token.word);
    for (const token of tokens) if (token.isAdjective || isQualifier(token.word)) droppable.add(token.word);
    for (const token of tokens) if (token.isAdjective) adjectives.add(token.word);
    for (const token of tokens) described.add(token.word.replace(/s$/, ''));
    const lists = nounLists(tokens);
    // "Portland bakery": the city comes with the templates ("portland bakery", "bakery portland").
    const cityWords = clean(project.city).split(' ').filter(Boolean);
    for (const list of lists) {
      for (const item of list.items) {
        const startsWithCity = cityWords.length && cityWords.every((word, i) => item[i]?.word === word);
        if (startsWithCity && item.length > cityWords.length) item.splice(0, cityWords.length);
      }
    }
    if (!business && lists[0]) firstListSize = lists[0].items.length;
    business ??= lists[0]?.items[0];
    const businessWords = business?.map((token) => token.word) ?? [];
    const isSoftware = kindOfPhrase(businessWords.join(' ')) === 'software';
    for (const list of lists) {
      // "for small businesses", "in small batches": how or for whom, not what is offered.
      const listWeight = list.isPrepositional ? 0 : list.isWith ? weight * 0.8 : weight;
      const businessHead = businessWords[businessWords.length - 1] ?? '';
      // "near the beach": a hotel near the beach is searched as a "beach hotel".
      if (list.preposition === 'near' && hospitality.has(businessHead) && kindOfPhrase(businessHead) === 'place') {
        for (const item of list.items) {
          const place = item.map((token) => token.word);
          if (place.length === 1) nounPhrases.push([[...place, businessHead], weight * 0.7]);
        }
        continue;
      }
      if (list.isWith && hospitality.has(businessHead)) {
        // A hotel's "rooftop bar" is searched as "hotel with rooftop bar".
        for (const item of list.items) {
          const amenity = item.map((token) => token.word);
          // A way of being served is searched with the food: "pizza takeout", not "restaurant with takeout".
          const isMode = amenity.length === 1 && serviceModes.has(amenity[0]!) && businessWords.length > 1;
          const phrase = isMode
            ? [...businessWords.slice(-2, -1), ...amenity]
            : [...businessWords.slice(-2), 'with', ...amenity];
          nounPhrases.push([phrase, listWeight]);
          // "rooftop bar", "craft beer" are searched for themselves; a "spa hotel" by its one word.
          if (isMode) continue;
          const head = businessWords[businessWords.length - 1]!;
          const amenityKind = kindOfPhrase(amenity.join(' '));
          if (amenity.length > 1) {
            if (amenityKind === 'place') nounPhrases.push([amenity, listWeight * 0.7]);
          } else if (kindOfPhrase(head) === 'place' && !amenity[0]!.endsWith('ing')) {
            nounPhrases.push([[...amenity, head], listWeight * 0.6]);
          }
        }
        continue;
      }
      const expanded = expandList(list, business, isSoftware);
      for (const words of expanded) {
        words.forEach((word, i) => (i < words.length - 1 ? before : heads).add(word));
        for (const word of words) wordWeight.set(word, (wordWeight.get(word) ?? 0) + weight);
        if (listWeight > 0) nounPhrases.push([words, listWeight]);
      }
      if (listWeight > 0)
        for (const words of spreadAdjective(list, expanded)) nounPhrases.push([words, listWeight * 0.6]);
    }
  }
  const nameWords = tokenize(project.name);
  // A name says what the business is about by its last word: "Green Leaf Coffee", "Rose City Bakery".
  const nameTokens = tagText(nlp, project.name);
  const nameHead = nameTokens.length > 1 ? nameTokens[nameTokens.length - 1]! : undefined;
  // Only when the description says it too, as a noun: "Forno Rosso" is a name, "Bright Smile Dental" an adjective.
  const nameWord = nameHead?.word ?? '';
  // "Summit Trail" names no trail: the word must end a phrase of the text, or name goods on its own.
  const endsAPhrase =
    nounPhrases.some(([words]) => words[words.length - 1] === nameWord) ||
    standsAlone(nameWord) ||
    kindOfPhrase(nameWord) === 'service';
  const isNamedThing =
    nameHead?.isHead &&
    isContentWord(nameWord) &&
    described.has(nameWord.replace(/s$/, '')) &&
    !adjectives.has(nameWord) &&
    endsAPhrase;
  if (isNamedThing && kindOfPhrase(nameWord) !== 'place') {
    const word = kindOfPhrase(nameWord) === 'person' ? singularPhrase(nameWord) : nameWord;
    heads.add(word);
    nounPhrases.push([[word], fieldWeights.name]);
  }

  const businessPhrase = business?.map((token) => token.word).join(' ') ?? '';
  const isLegal = /\b(?:law|legal|lawyers?|attorneys?)\b/.test(businessPhrase);
  // "emergency plumbing repairs" is searched as "emergency plumber" too, "family dental clinic" as
  // "family dentist": who does the trade, with the qualifier the text gives it.
  for (const [words, weight] of nounPhrases.slice(0, firstListSize)) {
    const at = words.findIndex((word) => tradePeople.has(word));
    if (kindOfPhrase(words.join(' ')) === 'software') continue;
    if (at < 0) continue;
    const person = tradePeople.get(words[at]!)!;
    nounPhrases.push([[person], weight * 0.8]);
    // The trade itself is searched with "services" and the city: "landscaping services", "plumbing phoenix".
    if (words[at]!.endsWith('ing')) nounPhrases.push([[words[at]!], weight * 0.6]);
    const qualifier = words[at - 1];
    // "family dentist", "emergency plumber": what the person is; not "residential landscaper".
    if (qualifier && personQualifiers.has(qualifier)) {
      nounPhrases.push([[qualifier, person], weight * 0.9]);
    }
  }
  // An agency or firm is searched by what it does: "seo agency" -> "seo services", "content marketing".
  for (const [words, weight] of nounPhrases.slice(0, firstListSize)) {
    const head = words[words.length - 1]!;
    if (!workPlaces.has(head) || words.length < 2 || isLegal) continue;
    const work = words.slice(0, -1);
    while (work.length > 1 && isQualifier(work[0]!)) work.shift();
    if (!work.every((word) => droppable.has(word))) nounPhrases.push([work, weight * 0.7]);
  }
  // "pizza" in "neapolitan pizza restaurant", "coffee" in "single-origin coffee beans": what the
  // business is about, searched with a modifier ("best pizza", "buy coffee"), never alone (the gate).
  const businessWordsAll = business?.map((token) => token.word) ?? [];
  for (const word of businessWordsAll.slice(0, -1)) {
    if (kindOfPhrase(word) === 'goods') nounPhrases.push([[word], fieldWeights.productService * 0.5]);
  }
  // A law practice's matters are searched by their last word too: "car accident" -> "accident lawyer".
  if (isLegal) {
    for (const [words, weight] of [...nounPhrases]) {
      const matter = matterOf(words.join(' ')).split(' ');
      // "workers compensation" is one term: no "compensation lawyer".
      if (fixedTerms.has(matter.join(' '))) continue;
      if (matter.length >= 2 && !matter.some((word) => glueWords.has(word) || conjunctions.has(word))) {
        nounPhrases.push([[matter[matter.length - 1]!], weight * 0.5]);
      }
    }
  }
  const lastWords = new Set(nounPhrases.map(([words]) => words[words.length - 1]!));
  const modifierWords = new Set([...before].filter((word) => !lastWords.has(word)));
  for (const word of modifierWords) if (standsAlone(word)) modifierWords.delete(word);

  for (const [words, weight] of nounPhrases) {
    for (const [phrase, factor] of subPhrases(words, new Set([...heads, ...lastWords]), droppable)) {
      const key = phrase.join(' ');
      phraseWeight.set(key, (phraseWeight.get(key) ?? 0) + weight * factor);
    }
  }

  const businessKind = businessPhrase ? kindOfPhrase(businessPhrase) : 'thing';
  const businessHead = business?.[business.length - 1]?.word ?? '';
  const isHospitality = hospitality.has(businessHead);
  const defaultKind: PhraseKind = isHospitality
    ? 'thing'
    : isLegal
      ? 'matter'
      : businessKind === 'software'
        ? 'feature'
        : goodsSellers.has(businessHead) || businessKind === 'goods'
          ? 'goods'
          : businessKind === 'thing'
            ? 'thing'
            : 'service';

  const audiences = nounLists(tagText(nlp, project.targetAudience))
    .flatMap((list) => list.items.map((item) => item.map((token) => token.word).join(' ')))
    .filter((audience) => audience.split(' ').length <= 3)
    .slice(0, 2);
  const context: PhraseContext = {
    modifierWords,
    heads: lastWords,
    verbs,
    city: clean(project.city),
    audiences,
    brand: nameWords.length && nameWords.length <= 4 ? nameWords.join(' ') : '',
    competitors: competitorNames(project.competitors),
    defaultKind,
  };

  const phrases: Phrase[] = [];
  for (const [text, occurrences] of phraseWeight) {
    const words = text.split(' ');
    if (words.every((word) => fillerWords.has(word))) continue;
    if (phraseProblem(text, context)) continue;
    // "emergency dentist visits" says no more than "emergency dentist".
    if (
      words.length > 1 &&
      bookingHeads.has(words[words.length - 1]!) &&
      phraseWeight.has(words.slice(0, -1).join(' '))
    ) {
      continue;
    }
    const meanWord =
      words.reduce((sum, word) => sum + (wordWeight.get(word) ?? 0) * (fillerWords.has(word) ? 0.3 : 1), 0) /
      words.length;
    const lengthFactor = words.length === 2 ? 1.25 : words.length === 3 ? 1.1 : words.length > 3 ? 0.8 : 1;
    phrases.push({ text, words, score: (occurrences + meanWord) * lengthFactor });
  }
  phrases.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
  return { phrases, context, isHospitality, makesOwnGoods: makers.has(businessHead), businessPhrase, businessHead };
}

/** The phrase gate's view of a project, for keywords that come from elsewhere (an LLM). */
export async function projectPhraseContext(project: ProjectFacts): Promise<PhraseContext> {
  return readProject(await loadNlp(), project).context;
}

const looseWordTemplates = new Set(['{p} services', '{p} {city}', '{city} {p}']);
const priceHunts = new Set(['cheap {p}', 'affordable {p}', 'top rated {p}']);

function candidates(reading: ProjectReading, rejected: GateRejection[] = []): Candidate[] {
  const { phrases, context, isHospitality, businessHead } = reading;
  const makesByHand = /^(?:handmade|custom|bespoke|hand-made|custom-made)\b/.test(reading.businessPhrase);
  const makesOwnGoods = reading.makesOwnGoods || makesByHand;
  const cores = phrases.slice(0, maxCorePhrases);
  const top = cores[0]?.score ?? 1;
  const list: Candidate[] = [];
  const slotsReady = (pattern: string) =>
    (!pattern.includes('{city}') || context.city) && (!pattern.includes('{audience}') || context.audiences.length);

  // An audience that shares a word with a phrase ("office managers", "office catering") shops for that
  // one, which says it already; "for homeowners" or "for families" is everyone, and nobody searches so.
  const audienceStems = new Set(context.audiences.flatMap((audience) => audience.split(' ').map(singularPhrase)));
  const audienceQualifiers = new Set(context.audiences.flatMap((audience) => audience.split(' ').slice(0, -1)));
  const isTied = cores.some((core) => core.words.some((word) => audienceQualifiers.has(word)));
  const audienceFits = !isTied && !context.audiences.some((audience) => everyone.has(audience));
  for (const phrase of cores) {
    const p = phrase.text;
    const relevance = phrase.score / top;
    const ownKind = kindOfPhrase(p, context.defaultKind);
    const kind = isHospitality && ownKind === 'goods' ? 'thing' : ownKind;
    for (const template of templates) {
      if (!/\{p[01]?\}/.test(template.pattern) || !template.kinds.includes(kind) || !slotsReady(template.pattern))
        continue;
      if (template.when && !template.when(p, kind)) continue;
      // One word the generator cannot place ("seo", "yoga") is searched with its city or as services, no more.
      if (ownKind === 'thing' && phrase.words.length === 1 && !looseWordTemplates.has(template.pattern)) continue;
      // A bakery sells what it bakes, a leather maker what it makes by hand: no brands to compare,
      // nothing sold in bulk (a maker by hand sells no wholesale either).
      if (makesOwnGoods && (template.pattern.endsWith(' brands') || template.pattern.startsWith('bulk '))) continue;
      if (makesByHand && (template.pattern.startsWith('wholesale ') || template.pattern.endsWith(' suppliers')))
        continue;
      // A restaurant's beer or a hotel's bar is had there: not hunted for a price apart from the place.
      if (isHospitality && priceHunts.has(template.pattern) && !phrase.words.includes(businessHead)) continue;
      if (template.family === 'audience' && !audienceFits) continue;
      if (template.family === 'audience' && phrase.words.some((word) => audienceStems.has(singularPhrase(word)))) {
        continue;
      }
      // An agency's "best blog writing" reads as advice, and its work is quoted, not priced.
      const isAdvice = template.pattern === 'best {p}' || template.pattern === '{p} price';
      if (isAdvice && !context.city && kind === 'service') continue;
      // Without a city the business sells farther than "near me": a shop's goods and an agency's work.
      if (template.family === 'local' && !context.city && (kind === 'goods' || kind === 'service')) continue;
      const audiences = template.pattern.includes('{audience}') ? context.audiences : [''];
      audiences.forEach((audience, rank) => {
        const text = fillTemplate(template.pattern, { p, city: context.city, audience });
        const score = relevance * template.weight * 0.9 ** rank;
        list.push({ text, core: p, family: template.family, modifier: template.pattern, score });
      });
    }
  }

  const named = templates.filter((template) => !/\{p[01]?\}/.test(template.pattern));
  for (const template of named) {
    const needsCompetitor = template.pattern.includes('{competitor}');
    if (template.pattern.includes('{brand}') && !context.brand) continue;
    for (const competitor of needsCompetitor ? context.competitors : ['']) {
      if (competitor && competitor === context.brand) continue;
      const text = fillTemplate(template.pattern, { competitor, brand: context.brand });
      const core = needsCompetitor ? `competitor:${competitor}` : 'brand';
      list.push({ text, core, family: template.family, modifier: template.pattern, score: 0.75 * template.weight });
    }
  }
  const isSearchable = createPhraseGate(context);
  return list.filter((candidate) => {
    const reason = isSearchable(candidate.text);
    if (reason !== null) rejected.push({ keyword: candidate.text, reason });
    return reason === null;
  });
}

/** A candidate the phrase gate turned away, and why. */
export interface GateRejection {
  keyword: string;
  reason: string;
}

/** The keywords of a run, with what the gate turned away on the way (for the quality report). */
export interface ExplainedKeywords {
  keywords: string[];
  rejected: GateRejection[];
}

/** Two keywords with the same signature say the same thing (word order, plurals, glue words). */
function signature(keyword: string): string {
  return [
    ...new Set(
      tokenize(keyword)
        .filter((word) => !glueWords.has(word))
        .map((word) => stemmer(word)),
    ),
  ]
    .sort()
    .join(' ');
}

export async function generateOfflineKeywords(request: KeywordIdeasRequest): Promise<string[]> {
  return (await explainOfflineKeywords(request)).keywords;
}

export async function explainOfflineKeywords({
  project,
  count,
  lengthRule,
  avoid,
}: KeywordIdeasRequest): Promise<ExplainedKeywords> {
  const nlp = await loadNlp();
  const rejected: GateRejection[] = [];
  const avoided = new Set<string>();
  for (const keyword of avoid) {
    avoided.add(normalizeKeyword(keyword));
    avoided.add(signature(keyword));
  }
  const best = new Map<string, Candidate>();
  for (const candidate of candidates(readProject(nlp, project), rejected)) {
    if (!candidate.text || !fitsLengthRule(candidate.text, lengthRule)) continue;
    if (avoided.has(normalizeKeyword(candidate.text))) continue;
    const key = signature(candidate.text);
    if (!key || avoided.has(key)) continue;
    const known = best.get(key);
    if (!known || candidate.score > known.score || (candidate.score === known.score && candidate.text < known.text)) {
      best.set(key, candidate);
    }
  }
  const pool = [...best.values()].sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));

  // Greedy pick: relevance, discounted for each earlier pick of the same phrase or family.
  const coreUse = new Map<string, number>();
  const familyUse = new Map<string, number>();
  const modifierUse = new Map<string, number>();
  const picked: string[] = [];
  const taken = new Array<boolean>(pool.length).fill(false);
  while (picked.length < count) {
    let bestIndex = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < pool.length; i++) {
      if (taken[i]) continue;
      const candidate = pool[i]!;
      // The pool is sorted by score, so nothing after this can beat the best found.
      if (candidate.score <= bestValue) break;
      const value =
        candidate.score *
        0.75 ** (coreUse.get(candidate.core) ?? 0) *
        0.85 ** (familyUse.get(candidate.family) ?? 0) *
        0.7 ** (modifierUse.get(candidate.modifier) ?? 0);
      if (value > bestValue) {
        bestValue = value;
        bestIndex = i;
      }
    }
    if (bestIndex < 0) break;
    const chosen = pool[bestIndex]!;
    taken[bestIndex] = true;
    picked.push(chosen.text);
    coreUse.set(chosen.core, (coreUse.get(chosen.core) ?? 0) + 1);
    familyUse.set(chosen.family, (familyUse.get(chosen.family) ?? 0) + 1);
    modifierUse.set(chosen.modifier, (modifierUse.get(chosen.modifier) ?? 0) + 1);
  }
  return { keywords: picked, rejected };
}
