// Tagging a description's words: what each word is (a noun that can end a phrase, an adjective, a verb),
// with the corrections a description needs over a general tagger.

import { loadLexicon } from '../lexicon/lexicon';
import { kindOfPhrase, linkingVerbs } from './kinds';
import { stopwords } from './words';

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

/**
 * Qualifiers people write without their hyphens ("fair trade coffee" is fair-trade coffee, not trade; "grain free
 * dog food" is grain-free, neither "grain dog food" nor "free dog food").
 */
const unhyphenated =
  /^(?:one to one|one on one|face to face|fair trade|small batch|same day|next day|family run|family owned|(?!(?:and|or|with|for|the|a|an|of|to|in|on|is|are|be|totally|completely|entirely) )[a-z]+ (?:free|friendly|proof)|\d+ (?:hours?|days?|weeks?|months?|years?|minutes?))$/;

/** Words that start what a verb is done to ("pouring our own stouts"). */
const determiners = new Set(['our', 'your', 'their', 'the', 'my', 'his', 'her', 'its']);
/** Who does what a description says: the word after one is a verb ("we brew", "I teach"). */
const subjects = new Set(['we', 'i', 'they', 'you', 'that', 'which', 'who']);
/** Who a thing is done to: an -ing word after one is a verb ("keep you going"). */
const objects = new Set(['you', 'them', 'us', 'it', 'me', 'him', 'her']);

export type Nlp = typeof import('compromise').default;
let nlpModule: Promise<Nlp> | undefined;
/** compromise takes a while to load: once per process, on first use. */
export function loadNlp(): Promise<Nlp> {
  nlpModule ??= import('compromise').then((module) => module.default);
  return nlpModule;
}

interface NlpTerm {
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
  // "family law firm for divorce": a word the lists name as a place or a person ("firm") ends the
  // noun run before it, whatever the tagger says.
  tokens.forEach((token, i) => {
    const kind = kindOfPhrase(token.word, 'thing', false);
    if (!token.isVerb || !tokens[i - 1]?.isHead || (kind !== 'place' && kind !== 'person')) return;
    Object.assign(token, { isVerb: false, isAdjective: false, isHead: true });
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
  // "an app that tracks spending, sets goals and links to your bank", "an app to build routines, set
  // reminders and see streaks": the verbs listed after the first of such a clause are verbs too.
  const lexicon = loadLexicon();
  const isVerbFirst = (word: string) => lexicon.familiarity(word, 'verb') > lexicon.familiarity(word, 'noun');
  let clause: 'that' | 'to' | undefined;
  tokens.forEach((token, i) => {
    const before = tokens[i - 1];
    if (before && ['that', 'which', 'who'].includes(before.word) && token.isVerb) clause = 'that';
    if (before?.word === 'to' && lexicon.verbBase(token.word) === token.word && isVerbFirst(token.word)) {
      clause = 'to';
      Object.assign(token, { isHead: false, isAdjective: false, isVerb: true });
    }
    const startsItem = before && (before.endsItem || before.word === 'and');
    const base = lexicon.verbBase(token.word);
    const isClauseVerb =
      clause === 'that' ? /[^s]s$/.test(token.word) && base !== null : base === token.word && isVerbFirst(token.word);
    if (clause && startsItem && isClauseVerb) Object.assign(token, { isHead: false, isAdjective: false, isVerb: true });
    if (token.endsList) clause = undefined;
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
    if (token.endsItem || token.endsList || !next) return;
    // "taproom pouring our own stouts": an -ing word before "our" or "the" takes an object.
    if (determiners.has(next.word)) return Object.assign(token, { isHead: false, isAdjective: false, isVerb: true });
    if (!isContentWord(next.word)) return;
    const names = kindOfPhrase(before.word);
    // "barn wedding venue": an -ing word that is a noun of its own ("wedding") names a kind of the place.
    const lexicon = loadLexicon();
    const base = lexicon.verbBase(token.word) ?? token.word;
    const isNoun =
      lexicon.familiarity(token.word, 'noun') > lexicon.familiarity(base, 'verb') ||
      lexicon.partsOfSpeech(`${token.word} ${next.word}`).length > 0;
    if (!isNoun && (names === 'place' || names === 'software' || names === 'person')) {
      token.isVerb = true;
      token.isHead = false;
    }
  });
  return tokens;
}
