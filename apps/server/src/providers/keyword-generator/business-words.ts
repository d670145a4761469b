// Words and small rules about a business as a whole: its names, who it serves, its trade's people.

import { loadLexicon } from '../lexicon/lexicon';
import { audienceHeads, glueWords, goodsSellers, hospitality, isPluralPhrase, kindOfPhrase } from './kinds';
import { isFormat } from './template-conditions';

function siteWords(siteUrl: string): string {
  const host = siteUrl
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .split(/[/?#]/)[0]!
    .replace(/^www\./i, '');
  const labels = host.split('.');
  return labels
    .slice(0, Math.max(1, labels.length - 1))
    .join(' ')
    .replace(/[-_]/g, ' ');
}

/** A web address rather than a name: "rover.com", "https://wag.co/", "www.care.com". */
const isAddress = (text: string) => /^(?:[a-z]+:\/\/|www\.)/i.test(text) || /^[\w-]+(?:\.[\w-]+)+\/?$/.test(text);

export function competitorNames(competitors: string): string[] {
  const names = competitors
    .split(/[,;\n]+/)
    // "rover.com" is Rover; "St. James's Place" is a name with a full stop in it.
    .map((name) =>
      isAddress(name.trim()) ? siteWords(name.trim()) : name.replace(/['’]s\b/g, '').replace(/[.'’_-]/g, ' '),
    )
    .map((name) => name.toLowerCase().replace(/\s+/g, ' ').trim())
    .filter((name) => name && name.split(' ').length <= 3);
  return [...new Set(names)].slice(0, 5);
}

export const clean = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

export const everyone = new Set(
  'homeowners families family parents adults individuals people everyone locals residents couples customers clients'.split(
    ' ',
  ),
);
const serviceModes = new Set(['takeout', 'takeaway', 'delivery', 'catering', 'reservations', 'brunch']);
export const personQualifiers = new Set([
  'emergency',
  'family',
  'commercial',
  'mobile',
  'certified',
  'licensed',
  'cosmetic',
  'pediatric',
]);
/** Trades named by an adjective, which WordNet links to no person: "family dental clinic" -> "family dentist". */
export const tradeAdjectives = new Map([
  ['dental', 'dentist'],
  ['electrical', 'electrician'],
]);
/** A word WordNet knows as an adjective that names no kind of thing ("vegan", "organic"). */
export function isDescriptive(word: string): boolean {
  return (
    loadLexicon().partsOfSpeech(word).includes('adjective') &&
    kindOfPhrase(word, 'thing', false) === 'thing' &&
    !word.endsWith('ing')
  );
}

/** A word after a trade that says the trade is the business's: a place, a person or its work. */
export function namesWork(word: string): boolean {
  const kind = kindOfPhrase(word, 'thing', false);
  return kind === 'place' || kind === 'person' || (kind === 'service' && !isFormat(word) && !guidedHeads.has(word));
}

/** What a guide leads: the "cycling" of "cycling tours" is the customer's, the business is no cyclist. */
const guidedHeads = new Set(['tour', 'tours', 'trip', 'trips', 'excursion', 'excursions', 'holiday', 'holidays']);

/** Places that sell their work, not goods: searched by the work too. */
export const workPlaces = new Set(['agency', 'agencies', 'firm', 'consultancy']);
export const makers = new Set(['bakery', 'bakeries', 'roastery', 'brewery', 'winery', 'florist', 'kitchen']);

/** A word people use mostly to describe ("cosy", "rustic"), by WordNet's counts; never "dog" or "coffee". */
export function isAdjectiveWord(word: string): boolean {
  const lexicon = loadLexicon();
  const asAdjective = lexicon.familiarity(word, 'adjective');
  const parts = lexicon.partsOfSpeech(word);
  return parts.includes('adjective') && (!parts.includes('noun') || asAdjective >= lexicon.familiarity(word, 'noun'));
}

/**
 * What a hotel or restaurant has, as searched: "hotel with rooftop bar", "pizza takeout" (a way of
 * being served goes with the food), "rooftop bar" (a place of its own), "spa hotel" (one word).
 */
export function amenityPhrases(
  businessWords: readonly string[],
  amenities: ReadonlyArray<readonly string[]>,
  droppable: ReadonlySet<string>,
): Array<[words: string[], factor: number]> {
  const found: Array<[string[], number]> = [];
  const head = businessWords[businessWords.length - 1]!;
  // "bed and breakfast with cooked breakfast": the place as it is named, without its qualifiers.
  const placeName = businessWords.some((word) => glueWords.has(word))
    ? businessWords.slice(businessWords.findIndex((word) => !droppable.has(word)))
    : businessWords.slice(-2);
  for (const amenity of amenities) {
    const isMode = amenity.length === 1 && serviceModes.has(amenity[0]!) && businessWords.length > 1;
    found.push([isMode ? [...businessWords.slice(-2, -1), ...amenity] : [...placeName, 'with', ...amenity], 1]);
    if (isMode) continue;
    if (amenity.length > 1) {
      if (kindOfPhrase(amenity.join(' ')) === 'place') found.push([[...amenity], 0.7]);
    } else if (kindOfPhrase(head) === 'place' && !amenity[0]!.endsWith('ing') && !isPluralPhrase(amenity[0]!)) {
      found.push([[...amenity, head], 0.6]);
    }
  }
  return found;
}

/** A "box" or a "kit" holds the goods: "Green Thumb Box" and a "subscription box" sell no boxes. */
export function isContainer(word: string): boolean {
  return loadLexicon().broaderTerms(word).includes('container');
}

/** A restaurant, a hotel, or what WordNet files under one: a "coffee shop" serves its coffee and cakes there. */
export function isEatery(business: string): boolean {
  const words = business.split(' ');
  const head = words.at(-1) ?? '';
  const lexicon = loadLexicon();
  // A "fish and chip shop" or a "kebab shop" sells a dish: eaten there or taken away, not goods to compare.
  const dish = words.slice(0, -1).join(' ');
  const sellsADish =
    goodsSellers.has(head) && !!dish && [dish, `${dish}s`].some((name) => lexicon.broaderTerms(name).includes('dish'));
  // A "taproom" is a bar by another name.
  const isCalledSo = (term: string) => hospitality.has(term);
  return (
    sellsADish ||
    hospitality.has(head) ||
    lexicon.broaderTerms(business).some(isCalledSo) ||
    lexicon.synonyms(head).some(isCalledSo)
  );
}

/** Word classes of what a clinic or a salon treats or makes: conditions, body parts, things, acts, documents. */
const workClasses = new Set([
  'noun.body',
  'noun.state',
  'noun.artifact',
  'noun.food',
  'noun.substance',
  'noun.act',
  'noun.possession',
  'noun.communication',
]);

/**
 * A thing a place or a person is "for" that names what it does, by WordNet's class of its head: "ingrown
 * toenails", "tax returns", "pad thai", or one word WordNet does not know ("balayage"). Never an occasion,
 * a group or a time ("special occasions", "large groups", "all ages"), nor one common word ("weddings", "lockouts").
 */
export function isOfferedThing(words: readonly string[]): boolean {
  const lexicon = loadLexicon();
  // "for small restaurants", "for small brands": whom the work is for.
  const kind = kindOfPhrase(words.join(' '), 'thing', false);
  if (kind === 'place' || kind === 'person' || audienceHeads.has(words.at(-1)!)) return false;
  const isUnknown = (word: string) =>
    /^[a-z]{4,}$/.test(word) && lexicon.nounBase(word) === null && lexicon.partsOfSpeech(word).length === 0;
  if (words.length === 1) return isUnknown(words[0]!);
  const [first] = lexicon.nounCategories(words.join(' '));
  return first === undefined ? isUnknown(words.at(-1)!) : workClasses.has(first);
}

/** A one-word name WordNet files under shop: a "bookshop", a "bakery", a "barbershop". */
export function isShopWord(word: string): boolean {
  return word !== 'shop' && loadLexicon().broaderTerms(word).includes('shop');
}

/**
 * A restaurant named by its people's cuisine is searched for the food, and for the way it is served when
 * the text offers it: "thai restaurant" -> "thai food", "thai takeaway". The cuisine is a word WordNet knows
 * as an adjective and as a people ("thai", "italian"), never "family-run" or "neighbourhood".
 */
export function cuisineForms(businessWords: readonly string[], text: string): string[][] {
  const cuisine = businessWords.at(-2);
  if (!cuisine || !isEatery(businessWords.join(' '))) return [];
  const lexicon = loadLexicon();
  const isPeople = lexicon.nounCategories(cuisine)[0] === 'noun.person';
  if (!isPeople || !lexicon.partsOfSpeech(cuisine).includes('adjective')) return [];
  const served = ['takeaway', 'takeout', 'delivery'].filter((way) => new RegExp(`\\b${way}\\b`, 'i').test(text));
  return [[cuisine, 'food'], ...served.map((way) => [cuisine, way])];
}

/**
 * Countries as people shorten them in a search ("candles uk"); any other by its own name, in two words at most.
 * Americans do not add their country ("coffee usa").
 */
const countryShortNames = new Map([
  ['united kingdom', 'uk'],
  ['great britain', 'uk'],
  ['new zealand', 'nz'],
]);

export function countrySearched(country: string): string | undefined {
  const name = clean(country);
  if (/^(?:united states|usa|us|america)/.test(name)) return undefined;
  const short = countryShortNames.get(name);
  return short ?? (name && name.split(' ').length <= 2 ? name : undefined);
}
