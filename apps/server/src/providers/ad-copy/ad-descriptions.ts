// The offline writer's descriptions: sentences from the keywords, the description's own words, the
// place, the audience and a call to action.
import type { AdFacts, Business, Topic } from './ad-facts';
import { byRank, isLocal, isNamedFor, isServing, isVisited, type Groups } from './ad-groups';
import { asWritten, listOf, sentence, withArticle, withCount } from './ad-text';
import { isPluralPhrase, kindOfPhrase, matterOf, singularPhrase } from '../keyword-generator/kinds';

/** What a person is asked to do next, as a sentence; the first may end in "!". */
function descriptionActions(facts: AdFacts): Array<string | null> {
  const { name } = facts;
  switch (facts.business) {
    case 'care':
      return ['Book your visit today!', `Book an appointment with ${name} today.`];
    case 'classes':
      return ['Book your first class today!', `Join a class at ${name} today.`];
    case 'shop':
      return ['Order yours today!', `Shop ${name} today and find the right fit.`];
    case 'maker':
      return ['Place your order today!', `Order from ${name} today.`];
    case 'software':
      return [
        facts.hasTrial ? 'Start your free trial today!' : `See how ${name} works today!`,
        facts.hasDemo ? `Book a demo of ${name} today.` : null,
        `Get started with ${name} today.`,
      ];
    case 'trade':
      return ['Request a quote today!', `Contact ${name} today for a quote.`];
    case 'agency':
      return ['Talk to our team today!', `Tell ${name} about your project today.`];
    // A law firm's reader may be hurt or worried: no exclamation.
    case 'legal':
      return ['Talk to a lawyer today.', `Tell ${name} about your case today.`];
    case 'stay':
      return ['Book your stay today!', `Book your stay at ${name} today.`];
    case 'dining':
      return ['Visit us today!', facts.hasTakeout ? `Order takeout from ${name} today.` : null];
    case 'other':
      return ['Get in touch today!', `Contact ${name} today to learn more.`];
  }
}

const audienceDescription: Record<Business, string> = {
  care: '{name} cares for {a}{in}.',
  classes: '{name} runs classes for {a}{in}.',
  shop: 'Made for {a}, by {name}.',
  maker: 'Made for {a}, by {name}.',
  software: '{name} is built for {a}.',
  trade: '{name} serves {a}{in}.',
  agency: '{name} works with {a}.',
  legal: '{name} helps {a}{in}.',
  stay: 'A stay made for {a}, at {name}.',
  dining: '{name} welcomes {a}{in}.',
  other: '{name} is made for {a}.',
};

export function descriptionGroups(facts: AdFacts): Groups {
  const text = (phrase: string) => asWritten(phrase, facts.casing);
  const say = (line: string) => sentence(line, facts.casing);
  const { name, inPlace, isCity, business } = facts;
  const local = isLocal(business);
  // "Brooklyn Bakery in Brooklyn" says the place twice.
  const at = local && inPlace && !isNamedFor(facts) ? ` ${inPlace}` : '';
  const audiences = facts.audiences.map(text);
  /** A phrase to start a sentence with: "Sourdough bread", but "iPhone cases". */
  const lead = (phrase: string) => sentence(phrase, facts.casing, '');

  const keywordLines = (topic: Topic): Array<string | null> => {
    const t = text(topic.text);
    const one = text(singularPhrase(topic.text));
    const a = audiences[0];
    // The place the keyword was searched with, else the project's.
    const where = topic.place ? ` in ${topic.place}` : at;
    switch (topic.kind) {
      case 'goods': {
        // Each keyword starts on a different template, so the ad does not say "Shop X from Y." of each.
        const details = detailsOf(topic, facts).map((detail) => `${lead(t)} ${text(detail)}, from ${name}.`);
        const lines = [
          business === 'maker' ? `Order ${t} from ${name} today.` : `Shop ${t} from ${name}.`,
          a ? `${lead(t)} for ${a}, from ${name}.` : null,
          `Looking for ${t}? ${name} has you covered.`,
          `Find ${t} at ${name}${at}.`,
          a ? `Find ${t} made for ${a}.` : null,
        ].filter((line) => line !== null);
        const turn = facts.topics.indexOf(topic) % lines.length;
        // What the description says of the offer first: the owner's own facts read best.
        return [...details, ...lines.slice(turn), ...lines.slice(0, turn)];
      }
      case 'service':
        return [
          business === 'care'
            ? `Book ${t} with ${name}${at}.`
            : business === 'trade'
              ? `Need ${t}? Request a quote from ${name} today.`
              : business === 'classes'
                ? `Discover ${t} at ${name}${at}.`
                : business === 'agency'
                  ? `Work with ${name} on ${t}.`
                  : `Get ${t} from ${name}${at}.`,
          `${name} offers ${withCount(t, topic.kind)}${at}.`,
          a ? `${name} offers ${withCount(t, topic.kind)} for ${a}.` : null,
        ];
      case 'person':
        return [
          where ? `Looking for ${withArticle(one)}${where}? ${name} is here to help.` : null,
          `Need ${withArticle(one)}? Contact ${name} today.`,
        ];
      case 'place':
        // "your boutique hotel" names the business; its "rooftop bar" is a place inside it.
        return !singularPhrase(topic.text.toLowerCase().split(' with ')[0]!).endsWith(
          singularPhrase(facts.businessHead),
        )
          ? [`Enjoy the ${one} at ${name}.`]
          : isVisited(business)
            ? [
                `Visit ${name}, your ${countedWith(one)}${where}.`,
                where ? `Looking for ${withArticle(countedWith(one))}${where}? Visit ${name}.` : null,
              ]
            : [a ? `${name} is ${withArticle(one)} for ${a}.` : `${name} is ${withArticle(one)}.`];
      case 'software':
        return [`Discover ${t} from ${name}.`, a ? `${capital(t)} built for ${a}, from ${name}.` : null];
      case 'feature':
        return [`Take care of ${t} with ${name}.`, `Handle ${t} in ${name}.`];
      case 'problem':
        return [`Get help with ${t} from ${name}${at}.`, `${name} treats ${t}${at}.`];
      case 'matter':
        return [
          `Need ${withArticle(text(matterOf(topic.text.toLowerCase())))} lawyer? Talk to ${name} today.`,
          `${name} handles ${t}${at}.`,
        ];
      case 'thing':
        return [
          business === 'dining' || business === 'stay'
            ? `Enjoy ${t} at ${name}${at}.`
            : `Discover ${t} at ${name}${at}.`,
        ];
    }
  };

  const offers = facts.offers.map(text);
  // The longest list that fits: items come off the end rather than a line being cut.
  const listsOf = (items: string[]) =>
    items.length > 1 ? items.map((_, i) => listOf(items.slice(0, items.length - i))) : items;
  const offerLists = listsOf(offers);
  // In a sentence each takes its article: "a rooftop bar, a spa and free breakfast".
  const counted = offers.map((offer, i) => withCount(offer, facts.offerKinds[i] ?? 'thing'));
  const countedLists = listsOf(counted);
  // A clinic treats "back pain" and offers "sports massage": a problem is never offered.
  const isProblem = (_: string, i: number) => facts.offerKinds[i] === 'problem';
  const treatedLists = listsOf(offers.filter(isProblem));
  const offeredLists = listsOf(counted.filter((offer, i) => !isProblem(offer, i)));
  const businessPhrase = text(facts.businessPhrase);
  // "a family dental clinic", but "cloud accounting software": a program is not counted.
  const isUncounted = business === 'software' || isPluralPhrase(facts.businessPhrase.toLowerCase());
  const hasPlace = local && inPlace && !businessPhrase.includes(facts.place);
  return {
    keyword: byRank(facts.topics, keywordLines),
    offer: [
      // The owner's own sentences first, where one fits a line whole.
      ...facts.sentences.map(say),
      // A law firm handles cases; it does not offer them.
      ...(business === 'legal' ? offerLists : offeredLists).map(
        (list) => `${name} ${business === 'legal' ? 'handles' : 'offers'} ${list}.`,
      ),
      ...(business === 'legal' ? [] : treatedLists.map((list) => `${name} treats ${list}.`)),
      // What the description says of its offers: "Pastries baked daily, from Brooklyn Bakery."
      ...facts.details.flatMap((detail) =>
        detail.items
          .filter((item) => !facts.topics.some((topic) => isPartOf(topic, item)))
          .map((item) => `${lead(text(item))} ${text(detail.text)}, from ${name}.`),
      ),
      facts.isBusinessNamed
        ? `${name} is ${isUncounted ? businessPhrase : withArticle(businessPhrase)}${hasPlace ? ` ${inPlace}` : ''}.`
        : null,
      ...(isBrowsed(business) ? countedLists.map((list) => `Discover ${list} at ${name}.`) : []),
      counted.length > 1 ? `From ${counted[0]} to ${counted.at(-1)}, ${name} has you covered.` : null,
    ],
    brand: [],
    place: [
      isVisited(business) && isCity && !isNamedFor(facts) ? `Visit ${name} ${inPlace}.` : null,
      inPlace && isServing(business) && !isNamedFor(facts) ? `${name} proudly serves ${facts.placeName}.` : null,
      !local && isCity && !isNamedFor(facts) ? `${name} is based ${inPlace}.` : null,
    ],
    audience: audiences.flatMap((a) => [
      audienceDescription[business].replace('{name}', name).replace('{a}', a).replace('{in}', at),
      // "Hot yoga ... and beginner workshops for beginners" says the audience twice.
      ...(isBrowsed(business) || business === 'software' || business === 'agency'
        ? offerLists.filter((list) => !sharesWord(list, a)).map((list) => `${capital(list)} for ${a}.`)
        : []),
    ]),
    action: descriptionActions(facts),
  };
}

/**
 * What the description says of a keyword's offer after naming it ("baked daily", "delivered in
 * Brooklyn"): of an offer the keyword names in part ("coffee beans" of "organic coffee beans").
 */
function detailsOf(topic: Topic, facts: AdFacts): string[] {
  // Each detail with one keyword only, taking turns among those it fits: "roasted in small batches" said once.
  return facts.details
    .filter((detail, i) => {
      const fits = facts.topics.filter((each) => detail.items.some((item) => isPartOf(each, item)));
      return fits[i % Math.max(1, fits.length)] === topic;
    })
    .map((detail) => detail.text);
}

/** Whether a keyword's offer is the item or a part of it ("coffee beans" of "organic coffee beans"). */
function isPartOf(topic: Topic, item: string): boolean {
  const itemWords = new Set(item.toLowerCase().split(' ').map(singularPhrase));
  return topic.text
    .toLowerCase()
    .split(' ')
    .every((word) => itemWords.has(singularPhrase(word)));
}

/** Businesses whose offer people look through: "Discover a rooftop bar and a spa at ...", not a law firm's cases. */
const isBrowsed = (business: Business) => ['shop', 'maker', 'dining', 'stay', 'other'].includes(business);
const sharesWord = (one: string, other: string) => {
  const stems = new Set(other.toLowerCase().split(' ').map(singularPhrase));
  return one
    .toLowerCase()
    .split(/[\s,]+/)
    .some((word) => stems.has(singularPhrase(word)));
};
/** "boutique hotel with a spa": what comes with a place is counted as in a sentence. */
const countedWith = (phrase: string) => {
  const [place, extra] = phrase.split(' with ');
  return extra ? `${place} with ${withCount(extra, kindOfPhrase(extra.toLowerCase()))}` : phrase;
};
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
