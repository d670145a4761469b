import type { AdLineKind } from '@keywright/contract';
import type { AdCopyBrief, AdCopyWriter } from './ad-copy-writer';
import { readAdFacts, type AdFacts, type Business, type Topic } from './ad-facts';
import { adInputText, adLineCount, keepAdLines } from './ad-lines';
import { asWritten, listOf, sentence, titleCase, withArticle, withCount } from './ad-text';
import { isPluralPhrase, kindOfPhrase, matterOf, singularPhrase } from '../keyword-generator/kinds';

/**
 * Ad lines from templates over the brief's keywords and the project's facts, with no network.
 * Each template is written for the kinds of phrase and business it reads right for; a line that
 * breaks a rule (too long, a claim the project does not make) is dropped whole and the next
 * template takes its place. The same brief always gives the same lines.
 */
export function createOfflineAdCopyWriter(): AdCopyWriter {
  return {
    name: 'offline',
    write: (kind, brief) => writeOfflineAdLines(kind, brief),
  };
}

export async function writeOfflineAdLines(kind: AdLineKind, brief: AdCopyBrief): Promise<string[]> {
  const facts = await readAdFacts(brief);
  const groups = kind === 'headlines' ? headlineGroups(facts) : descriptionGroups(facts);
  const lines = keepAdLines(kind, interleave(groups, order[kind]), adInputText(brief));
  // Every generic line keeps the rules for any input, so twenty are always there.
  return keepAdLines(kind, generic[kind], adInputText(brief), lines, adLineCount[kind]);
}

/** Where a line comes from: a keyword, the description's offer, the name, the place, the audience, a call to action. */
type Group = 'keyword' | 'offer' | 'brand' | 'place' | 'audience' | 'action';
type Groups = Record<Group, Array<string | null>>;

/**
 * The order the groups take turns in: keyword lines first and most often (Google matches them to
 * searches), and at least five of other kinds, so an ad does not say the keyword twenty times.
 */
const order: Record<AdLineKind, readonly Group[]> = {
  headlines: ['keyword', 'keyword', 'brand', 'keyword', 'offer', 'action', 'keyword', 'place', 'audience', 'keyword'],
  descriptions: ['offer', 'keyword', 'action', 'audience', 'keyword', 'place', 'offer', 'keyword', 'action'],
};

/** Lines of each group in the given order of turns, until every group runs out. */
function* interleave(groups: Groups, turns: readonly Group[]): Generator<string> {
  const next: Record<Group, number> = { keyword: 0, offer: 0, brand: 0, place: 0, audience: 0, action: 0 };
  for (;;) {
    let isAny = false;
    for (const group of turns) {
      const lines = groups[group];
      // A template that did not apply (null) gives its turn to the group's next line.
      while (next[group] < lines.length) {
        const line = lines[next[group]++];
        if (line) {
          isAny = true;
          yield line;
          break;
        }
      }
    }
    if (!isAny) return;
  }
}

/** Each topic's lines of one rank, then the next rank: the first keywords each get a line before any gets two. */
function byRank(topics: readonly Topic[], linesOf: (topic: Topic) => Array<string | null>): Array<string | null> {
  const all = topics.map(linesOf);
  const ranks = Math.max(0, ...all.map((lines) => lines.length));
  return Array.from({ length: ranks }, (_, rank) => all.map((lines) => lines[rank] ?? null)).flat();
}

/** "Brooklyn Bakery in Brooklyn" says the place twice. */
const isNamedFor = (facts: AdFacts) =>
  facts.place !== '' && facts.name.toLowerCase().includes(facts.place.toLowerCase());

/** A phrase with the word of a business the project is ("artisan bakery nyc" for a bakery): not something one needs. */
function namesBusiness(topic: Topic, facts: AdFacts): boolean {
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
const isLocal = (business: Business) => !['software', 'shop', 'agency'].includes(business);
/** Businesses people walk into: "Visit Us in Denver"; a plumber comes to them. */
const isVisited = (business: Business) => ['care', 'classes', 'maker', 'stay', 'dining', 'other'].includes(business);
/** Whose work reaches people where they are: "Proudly Serving Phoenix"; a hotel serves guests. */
const isServing = (business: Business) =>
  ['care', 'classes', 'maker', 'trade', 'agency', 'legal', 'dining'].includes(business);

/** What a person is asked to do next, as a headline, for each kind of business. */
function headlineActions(facts: AdFacts, title: (text: string) => string): Array<string | null> {
  const { name, place, isCity } = facts;
  const firstGoods = facts.topics.find((topic) => topic.kind === 'goods');
  const city = isCity ? place : '';
  switch (facts.business) {
    case 'care':
      return ['Book Your Visit Today', 'Book an Appointment', 'Schedule Your Visit'];
    case 'classes':
      return ['Book a Class Today', 'Book Your First Class', 'Join a Class Today'];
    case 'shop':
      return [
        firstGoods ? `Shop ${title(firstGoods.text)}` : null,
        'Order Yours Today',
        `Shop ${name}`,
        'Browse the Collection',
      ];
    case 'maker':
      return [firstGoods ? `Order ${title(firstGoods.text)}` : null, 'Place Your Order Today', 'Order Yours Today'];
    case 'software':
      return [
        facts.hasTrial ? 'Start Your Free Trial' : 'See How It Works',
        facts.hasDemo ? 'Book a Demo Today' : null,
        `Get Started with ${name}`,
        `See How ${name} Works`,
        'Get Started Today',
      ];
    case 'trade':
      return ['Request a Quote Today', 'Get a Quote Today', 'Contact Us Today'];
    case 'agency':
      return ['Talk to Our Team Today', 'Tell Us About Your Project', 'Request a Proposal'];
    case 'legal':
      return ['Talk to a Lawyer Today', 'Get Legal Help Today', 'Tell Us About Your Case'];
    case 'stay':
      return ['Book Your Stay Today', city && `Book Your Stay in ${city}`, 'Plan Your Stay'];
    case 'dining':
      return ['Visit Us Today', facts.hasTakeout ? 'Order Takeout Today' : null, 'Join Us Today'];
    case 'other':
      return ['Get in Touch Today', 'Learn More Today', 'Contact Us Today'];
  }
}

/** "Made for Trail Runners", "Built for Contractors": how each business says who it is for. */
const audienceHeadline: Record<Business, string> = {
  care: 'Caring for {a}',
  classes: 'Classes for {a}',
  shop: 'Made for {a}',
  maker: 'Made for {a}',
  software: 'Built for {a}',
  trade: 'Serving {a}',
  agency: 'Working with {a}',
  legal: 'Helping {a}',
  stay: 'A Stay Made for {a}',
  dining: 'Welcoming {a}',
  other: 'Made for {a}',
};

function headlineGroups(facts: AdFacts): Groups {
  const title = (text: string) => titleCase(text, facts.casing);
  const { name, inPlace, isCity, business } = facts;
  const city = isCity ? facts.place : '';
  const audiences = facts.audiences.map(title);
  const local = isLocal(business);

  const keywordLines = (topic: Topic): Array<string | null> => {
    const t = title(topic.text);
    const one = title(singularPhrase(topic.text));
    // "Car Accident" says less than "Car Accident Lawyer": a law firm's matter is said with its lawyer.
    if (topic.kind === 'matter') {
      const lawyer = `${title(matterOf(topic.text.toLowerCase()))} Lawyer`;
      return [lawyer, inPlace ? `${lawyer} ${inPlace}` : null, /(?:claims|cases)$/i.test(t) ? `Help with ${t}` : null];
    }
    const isMultiWord = topic.text.includes(' ');
    const isOffer = ['goods', 'service', 'software', 'feature'].includes(topic.kind);
    const forAudiences = isOffer ? audiences.slice(0, 2).map((audience) => `${t} for ${audience}`) : [];
    const there = local && inPlace && topic.kind !== 'software' && topic.kind !== 'feature';
    // One word alone ("Dentist") says too little for a headline; with a place or an action it reads.
    const bare = isMultiWord ? t : null;
    const placed = there ? `${t} ${inPlace}` : null;
    return [
      // "artisan bakery brooklyn" is searched as an offer in a place: said so, whatever the business.
      topic.place ? `${t} in ${topic.place}` : bare,
      topic.place ? bare : placed,
      ...kindLines(topic, t, one),
      forAudiences[0] ?? null,
      there && city ? `${city} ${t}` : null,
      ...forAudiences.slice(1),
    ];
  };

  // "Coffee by Green Leaf Coffee" says the word twice.
  const byName = (t: string) => (name.toLowerCase().includes(t.toLowerCase()) ? null : `${t} by ${name}`);
  const isBusiness = (topic: Topic) =>
    singularPhrase(topic.text.toLowerCase()).endsWith(singularPhrase(facts.businessHead));
  /** "Need Sourdough Bread?", "Need a Drain Repair?": goods and work a person needs, never the business itself. */
  const need = (topic: Topic, t: string) => (namesBusiness(topic, facts) ? null : `Need ${withCount(t, topic.kind)}?`);
  const kindLines = (topic: Topic, t: string, one: string): Array<string | null> => {
    switch (topic.kind) {
      case 'goods':
        return [business === 'maker' ? `Order ${t} Today` : `Shop ${t}`, need(topic, t), byName(t)];
      case 'service':
        return business === 'care'
          ? [`Book ${t} Today`]
          : business === 'trade'
            ? [`Get ${withArticle(one)} Quote`, need(topic, t), byName(t)]
            : [byName(t), business === 'classes' ? `Discover ${t}` : null];
      case 'person':
        return [`Need ${withArticle(one)}?`, city ? `Your Local ${one}` : null];
      case 'place':
        return isVisited(business) ? [`Visit Our ${one}`, city && isBusiness(topic) ? `Your Local ${one}` : null] : [];
      case 'software':
        return [byName(t)];
      case 'feature':
        return [`${t} with ${name}`, `${t} for Your Business`, `${t} in ${name}`];
      case 'matter':
        return [];
      case 'problem':
        return [`Help with ${t}`, `${t} Treatment`];
      case 'thing':
        return [byName(t), business === 'dining' || business === 'stay' ? `Enjoy ${t}` : `Discover ${t}`];
    }
  };

  const offers = facts.offers.map(title);
  // Neighbours first ("Scheduling and Time Tracking"), then the others ("Invoicing and Tax Reports").
  const pairs = [
    ...offers.slice(1).map((offer, i) => `${offers[i]} and ${offer}`),
    ...offers.flatMap((one, i) => offers.slice(i + 2).map((other) => `${one} and ${other}`)),
  ];
  // "Brooklyn Bakery in Brooklyn" says the place twice.
  const isNamedForPlace = isNamedFor(facts);
  const business_ = facts.businessPhrase.includes(' ') ? title(facts.businessPhrase) : null;
  return {
    keyword: byRank(facts.topics, keywordLines),
    offer: [
      business_,
      ...pairs,
      ...offers.filter((offer) => offer.includes(' ')),
      // "Invoicing for Small Businesses": what the description offers, to whom it says.
      ...offers.flatMap((offer) => audiences.map((audience) => `${offer} for ${audience}`)),
      // A program's features and an agency's work, with the name that does them.
      ...(business === 'software' ? offers.map((offer) => `${offer} with ${name}`) : []),
      ...(business === 'agency' ? offers.map((offer) => `${offer} by ${name}`) : []),
    ],
    brand: [
      name,
      `${name} Official Site`,
      city && !isNamedForPlace ? `${name} ${inPlace}` : null,
      business === 'software' || business === 'agency' ? `Meet ${name}` : `Discover ${name}`,
      ...audiences.map((audience) => `${name} for ${audience}`),
    ],
    place: [
      isVisited(business) && city ? `Visit Us ${inPlace}` : null,
      inPlace && isServing(business) ? `Proudly Serving ${facts.placeName}` : null,
      !local && city ? `Based ${inPlace}` : null,
    ],
    audience: audiences.flatMap((audience) => [
      audienceHeadline[business].replace('{a}', audience),
      local && city ? `For ${audience} ${inPlace}` : null,
    ]),
    action: headlineActions(facts, title),
  };
}

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

function descriptionGroups(facts: AdFacts): Groups {
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
      ...(business === 'legal' ? offerLists : countedLists).map(
        (list) => `${name} ${business === 'legal' ? 'handles' : 'offers'} ${list}.`,
      ),
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

/** Lines that keep every rule whatever the input: the last resort when a brief gives too few. */
const generic: Record<AdLineKind, readonly string[]> = {
  headlines: [
    'Get in Touch Today',
    'Learn More Today',
    'Contact Us Today',
    'Find Out More',
    'See What We Offer',
    'Here to Help',
    'Talk to Us Today',
    'Ask Us a Question',
    'Get Started Today',
    'Discover More',
    'Find What You Need',
    'Visit Our Website',
    'Questions? Ask Us',
    'Learn About Us',
    'How We Can Help',
    'See How We Can Help',
    'Explore What We Offer',
    'Plan Your Next Step',
    'Get the Details',
    'Read More About Us',
    'Take a Closer Look',
    'Start Here',
  ],
  descriptions: [
    'Get in touch today to find out more about what we offer.',
    'Learn more about what we do and how we can help you.',
    'Have a question? Get in touch and ask us today.',
    'See what we offer and find the right choice for you.',
    'Find out more about us and what we do.',
    'Contact us today to learn more.',
    'We are happy to answer your questions.',
    'Take a look at what we offer today.',
    'Find the right option for your needs.',
    'Visit our website to learn more.',
    'Tell us what you need and we will get back to you.',
    'Read more about us and what we can do for you.',
    'Explore what we offer and see what fits.',
    'Talk to us today about what you need.',
    'See how we can help you today.',
    'Ask us anything: we are here to help.',
    'Get the details you need before you decide.',
    'Start here to learn what we offer.',
    'Take a closer look at what we do.',
    'Send us a message and we will reply.',
    'Find out how we work and what we offer.',
    'Plan your next step with us today.',
  ],
};
