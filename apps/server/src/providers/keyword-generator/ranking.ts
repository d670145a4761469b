// Candidates from the key phrases and the templates, then a pick for relevance and variety.

import { type ProjectReading } from './offers';
import { everyone, isShopWord } from './business-words';
import { createPhraseGate } from './phrase-quality';
import { fillTemplate, genericHeads, glueWords, hospitality, kindOfPhrase, singularPhrase } from './kinds';
import { maxCorePhrases } from './read-description';
import { tokenize } from './tag-words';
import { stemmer } from 'stemmer';
import { bookingHeads } from './template-conditions';
import { templates } from './templates';
import { tiers, type Tier } from './offer-forms';

export interface Candidate {
  text: string;
  /** The template; repeating one reads as a pattern, so it costs too. */
  modifier: string;
  /** The phrase (or competitor) it is built on; repeating one costs relevance. */
  core: string;
  /** The template family it comes from; repeating one costs relevance too. */
  family: string;
  score: number;
  /** How far from the description it is: the pick takes a tier only when the nearer ones run out. */
  tier: Tier;
}

const looseWordTemplates = new Set(['{p} services', '{p} {city}', '{city} {p}']);
const priceHunts = new Set(['cheap {p}', 'affordable {p}', 'top rated {p}']);
/** Searches of one shopper for oneself, never a trade buyer's. */
const retailSearches = new Set([
  'buy {p}',
  'buy {p} online',
  'best {p}',
  'cheap {p}',
  'affordable {p}',
  '{p} online',
  'order {p} online',
  '{p1} subscription',
  '{p1} buying guide',
  '{p1} deals',
  '{p} for sale',
  'where to buy {p}',
  'best {p} online',
  'cheap {p} online',
  'best place to buy {p}',
  'buy {p} near me',
  'cheap {p} near me',
  'where to buy {p} near me',
]);

export function candidates(reading: ProjectReading, rejected: GateRejection[] = []): Candidate[] {
  const { phrases, context, isHospitality, businessHead } = reading;
  const makesByHand = /^(?:handmade|custom|bespoke|hand-made|custom-made)\b/.test(reading.businessPhrase);
  const makesOwnGoods = reading.makesOwnGoods || makesByHand;
  // The description's own phrases first; the forms that widen the pool come after them.
  const cores = [
    ...phrases.filter((phrase) => phrase.tier === tiers.own).slice(0, maxCorePhrases),
    ...phrases.filter((phrase) => phrase.tier !== tiers.own).slice(0, maxCorePhrases),
  ];
  const top = cores[0]?.score ?? 1;
  const list: Candidate[] = [];
  const sellsWholesale = /\bwholesale\b/.test(reading.businessPhrase) || /\bsuppliers?$/.test(reading.businessPhrase);
  const placeWords = reading.businessPhrase.split(' ');
  const agents = context.agents ?? [];
  const slotsReady = (pattern: string) =>
    (!pattern.includes('{city}') || context.city) &&
    (!pattern.includes('{country}') || context.country) &&
    (!pattern.includes('{audience}') || context.audiences.length) &&
    (!pattern.includes('{agent}') || agents.length);

  // An audience that shares a word with a phrase ("office managers", "office catering") shops for that
  // one, which says it already; "for homeowners" or "for families" is everyone, and nobody searches so.
  const audienceStems = new Set(context.audiences.flatMap((audience) => audience.split(' ').map(singularPhrase)));
  const audienceQualifiers = new Set(context.audiences.flatMap((audience) => audience.split(' ').slice(0, -1)));
  const isTied = cores.some((core) => core.words.some((word) => audienceQualifiers.has(word)));
  const audienceFits = !isTied && !context.audiences.some((audience) => everyone.has(audience));
  for (const phrase of cores) {
    // A venue's or a service's things are not hunted for by their broad name ("cod" of a chip shop).
    if (phrase.tier === tiers.broader && context.sellsGoods === false) continue;
    const p = phrase.text;
    const relevance = phrase.score / top;
    const ownKind = kindOfPhrase(p, context.defaultKind);
    const kind = isHospitality && ownKind === 'goods' ? 'thing' : ownKind;
    for (const template of templates) {
      if (!/\{p[01]?\}/.test(template.pattern) || !template.kinds.includes(kind) || !slotsReady(template.pattern))
        continue;
      if (template.when && !template.when(p, kind, context)) continue;
      // "book book club": a template's own word in the phrase says it twice.
      const templateWords = template.pattern.split(' ').filter((word) => !word.startsWith('{'));
      if (templateWords.some((word) => phrase.words.some((own) => own === word || own === `${word}s`))) continue;
      // One word the generator cannot place ("seo", "yoga") is searched with its city or as services, no more.
      // "seo" of an SEO agency is no service to buy cheap; "accident" of a law firm is a matter all the same.
      // Nor is a hotel's "breakfast" or a chip shop's "haddock" hunted alone ("best breakfast"); what a
      // pizza restaurant is named for is ("best pizza"), but not the "breakfast" of "bed and breakfast".
      const namesPlace = placeWords.includes(p) && !placeWords.some((word) => glueWords.has(word));
      const isServedThere = isHospitality && ownKind === 'goods' && !namesPlace;
      const isUnplaced = ownKind === 'thing' || isServedThere || (kindOfPhrase(p) === 'thing' && ownKind !== 'matter');
      if (isUnplaced && phrase.words.length === 1 && !looseWordTemplates.has(template.pattern)) continue;
      // "design" of a designer or "care" of a clinic says too little to search with a modifier.
      if (phrase.words.length === 1 && genericHeads.has(p)) continue;
      // A bakery sells what it bakes, a leather maker what it makes by hand: no brands to compare,
      // nothing sold in bulk (a maker by hand sells no wholesale either).
      if (makesOwnGoods && (template.pattern.endsWith(' brands') || template.pattern.startsWith('bulk '))) continue;
      // "cheap emergency appointments": how a service is booked is not what is priced or rated.
      const isBooking = bookingHeads.has(phrase.words.at(-1)!);
      if (isBooking && (priceHunts.has(template.pattern) || template.pattern === 'best {p}')) continue;
      // A wholesaler's bread is bought by the trade: no "buy bread", "bread subscription" or "best bread".
      if (sellsWholesale && retailSearches.has(template.pattern)) continue;
      if (makesByHand && (template.pattern.startsWith('wholesale ') || template.pattern.endsWith(' suppliers')))
        continue;
      // A restaurant's beer or a hotel's bar is had there: not hunted for a price apart from the place.
      if (isHospitality && priceHunts.has(template.pattern) && !phrase.words.includes(businessHead)) continue;
      if (template.family === 'audience' && !audienceFits) continue;
      if (template.family === 'audience' && phrase.words.some((word) => audienceStems.has(singularPhrase(word)))) {
        continue;
      }
      // An agency's "best blog writing" reads as advice, and its work is quoted, not priced.
      const isAdvice = template.pattern === 'best {p}' || template.pattern === '{p} price';
      if (isAdvice && !context.city && kind === 'service' && !reading.isVisitedOrVisiting) continue;
      // "book" is for work done where the business is or where it comes, not an agency's or an app's.
      if (template.pattern === 'book {p1}' && !reading.isVisitedOrVisiting) continue;
      // Without a city the business sells farther than "near me": a shop's goods and an agency's work.
      // A clinic's, a cleaner's or a driving school's work is had nearby: "eye exams near me".
      const isLocalWork = kind === 'service' && reading.isVisitedOrVisiting;
      // A shop that sends its goods across the country is searched with the country instead.
      const isCountrywide = template.pattern.includes('{country}');
      const isNearby = (kind === 'goods' || kind === 'service') && !isLocalWork && !isCountrywide;
      if (template.family === 'local' && !context.city && isNearby) continue;
      const audiences = template.pattern.includes('{audience}') ? context.audiences : [''];
      const people = template.pattern.includes('{agent}') ? agents.slice(0, 2) : [''];
      const fillings = audiences.flatMap((audience) => people.map((agent) => ({ audience, agent })));
      fillings.forEach(({ audience, agent }, rank) => {
        const text = fillTemplate(template.pattern, {
          p,
          city: context.city,
          country: context.country,
          audience,
          agent,
        });
        const score = relevance * template.weight * 0.9 ** rank;
        list.push({ text, core: p, family: template.family, modifier: template.pattern, score, tier: phrase.tier });
      });
    }
  }

  // A "boutique hotel" in Montreal is found as a "hotel montreal" too: a place to stay or eat is searched by
  // its broad name with the city, never alone or at a price ("cheap hotel" is every hotel's).
  // So is an "independent bookshop" a "bookshop hobart": one word WordNet files under shop.
  const isShop = !genericHeads.has(businessHead) && isShopWord(businessHead);
  // A "craft brewery and taproom" is a "brewery asheville": a place named with a bar is one to visit.
  const isVisited =
    hospitality.has(businessHead) ||
    (isHospitality && kindOfPhrase(businessHead) === 'place' && !genericHeads.has(businessHead));
  if (context.city && placeWords.length > 1 && (isVisited || isShop)) {
    for (const [pattern, score] of [
      ['{p} {city}', 0.5],
      ['{city} {p}', 0.45],
    ] as const) {
      const text = fillTemplate(pattern, { p: businessHead, city: context.city });
      list.push({ text, core: businessHead, family: 'local', modifier: pattern, score, tier: tiers.broader });
    }
  }

  const named = templates.filter((template) => !/\{p[01]?\}/.test(template.pattern));
  for (const template of named) {
    const needsCompetitor = template.pattern.includes('{competitor}');
    if (template.pattern.includes('{brand}') && !context.brand) continue;
    for (const competitor of needsCompetitor ? context.competitors : ['']) {
      if (competitor && competitor === context.brand) continue;
      const text = fillTemplate(template.pattern, { competitor, brand: context.brand });
      const core = needsCompetitor ? `competitor:${competitor}` : 'brand';
      const score = 0.75 * template.weight;
      list.push({ text, core, family: template.family, modifier: template.pattern, score, tier: tiers.own });
    }
  }
  const isSearchable = createPhraseGate(context);
  return list.filter((candidate) => {
    const reason = isSearchable(candidate.text);
    if (reason !== null) rejected.push({ keyword: candidate.text, reason });
    return reason === null;
  });
}

/** A candidate the phrase gate turned away, and why. */
export interface GateRejection {
  keyword: string;
  reason: string;
}

/** The keywords of a run, with what the gate turned away on the way (for the quality report). */
export interface ExplainedKeywords {
  keywords: string[];
  /** Fewer keywords than asked fit the description at the asked length. */
  exhausted: boolean;
  rejected: GateRejection[];
}

/** Two keywords with the same signature say the same thing (word order, plurals, glue words). */
export function signature(keyword: string): string {
  return [
    ...new Set(
      tokenize(keyword)
        .filter((word) => !glueWords.has(word))
        .map((word) => stemmer(word)),
    ),
  ]
    .sort()
    .join(' ');
}

const isCompetitorSearch = (candidate: Candidate) => candidate.core.startsWith('competitor:');

/**
 * Greedy pick: relevance, discounted for each earlier pick of the same phrase, template or family.
 * The nearest tier is used up before the next is opened (see `tiers`), and competitor searches
 * are at most a fifth of the run: the business's own offer comes first.
 */
export function pickKeywords(pool: readonly Candidate[], count: number): string[] {
  const coreUse = new Map<string, number>();
  const familyUse = new Map<string, number>();
  const modifierUse = new Map<string, number>();
  const picked: string[] = [];
  const taken = new Array<boolean>(pool.length).fill(false);
  const competitorCap = Math.floor(count / 5);
  let competitorSearches = 0;
  const competitorTexts = new Set<string>();
  for (let tier: number = tiers.own; tier <= tiers.broader && picked.length < count; tier++) {
    while (picked.length < count) {
      let bestIndex = -1;
      let bestValue = -Infinity;
      for (let i = 0; i < pool.length; i++) {
        const candidate = pool[i]!;
        // The pool is sorted by score, so nothing after this can beat the best found.
        if (candidate.score <= bestValue) break;
        if (taken[i] || candidate.tier > tier) continue;
        if (isCompetitorSearch(candidate) && competitorSearches >= competitorCap) continue;
        const value =
          candidate.score *
          0.75 ** (coreUse.get(candidate.core) ?? 0) *
          0.85 ** (familyUse.get(candidate.family) ?? 0) *
          0.7 ** (modifierUse.get(candidate.modifier) ?? 0);
        if (value > bestValue) {
          bestValue = value;
          bestIndex = i;
        }
      }
      if (bestIndex < 0) break;
      const chosen = pool[bestIndex]!;
      taken[bestIndex] = true;
      picked.push(chosen.text);
      if (isCompetitorSearch(chosen)) {
        competitorSearches++;
        competitorTexts.add(chosen.text);
      }
      coreUse.set(chosen.core, (coreUse.get(chosen.core) ?? 0) + 1);
      familyUse.set(chosen.family, (familyUse.get(chosen.family) ?? 0) + 1);
      modifierUse.set(chosen.modifier, (modifierUse.get(chosen.modifier) ?? 0) + 1);
    }
  }
  // A fifth of what is delivered, too: a short run is not half comparisons.
  const own = picked.filter((text) => !competitorTexts.has(text));
  const allowed = Math.floor(own.length / 4);
  let kept = 0;
  return picked.filter((text) => !competitorTexts.has(text) || kept++ < allowed);
}
