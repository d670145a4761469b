// Reading a description: tagging its words and splitting it into lists of noun phrases.

import { loadLexicon } from '../lexicon/lexicon';
import { isFormat } from './templates';
import { isPluralPhrase, isQualifier, kindOfPhrase, linkingVerbs } from './kinds';
import { stopwords } from './words';

export const fieldWeights = { productService: 3, name: 2, documentText: 1 } as const;
export const maxCorePhrases = 30;

/** Words that glue a phrase together without changing what it is about. */
export const glueWords = new Set([
  'a',
  'an',
  'the',
  'in',
  'for',
  'of',
  'to',
  'and',
  'on',
  'at',
  'with',
  'is',
  'does',
  'by',
]);
/** Praise that no one searches with ("high quality coffee" is searched as "coffee"). */
export const fluff = new Set([
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
export const idioms = new Set([
  'slip and fall',
  'fish and chip',
  'bed and breakfast',
  'fish and chips',
  'arts and crafts',
  'food and beverage',
  'heating and cooling',
  'hair and makeup',
]);
export const prepositions = new Set(
  `in for of to on at by from near into onto over under around across within without via about like than during
  through after before between throughout`.split(/\s+/),
);
/** Fixed names a tail must not cut: "injury law" is not what "personal injury law" means. */
export const compounds = new Set([
  'personal injury',
  'real estate',
  'health care',
  'small business',
  'personal trainer',
  'personal training',
]);
export const broadGoods = new Set([
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
export const fixedTerms = new Set(['workers compensation', 'medical malpractice', 'wrongful death', 'real estate']);
export const conjunctions = new Set(['and', 'or', '&', 'plus']);

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, '').replace(/'s$/, ''))
    .filter(Boolean);
}

export function isContentWord(word: string): boolean {
  return word.length >= 2 && !stopwords.has(word) && !/^\d+$/.test(word);
}

export interface Token {
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

/** Work named by its kind alone ("repairs"): it needs the thing worked on to be searched. */
const genericWork = new Set(['repair', 'repairs', 'servicing', 'service', 'maintenance', 'installation', 'cleaning']);

/** Qualifiers people write without their hyphens ("fair trade coffee" is fair-trade coffee, not trade). */
const unhyphenated =
  /^(?:one to one|one on one|face to face|fair trade|small batch|same day|next day|family run|family owned|eco friendly)$/;

/** Who does what a description says: the word after one is a verb ("we brew", "I teach"). */
const subjects = new Set(['we', 'i', 'they', 'you', 'that', 'which', 'who']);
/** Who a thing is done to: an -ing word after one is a verb ("keep you going"). */
const objects = new Set(['you', 'them', 'us', 'it', 'me', 'him', 'her']);

export type Nlp = typeof import('compromise').default;
export let nlpModule: Promise<Nlp> | undefined;
/** compromise takes a while to load: once per process, on first use. */
export function loadNlp(): Promise<Nlp> {
  nlpModule ??= import('compromise').then((module) => module.default);
  return nlpModule;
}

export interface NlpTerm {
  text: string;
  post: string;
  tags: string[];
}

export function tagText(nlp: Nlp, text: string): Token[] {
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
  // "gluten free", "dog friendly", "cruelty free": a noun and the adjective after it say how a thing is.
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (!next || token.endsItem || token.endsList || !/^(?:free|friendly|proof|safe|run|owned)$/.test(next.word))
      return;
    for (const part of [token, next]) Object.assign(part, { isHead: false, isAdjective: true, isVerb: false });
  });
  // "one to one", "fair trade", "same day": qualifiers written without their hyphens are one word.
  for (let i = tokens.length - 2; i >= 0; i--) {
    for (const size of [3, 2]) {
      const parts = tokens.slice(i, i + size);
      const phrase = parts.map((part) => part.word).join(' ');
      if (parts.length < size || parts.slice(0, -1).some((part) => part.endsItem || part.endsList)) continue;
      if (!unhyphenated.test(phrase)) continue;
      const last = parts[size - 1]!;
      tokens.splice(i, size, {
        ...last,
        word: phrase.replace(/ /g, '-'),
        isHead: false,
        isAdjective: true,
        isVerb: false,
      });
      break;
    }
  }
  // "we teach English", "an app that tracks spending": the word after the one who does it is what they
  // do; so is an -ing word after the one it is done to ("keep you going").
  tokens.forEach((token, i) => {
    const before = tokens[i - 1]?.word ?? '';
    const isDone = subjects.has(before) || (objects.has(before) && token.word.endsWith('ing'));
    if (!isDone || !isContentWord(token.word)) return;
    Object.assign(token, { isHead: false, isAdjective: false, isVerb: true });
  });
  // "Learn Spanish with ...": a description that starts on a verb's base form tells the reader to do it.
  const first = tokens[0];
  const isCompoundStart = first && loadLexicon().partsOfSpeech(`${first.word} ${tokens[1]?.word}`).length > 0;
  // Only a word that is no noun at all ("learn"): "Lash extensions" and "Travel agent" name things.
  const isVerbOnly = first && !loadLexicon().partsOfSpeech(first.word).includes('noun');
  if (first && isVerbOnly && !isCompoundStart && loadLexicon().verbBase(first.word) === first.word) {
    Object.assign(first, { isHead: false, isVerb: true });
  }
  // "physiotherapy clinic treating sports injuries", "an app tracking expenses": an -ing word after
  // the business and before what it works on joins them, as "offering" does.
  tokens.forEach((token, i) => {
    const before = tokens[i - 1];
    const next = tokens[i + 1];
    if (!token.word.endsWith('ing') || !before?.isHead || before.endsItem || before.endsList) return;
    if (token.endsItem || token.endsList || !next || !isContentWord(next.word)) return;
    const names = kindOfPhrase(before.word);
    // "barn wedding venue": an -ing word that is a noun of its own ("wedding") names a kind of the place.
    const lexicon = loadLexicon();
    const isNoun =
      lexicon.familiarity(token.word, 'noun') > 0 || lexicon.partsOfSpeech(`${token.word} ${next.word}`).length;
    if (!isNoun && (names === 'place' || names === 'software' || names === 'person')) {
      token.isVerb = true;
      token.isHead = false;
    }
  });
  return tokens;
}

export interface NounList {
  /** Coordinated noun phrases ("teeth cleaning, whitening and implants"), each as its tokens. */
  items: Token[][];
  /** Introduced by a preposition ("for small businesses", "in small batches"): says how, not what. */
  isPrepositional: boolean;
  /** Introduced by "with" ("with scheduling, time tracking"): more of what is offered. */
  isWith?: boolean;
  /** The preposition that introduces it ("near" in "near the beach"). */
  preposition?: string;
  /** It follows a verb that links the business to its work ("specialising in ..."). */
  afterLinkingVerb?: boolean;
}

/**
 * "end of tenancy cleaning", "change of address service": a noun with "of" before a service is
 * one name for the service, not a list of two things.
 */
function bindsOf(tokens: readonly Token[], at: number, itemLength: number): boolean {
  const before = tokens[at - 1];
  if (tokens[at]!.word !== 'of' || itemLength !== 1 || !before?.isHead || before.endsItem) return false;
  for (let i = at + 1; i < tokens.length && i <= at + 3; i++) {
    const token = tokens[i]!;
    if (!token.isHead && !token.isAdjective) return false;
    if (token.endsItem || token.endsList || i === tokens.length - 1 || conjunctions.has(tokens[i + 1]!.word)) {
      return i > at + 1 && kindOfPhrase(token.word) === 'service';
    }
  }
  return false;
}

/** Lists of noun phrases, split at verbs, prepositions and list-ending punctuation. */
export function nounLists(tokens: Token[]): NounList[] {
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
    if (isIdiom || bindsOf(tokens, i, item.length)) item.push(token);
    else if (conjunctions.has(token.word)) closeItem();
    else if (token.isVerb) closeList();
    else if (token.word === 'with') closeList(false, true);
    // A preposition starts a new list; an article or the like only breaks the phrase.
    else if (prepositions.has(token.word)) {
      closeList(true, false, token.word);
      list.afterLinkingVerb = linkingVerbs.has(tokens[i - 1]?.word ?? '');
    } else if (!isContentWord(token.word)) closeItem();
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
export function expandList(list: NounList, business: Token[] | undefined, isSoftware: boolean): string[][] {
  const items = list.items.map((item) => item.map((token) => token.word));
  const businessAdjective = business?.find((token, i) => i < business.length - 1 && token.isAdjective);
  // "bike" of "bike shop": the thing a place works on, when its head is a place.
  const businessHead = business?.[business.length - 1]?.word ?? '';
  const beforeHead = business?.[business.length - 2];
  const businessObject =
    business && beforeHead && kindOfPhrase(businessHead, 'thing', false) === 'place' && beforeHead.isHead
      ? beforeHead.word
      : undefined;
  /** Each item as expanded so far: "wallets, belts and bags" share along the list. */
  const shared: string[][] = [...items];
  // "Yoga studio with ... beginner workshops": a class or workshop is searched with what it teaches.
  const topic = business && business.length > 1 ? business[business.length - 2]!.word : '';
  return items.map((words, i) => {
    const head = words[words.length - 1]!;
    // "intensive courses" of "driving lessons": a format is searched with what it teaches.
    if (topic && isFormat(head) && !words.includes(topic) && words.length > 1 && !list.isPrepositional) {
      return [...words.slice(0, -1), topic, head];
    }
    if (words.length > 1 || list.items.length < 2) return words;
    const word = words[0]!;
    // "SEO and content marketing agency": two kinds of one head.
    const next = items[i + 1];
    const isKindOfNext = next && ['person', 'place'].includes(kindOfPhrase(next.join(' '), 'thing', false));
    // Not "lighting booth" of "lighting and a photo booth": work and a thing are two offers.
    const isWorkAndThing = word.endsWith('ing') && next && kindOfPhrase(next.join(' ')) === 'goods';
    if (
      i === 0 &&
      next &&
      next.length > 1 &&
      (items.length === 2 || isKindOfNext) &&
      !isPluralPhrase(word) &&
      !isWorkAndThing
    ) {
      return [word, next[next.length - 1]!];
    }
    if (word.endsWith('ing')) {
      // Said once, left out after: "teeth cleaning, whitening". A program's "scheduling, time tracking" stand alone.
      const before = items[i - 1];
      if (!isSoftware && before && before.length > 1 && before[before.length - 1]!.endsWith('ing')) {
        return [...before.slice(0, -1), word];
      }
      return words;
    }
    // "leather wallets, belts and bags": the things after share the first one's qualifiers ("leather belts").
    const previous = shared[i - 1];
    const previousHead = previous?.[previous.length - 1] ?? '';
    const isMaterial = (modifier: string) => loadLexicon().nounCategories(modifier)[0] === 'noun.substance';
    const sharesMaterial =
      previous && previous.slice(0, -1).every((modifier) => isMaterial(modifier) || isQualifier(modifier));
    if (previous && previous.length > 1 && sharesMaterial && isPluralPhrase(previousHead) && isPluralPhrase(word)) {
      return (shared[i] = [...previous.slice(0, -1), word]);
    }
    if (businessAdjective && !list.isPrepositional && isPluralPhrase(word)) return [businessAdjective.word, word];
    // "bike shop ... servicing and repairs", "hair salon for cuts": work done on what the place is for.
    if (businessObject && i > 0 && kindOfPhrase(word) === 'service' && !genericWork.has(word)) {
      return [businessObject, word];
    }
    if (businessObject && kindOfPhrase(word) === 'service' && genericWork.has(word)) return [businessObject, word];
    return words;
  });
}

/**
 * "Lightweight trail running shoes, hydration vests and waterproof jackets": an adjective before a
 * list of goods qualifies each ("lightweight hydration vests"). Only for lists of several phrases.
 */
export function spreadAdjective(list: NounList, expanded: string[][]): string[][] {
  const lead = list.items[0]?.[0];
  // "corrugated boxes, stretch film": a material belongs to its own thing; "lightweight" to all.
  if (!lead || !isQualifier(lead.word) || list.items.length < 2 || list.items[0]!.length < 2) return [];
  // "independent bookshop, new and secondhand books": a quality of the shop is not one of its books.
  if (kindOfPhrase(expanded[0]!.join(' ')) !== 'goods') return [];
  return expanded
    .slice(1)
    .filter((words) => words[0] !== lead.word && kindOfPhrase(words.join(' ')) === 'goods')
    .map((words) => [lead.word, ...words]);
}
