// The forms a phrase of the description is searched in: its shorter runs, the same work on a
// shorter object ("phone repair" of "mobile phone screen repair"), the person who does the work
// ("dog walker"), and other words for it ("cellphone repair"). Lexical facts come from WordNet.

import { loadLexicon } from '../lexicon/lexicon';
import { gerundOf } from '../lexicon/morphology';
import { getWordCounts } from '../metrics/estimate-data';
import { audienceHeads, genericHeads, glueWords, isQualifier, kindOfPhrase, standsAlone, wordsOf } from './kinds';
import { isAdjectiveWord, isContainer } from './business-words';
import { broadGoods, compounds } from './read-description';
import { bookingHeads } from './template-conditions';
import { animalWork, programSiblings } from './widened-forms';

/**
 * How far from the description a form is; the pick widens the pool tier by tier (documented in
 * the README): the description's own phrases and the people of its main trade first (with the
 * place, "near me", the price and the other intents that suit them), then other words for them,
 * then the broader word goods end on ("candles" of "soy candles", searched with a modifier: "buy
 * candles", "candles london"). The people of a business's other work are not searched: WordNet's
 * are more often someone else ("investments" gives "investor").
 */
export const tiers = { own: 0, synonym: 1, broader: 2 } as const;
export type Tier = (typeof tiers)[keyof typeof tiers];

/** A phrase to search on, with its weight and tier. */
export interface PhraseForm {
  words: string[];
  weight: number;
  tier: Tier;
}

/** The phrases a noun phrase holds: itself, its tails ("dental clinic") and runs ending on a noun. */
export function subPhrases(
  words: string[],
  heads: ReadonlySet<string>,
  droppable: ReadonlySet<string>,
): Array<[phrase: string[], factor: number]> {
  const found: Array<[string[], number]> = [[words, 1]];
  // "slip and fall cases", "boutique hotel with spa": whole or not at all.
  if (words.some((word) => glueWords.has(word))) {
    // "cosy bed and breakfast" -> "bed and breakfast": only the qualifiers in front come off.
    let start = 0;
    while (start < words.length - 1 && droppable.has(words[start]!) && !glueWords.has(words[start]!)) start++;
    return start > 0 && !glueWords.has(words[start]!) ? [...found, [words.slice(start), 0.8]] : found;
  }
  const head = words[words.length - 1]!;
  // The object of a service qualifies it: "mobile phone screen repair" sells repairs, never phones.
  // So does the object of a person's work: a "pet sitter" is no "sitter".
  const headKind = kindOfPhrase(head);
  if (headKind === 'service' || headKind === 'person') return [...found, ...serviceRuns(words, droppable)];
  const isPlace = headKind === 'place';
  for (let start = 0; start < words.length; start++) {
    // "water heater installation" is not "heater installation": only qualifiers come off the front.
    // "neapolitan pizza restaurant" -> "pizza restaurant": goods or a person name a place on their own.
    const namesAlone = start > 0 && kindOfPhrase(words[start]!) !== 'thing' && standsAlone(words[start]!);
    // "personal injury law firm" -> "law firm", but never "injury law firm".
    const afterCompound = start > 1 && compounds.has(`${words[start - 2]} ${words[start - 1]}`);
    if (start > 0 && compounds.has(`${words[start - 1]} ${words[start]}`)) continue;
    // "barn wedding venue" -> "wedding venue": a place is named by what it is for, as long as no
    // compound WordNet lists is cut ("coffee house").
    const placeTail = isPlace && start > 0 && !isListedCompound(words[start - 1]!, words[start]!);
    if (start > 0 && !droppable.has(words[start - 1]!) && !namesAlone && !afterCompound && !placeTail) break;
    for (let end = start + 1; end <= words.length; end++) {
      if (start === 0 && end === words.length) continue;
      const phrase = words.slice(start, end);
      if (!heads.has(phrase[phrase.length - 1]!)) continue;
      const isTail = end === words.length;
      // A run that stops before the head names something of its own only when the lists say so
      // ("pizza" of "pizza restaurant"); "soy" of "soy candles" is what the candles are made of.
      if (!isTail && kindOfPhrase(phrase.join(' '), 'thing', false) === 'thing') continue;
      // One word alone from inside a phrase ("clinic", "beans") is rarely the search; people are.
      if (phrase.length === 1 && kindOfPhrase(phrase[0]!) !== 'person') continue;
      found.push([phrase, isTail ? 0.7 : 0.55]);
    }
  }
  if (kindOfPhrase(head) === 'goods') {
    for (let start = 1; start < words.length - 1; start++) {
      // "trail running shoes" -> "running shoes": an activity names goods on its own.
      if (words[start]!.endsWith('ing') && !droppable.has(words[start]!)) found.push([words.slice(start), 0.65]);
      // "cotton baby clothes" -> "baby clothes": the stuff goods are made of comes off before a compound.
      const isStuff = loadLexicon().nounCategories(words[start - 1]!)[0] === 'noun.substance';
      const isNoun = loadLexicon().partsOfSpeech(words[start]!).includes('noun');
      if (isStuff && words.length - start === 2 && isNoun) {
        found.push([words.slice(start), 0.65]);
      }
    }
    // "lightweight hydration vests" -> "lightweight vests", "trail running shoes" -> "trail shoes".
    const [first, middle] = words.slice(-3);
    // Not "fair-trade beans": "coffee beans" is one thing.
    // Nor "industrial supplies": "supplies", "gear" and "parts" need the word that says which.
    const isCompound = kindOfPhrase(middle ?? '') === 'goods' || broadGoods.has(head);
    // Nor "natural treats" of "natural dog treats": who the goods are for stays.
    const namesWhoFor = ['noun.animal', 'noun.person'].includes(loadLexicon().nounCategories(middle ?? '')[0] ?? '');
    if (
      words.length >= 3 &&
      !isCompound &&
      !namesWhoFor &&
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

/** Two words WordNet lists as one noun ("water heater", "mobile phone"). */
function isListedCompound(first: string, second: string): boolean {
  return loadLexicon().partsOfSpeech(`${first} ${second}`).includes('noun');
}

/**
 * A service's shorter forms, always ending on the work: its tails ("screen repair"), unless a tail
 * would start inside a compound WordNet lists ("water heater installation" is no "heater
 * installation"), and the work on the thing without its part ("phone repair" of "phone screen
 * repair"), when the thing is an object one owns (not "water repair" of "water damage repair").
 */
function serviceRuns(words: string[], droppable: ReadonlySet<string>): Array<[string[], number]> {
  const lexicon = loadLexicon();
  const found: Array<[string[], number]> = [];
  const head = words[words.length - 1]!;
  // "independent optometrist" is searched as "optometrist": a person's qualifiers come off.
  const isPerson = kindOfPhrase(head) === 'person';
  const onlyQualified = words.slice(0, -1).every((word) => isQualifier(word));
  if (isPerson && words.length > 1 && onlyQualified && !compounds.has(words.slice(-2).join(' '))) {
    found.push([[head], 0.7]);
  }
  // "emergency dentist visits" is booked as "emergency dentist": the visit says how, not what.
  if (bookingHeads.has(head) && words.length > 1) found.push([words.slice(0, -1), 0.9]);
  const isCompound = isListedCompound;
  for (let start = 1; start < words.length - 1; start++) {
    if (isCompound(words[start - 1]!, words[start]!) && !droppable.has(words[start - 1]!)) continue;
    if (compounds.has(`${words[start - 1]} ${words[start]}`)) continue;
    // "screen repair" of "phone screen repair"; "damage repair" of "water damage repair" says less.
    const dropsQualifiersOnly = words.slice(0, start).every((word) => droppable.has(word));
    // "walking tours" of "small group walking tours": an activity names a kind of the work on its own.
    const isActivity = words[start]!.endsWith('ing') && !(bookingHeads.has(head) || head === 'services');
    if (!dropsQualifiersOnly && !isActivity && lexicon.nounCategories(words[start]!)[0] !== 'noun.artifact') continue;
    found.push([words.slice(start), 0.75]);
  }
  for (let at = 0; at < words.length - 2; at++) {
    const thing = words[at]!;
    const part = words[at + 1]!;
    const isObject = lexicon.nounCategories(thing)[0] === 'noun.artifact';
    if (!isObject || droppable.has(thing) || isCompound(thing, part)) continue;
    const object = words.slice(0, at + 1);
    // "mobile phone repair" and "phone repair".
    found.push([[...object, head], 0.8]);
    if (at > 0 && droppable.has(words[0]!)) found.push([[...object.slice(1), head], 0.8]);
  }
  return found;
}

const agentSuffixes = /(?:ist|ian)$/;
/** People WordNet names whom nobody searches for: the work is searched by the trade ("massage therapist"). */
const unsearchedAgents = new Set(['massager', 'repairer', 'mender', 'fixer', 'groom']);
/** A person named often enough to be searched for: "dog walker", "tutor"; not "repairer". */
function isCommonAgent(agent: string): boolean {
  const head = agent.split(' ').at(-1)!;
  if (unsearchedAgents.has(head)) return false;
  return (getWordCounts().get(head) ?? 0) >= 5 || agentSuffixes.test(head);
}

/** People named by the work they do, which is searched too: a "sports massage therapist" does "sports massage". */
const practitioners = new Set(
  wordsOf('therapist technician instructor teacher tutor coach specialist adviser advisor consultant'),
);

/** "domestic electrician" -> "electrician": the head alone, when it means only that trade (not "agent"). */
export function tradeOfPerson(words: readonly string[]): string | undefined {
  const head = words.at(-1)!;
  if (words.length < 2 || practitioners.has(head)) return undefined;
  // "immigration lawyer" is a kind of lawyer searched by its field; a "domestic electrician" is an electrician.
  if (!words.slice(0, -1).every((word) => isQualifier(word) || isAdjectiveWord(word))) return undefined;
  const classes = loadLexicon().nounCategories(head);
  return classes.length === 1 && classes[0] === 'noun.person' ? head : undefined;
}

/** "mobile massage therapist" -> "mobile massage": what a practitioner does, when it is a service. */
export function practisedWork(words: readonly string[]): string[] | undefined {
  if (words.length < 2 || !practitioners.has(words.at(-1)!)) return undefined;
  const work = words.slice(0, -1);
  // "driving instructor" does no "driving" to search alone.
  if (kindOfPhrase(work.join(' ')) !== 'service' || (work.length === 1 && work[0]!.endsWith('ing'))) return undefined;
  return work;
}

/** Who teaches by the lesson, class or course (WordNet links a lesson to no teacher): by what is taught. */
const teachingHeads = new Map([
  ['tuition', 'tutor'],
  ['lessons', 'teacher'],
  ['lesson', 'teacher'],
  ['classes', 'instructor'],
  ['class', 'instructor'],
]);

/** "maths tuition" -> "maths tutor", "piano lessons" -> "piano teacher", "driving lessons" -> "driving instructor". */
function teacherOf(words: readonly string[]): string | undefined {
  const person = teachingHeads.get(words.at(-1)!);
  const subject = words.at(-2);
  if (!person || !subject) return undefined;
  // "evening classes" teach no evening, "small classes" nothing small: a teacher is named by a subject.
  const lexicon = loadLexicon();
  const [subjectClass] = lexicon.nounCategories(subject);
  if (!subjectClass || subjectClass === 'noun.time' || subjectClass === 'noun.quantity') return undefined;
  // "daily lessons" teach nothing daily: a word that also describes or says when is no subject.
  const asNoun = lexicon.familiarity(subject, 'noun');
  const asModifier = lexicon.familiarity(subject, 'adjective') + lexicon.familiarity(subject, 'adverb');
  const parts = lexicon.partsOfSpeech(subject);
  const canDescribe = parts.includes('adjective') || parts.includes('adverb');
  const isDescribing = asModifier > asNoun || (canDescribe && asNoun <= 2);
  if (isDescribing && !subject.endsWith('ing')) return undefined;
  // An activity is instructed ("driving instructor"), a subject or an instrument is taught.
  const isActivity = person === 'teacher' && subject.endsWith('ing');
  return `${subject} ${isActivity ? 'instructor' : person}`;
}

/** A field practised for clients, which WordNet files as knowledge: "podiatry", "orthodontics"; not a "plan". */
export function isDiscipline(word: string): boolean {
  return /(?:y|ics?)$/.test(word) && !word.includes(' ') && loadLexicon().nounCategories(word)[0] === 'noun.cognition';
}

/** The people who do a service: "dog walking" -> "dog walker", "physiotherapy" -> "physiotherapist", "podiatry" -> "podiatrist". */
export function agentsOf(phrase: string): string[] {
  const isWork = kindOfPhrase(phrase) === 'service' || isDiscipline(phrase);
  if (!isWork || phrase.split(' ').some((word) => glueWords.has(word))) return [];
  const lexicon = loadLexicon();
  const isAdjective = (word: string) => lexicon.familiarity(word, 'adjective') > lexicon.familiarity(word, 'noun');
  // "driving lessons" -> "driving instructor" ("driving" is read before it can pass for an adjective).
  const teacher = teacherOf(phrase.split(' '));
  if (teacher) return [teacher];
  // "regular house cleaning" -> "house cleaner": the person keeps the object of the work, not how it is done.
  const words = phrase.split(' ');
  while (words.length > 1 && (isAdjective(words[0]!) || isQualifier(words[0]!))) words.shift();
  const head = words.at(-1)!;
  const hadObject = phrase.includes(' ');
  const agents = lexicon
    .agentsOf(words.join(' '))
    .filter((agent) => agent.split(' ').at(-1) !== head && isCommonAgent(agent))
    .filter((agent) => !hadObject || agent.includes(' '));
  return agents.length > 0 ? agents : tradeOfObject(words);
}

/**
 * "garden maintenance" -> "gardener", "roof repairs" -> "roofer": when the work is named by a broad word, the
 * trade is named after its object, if WordNet files that person as a worker (not "biker" of "bike repairs").
 */
function tradeOfObject(words: readonly string[]): string[] {
  const [object, head] = words;
  if (words.length !== 2 || !genericHeads.has(head!) || kindOfPhrase(head!) !== 'service') return [];
  const lexicon = loadLexicon();
  // Roofing and gardening make or handle the thing (verb.creation, verb.contact); boating is a way to travel.
  const [usualSense] = lexicon.verbCategories(object!);
  if (usualSense !== 'verb.creation' && usualSense !== 'verb.contact') return [];
  return lexicon.agentsOf(gerundOf(object!)).filter((agent) => agent !== object && lexicon.isWorker(agent));
}

/**
 * Other words people search for a phrase or its object, when they share its stem and say no less:
 * "mobile phone" -> "cellphone", "physiotherapy" -> "physical therapy"; not "repair" -> "fix".
 */
export function synonymsOf(words: readonly string[]): string[][] {
  const lexicon = loadLexicon();
  const found: string[][] = [];
  const add = (object: readonly string[], rest: readonly string[]) => {
    const text = object.join(' ');
    const head = object.at(-1)!;
    for (const synonym of lexicon.synonyms(text)) {
      const synonymWords = synonym.split(' ');
      const synonymHead = synonymWords.at(-1)!;
      if (synonymWords.length > 2 || text.includes(synonym) || synonym.includes(text)) continue;
      // "cellphone" holds "phone", "physical therapy" names the therapy of "physiotherapy".
      const keepsHead = synonymHead.includes(head) || (synonymWords.length > 1 && head.endsWith(synonymHead));
      if (keepsHead) found.push([...synonymWords, ...rest]);
    }
  };
  add(words, []);
  // The object of a service: "mobile phone screen repair" -> "cellphone screen repair".
  if (words.length > 1 && kindOfPhrase(words.at(-1)!) === 'service') {
    for (let end = words.length - 1; end >= 1; end--) {
      const object = words.slice(0, end);
      if (object.length > 1 && !lexicon.partsOfSpeech(object.join(' ')).includes('noun')) continue;
      add(object, words.slice(end));
      break;
    }
  }
  return found;
}

/**
 * Goods named again by their head alone, searched with a modifier ("buy candles", "hoodies
 * chicago"), when what is dropped only says what they are made of or how they are ("soy candles",
 * "printed hoodies"); "dog treats", "espresso blends" and "kitchen equipment" name a kind of their own.
 */
function isBroaderWord(head: string, phrase: string): boolean {
  if (genericHeads.has(head) || broadGoods.has(head) || audienceHeads.has(head)) return false;
  const words = phrase.split(' ');
  if (words.some((word) => glueWords.has(word)) || kindOfPhrase(phrase) !== 'goods') return false;
  const lexicon = loadLexicon();
  // "blocks" of "cork blocks" means too many things alone (a street, a toy, a building's); the "box" of a
  // "subscription box" holds the goods, it is not them.
  if (lexicon.nounCategories(head).length > 4 || isContainer(head)) return false;
  return words.slice(0, -1).every((word) => {
    if (isQualifier(word) || lexicon.familiarity(word, 'adjective') > lexicon.familiarity(word, 'noun')) return true;
    const [wordClass] = lexicon.nounCategories(word);
    return wordClass === 'noun.substance' || wordClass === 'noun.plant' || (!wordClass && /(?:ed|al|ic)$/.test(word));
  });
}

/** The forms of the description's phrases that WordNet gives: people who do the work, other words. */
/** Two formats a subject is taught in, each searched for the other. */
const formatSynonyms = new Map([
  ['lessons', 'classes'],
  ['classes', 'lessons'],
  ['tuition', 'lessons'],
]);

export function lexicalForms(
  phrases: ReadonlyArray<readonly [words: string[], weight: number]>,
  mainCount: number,
): PhraseForm[] {
  const forms: PhraseForm[] = [];
  // The people of the business's own trade: of the first phrase ("dog walking" -> "dog walker"), and of
  // the phrases listed with it when the first has one ("pet sitting"); not "drain cleaner" of a plumber.
  const firstHasAgent = phrases.length > 0 && agentsOf(phrases[0]![0].join(' ')).length > 0;
  forms.push(...animalWork(phrases));
  phrases.forEach(([words, weight], index) => {
    const isMain = index === 0 || (firstHasAgent && index < mainCount);
    const text = words.join(' ');
    // The people of the business's own trade ("dog walker"); of the rest of its work, WordNet's people
    // are more often someone else ("investments" -> "investor", "hedge trimming" -> "hedge trimmer").
    const isPerson = kindOfPhrase(text) === 'person';
    for (const agent of isMain && !isPerson ? agentsOf(text) : []) {
      forms.push({ words: agent.split(' '), weight: weight * 0.85, tier: tiers.own });
    }
    for (const synonym of synonymsOf(words)) forms.push({ words: synonym, weight: weight * 0.6, tier: tiers.synonym });
    const head = words.at(-1)!;
    // A subject taught is searched in lessons and in classes, from a teacher or a tutor: "piano classes",
    // "piano tutor" (WordNet links a lesson to neither); an activity ("driving lessons") keeps its own words.
    const teacher = teacherOf(words);
    const otherFormat = teacher && formatSynonyms.get(head);
    if (otherFormat) {
      const subject = words.slice(0, -1);
      // An activity is learnt at a school and on a course: "driving school", "driving course".
      const isActivity = words.at(-2)!.endsWith('ing');
      // A "maths teacher" is more often a school's: a tutor is not searched as one.
      const others = isActivity
        ? ['school', 'course']
        : [otherFormat, 'course', ...(teacher.endsWith(' teacher') ? ['tutor'] : [])];
      for (const other of others) {
        forms.push({ words: [...subject, other], weight: weight * 0.55, tier: tiers.synonym });
      }
    }
    for (const sibling of programSiblings(words)) {
      forms.push({ words: sibling, weight: weight * 0.35, tier: tiers.synonym });
    }
    if (words.length > 1 && isBroaderWord(head, text))
      forms.push({ words: [head], weight: weight * 0.5, tier: tiers.broader });
  });
  return forms;
}
