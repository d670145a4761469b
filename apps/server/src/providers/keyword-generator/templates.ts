// Every shape of search the generator writes, each with the kinds of phrase it suits.

import {
  caregivers,
  consumables,
  perishables,
  goodsSellers,
  hospitality,
  isMadeToOrder,
  isTask,
  kindOfPhrase,
  qualifiers,
  serviceAcronyms,
  stays,
  type PhraseKind,
} from './kinds';
import {
  all,
  sold,
  local,
  singular,
  singularTask,
  isWorkDone,
  bookingHeads,
  isFormat,
  askable,
  unbooked,
  priced,
  notBareTrade,
  plural,
  readsBare,
  multiWord,
  soldFrom,
  namedGoods,
} from './template-conditions';
import type { PhraseContext } from './phrase-quality';
import { saidTemplates } from './said-templates';

export interface Template {
  /**
   * `{p}` is the key phrase (`{p1}` with its head singular); `{city}`, `{audience}`, `{competitor}`
   * and `{brand}` the project's; "a" before a phrase becomes "an" where it should.
   */
  pattern: string;
  /** Search intent, to spread a list across intents. */
  family: 'core' | 'commercial' | 'local' | 'audience' | 'question' | 'comparison' | 'tail' | 'brand';
  /** How much a search of this shape is worth next to the phrase alone. */
  weight: number;
  /** The kinds of phrase it reads right for. */
  kinds: readonly PhraseKind[];
  /** Extra condition on the phrase itself. */
  when?: (phrase: string, kind: PhraseKind, context?: PhraseContext) => boolean;
  /** Its words say what the business offers ("emergency {p}"), so an ad keeps them with the offer. */
  namesOffer?: true;
}

/**
 * Every shape of search the generator writes, each with the rule of where it applies. The gate
 * reads keywords against the same list, so a shape written here is a shape it accepts.
 */
export const templates: readonly Template[] = [
  { pattern: '{p}', family: 'core', weight: 1, kinds: all },
  // Commercial: choosing among offers. "buy", "deals", "brands", "for sale" and "where to buy" only
  // for goods: nobody buys a dentist or a cleaning.
  {
    pattern: 'best {p}',
    family: 'commercial',
    weight: 0.92,
    kinds: ['goods', 'service', 'software', 'person', 'place', 'thing'],
    when: notBareTrade,
  },
  { pattern: 'buy {p}', family: 'commercial', weight: 0.9, kinds: ['goods'] },
  { pattern: 'buy {p} online', family: 'commercial', weight: 0.7, kinds: ['goods'] },
  { pattern: 'where to buy {p}', family: 'question', weight: 0.65, kinds: ['goods'] },
  { pattern: '{p} for sale', family: 'commercial', weight: 0.6, kinds: ['goods'], when: namedGoods },
  { pattern: '{p1} deals', family: 'commercial', weight: 0.55, kinds: ['goods'], when: namedGoods },
  {
    pattern: '{p1} brands',
    family: 'tail',
    weight: 0.4,
    kinds: ['goods'],
    // Made to order ("custom cakes") has no brands.
    when: (phrase) => !qualifiers.has(phrase.split(' ')[0]!),
  },
  {
    pattern: 'wholesale {p}',
    family: 'tail',
    weight: 0.35,
    kinds: ['goods'],
    when: (phrase) => !isMadeToOrder(phrase),
  },
  // `{p1}` is the phrase with its head singular: "custom cake delivery".
  { pattern: '{p1} delivery', family: 'local', weight: 0.5, kinds: ['goods'] },
  { pattern: '{p} online', family: 'commercial', weight: 0.6, kinds: ['goods'] },
  { pattern: 'order {p} online', family: 'commercial', weight: 0.5, kinds: ['goods'] },
  // Price: for what is paid for by the piece or the job; software has "pricing".
  // "teeth cleaning price", "sourdough bread price"; one word alone is asked in prices ("coffee prices").
  {
    pattern: '{p} price',
    family: 'commercial',
    weight: 0.88,
    kinds: ['goods', 'service'],
    // A job done has a price ("teeth cleaning price"); "prenatal yoga price" asks what it costs.
    when: (phrase, kind) => multiWord(phrase) && (kind === 'goods' || phrase.endsWith('ing')),
  },
  { pattern: 'fresh {p}', family: 'tail', weight: 0.3, kinds: ['goods'], when: (phrase) => perishables.test(phrase) },
  { pattern: '{p1} prices', family: 'commercial', weight: 0.7, kinds: ['goods'] },
  // A service is priced by the job and booked: "eye exam prices", "book sports massage".
  {
    pattern: '{p1} prices',
    family: 'commercial',
    weight: 0.6,
    kinds: ['service'],
    when: (phrase) => multiWord(phrase) && !bookingHeads.has(phrase.split(' ').at(-1)!),
  },
  {
    pattern: 'book {p1}',
    family: 'commercial',
    weight: 0.55,
    kinds: ['service'],
    // Work one makes an appointment for, named as work ("kids corner" and "free weights" are not).
    when: (phrase) =>
      multiWord(phrase) &&
      kindOfPhrase(phrase) === 'service' &&
      !isFormat(phrase.split(' ').at(-1)!) &&
      !bookingHeads.has(phrase.split(' ').at(-1)!),
  },
  { pattern: '{p} cost', family: 'commercial', weight: 0.86, kinds: ['service', 'goods'], when: priced },
  // "cheap boutique hotel", but the amenity is what is searched in "boutique hotel with spa".
  {
    pattern: 'cheap {p}',
    family: 'commercial',
    weight: 0.8,
    kinds: sold,
    when: (phrase, kind) => !phrase.includes(' with ') && namedGoods(phrase, kind) && !soldFrom(phrase),
  },
  {
    pattern: 'affordable {p}',
    family: 'commercial',
    weight: 0.8,
    kinds: [...sold, 'software'],
    when: (phrase, kind) => !phrase.includes(' with ') && namedGoods(phrase, kind) && !soldFrom(phrase),
  },
  {
    pattern: 'top rated {p}',
    family: 'commercial',
    weight: 0.6,
    // People, places and programs are rated; "top rated teeth cleaning" is not searched.
    kinds: ['person', 'place', 'software'],
  },
  { pattern: 'best {p} online', family: 'commercial', weight: 0.5, kinds: ['goods'] },
  { pattern: 'cheap {p} online', family: 'commercial', weight: 0.4, kinds: ['goods'] },
  { pattern: 'best place to buy {p}', family: 'question', weight: 0.45, kinds: ['goods'] },
  { pattern: 'where to buy {p} near me', family: 'local', weight: 0.4, kinds: ['goods'] },
  { pattern: 'buy {p} near me', family: 'local', weight: 0.4, kinds: ['goods'] },
  { pattern: 'cheap {p} near me', family: 'local', weight: 0.4, kinds: ['goods', 'service', 'person'] },
  // Made to order ("custom cakes") is not delivered by subscription.
  {
    pattern: '{p1} subscription',
    family: 'tail',
    weight: 0.35,
    kinds: ['goods'],
    when: (phrase) => consumables.test(phrase) && !qualifiers.has(phrase.split(' ')[0]!),
  },
  { pattern: '{p1} delivery near me', family: 'local', weight: 0.35, kinds: ['goods'] },
  { pattern: '{p1} delivery {city}', family: 'local', weight: 0.35, kinds: ['goods'] },
  {
    pattern: 'bulk {p}',
    family: 'tail',
    weight: 0.3,
    kinds: ['goods'],
    when: (phrase, kind) => namedGoods(phrase, kind) && !isMadeToOrder(phrase),
  },
  { pattern: 'types of {p}', family: 'question', weight: 0.3, kinds: ['goods'], when: plural },
  { pattern: '{p1} buying guide', family: 'question', weight: 0.3, kinds: ['goods'] },
  { pattern: 'how to store {p}', family: 'question', weight: 0.25, kinds: ['goods'], when: (p) => perishables.test(p) },
  // A trade buys its supplies in bulk: "corrugated box suppliers", not "custom cake suppliers".
  {
    pattern: '{p1} suppliers',
    family: 'tail',
    weight: 0.3,
    kinds: ['goods'],
    when: (phrase, kind) => namedGoods(phrase, kind) && !isMadeToOrder(phrase),
  },
  // A traveller looks for a hotel where they go, not a "local hotel".
  {
    pattern: 'local {p}',
    family: 'local',
    weight: 0.45,
    kinds: ['goods', 'person', 'place'],
    when: (phrase, kind) => namedGoods(phrase, kind) && !stays.test(phrase),
  },
  {
    pattern: '{p} reviews',
    family: 'commercial',
    weight: 0.75,
    // A program, a person or a place is reviewed; "sourdough bread reviews" is not searched.
    kinds: ['software', 'person', 'place'],
  },
  { pattern: '{p} pricing', family: 'commercial', weight: 0.88, kinds: ['software'] },
  { pattern: 'free {p}', family: 'commercial', weight: 0.7, kinds: ['software'] },
  { pattern: '{p} free trial', family: 'commercial', weight: 0.5, kinds: ['software'] },
  { pattern: '{p} comparison', family: 'comparison', weight: 0.5, kinds: ['software'] },
  { pattern: 'online {p}', family: 'commercial', weight: 0.5, kinds: ['software'] },
  { pattern: 'easy {p}', family: 'tail', weight: 0.4, kinds: ['software'] },
  { pattern: 'simple {p}', family: 'tail', weight: 0.35, kinds: ['software'] },
  { pattern: '{p} features', family: 'tail', weight: 0.4, kinds: ['software'] },
  { pattern: '{p} demo', family: 'tail', weight: 0.35, kinds: ['software'] },
  { pattern: 'best free {p}', family: 'commercial', weight: 0.45, kinds: ['software'] },
  // A feature is searched with the kind of program that does it.
  { pattern: '{p} software', family: 'commercial', weight: 0.9, kinds: ['feature'], when: singular },
  { pattern: 'best {p} software', family: 'commercial', weight: 0.8, kinds: ['feature'], when: singular },
  { pattern: '{p} app', family: 'commercial', weight: 0.6, kinds: ['feature'], when: singular },
  // Work a program does is done online or automated ("automated invoicing"); "automated routines" is not.
  { pattern: 'online {p}', family: 'commercial', weight: 0.6, kinds: ['feature'], when: isWorkDone },
  { pattern: 'automated {p}', family: 'tail', weight: 0.4, kinds: ['feature'], when: isWorkDone },
  { pattern: '{p} tool', family: 'tail', weight: 0.45, kinds: ['feature'], when: singularTask },
  { pattern: 'free {p} software', family: 'commercial', weight: 0.5, kinds: ['feature'], when: singular },
  { pattern: 'best {p} app', family: 'commercial', weight: 0.45, kinds: ['feature'], when: singular },
  { pattern: '{p} automation', family: 'tail', weight: 0.4, kinds: ['feature'], when: singularTask },
  {
    pattern: 'how to automate {p}',
    family: 'question',
    weight: 0.35,
    kinds: ['feature'],
    when: (phrase) => isTask(phrase),
  },
  { pattern: '{p} software for {audience}', family: 'audience', weight: 0.6, kinds: ['feature'], when: singular },
  { pattern: 'best {p} software for {audience}', family: 'audience', weight: 0.5, kinds: ['feature'], when: singular },
  { pattern: '{p} software pricing', family: 'commercial', weight: 0.4, kinds: ['feature'], when: singular },
  // A trade or an agency's work is bought as "services": "landscaping services", "seo services".
  {
    pattern: '{p} services',
    family: 'commercial',
    weight: 0.8,
    kinds: ['service', 'thing'],
    // A trade's word ("plumbing") or an agency's ("seo"): "yoga services" is not how a class is found.
    when: (phrase) => /ing$/.test(phrase) || serviceAcronyms.has(phrase),
  },
  // A stay is searched for a deal: "boutique hotel deals".
  { pattern: '{p} deals', family: 'commercial', weight: 0.55, kinds: ['place'], when: (phrase) => stays.test(phrase) },
  // Local: only after a whole product or service phrase, never for software.
  // "coffee near me" finds a cafe, not a roaster's beans: one word of goods is not looked for nearby.
  {
    pattern: '{p} near me',
    family: 'local',
    weight: 0.85,
    kinds: local,
    when: (phrase, kind) => kind !== 'goods' || multiWord(phrase),
  },
  { pattern: 'best {p} near me', family: 'local', weight: 0.7, kinds: local, when: notBareTrade },
  { pattern: 'affordable {p} near me', family: 'local', weight: 0.5, kinds: ['service', 'person', 'place'] },
  {
    pattern: '{p} open now',
    family: 'local',
    weight: 0.45,
    kinds: ['person', 'place'],
    // A hotel is always open, an agency or a school is not walked into, a landscaper is not visited.
    when: (phrase, kind) =>
      kind === 'place'
        ? !/\b(?:hotels?|inn|resorts?|motel|hostel|agency|agencies|firm|office|company|consultancy|school|preschool|nursery|academy|daycare|venue)$/.test(
            phrase,
          )
        : caregivers.test(phrase),
  },
  { pattern: '{city} {p}', family: 'local', weight: 0.7, kinds: local },
  // "dentist appointment": made with a person, not for "lawn care".
  {
    pattern: '{p} appointment',
    family: 'tail',
    weight: 0.4,
    kinds: ['person'],
    when: (phrase) => caregivers.test(phrase),
  },
  // "pizza restaurant with wood-fired oven brooklyn" reads wrong: a place with an amenity takes "in {city}".
  { pattern: '{p} {city}', family: 'local', weight: 0.8, kinds: local, when: (phrase) => !phrase.includes(' with ') },
  { pattern: '{p} in {city}', family: 'local', weight: 0.75, kinds: local },
  // A shop that sends its goods across the country is searched with it: "soy candles uk".
  { pattern: '{p} {country}', family: 'local', weight: 0.6, kinds: ['goods'] },
  { pattern: 'best {p} in {city}', family: 'local', weight: 0.7, kinds: local, when: notBareTrade },
  // Audience: the product or service for the audience as written; not people or places for people.
  {
    pattern: '{p} for {audience}',
    family: 'audience',
    weight: 0.8,
    kinds: ['goods', 'service', 'software', 'feature'],
    when: unbooked,
  },
  {
    pattern: 'best {p} for {audience}',
    family: 'audience',
    weight: 0.75,
    kinds: ['goods', 'software'],
    when: unbooked,
  },
  // Questions: about a named service, program or feature; what a person or place costs is not asked so.
  {
    pattern: 'what is {p}',
    family: 'question',
    weight: 0.6,
    kinds: ['software', 'feature'],
    when: (phrase, kind) => singular(phrase) && readsBare(phrase) && (kind === 'software' || isTask(phrase)),
  },
  // A service named by its things is asked about ("what are dental implants"); "what is lawn care" is not.
  {
    pattern: 'what are {p}',
    family: 'question',
    weight: 0.3,
    kinds: ['service'],
    when: (phrase) => plural(phrase) && askable(phrase),
  },
  {
    pattern: 'how much does {p} cost',
    family: 'question',
    weight: 0.65,
    kinds: ['service', 'software'],
    when: (phrase) => singular(phrase) && multiWord(phrase) && askable(phrase) && readsBare(phrase),
  },
  {
    pattern: 'how much do {p} cost',
    family: 'question',
    weight: 0.65,
    kinds: ['service', 'goods'],
    when: (phrase) => plural(phrase) && askable(phrase),
  },
  { pattern: 'how much does a {p} cost', family: 'question', weight: 0.6, kinds: ['person'], when: singular },
  { pattern: 'how to choose {p}', family: 'question', weight: 0.55, kinds: ['software'], when: readsBare },
  {
    pattern: 'how to choose a {p}',
    family: 'question',
    weight: 0.55,
    kinds: ['person', 'place'],
    // Nobody researches how to choose a restaurant, or an emergency plumber.
    when: (phrase) =>
      singular(phrase) &&
      askable(phrase) &&
      !hospitality.has(phrase.split(' ').at(-1)!) &&
      !goodsSellers.has(phrase.split(' ').at(-1)!),
  },
  { pattern: 'how to use {p}', family: 'question', weight: 0.45, kinds: ['software'], when: readsBare },
  { pattern: 'how to do {p}', family: 'question', weight: 0.4, kinds: ['feature'], when: (phrase) => isTask(phrase) },
  // A law practice is searched for by the matter and the lawyer: "car accident lawyer" (`{p0}` drops "claims").
  { pattern: '{p0} lawyer', family: 'commercial', weight: 0.95, kinds: ['matter'] },
  { pattern: '{p0} attorney', family: 'commercial', weight: 0.85, kinds: ['matter'] },
  { pattern: 'best {p0} lawyer', family: 'commercial', weight: 0.8, kinds: ['matter'] },
  { pattern: '{p0} lawyer near me', family: 'local', weight: 0.85, kinds: ['matter'] },
  { pattern: '{p0} attorney near me', family: 'local', weight: 0.7, kinds: ['matter'] },
  { pattern: '{p0} lawyer {city}', family: 'local', weight: 0.8, kinds: ['matter'] },
  { pattern: '{p0} lawyer in {city}', family: 'local', weight: 0.7, kinds: ['matter'] },
  { pattern: 'how much does a {p0} lawyer cost', family: 'question', weight: 0.55, kinds: ['matter'] },
  { pattern: 'do i need a {p0} lawyer', family: 'question', weight: 0.5, kinds: ['matter'] },
  // "free car accident consultation"; a matter's last word alone ("free accident consultation") says too little.
  { pattern: 'free {p0} consultation', family: 'commercial', weight: 0.5, kinds: ['matter'], when: multiWord },
  // A problem is searched for its treatment and for the person who treats it (`{agent}`, the
  // business's people): "back pain treatment", "sports injury physiotherapist".
  { pattern: '{p1} treatment', family: 'commercial', weight: 0.9, kinds: ['problem'] },
  { pattern: '{p1} {agent}', family: 'commercial', weight: 0.85, kinds: ['problem'] },
  { pattern: '{agent} for {p}', family: 'commercial', weight: 0.8, kinds: ['problem'] },
  { pattern: '{p1} treatment {city}', family: 'local', weight: 0.8, kinds: ['problem'] },
  { pattern: '{p1} {agent} {city}', family: 'local', weight: 0.75, kinds: ['problem'] },
  { pattern: '{p1} treatment near me', family: 'local', weight: 0.75, kinds: ['problem'] },
  { pattern: '{p1} {agent} near me', family: 'local', weight: 0.7, kinds: ['problem'] },
  { pattern: 'best {agent} for {p}', family: 'commercial', weight: 0.6, kinds: ['problem'] },
  { pattern: '{p1} specialist', family: 'tail', weight: 0.5, kinds: ['problem'] },
  // Competitors: compared with the project by name, or searched for a way out.
  { pattern: '{competitor} alternative', family: 'comparison', weight: 0.8, kinds: all },
  { pattern: '{competitor} alternatives', family: 'comparison', weight: 0.75, kinds: all },
  { pattern: 'best {competitor} alternative', family: 'comparison', weight: 0.7, kinds: all },
  { pattern: '{competitor} competitors', family: 'comparison', weight: 0.6, kinds: all },
  { pattern: '{competitor} vs {brand}', family: 'comparison', weight: 0.75, kinds: all },
  // The project's own name: searched alone or for reviews.
  { pattern: '{brand}', family: 'brand', weight: 0.7, kinds: all },
  { pattern: '{brand} reviews', family: 'brand', weight: 0.6, kinds: all },
  ...saidTemplates,
];
