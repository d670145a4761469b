import { fillTemplate, type PhraseKind } from '../keyword-generator/kinds';
import type { PhraseContext } from '../keyword-generator/phrase-quality';
import { agentsOf } from '../keyword-generator/offer-forms';
import { templates } from '../keyword-generator/templates';
import type { TopicKind } from './estimate-words';

// The shapes an offline idea takes around a seed's key phrase. What a business offers (goods, a
// service, a person, a place...) takes the keyword generator's own templates, so an idea is a
// search the generator would write and its gate accepts; what the generator's kinds do not know
// (hobbies, recipes, trips, an unknown word) takes the estimator's shapes for its topic.

/** A seed's key phrase and what it names: the generator's kind, and the estimator's topic. */
export interface ShapedSeed {
  /** The key phrase, without modifiers, the city or loose ends: "physiotherapist" of "physiotherapist leeds". */
  core: string;
  words: string[];
  kind: PhraseKind;
  topic: TopicKind;
  /** Its head names a hobby, a recipe or a trip, which the generator's kinds have no word for. */
  hasOwnTopic: boolean;
  isPlural: boolean;
}

/**
 * The estimator's shapes by topic. `{k}` is the key phrase and `{k1}` the same with its last word
 * singular ("recipe ideas"); `{is}` agrees with it ("what are running shoes").
 */
const shapesByTopic: Record<TopicKind, readonly string[]> = {
  product: [
    'best {k}',
    'cheap {k}',
    'buy {k}',
    '{k} for sale',
    '{k} price',
    '{k} reviews',
    '{k} near me',
    'buy {k} online',
    '{k} deals',
    'affordable {k}',
    'top rated {k}',
    'best {k} for beginners',
    'how to choose {k}',
    '{k} sale',
    'best cheap {k}',
    'cheap {k} near me',
    'discount {k}',
    '{k} online',
  ],
  service: [
    '{k} near me',
    'best {k}',
    '{k} cost',
    'affordable {k}',
    'local {k}',
    '{k} reviews',
    '{k} companies',
    '{k} services',
    'best {k} near me',
    'how much does {k} cost',
    '{k} prices',
    'top rated {k}',
    'affordable {k} near me',
    '{k} quote',
  ],
  software: [
    'best {k}',
    '{k} pricing',
    '{k} reviews',
    'free {k}',
    '{k} for small business',
    '{k} alternatives',
    'top {k}',
    '{k} comparison',
    'what {is} {k}',
    'best free {k}',
    'online {k}',
    '{k} free trial',
    'best {k} for small business',
    'open source {k}',
    'cloud based {k}',
  ],
  travel: [
    'cheap {k}',
    'best {k}',
    '{k} deals',
    '{k} near me',
    'last minute {k}',
    '{k} prices',
    'cheapest {k}',
    'best {k} deals',
    'luxury {k}',
    'all inclusive {k}',
    'book {k} online',
  ],
  activity: [
    '{k} for beginners',
    'best {k}',
    '{k} tips',
    'how to start {k}',
    '{k} near me',
    '{k} classes',
    'what {is} {k}',
    '{k} classes near me',
    'benefits of {k}',
    '{k} for kids',
    'beginner {k}',
  ],
  // Ideas are what one makes or cooks: "gift ideas", "dinner ideas"; never "physio ideas".
  content: [
    'easy {k}',
    'best {k}',
    'free {k}',
    '{k1} ideas',
    'quick {k}',
    'top {k}',
    '{k} online',
    'new {k}',
    'popular {k}',
  ],
  general: [
    'best {k}',
    '{k} near me',
    'what {is} {k}',
    '{k} online',
    'cheap {k}',
    '{k} reviews',
    'top {k}',
    '{k} tips',
    'types of {k}',
    '{k} cost',
  ],
};

/** The searches one seed's key phrase is found in, before the gate reads them. */
export function shapesOf(seed: ShapedSeed, context: PhraseContext): string[] {
  const ownShapes = shapesByTopic[seed.topic].map((shape) => fillShape(shape, seed));
  if (seed.hasOwnTopic) return ownShapes;
  // A word nobody placed ("physio") is searched as anything is, and in the city ("physio in leeds").
  if (seed.kind === 'thing') return [...ownShapes, ...offerShapes(seed.core, 'thing', context)];
  // "dog walking" is searched as "dog walker" too: the people who do the work, as the generator reads them.
  const people = seed.kind === 'service' ? agentsOf(seed.core).slice(0, 1) : [];
  return [
    ...offerShapes(seed.core, seed.kind, context),
    ...people.flatMap((person) => offerShapes(person, 'person', context)),
  ];
}

/** The generator's templates for a phrase of this kind, with the project's city, audiences and people. */
function offerShapes(phrase: string, kind: PhraseKind, context: PhraseContext): string[] {
  const slots = {
    city: context.city ? [context.city] : [],
    audience: context.audiences.slice(0, 2),
    agent: (context.agents ?? []).slice(0, 2),
  };
  const found: string[] = [];
  for (const template of templates) {
    // A name's searches ("{competitor} alternative") come from the names, not from an offer.
    if (!/\{p[01]?\}/.test(template.pattern) || /\{(?:brand|competitor)\}/.test(template.pattern)) continue;
    if (!template.kinds.includes(kind) || (template.when && !template.when(phrase, kind))) continue;
    const pattern = template.pattern;
    const cities = pattern.includes('{city}') ? slots.city : [''];
    const audiences = pattern.includes('{audience}') ? slots.audience : [''];
    const agents = pattern.includes('{agent}') ? slots.agent : [''];
    for (const city of cities) {
      for (const audience of audiences) {
        for (const agent of agents) found.push(fillTemplate(pattern, { p: phrase, city, audience, agent }));
      }
    }
  }
  return found;
}

/** The generator's searches of a name: the project's own ("{brand} reviews"), a competitor's ("rover alternative"). */
export function nameShapes(name: string, role: 'brand' | 'competitor', brand: string): string[] {
  const fits = (pattern: string) =>
    role === 'brand'
      ? pattern.includes('{brand}') && !pattern.includes('{competitor}')
      : pattern.includes('{competitor}') && (!pattern.includes('{brand}') || brand !== '');
  return templates
    .map((template) => template.pattern)
    .filter(fits)
    .map((pattern) => fillTemplate(pattern, role === 'brand' ? { brand: name } : { competitor: name, brand }));
}

function fillShape(shape: string, seed: ShapedSeed): string {
  const singularCore = [...seed.words.slice(0, -1), singular(seed.words[seed.words.length - 1]!)].join(' ');
  return shape
    .replace('{k1}', singularCore)
    .replace('{k}', seed.core)
    .replace('{is}', seed.isPlural ? 'are' : 'is');
}

/** "recipes" -> "recipe", "boxes" -> "box", "glass" stays. Crude, but enough to compare and agree. */
export function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (/(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}
