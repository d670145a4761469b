// The offline writer's headlines: from the keywords, the description's offer, the name, the
// place, the audience and a call to action, each in Title Case.
import type { AdFacts, Business, Topic } from './ad-facts';
import { byRank, isLocal, isNamedFor, isServing, isVisited, namesBusiness, type Groups } from './ad-groups';
import { titleCase, withArticle, withCount } from './ad-text';
import { matterOf, singularPhrase } from '../keyword-generator/kinds';

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

export function headlineGroups(facts: AdFacts): Groups {
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
