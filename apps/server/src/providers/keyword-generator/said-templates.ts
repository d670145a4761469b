// Searches a business earns by what its text says of how the work comes ("emergency call-outs",
// "online", "I come to your home"), and the price of a trade's people: the widest honest forms a
// short keyword can take, written only where the description supports them.

import type { PhraseContext } from './phrase-quality';
import { qualifiers, wordsOf, type PhraseKind } from './kinds';
import type { Template } from './templates';

/** How the text says the work comes, each read by one rule. */
export type WayOffered = 'emergency' | 'online' | 'mobile' | 'private';

const waysOffered: ReadonlyArray<[WayOffered, RegExp]> = [
  // Urgent work: "emergency call-outs", "24 hour locksmith", "24/7 plumbing", "same day call out".
  ['emergency', /\b(?:emergency|emergencies|urgent|24[ -]?hours?|24\/7|call[ -]?outs?)\b/],
  // Work done over the internet: "online or at home", "tutoring online".
  ['online', /\bonline\b/],
  // Work that comes to the client: "mobile massage", "I come to your home"; not a "mobile phone".
  [
    'mobile',
    /\bmobile\b(?! (?:phones?|devices?|apps?|games?|homes?))|\bcomes? to (?:you|your)\b|\bat your (?:home|door|office)\b/,
  ],
  // One person taught alone: "one to one", "private lessons".
  ['private', /\b(?:one[ -]to[ -]one|1[ -]to[ -]1|private|individual)\b/],
];

/** The ways of offering a project's text says, from its description and audience. */
export function waysOfferedIn(text: string): Set<WayOffered> {
  const lower = text.toLowerCase();
  return new Set(waysOffered.filter(([, pattern]) => pattern.test(lower)).map(([way]) => way));
}

const says = (context: PhraseContext | undefined, way: WayOffered) => !!context?.waysOffered?.has(way);
/** "emergency 24-hour locksmith", "online private tutor": one qualifier says how, not two. */
const unqualified = (phrase: string) => {
  const first = phrase.split(' ')[0]!;
  return !qualifiers.has(first) && !/^(?:\d|one-to-one\b)/.test(first);
};
/** People taught by alone: a "private tutor", not a "private electrician". */
const teachers = new Set(
  wordsOf('tutor tutors teacher teachers instructor instructors coach coaches trainer trainers'),
);
const teaches = (phrase: string) => teachers.has(phrase.split(' ').at(-1)!);

const sellsWork = (_phrase: string, _kind: PhraseKind, context?: PhraseContext) => context?.sellsGoods === false;

const people: readonly PhraseKind[] = ['person'];
const work: readonly PhraseKind[] = ['service', 'person'];

export const saidTemplates: readonly Template[] = [
  // A trade's people are priced by the job or the hour: "electrician cost", "dog walker prices"; a
  // florist's prices are its flowers'.
  { pattern: '{p} cost', family: 'commercial', weight: 0.6, kinds: people, when: sellsWork },
  { pattern: '{p1} prices', family: 'commercial', weight: 0.55, kinds: people, when: sellsWork },
  // "emergency electrician", "emergency locksmith": only when the text offers urgent work.
  {
    pattern: 'emergency {p}',
    namesOffer: true,
    family: 'commercial',
    weight: 0.75,
    // Someone is called out in an emergency, not a kind of work: "emergency plumber", not "emergency rewiring".
    kinds: people,
    when: (phrase, _kind, context) => says(context, 'emergency') && unqualified(phrase),
  },
  // "online tutor", "online counselling": only when the text offers the work online.
  {
    pattern: 'online {p}',
    namesOffer: true,
    family: 'commercial',
    weight: 0.65,
    kinds: work,
    when: (phrase, _kind, context) => says(context, 'online') && unqualified(phrase),
  },
  // "mobile massage", "mobile dog groomer": only when the work comes to the client.
  {
    pattern: 'mobile {p}',
    namesOffer: true,
    family: 'commercial',
    weight: 0.6,
    kinds: work,
    when: (phrase, _kind, context) => says(context, 'mobile') && unqualified(phrase),
  },
  // "private tutor", "private piano teacher": a teacher hired for one person, when the text says so.
  {
    pattern: 'private {p}',
    namesOffer: true,
    family: 'commercial',
    weight: 0.6,
    kinds: people,
    when: (phrase, _kind, context) => says(context, 'private') && teaches(phrase) && unqualified(phrase),
  },
];
