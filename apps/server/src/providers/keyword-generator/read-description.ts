// Reading a description: tagging its words and splitting it into lists of noun phrases.

import { loadLexicon } from '../lexicon/lexicon';
import { gerundOf } from '../lexicon/morphology';
import { isContentWord, type Token } from './tag-words';
import { isAdjectiveWord } from './business-words';
import { isFormat } from './template-conditions';
import {
  glueWords as phraseGlue,
  isPluralPhrase,
  isQualifier,
  kindOfPhrase,
  linkingVerbs,
  matterOf,
  observingTools,
  toolNames,
} from './kinds';

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

/** Work named by its kind alone ("repairs"): it needs the thing worked on to be searched. */
const genericWork = new Set(
  'repair repairs servicing service maintenance installation cleaning cuts colour color styling'.split(' '),
);

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
  /** The verb whose object it is ("tracks" of "tracks your spending"). */
  verb?: string;
  /** What follows "teaching" or "we teach": subjects, not work sold. */
  isTaught?: boolean;
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

/** Where or when, not what: "downtown", "weekly", "nationwide" (words WordNet knows as adverbs). */
function saysWhereOrWhen(word: string): boolean {
  const isAdverb = loadLexicon().partsOfSpeech(word).includes('adverb');
  // "firm" is an adverb too, but a law firm is a place of business.
  const namesWho = ['place', 'person'].includes(kindOfPhrase(word, 'thing', false));
  return !word.endsWith('ing') && isAdverb && !namesWho && !isQualifier(word);
}

/**
 * "English as a second language": "as" says what the thing is taken as, like a preposition; not in "such as"
 * or "as well as", which go on with the list.
 */
function saysAs(tokens: readonly Token[], at: number): boolean {
  const before = tokens[at - 1]?.word ?? '';
  return tokens[at]!.word === 'as' && before !== 'such' && before !== 'well' && tokens[at + 1]?.word !== 'well';
}

/** Lists of noun phrases, split at verbs, prepositions and list-ending punctuation. */
export function nounLists(tokens: Token[]): NounList[] {
  const lists: NounList[] = [];
  let list: NounList = { items: [], isPrepositional: false };
  let item: Token[] = [];
  const closeItem = () => {
    // A phrase ends on its noun head: trailing qualifiers ("the cakes are custom") are dropped.
    while (item.length && !item[item.length - 1]!.isHead) item.pop();
    // "boutique hotel downtown", "walk-ins welcome", "every morning": a word that says where, how or
    // when ends no phrase of an offer.
    while (item.length > 1 && saysWhereOrWhen(item[item.length - 1]!.word)) item.pop();
    if (item.length === 1 && loadLexicon().nounCategories(item[0]!.word)[0] === 'noun.time') item.pop();
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
    // "Motion Physio is a physiotherapy clinic": what follows "is" is another list.
    else if (token.isVerb || token.word === 'is' || token.word === 'are') {
      closeList();
      if (token.isVerb && !linkingVerbs.has(token.word)) list.verb = token.word;
      list.isTaught = teachingVerbs.has(token.word);
    } else if (token.word === 'with') closeList(false, true);
    // A preposition starts a new list; an article or the like only breaks the phrase.
    else if (prepositions.has(token.word) || saysAs(tokens, i)) {
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
  // "dental" of "family dental clinic" names its implants too; "family-owned" or "independent" does not.
  const businessAdjective = business?.find(
    (token, i) => i < business.length - 1 && token.isAdjective && !token.word.includes('-') && !isQualifier(token.word),
  );
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
  const tool = isSoftware && list.verb ? toolOf(list.verb) : undefined;
  // "coding bootcamp teaching web development": a subject is searched with where it is taught.
  const school = list.isTaught ? (business?.at(-1)?.word ?? '') : '';
  return items.map((words, i) => {
    const head = words[words.length - 1]!;
    if (schoolHeads.has(school) && words.length > 1 && !words.includes(school)) return [...words, school];
    // "an app that tracks your spending" is a "spending tracker".
    // Work the program does ("manage onboarding") is a feature as it is; work it watches is tracked.
    const kind = kindOfPhrase(head, 'thing', false);
    if (tool && words.length === 1 && kind !== 'person' && (kind !== 'service' || observingTools.has(tool))) {
      return [loadLexicon().nounBase(head) ?? head, tool];
    }
    // "intensive courses" of "driving lessons": a format is searched with what it teaches.
    if (topic && isFormat(head) && !words.includes(topic) && words.length > 1 && !list.isPrepositional) {
      return [...words.slice(0, -1), topic, head];
    }
    // "bike shop ... servicing and repairs", "hair salon for cuts": work done on what the place is for.
    // A bike shop's "accessories" are bike accessories.
    const isBroad = genericWork.has(words[0]!) || broadGoods.has(words[0]!);
    if (businessObject && words.length === 1 && isBroad) return [businessObject, words[0]!];
    // A massage therapist's "deep tissue, relaxation and pregnancy massage": kinds of the business's own
    // service, its head said once at the end. Two nouns ("heel pain") or a plural are offers of their own.
    const last = items[items.length - 1]!;
    const lastHead = last[last.length - 1]!;
    // "balayage and keratin treatments": a word WordNet does not know is a treatment of its own name.
    const isKnown = words.every((word) => loadLexicon().partsOfSpeech(word).length > 0);
    const isKindWord = isKnown && (words.length === 1 || (words.length === 2 && isAdjectiveWord(words[0]!)));
    const sharesLastHead =
      items.length >= 3 &&
      i < items.length - 1 &&
      last.length > 1 &&
      isKindWord &&
      !!business?.some((token) => token.word === lastHead) &&
      kindOfPhrase(lastHead, 'thing', false) === 'service' &&
      !isPluralPhrase(words.join(' ')) &&
      !words.at(-1)!.endsWith('ing');
    // "deep tissue" is one modifier: written "deep-tissue massage", it is never cut to "tissue massage".
    if (sharesLastHead) return [words.join('-'), lastHead];
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
      // "balayage and keratin treatments" share no head: a word WordNet does not know is its own treatment.
      ((items.length === 2 && isKnown) || isKindOfNext) &&
      !isPluralPhrase(word) &&
      !isWorkAndThing
    ) {
      return [word, next[next.length - 1]!];
    }
    if (word.endsWith('ing')) {
      // Said once, left out after: "teeth cleaning, whitening", "brow lamination and tinting". A program's
      // "scheduling, time tracking" stand alone.
      const before = items[i - 1];
      if (!isSoftware && before && before.length > 1 && /(?:ing|tion|ment)$/.test(before[before.length - 1]!)) {
        return [...before.slice(0, -1), word];
      }
      return words;
    }
    // "leather wallets, belts and bags": the things after share the first one's qualifiers ("leather belts").
    const previous = shared[i - 1];
    const previousHead = previous?.[previous.length - 1] ?? '';
    const isMaterial = (modifier: string) => loadLexicon().nounCategories(modifier)[0] === 'noun.substance';
    // "acrylic nails, pedicures" share no acrylic: the same head kind must follow; nor is the shop's
    // "family-owned" a quality of its sofas.
    const sameKind = previous && kindOfPhrase(previousHead) === kindOfPhrase(word) && kindOfPhrase(word) === 'goods';
    const sharesMaterial =
      sameKind &&
      previous
        .slice(0, -1)
        .every((modifier) => (isMaterial(modifier) || isQualifier(modifier)) && !modifier.includes('-'));
    if (previous && previous.length > 1 && sharesMaterial && isPluralPhrase(previousHead) && isPluralPhrase(word)) {
      return (shared[i] = [...previous.slice(0, -1), word]);
    }
    if (businessAdjective && !list.isPrepositional && isPluralPhrase(word)) return [businessAdjective.word, word];
    return words;
  });
}

/** What a program that does this to a thing is called: "tracks" -> "tracker", "plans" -> "planner". */
function toolOf(verb: string): string | undefined {
  const lexicon = loadLexicon();
  const base = lexicon.verbBase(verb);
  if (!base || base.includes(' ')) return undefined;
  return lexicon.agentsOf(gerundOf(base)).find((agent) => toolNames.has(agent));
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

/** A law practice's matters by their last word too: "car accident" -> "accident" (for "accident lawyer"). */
export function matterWords(
  phrases: ReadonlyArray<readonly [words: string[], weight: number]>,
): Array<[words: string[], weight: number]> {
  const found: Array<[words: string[], weight: number]> = [];
  for (const [words, weight] of phrases) {
    // "immigration lawyer" is who takes the matters on, not a matter.
    if (kindOfPhrase(words.join(' ')) === 'person') continue;
    const matter = matterOf(words.join(' ')).split(' ');
    // "workers compensation" is one term: no "compensation lawyer".
    if (fixedTerms.has(matter.join(' '))) continue;
    if (matter.length < 2 || matter.some((word) => phraseGlue.has(word) || conjunctions.has(word))) continue;
    // "accident" of "car accident", "injury": an event or a harm; not "applications" or "permits".
    const last = matter[matter.length - 1]!;
    const [lastClass] = loadLexicon().nounCategories(last);
    if (lastClass === 'noun.event' || kindOfPhrase(last) === 'problem') found.push([[last], weight * 0.5]);
  }
  return found;
}

const teachingVerbs = new Set(['teach', 'teaches', 'teaching', 'learn', 'learning']);
/** Where a subject is taught: "web development bootcamp", "data analytics course". */
const schoolHeads = new Set(
  'bootcamp bootcamps school schools academy college institute course courses classes lessons workshops'.split(' '),
);
/** Formats a subject is taught in; "lessons" when the text names none. */
const teachingFormats = ['lessons', 'classes', 'courses', 'tuition'];

/**
 * "We teach English", "Learn Spanish with short daily lessons": the subject taught, in the formats the text
 * names ("english classes", "spanish lessons"). A subject of more words ("web development") is left as written.
 */
export function taughtSubjects(tokens: readonly Token[]): string[][] {
  const said = new Set(tokens.map((token) => token.word));
  const formats = teachingFormats.filter((format) => said.has(format));
  const found: string[][] = [];
  tokens.forEach((token, i) => {
    if (!token.isVerb || !teachingVerbs.has(token.word)) return;
    const subject: string[] = [];
    for (let j = i + 1; j < tokens.length && subject.length < 2; j++) {
      const next = tokens[j]!;
      if (!next.isHead || !isContentWord(next.word)) break;
      subject.push(next.word);
      if (next.endsItem || next.endsList) break;
    }
    if (subject.length !== 1 || teachingFormats.includes(subject[0]!)) return;
    for (const format of formats.length ? formats : ['lessons']) found.push([...subject, format]);
  });
  return found;
}
