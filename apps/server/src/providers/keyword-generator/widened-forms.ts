// Forms that widen the pool past the description's own words, each by one rule: the other words a
// program is searched by, and work for animals searched for each animal the text names. They sit in
// the synonym tier, so a run takes them only when the description's own forms run out.

import { loadLexicon } from '../lexicon/lexicon';
import { kindOfPhrase } from './kinds';
import { tiers, type PhraseForm } from './offer-forms';
import { bookingHeads } from './template-conditions';

/**
 * The other words a business program is searched by ("helpdesk software" is a "helpdesk system", a
 * "helpdesk tool", a "helpdesk platform" and a "helpdesk app"); an app on a phone is only an app.
 */
const programWords = new Map([
  ['software', ['system', 'platform', 'tool', 'app']],
  ['platform', ['software', 'tool']],
  ['system', ['software', 'tool']],
  ['tool', ['software', 'app']],
]);
/** Work a program is named by that its object names alone: "inventory management software" is "inventory software". */
const programWork = new Set(['management', 'tracking', 'planning', 'monitoring']);

export function programSiblings(words: readonly string[]): string[][] {
  const others = programWords.get(words.at(-1)!);
  if (!others || words.length < 2) return [];
  const subjects = [words.slice(0, -1)];
  if (words.length === 3 && programWork.has(words[1]!)) subjects.push([words[0]!]);
  return subjects.flatMap((subject, index) =>
    [...(index > 0 ? [words.at(-1)!] : []), ...others].map((program) => [...subject, program]),
  );
}

/**
 * Work for animals is searched for each animal the text names: a "dog walking and pet sitting" service
 * is found as "dog sitting" and "pet walking" too (WordNet files dogs, pets and puppies as animals).
 */
export function animalWork(phrases: ReadonlyArray<readonly [words: string[], weight: number]>): PhraseForm[] {
  const lexicon = loadLexicon();
  const isAnimal = (word: string) => lexicon.nounCategories(word)[0] === 'noun.animal';
  const pairs = phrases.filter(([words]) => words.length === 2 && isAnimal(words[0]!));
  const isWork = (word: string) => !bookingHeads.has(word) && ['service', 'person'].includes(kindOfPhrase(word));
  const animals = new Set(pairs.map(([words]) => words[0]!));
  const works = new Map<string, number>();
  for (const [words, weight] of pairs)
    if (isWork(words[1]!)) works.set(words[1]!, Math.max(weight, works.get(words[1]!) ?? 0));
  const known = new Set(phrases.map(([words]) => words.join(' ')));
  return [...animals].flatMap((animal) =>
    [...works]
      .filter(([work]) => !known.has(`${animal} ${work}`))
      .map(([work, weight]) => ({ words: [animal, work], weight: weight * 0.45, tier: tiers.synonym })),
  );
}
