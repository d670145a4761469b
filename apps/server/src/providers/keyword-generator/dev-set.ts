import type { KeywordLengthRule } from '@keywright/contract';
import nlp from 'compromise';
import type { ProjectFacts } from './keyword-generator';
import { stopwords } from './words';

// The development set: businesses described as their owners would, to show that the offline generator
// generalises. The tuning part is for tuning; the held-out part is read only at the end.

export const devCategories = [
  'home and trade services',
  'health',
  'education',
  'beauty and fitness',
  'restaurants and hospitality',
  'retail goods',
  'e-commerce',
  'B2B software',
  'consumer apps',
  'professional services',
  'events and creative work',
  'manufacturing and wholesale',
  'travel',
] as const;

export type DevCategory = (typeof devCategories)[number];

/** What the business mainly sells: treatments and trades are a service; a restaurant, hotel or gym is a place. */
export type DevOffer = 'service' | 'goods' | 'software' | 'place';

export interface DevBusiness {
  id: string;
  category: DevCategory;
  offers: DevOffer;
  facts: ProjectFacts;
}

/** Facts with nothing filled in, to spread under a business's own. */
export const blankFacts: ProjectFacts = {
  name: '',
  productService: '',
  targetAudience: '',
  siteUrl: '',
  competitors: '',
  country: '',
  city: '',
  language: 'English',
};

/** The settings every business is run at: the generator's defaults, and the 30 of 2-3 words. */
export const devRuns = [
  { label: 'Default (20 of 2 words)', count: 20, lengthRule: '2' },
  { label: '30 of 2-3 words', count: 30, lengthRule: '2-3' },
] as const satisfies ReadonlyArray<{ label: string; count: number; lengthRule: KeywordLengthRule }>;

export type DevRun = (typeof devRuns)[number];

/** The competitor names of a business, lower-cased ("Rover, Wag" gives rover and wag). */
export function competitorNames(facts: ProjectFacts): string[] {
  return facts.competitors
    .split(/[,;\n]/)
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

/** A keyword that names a competitor, as whole words ("rover dog walking", not "wagyu" for Wag). */
export function isCompetitorSearch(keyword: string, facts: ProjectFacts): boolean {
  const padded = ` ${keyword.toLowerCase()} `;
  return competitorNames(facts).some((name) => padded.includes(` ${name} `));
}

interface Term {
  normal: string;
  pre: string;
  post: string;
  tags: string[];
}

const objectTags = new Set(['Determiner', 'Pronoun', 'Possessive']);
const subjects = new Set(['that', 'which', 'who', 'we', 'i', 'you', 'they', 'it']);
const hasTag = (term: Term | undefined, tags: readonly string[]) => !!term?.tags.some((tag) => tags.includes(tag));

/**
 * The verbs of a description as it uses them ("we brew IPAs" gives brew; "helps you save" gives helps and
 * save). The tagger also calls nouns verbs ("espresso blends", "deep cleans", "pet sitting", "kids eye
 * care"), so a word counts only where it reads as one: after a subject ("we", "that", "you"), after "to"
 * with more to come ("to manage leave requests", not "made to order"), after a noun with an object
 * ("companies cut costs"), or after "and" with an article or pronoun ("and helps you"). Gerunds,
 * participles before a noun ("custom printed t-shirts"), words the description also uses as nouns, and
 * function words do not count.
 */
export function descriptionVerbs(text: string): string[] {
  const sentences = nlp(text).json() as Array<{ terms: Term[] }>;
  const terms = sentences.flatMap((sentence) => sentence.terms);
  const nouns = new Set(terms.filter((term) => term.tags.includes('Noun')).map((term) => term.normal));
  const verbs = new Set<string>();
  terms.forEach((term, i) => {
    if (!hasTag(term, ['Verb']) || hasTag(term, ['Noun', 'Gerund', 'Adjective', 'Participle'])) return;
    const word = term.normal;
    if (stopwords.has(word) || nouns.has(word) || word.endsWith('ing')) return;
    const before = /[,;:.]/.test(terms[i - 1]?.post ?? '') ? undefined : terms[i - 1];
    const after = /[,;:.]/.test(term.post) ? undefined : terms[i + 1];
    if (word.endsWith('ed') && hasTag(after, ['Noun', 'Adjective'])) return;
    const isAfterSubject = !!before && (subjects.has(before.normal) || hasTag(before, ['Pronoun', 'Modal']));
    const isAfterTo = before?.normal === 'to' && !!after && !hasTag(after, ['Value']);
    const isAfterNoun =
      hasTag(before, ['Noun']) && !hasTag(before, ['Pronoun']) && hasTag(after, [...objectTags, 'Plural']);
    const isAfterAnd = (before?.normal === 'and' || before?.normal === 'or') && hasTag(after, [...objectTags]);
    if (isAfterSubject || isAfterTo || isAfterNoun || isAfterAnd) verbs.add(word);
  });
  return [...verbs].sort();
}
