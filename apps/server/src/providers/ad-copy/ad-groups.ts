// What the offline writer's headlines and descriptions share: where a line comes from, the order
// keywords take turns in, and how each kind of business is reached (come to, walked into, served).
import type { AdFacts, Business, Topic } from './ad-facts';
import { kindOfPhrase, singularPhrase } from '../keyword-generator/kinds';

/** Where a line comes from: a keyword, the description's offer, the name, the place, the audience, a call to action. */
export type Group = 'keyword' | 'offer' | 'brand' | 'place' | 'audience' | 'action';
export type Groups = Record<Group, Array<string | null>>;

/** Each topic's lines of one rank, then the next rank: the first keywords each get a line before any gets two. */
export function byRank(
  topics: readonly Topic[],
  linesOf: (topic: Topic) => Array<string | null>,
): Array<string | null> {
  const all = topics.map(linesOf);
  const ranks = Math.max(0, ...all.map((lines) => lines.length));
  return Array.from({ length: ranks }, (_, rank) => all.map((lines) => lines[rank] ?? null)).flat();
}

/** "Brooklyn Bakery in Brooklyn" says the place twice. */
export const isNamedFor = (facts: AdFacts) =>
  facts.place !== '' && facts.name.toLowerCase().includes(facts.place.toLowerCase());

/** A phrase with the word of a business the project is ("artisan bakery nyc" for a bakery): not something one needs. */
export function namesBusiness(topic: Topic, facts: AdFacts): boolean {
  const head = singularPhrase(facts.businessHead);
  return (
    head !== '' &&
    kindOfPhrase(head) === 'place' &&
    topic.text
      .toLowerCase()
      .split(' ')
      .some((word) => singularPhrase(word) === head)
  );
}

/** Businesses people come to, so a place reads naturally after their offer ("Dentist in Denver"). */
export const isLocal = (business: Business) => !['software', 'shop', 'agency'].includes(business);
/** Businesses people walk into: "Visit Us in Denver"; a plumber comes to them. */
export const isVisited = (business: Business) =>
  ['care', 'classes', 'maker', 'stay', 'dining', 'other'].includes(business);
/** Whose work reaches people where they are: "Proudly Serving Phoenix"; a hotel serves guests. */
export const isServing = (business: Business) =>
  ['care', 'classes', 'maker', 'trade', 'agency', 'legal', 'dining'].includes(business);
