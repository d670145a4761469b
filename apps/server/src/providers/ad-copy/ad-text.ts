// Casing of ad lines: brand names and acronyms as the input writes them, headlines in Title Case,
// descriptions as sentences.
import { countedHeads, massHeads } from './ad-words';
import { knownAcronyms } from './ad-lines';
import { isPluralPhrase, type PhraseKind } from '../keyword-generator/kinds';

/** Words a headline keeps in lower case unless first or last (Chicago style, shortened). */
const smallWords = new Set('a an and as at but by for from in into nor of on or per the to vs via with'.split(' '));

/** A capital after the first letter: "SEO", "SaaS", "iPhone". */
const hasInnerCapital = (word: string) => /\p{Lu}/u.test([...word].slice(1).join(''));

/** How the input writes a word, where that differs from lower case: "SEO", "Ledgerly", "Portland". */
export type Casing = ReadonlyMap<string, string>;

/**
 * The input's own casing of its words. `keep` texts (keywords, the place) mean every capital they
 * have; `prose` (the description, the audience) only those inside a sentence, as a sentence's
 * first capital says nothing; `names` only inner capitals ("PackRight"), as "Bright Smile Dental"
 * says nothing of "dental" elsewhere. A form with inner capitals wins over Title Case.
 */
export function inputCasing(keep: readonly string[], prose: readonly string[], names: readonly string[] = []): Casing {
  const casing = new Map<string, string>();
  const note = (word: string) => {
    const lower = word.toLowerCase();
    if (word === lower) return;
    const known = casing.get(lower);
    if (!known || (hasInnerCapital(word) && !hasInnerCapital(known))) casing.set(lower, word);
  };
  for (const text of keep) for (const word of text.split(/[^\p{L}\p{M}\p{N}'’]+/u)) note(word);
  for (const text of names) {
    for (const word of text.split(/[^\p{L}\p{M}\p{N}'’]+/u)) if (hasInnerCapital(word)) note(word);
  }
  for (const text of prose) {
    for (const sentence of text.split(/[.!?\n:;]+/)) {
      const words = sentence.split(/[^\p{L}\p{M}\p{N}'’]+/u).filter(Boolean);
      words.forEach((word, i) => (i > 0 || hasInnerCapital(word)) && note(word));
    }
  }
  return casing;
}

/** One word as the input writes it; "seo" as "SEO" even when every keyword is in lower case. */
function cased(word: string, casing: Casing): string {
  if (hasInnerCapital(word)) return word;
  const lower = word.toLowerCase();
  return casing.get(lower) ?? knownAcronyms.get(lower) ?? word;
}

/** A capital first letter, where upper case is one letter ("ß" stays, as "SS" would shout). */
function capitalized(word: string): string {
  const [first = '', ...rest] = [...word];
  const upper = first.toUpperCase();
  return [...upper].length === 1 ? upper + rest.join('') : word;
}

/** Text with each word as the input writes it: for the middle of a sentence. */
export function asWritten(text: string, casing: Casing): string {
  return text.replace(/[\p{L}\p{M}\p{N}'’]+/gu, (word) => cased(word, casing));
}

/** "trail running shoes in portland" -> "Trail Running Shoes in Portland"; "SEO" and "iPhone" stay. */
export function titleCase(text: string, casing: Casing): string {
  const words = text.split(' ');
  return words
    .map((word, i) => {
      const own = cased(word, casing);
      if (own !== own.toLowerCase()) return own;
      if (i > 0 && i < words.length - 1 && smallWords.has(own)) return own;
      // "same-day" -> "Same-Day", "men's" -> "Men's".
      return own
        .split('-')
        .map((part) => capitalized(part))
        .join('-');
    })
    .join(' ');
}

/** A sentence: its first letter a capital (unless the word is a name written so), ending in a full stop. */
export function sentence(text: string, casing: Casing, end = '.'): string {
  const body = asWritten(text.trim(), casing);
  const [first = ''] = body.split(' ');
  const start = hasInnerCapital(first) ? body : capitalized(body);
  return /[.!?]$/.test(start) ? start : `${start}${end}`;
}

/** "a" or "an" before a word as it is said: "an emergency plumber", "an SEO audit". */
export function withArticle(phrase: string): string {
  return /^(?:[aeiou]|(?:seo|sms|hr|mba|mri|rv|suv|llc|faq|html|x-ray|fbi|hvac)\b)/i.test(phrase) &&
    !/^(?:uni|use|usu|eu|one)/i.test(phrase)
    ? `an ${phrase}`
    : `a ${phrase}`;
}

/**
 * A phrase with the article it takes inside a sentence: "a rooftop bar", "an emergency dentist",
 * but "teeth cleaning", "dental implants", "sourdough bread". Plural phrases and mass nouns take none.
 */
export function withCount(phrase: string, kind: PhraseKind): string {
  const head = phrase.split(' ').at(-1)!.toLowerCase();
  if (isPluralPhrase(phrase.toLowerCase()) || massHeads.has(head)) return phrase;
  const isCounted =
    countedHeads.has(head) ||
    kind === 'person' ||
    kind === 'place' ||
    (kind === 'goods' && !/ing$/.test(head)) ||
    // An unknown thing of one word ("spa", "oven") is counted unless it reads as work ("writing").
    (kind === 'thing' && !/(?:ing|ism|ness|ship)$/.test(head));
  return isCounted ? withArticle(phrase) : phrase;
}

/** "teeth cleaning, whitening and implants": a list as people write it. */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
