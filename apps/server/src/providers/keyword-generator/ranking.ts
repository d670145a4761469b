// Candidates from the key phrases and the templates, then a pick for relevance and variety.

import { type ProjectReading, everyone } from './offers';
import { createPhraseGate } from './phrase-quality';
import { fillTemplate, glueWords, kindOfPhrase, singularPhrase } from './kinds';
import { maxCorePhrases, tokenize } from './read-description';
import { stemmer } from 'stemmer';
import { templates } from './templates';

export interface Candidate {
  text: string;
  /** The template; repeating one reads as a pattern, so it costs too. */
  modifier: string;
  /** The phrase (or competitor) it is built on; repeating one costs relevance. */
  core: string;
  /** The template family it comes from; repeating one costs relevance too. */
  family: string;
  score: number;
}

export const looseWordTemplates = new Set(['{p} services', '{p} {city}', '{city} {p}']);
export const priceHunts = new Set(['cheap {p}', 'affordable {p}', 'top rated {p}']);

export function candidates(reading: ProjectReading, rejected: GateRejection[] = []): Candidate[] {
  const { phrases, context, isHospitality, businessHead } = reading;
  const makesByHand = /^(?:handmade|custom|bespoke|hand-made|custom-made)\b/.test(reading.businessPhrase);
  const makesOwnGoods = reading.makesOwnGoods || makesByHand;
  const cores = phrases.slice(0, maxCorePhrases);
  const top = cores[0]?.score ?? 1;
  const list: Candidate[] = [];
  const slotsReady = (pattern: string) =>
    (!pattern.includes('{city}') || context.city) && (!pattern.includes('{audience}') || context.audiences.length);

  // An audience that shares a word with a phrase ("office managers", "office catering") shops for that
  // one, which says it already; "for homeowners" or "for families" is everyone, and nobody searches so.
  const audienceStems = new Set(context.audiences.flatMap((audience) => audience.split(' ').map(singularPhrase)));
  const audienceQualifiers = new Set(context.audiences.flatMap((audience) => audience.split(' ').slice(0, -1)));
  const isTied = cores.some((core) => core.words.some((word) => audienceQualifiers.has(word)));
  const audienceFits = !isTied && !context.audiences.some((audience) => everyone.has(audience));
  for (const phrase of cores) {
    const p = phrase.text;
    const relevance = phrase.score / top;
    const ownKind = kindOfPhrase(p, context.defaultKind);
    const kind = isHospitality && ownKind === 'goods' ? 'thing' : ownKind;
    for (const template of templates) {
      if (!/\{p[01]?\}/.test(template.pattern) || !template.kinds.includes(kind) || !slotsReady(template.pattern))
        continue;
      if (template.when && !template.when(p, kind)) continue;
      // One word the generator cannot place ("seo", "yoga") is searched with its city or as services, no more.
      if (ownKind === 'thing' && phrase.words.length === 1 && !looseWordTemplates.has(template.pattern)) continue;
      // A bakery sells what it bakes, a leather maker what it makes by hand: no brands to compare,
      // nothing sold in bulk (a maker by hand sells no wholesale either).
      if (makesOwnGoods && (template.pattern.endsWith(' brands') || template.pattern.startsWith('bulk '))) continue;
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
      if (isAdvice && !context.city && kind === 'service') continue;
      // Without a city the business sells farther than "near me": a shop's goods and an agency's work.
      if (template.family === 'local' && !context.city && (kind === 'goods' || kind === 'service')) continue;
      const audiences = template.pattern.includes('{audience}') ? context.audiences : [''];
      audiences.forEach((audience, rank) => {
        const text = fillTemplate(template.pattern, { p, city: context.city, audience });
        const score = relevance * template.weight * 0.9 ** rank;
        list.push({ text, core: p, family: template.family, modifier: template.pattern, score });
      });
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
      list.push({ text, core, family: template.family, modifier: template.pattern, score: 0.75 * template.weight });
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
