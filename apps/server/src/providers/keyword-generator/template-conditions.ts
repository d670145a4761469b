// Conditions on a phrase that say which shapes of search suit it, and the kinds each shape reads right for.

import { goodsSellers, isPluralPhrase, isToolName, qualifiers, serviceWords, type PhraseKind, wordsOf } from './kinds';

export const all: readonly PhraseKind[] = [
  'goods',
  'service',
  'software',
  'feature',
  'person',
  'place',
  'matter',
  'problem',
  'thing',
];
export const sold: readonly PhraseKind[] = ['goods', 'service', 'person', 'place', 'thing'];
export const local: readonly PhraseKind[] = ['goods', 'service', 'person', 'place', 'thing'];
export const singular = (phrase: string) => !isPluralPhrase(phrase);
export const singularTask = (phrase: string) => singular(phrase) && !isToolName(phrase);
/** Work by its form ("invoicing", "onboarding", "bank reconciliation"), not any act WordNet files ("routines"). */
export const isWorkDone = (phrase: string) =>
  /(?:ing|tion|sion|ment)$/.test(phrase) || serviceWords.has(phrase.split(' ').at(-1)!);
/** Heads that say how a service is booked, not what it is: "dentist visits" is not asked about. */
export const bookingHeads = new Set(
  wordsOf('visit visits appointment appointments session sessions service services option options'),
);
/** Formats a service comes in: "what are yoga classes" is not asked. */
export const formatHeads = new Set(wordsOf('class classes lesson lessons workshop workshops course courses'));
export const isFormat = (word: string) => formatHeads.has(word);
export const askable = (phrase: string) =>
  !bookingHeads.has(phrase.split(' ').at(-1)!) &&
  !formatHeads.has(phrase.split(' ').at(-1)!) &&
  !qualifiers.has(phrase.split(' ')[0]!);
/** "yoga price" is not searched; "yoga classes price" and "cleaning price" are. */
export const unbooked = (phrase: string) => !bookingHeads.has(phrase.split(' ').at(-1)!);
export const priced = (phrase: string, kind: PhraseKind) =>
  // "beginner yoga cost" asks nothing: a qualifier first is a kind of the service, priced as the service.
  (multiWord(phrase) && (kind === 'goods' || !qualifiers.has(phrase.split(' ')[0]!))) ||
  (kind !== 'goods' && (serviceWords.has(phrase) || /(?:ing|tion|ment)$/.test(phrase)));
/** "best plumbing" is not searched, "best plumber" and "best drain cleaning" are. */
export const notBareTrade = (phrase: string) => multiWord(phrase) || !/ing$/.test(phrase);
export const plural = (phrase: string) => isPluralPhrase(phrase);
/** "what is accounting software" reads; "what is accounting platform" wants an article: a program counted is not asked so. */
export const countedPrograms = new Set(wordsOf('app apps system systems platform platforms tool tools'));
export const readsBare = (phrase: string) => !countedPrograms.has(phrase.split(' ').at(-1)!);
export const multiWord = (phrase: string) => phrase.includes(' ');
/** "cheap pastries", "coffee deals": one word of goods is too broad for a price hunt; "cheap sourdough bread" is not. */
/** "cheap bakery": a shop is searched for what it sells at a price, not for itself. */
export const soldFrom = (phrase: string) => goodsSellers.has(phrase.split(' ').at(-1)!);
export const namedGoods = (phrase: string, kind: PhraseKind) =>
  (kind !== 'goods' && kind !== 'thing') || multiWord(phrase);
