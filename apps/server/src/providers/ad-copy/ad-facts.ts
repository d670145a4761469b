// What an ad can say about a brief: the offer its keywords name, the business its description
// names, the place, the audience and the call to action that fits the trade. The keyword
// generator's reading of a project (`projectPhraseContext`, `phrase-quality.ts`) classifies the
// phrases; this file only picks what an ad needs from it.
import type { AdCopyBrief } from './ad-copy-writer';
import { projectPhraseContext } from '../keyword-generator/offline';
import { inputCasing, titleCase, type Casing } from './ad-text';
import { readDescription, type Detail } from './description-lists';
import { goodsSellers, hospitality, kindOfPhrase, singularPhrase, type PhraseKind } from '../keyword-generator/kinds';
import { phraseProblem, type PhraseContext } from '../keyword-generator/phrase-quality';
import { templates } from '../keyword-generator/templates';
import { businessMarks, notOffers, searchWords, takesThe } from './ad-words';

/** The kind of business, which decides the call to action ("Book Your Visit", "Shop ..."). */
export type Business =
  'care' | 'classes' | 'shop' | 'maker' | 'software' | 'trade' | 'agency' | 'legal' | 'stay' | 'dining' | 'other';

/** A phrase an ad is written about, in lower case as searched, with what it names. */
export interface Topic {
  text: string;
  kind: PhraseKind;
  /** The place the keyword named with its offer ("artisan bakery brooklyn"), as written; or "". */
  place: string;
}

export interface AdFacts {
  name: string;
  /** The city, or the country when there is no city, in Title Case; or "". */
  place: string;
  /** "in Denver", "in the United States", or "". */
  inPlace: string;
  /** "Denver", "the United States", or "". */
  placeName: string;
  /** Whether `place` is a city: a country is too wide for "Visit Us in ...". */
  isCity: boolean;
  /** Short audiences as written ("home baristas", "small cafes"), then whom the description says it is for. */
  audiences: string[];
  business: Business;
  /** What the business is, as the description says it ("family dental clinic"). */
  businessPhrase: string;
  /** Its last word, lower-cased ("clinic"). */
  businessHead: string;
  /** The business phrase names a place or a program ("clinic", "software"), not the goods it sells. */
  isBusinessNamed: boolean;
  /** The description's list of what is offered, as written ("teeth cleaning", "whitening"). */
  offers: string[];
  /** What each offer names, in the order of `offers`. */
  offerKinds: PhraseKind[];
  /** What the description says of its offers after naming them ("baked daily", "delivered in Brooklyn"). */
  details: Detail[];
  /** The keywords' own offers, most important first, without search words ("near me", "best"). */
  topics: Topic[];
  /** The description's sentences as written. */
  sentences: string[];
  /** The description mentions a free trial or a demo: only then may an ad offer one. */
  hasTrial: boolean;
  hasDemo: boolean;
  /** The description mentions takeout or delivery of food. */
  hasTakeout: boolean;
  casing: Casing;
}

const maxTopics = 12;

/**
 * Templates that wrap an offer in words the ad should not repeat ("best {p} near me", "wholesale
 * {p}" for a bakery that says nothing of wholesale), each as a pattern capturing the offer. A
 * template word the description uses ("{p} subscription" for a coffee subscription) stays.
 */
function searchWrappers(context: PhraseContext, description: string): RegExp[] {
  const slots: Record<string, string> = {
    '{city}': escape(context.city),
    '{audience}': context.audiences.map(escape).join('|'),
  };
  const described = new Set(description.toLowerCase().split(/[^\p{L}\p{N}-]+/u));
  return templates
    .filter((template) => !template.namesOffer)
    .map((template) => template.pattern)
    .filter((pattern) => /\{p1?\}/.test(pattern) && pattern !== '{p}' && !/\{(?:competitor|brand|p0)\}/.test(pattern))
    .filter((pattern) =>
      pattern
        .split(' ')
        .filter((word) => !word.startsWith('{'))
        .every((word) => searchWords.has(word) || !described.has(word)),
    )
    .filter((pattern) => Object.keys(slots).every((slot) => !pattern.includes(slot) || slots[slot]))
    .map((pattern) => {
      let source = escape(pattern);
      for (const [slot, value] of Object.entries(slots))
        // A function, so a "$" in a city is not read as a replacement pattern.
        source = source.replace(escape(slot), () => `(?:${value})`);
      return new RegExp(`^${source.replace(/\\\{p1?\\\}/, '(.+)')}$`);
    });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The offer a keyword names: "best emergency plumber near me" -> "emergency plumber". */
function topicOf(keyword: string, wrappers: readonly RegExp[], context: PhraseContext): string | null {
  const text = keyword.trim().replace(/\s+/g, ' ');
  const lower = text.toLowerCase();
  let best = lower;
  for (const wrapper of wrappers) {
    const phrase = wrapper.exec(lower)?.[1];
    if (phrase && phrase.length < best.length && phraseProblem(phrase, context) === null) best = phrase;
  }
  if (best === context.brand || best === context.city) return null;
  if (best.split(' ').some((word) => notOffers.has(word)) || phraseProblem(best, context) !== null) return null;
  // The keyword's own words, so "Nike shoes" keeps its capital: the phrase is a run of the keyword.
  const at = lower.indexOf(best);
  return text.slice(at, at + best.length);
}

/**
 * Whether the business sells goods, as the keyword generator reads it; a shop named for its work
 * ("phone repair shop") sells the work, whatever a shop usually sells.
 */
function sellsGoodsOf(businessPhrase: string, context: PhraseContext): boolean {
  const words = businessPhrase.toLowerCase().split(' ');
  const isWorkshop =
    words.length > 1 &&
    kindOfPhrase(words.at(-1)!, 'thing', false) === 'place' &&
    kindOfPhrase(words.slice(0, -1).join(' '), 'thing', false) === 'service';
  return context.sellsGoods !== false && !isWorkshop;
}

function businessOf(head: string, phrase: string, text: string, context: PhraseContext, sellsGoods: boolean): Business {
  const kind = kindOfPhrase(phrase || head, context.defaultKind);
  if (context.defaultKind === 'matter' || /\b(?:law|legal|lawyers?|attorneys?)\b/i.test(phrase)) return 'legal';
  if (kind === 'software' || context.defaultKind === 'feature') return 'software';
  if (businessMarks.stayHead.test(head)) return 'stay';
  if (hospitality.has(head)) return 'dining';
  if (businessMarks.careText.test(text)) return 'care';
  if (businessMarks.classesText.test(text) && (kind === 'place' || kind === 'service')) return 'classes';
  if (businessMarks.makerHead.test(head)) return 'maker';
  if (businessMarks.agencyHead.test(head)) return 'agency';
  if (sellsGoods && (goodsSellers.has(head) || kind === 'goods' || context.defaultKind === 'goods')) return 'shop';
  // A shop that sells no goods sells its work: "phone repair shop".
  if (kind === 'service' || kind === 'person' || context.defaultKind === 'service' || goodsSellers.has(head)) {
    return 'trade';
  }
  return 'other';
}

/**
 * What a keyword's offer names: "boutique hotel with spa" is a place, as its words before "with"
 * say; a restaurant's "neapolitan pizza" is had there, not bought to take home.
 */
function topicKind(topic: string, context: PhraseContext, business: Business): PhraseKind {
  const kind = kindOfPhrase(topic.split(' with ')[0]!, context.defaultKind);
  if (kind === 'goods' && (business === 'dining' || business === 'stay')) return 'thing';
  // An agency's "seo" or "content marketing" is work it does for a client.
  return kind === 'thing' && business === 'agency' ? 'service' : kind;
}

/** Audiences short enough for "Made for ..." ("home baristas and small cafes" is two). */
function audiencesOf(text: string): string[] {
  return text
    .split(/[,;\n]+|\s+(?:and|or|&)\s+/i)
    .map((each) =>
      each
        .trim()
        .replace(/\s+/g, ' ')
        .replace(/[.!?]+$/, ''),
    )
    .filter((each) => each && each.split(' ').length <= 4 && /^[\p{L}\p{N}]/u.test(each))
    .slice(0, 3);
}

const uniqueBy = <T>(items: readonly T[], key: (item: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
};

/** Places the description names after "in" ("delivered in Brooklyn"), as written. */
function describedPlaces(description: string): string[] {
  return [
    ...description.matchAll(/\b(?:in|across|around|throughout)\s+(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)/gu),
  ].map((match) => match[1]!);
}

/**
 * A keyword that starts or ends with a place ("artisan bakery brooklyn", "brooklyn artisan bakery",
 * "artisan bakery in brooklyn") read as its offer and the place, in the keyword's own words.
 */
function withoutPlace(keyword: string, places: readonly string[]): { offer: string; place: string } | null {
  const text = keyword.trim().replace(/\s+/g, ' ');
  const lower = text.toLowerCase();
  for (const place of places) {
    const name = place.toLowerCase();
    // Indices of the lower-case text are the keyword's only when lower-casing kept its length.
    if (lower.length <= name.length + 1 || lower.length !== text.length) continue;
    if (lower.endsWith(` ${name}`)) {
      const offer = text.slice(0, text.length - name.length - 1).replace(/\s+(?:in|near)$/i, '');
      return { offer, place };
    }
    if (lower.startsWith(`${name} `)) return { offer: text.slice(name.length + 1), place };
  }
  return null;
}

/** Reads a brief once; the writers fill their templates from this. */
export async function readAdFacts(brief: AdCopyBrief): Promise<AdFacts> {
  const { project, keywords } = brief;
  const context = await projectPhraseContext({
    name: project.name,
    productService: project.description,
    targetAudience: project.targetAudience,
    siteUrl: project.siteUrl,
    competitors: '',
    country: project.country,
    city: project.city,
    language: project.language,
  });
  const { lists, details, forWhom } = readDescription(project.description, project.name, context.verbs);
  const [first = []] = lists;
  const businessPhrase = first.at(-1) ?? '';
  const phraseHead = businessPhrase.split(' ').at(-1)?.toLowerCase() ?? '';
  const headKind = kindOfPhrase(phraseHead, context.defaultKind);
  // "Lightweight trail running shoes, hydration vests ..." lists goods; "Yoga studio with ..." is a place.
  const firstIsOffer = headKind === 'goods' || headKind === 'service';
  // A description that names only the goods leaves the business to the name: "Brooklyn Bakery".
  const nameHead = project.name.trim().split(/\s+/).at(-1)?.toLowerCase() ?? '';
  const isNamedByName = (firstIsOffer || !phraseHead) && kindOfPhrase(nameHead) === 'place';
  const head = isNamedByName ? nameHead : phraseHead;
  const offers = [...(firstIsOffer ? first : []), ...lists.slice(1).flat()].filter(
    (offer) => !/ed$/i.test(offer) && phraseProblem(offer.toLowerCase(), context) !== 'built from a verb',
  );
  const sellsGoods = sellsGoodsOf(businessPhrase, context);
  const business = businessOf(
    head,
    isNamedByName ? head : first.join(' ').toLowerCase(),
    `${project.name} ${project.description}`,
    context,
    sellsGoods,
  );
  const wrappers = searchWrappers(context, project.description);
  const topics: Topic[] = [];
  const seen = new Set<string>();
  const city = project.city.trim().replace(/\s+/g, ' ');
  const places = [city, ...describedPlaces(project.description)].filter(Boolean);
  const brand = project.name.trim().replace(/\s+/g, ' ').toLowerCase();
  for (const keyword of keywords) {
    if (topics.length >= maxTopics) break;
    const local = keyword.trim().replace(/\s+/g, ' ').toLowerCase() === brand ? null : withoutPlace(keyword, places);
    const topic = topicOf(local?.offer ?? keyword, wrappers, context);
    const key = topic && singularPhrase(topic.toLowerCase());
    if (!topic || !key) continue;
    const place = local?.place ?? '';
    if (seen.has(key)) {
      // "artisan bakery" and "artisan bakery brooklyn" are one offer, searched in a place.
      const known = topics.find((each) => singularPhrase(each.text.toLowerCase()) === key);
      if (known && !known.place) known.place = place;
      continue;
    }
    const kind = topicKind(topic.toLowerCase(), context, business);
    // A repair shop's "mobile phones" are what it works on, not what it sells: no ad is about them.
    if (kind === 'goods' && !sellsGoods) continue;
    seen.add(key);
    topics.push({ text: topic, kind, place });
  }
  const description = project.description.toLowerCase();
  const country = project.country.trim().replace(/\s+/g, ' ').replace(/^the /i, '');
  const casing = inputCasing(
    [project.city, project.country, ...keywords],
    [project.description, project.targetAudience],
    [project.name],
  );
  const place = titleCase(city || country, casing);
  const placeName = !city && takesThe.test(place) ? `the ${place}` : place;
  return {
    name: project.name.trim().replace(/\s+/g, ' '),
    place,
    placeName,
    inPlace: placeName && `in ${placeName}`,
    isCity: city !== '',
    audiences: uniqueBy([...audiencesOf(project.targetAudience), ...forWhom], (each) =>
      singularPhrase(each.toLowerCase()),
    ),
    business,
    businessPhrase,
    businessHead: head,
    isBusinessNamed: businessPhrase !== '' && !firstIsOffer,
    offers,
    offerKinds: offers.map((offer) => topicKind(offer.toLowerCase(), context, business)),
    details,
    topics: topics.map((topic) => ({ ...topic, place: topic.place && titleCase(topic.place, casing) })),
    sentences: project.description
      .split(/(?<=[.!?])\s+|\n+/)
      .map((each) => each.trim().replace(/\s+/g, ' '))
      .filter(Boolean),
    hasTrial: /\btrials?\b/.test(description),
    hasDemo: /\bdemos?\b/.test(description),
    hasTakeout: /\b(?:takeout|takeaway|take-away)\b/.test(description),
    casing,
  };
}
