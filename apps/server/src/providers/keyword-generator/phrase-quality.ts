// The phrase-quality gate: whether a keyword reads like something a person types into a search box
// for this business. Offline generation, the LLM path and the offline ideas all pass through it.

/** What a key phrase names, which decides the templates that suit it. */
export type PhraseKind =
  /** Things people buy and take home: "sourdough bread", "coffee beans". */
  | 'goods'
  /** Work done for a person: "teeth whitening", "office catering", "dental implants". */
  | 'service'
  /** A program people use: "accounting software". */
  | 'software'
  /** Something a program does: "invoicing", "bank reconciliation". */
  | 'feature'
  /** Who does the work: "emergency dentist", "accountant". */
  | 'person'
  /** Where it is done: "dental clinic", "portland bakery". */
  | 'place'
  /** What a law practice takes on: "car accident claims", "workers compensation". */
  | 'matter'
  /** Nothing known about it: the gate gives it the benefit of the doubt. */
  | 'thing';

export interface PhraseContext {
  /** Words that only ever stand before another noun in the project's text ("custom", "office"). */
  modifierWords: ReadonlySet<string>;
  /** Verbs and participles of the project's text ("offering", "roasted"). */
  verbs: ReadonlySet<string>;
  /** The project's city, lower-cased, or "". */
  city: string;
  /** The audiences as written ("home baristas", "small cafes"), lower-cased. */
  audiences: readonly string[];
  /** The project's own name as searched ("bright smile dental"), or "". */
  brand: string;
  /** Competitor names, lower-cased. */
  competitors: readonly string[];
  /** The kind of a phrase whose head word says nothing (the project's line of business). */
  defaultKind: PhraseKind;
  /** Words the project's text ends a noun phrase on ("software", "clinic"), when known. */
  heads?: ReadonlySet<string>;
}

export const emptyPhraseContext: PhraseContext = {
  modifierWords: new Set(),
  verbs: new Set(),
  city: '',
  audiences: [],
  brand: '',
  competitors: [],
  defaultKind: 'thing',
};

const wordsOf = (text: string) => text.split(/[|\s]+/).filter(Boolean);

/** Participles that join a business to what it does; never part of a search. */
export const linkingVerbs = new Set(
  wordsOf(`offer offers offering offered provide provides providing provided include includes including featuring
  specializing specialising specialized serving serves selling sells making makes helping helps using uses creating
  building bringing supporting handling covering delivering giving`),
);

/** Glue words: never first or last in a search. */
const glueWords = new Set(wordsOf('a an the and or of for to in on at by with from into via vs versus'));

/** Adjectives that qualify a noun and never stand for one ("custom", "same-day"). */
const qualifiers = new Set(
  wordsOf(`custom same-day next-day premium organic local cloud web small large big cheap affordable best top new fresh fast
  quick easy simple free online professional emergency family fair-trade handmade artisan luxury modern full daily
  weekly monthly annual commercial residential personal private public digital virtual mobile independent certified
  licensed experienced friendly reliable gentle cosmetic general complete total custom-made bespoke lightweight beginner
  waterproof durable`),
);

export const isQualifier = (word: string) => qualifiers.has(word);

/** Heads too broad to be a search on their own ("clinic", "software"). */
const genericHeads = new Set(
  wordsOf(`clinic clinics shop shops store stores studio center centre firm agency office practice company companies
  business businesses software app apps platform tool tools system systems solution solutions service services product
  products reports report visits visit options items things stuff way ways team teams group range
  repair repairs installation installations maintenance cleaning whitening removal replacement delivery`),
);

/** People a business serves: an audience, never the thing searched for. */
const audienceHeads = new Set(
  wordsOf(`family families owner owners manager managers parent parents kid kids child children student students
  business businesses company companies professional professionals beginner beginners people person individual
  individuals customer customers client clients user users women men seniors adults teens couples homeowners
  startups teams enterprises`),
);

const people = new Set(
  wordsOf(`plumber lawyer attorney accountant consultant contractor cleaner cleaners photographer designer developer
  tutor coach trainer therapist doctor vet baker barber mechanic realtor roofer painter mover movers caterer planner
  bookkeeper advisor adviser agent broker locksmith landscaper groomer nanny surgeon chef teacher instructor architect
  engineer electrician dentist orthodontist hygienist florist stylist`),
);

const places = new Set(
  wordsOf(`bakery bakeries clinic clinics shop shops store stores salon salons studio studios restaurant restaurants cafe
  cafes café cafés hotel hotels agency agencies firm firms gym gyms spa spas center centre practice office boutique bar
  bars pub pubs school schools academy garage market gallery pharmacy hostel inn motel venue workshop roastery brewery
  winery dealership nursery daycare kitchen bistro diner pizzeria`),
);

/** Places that sell goods: what they list is goods unless it says otherwise. */
export const goodsSellers = new Set(
  wordsOf(
    'bakery bakeries shop shops store stores boutique roastery brewery winery market florist pharmacy dealership',
  ),
);

const software = new Set(
  wordsOf(`software app apps application applications platform platforms tool tools system systems crm erp saas plugin
  extension api dashboard portal`),
);

const services = new Set(
  wordsOf(`service services repair repairs visit visits care lesson lessons class classes tour tours therapy surgery
  treatment treatments insurance consultation consultations audit audits advice help support maintenance removal hire
  rental rentals hosting design coaching training tuition checkup checkups exam exams appointment appointments session
  sessions massage facial haircut haircuts implants implant braces veneers crowns fillings delivery catering cleaning
  whitening bookkeeping accounting payroll`),
);

/** -ing words that name things, not work. */
const ingThings = new Set(
  wordsOf('clothing bedding ring rings string thing things building ceiling icing frosting filling'),
);

const goods = new Set(
  wordsOf(`bread breads cake cakes pastry pastries cookie cookies cupcakes pie pies bagels croissants coffee beans tea teas
  chocolate wine beer cheese honey shoes boots shirts dresses clothing furniture sofa mattress laptop phone camera
  jewelry rings bags soap candles flowers plants seeds toys gifts books tires parts supplies equipment kit kits pizza
  pizzas wallets wallet belts belt boxes film wrap jackets jacket vests vest socks hats gloves pants shorts leggings
  backpacks tents gear bottles watches sunglasses glasses lamps rugs blankets towels mugs bikes helmets apparel
  accessories blends cosmetics skincare perfume shampoo supplements vitamins snacks sauces spices prints posters frames
  sneakers sandals hoodies jeans dress jewellery necklaces earrings bracelets toys puzzles games furniture chairs tables
  desks beds pillows sheets curtains tiles paint tools`),
);

/** What a phrase names, from its head (last) word; `fallback` when the word says nothing. */
export function kindOfPhrase(phrase: string, fallback: PhraseKind = 'thing'): PhraseKind {
  // "boutique hotel with spa" is searched to find a place to stay or eat, not for a price or a review.
  if (phrase.includes(' with ')) return 'thing';
  const words = phrase.split(' ');
  const head = words[words.length - 1]!;
  if (people.has(head) || people.has(head.replace(/s$/, '')) || /(?:ist|ician)s?$/.test(head)) return 'person';
  if (software.has(head)) return 'software';
  if (places.has(head)) return 'place';
  if (goods.has(head)) return 'goods';
  if (services.has(head) || (/ing$/.test(head) && !ingThings.has(head)) || /(?:tion|sion|ment)s?$/.test(head)) {
    // "invoicing" in a program's list of features is something the program does.
    return fallback === 'feature' || fallback === 'matter' ? fallback : 'service';
  }
  return fallback;
}

/** "custom cakes" -> "custom cake", "pastries" -> "pastry", "glass" stays. */
export function singularPhrase(phrase: string): string {
  if (!isPluralPhrase(phrase)) return phrase;
  const words = phrase.split(' ');
  const head = words.pop()!;
  const one = /ies$/.test(head)
    ? `${head.slice(0, -3)}y`
    : /(?:ss|x|ch|sh)es$/.test(head)
      ? head.slice(0, -2)
      : head.slice(0, -1);
  return [...words, one].join(' ');
}

/** Writes a template out for a phrase and the project's names. */
/** "car accident claims" -> "car accident", as in "car accident lawyer". */
export function matterOf(phrase: string): string {
  return phrase.replace(/ (?:claims?|cases?|matters?|law firms?|law|firms?)$/, '');
}

export function fillTemplate(
  pattern: string,
  values: Partial<Record<'p' | 'city' | 'audience' | 'competitor' | 'brand', string>>,
): string {
  return pattern
    .replace('{p1}', () => singularPhrase(values.p ?? ''))
    .replace('{p0}', () => matterOf(values.p ?? ''))
    .replace(/\{(\w+)\}/g, (_, slot: string) => values[slot as keyof typeof values] ?? '')
    .replace(/\ba ([aeiou]|(?:seo|sms|hr|mba|mri|rv|suv|llc|faq|html|x-ray)\b)/g, 'an $1');
}

/** Words that name something searched for even when written before another ("dentist visits", "pizza restaurant"). */
export function standsAlone(word: string): boolean {
  const kind = kindOfPhrase(word);
  return kind === 'person' || kind === 'software' || kind === 'goods';
}

/** People one books a visit with: "dentist appointment", not "plumber appointment". */
const caregivers =
  /\b(?:dentist|doctor|orthodontist|hygienist|therapist|vet|groomer|stylist|barber|physician|dermatologist)$/;

/** Made for one buyer: "custom cakes", "handmade belts" are not sold in bulk. */
const isMadeToOrder = (phrase: string) => /^(?:custom|bespoke|handmade|custom-made|personalized)\b/.test(phrase);

/** What runs out and comes again: "coffee subscription", not "stretch film subscription". */
const consumables = /\b(?:coffee|beans?|tea|bread|wine|beer|flowers|snacks|meals|chocolate|soap|candles)$/;

/** Work a program does or a person learns: "bank reconciliation", "invoicing" ("what is", "how to do"). */
const isTask = (phrase: string) => /(?:tion|sion|ment)$/.test(phrase);

const serviceAcronyms = new Set(wordsOf('seo ppc sem hvac it hr pr ux crm erp'));
const stays = /\b(?:hotels?|inns?|resorts?|motels?|hostels?)$/;
/** Places to stay, eat and drink: their food and drink are had there, not bought to take home. */
export const hospitality = new Set(
  wordsOf('hotel hotels inn resort restaurant restaurants cafe café bar pub bistro diner pizzeria hostel motel'),
);

/** Whether the phrase names several things ("dental implants": "how much do ... cost"). */
export function isPluralPhrase(phrase: string): boolean {
  const head = phrase.split(' ').at(-1)!;
  return /[^s'u]s$/.test(head) && !/(?:ics|ness)$/.test(head);
}

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
  when?: (phrase: string, kind: PhraseKind) => boolean;
}

const all: readonly PhraseKind[] = ['goods', 'service', 'software', 'feature', 'person', 'place', 'matter', 'thing'];
const sold: readonly PhraseKind[] = ['goods', 'service', 'person', 'place', 'thing'];
const local: readonly PhraseKind[] = ['goods', 'service', 'person', 'place', 'thing'];
const singular = (phrase: string) => !isPluralPhrase(phrase);
/** Heads that say how a service is booked, not what it is: "dentist visits" is not asked about. */
export const bookingHeads = new Set(
  wordsOf('visit visits appointment appointments session sessions service services option options'),
);
/** Formats a service comes in: "what are yoga classes" is not asked. */
const formatHeads = new Set(wordsOf('class classes lesson lessons workshop workshops course courses'));
export const isFormat = (word: string) => formatHeads.has(word);
const askable = (phrase: string) =>
  !bookingHeads.has(phrase.split(' ').at(-1)!) &&
  !formatHeads.has(phrase.split(' ').at(-1)!) &&
  !qualifiers.has(phrase.split(' ')[0]!);
/** "yoga price" is not searched; "yoga classes price" and "cleaning price" are. */
const unbooked = (phrase: string) => !bookingHeads.has(phrase.split(' ').at(-1)!);
const priced = (phrase: string, kind: PhraseKind) =>
  // "beginner yoga cost" asks nothing: a qualifier first is a kind of the service, priced as the service.
  (multiWord(phrase) && (kind === 'goods' || !qualifiers.has(phrase.split(' ')[0]!))) ||
  (kind !== 'goods' && (services.has(phrase) || /(?:ing|tion|ment)$/.test(phrase)));
/** "best plumbing" is not searched, "best plumber" and "best drain cleaning" are. */
const notBareTrade = (phrase: string) => multiWord(phrase) || !/ing$/.test(phrase);
const plural = (phrase: string) => isPluralPhrase(phrase);
const multiWord = (phrase: string) => phrase.includes(' ');
/** "cheap pastries", "coffee deals": one word of goods is too broad for a price hunt; "cheap sourdough bread" is not. */
/** "cheap bakery": a shop is searched for what it sells at a price, not for itself. */
const soldFrom = (phrase: string) => goodsSellers.has(phrase.split(' ').at(-1)!);
const namedGoods = (phrase: string, kind: PhraseKind) => (kind !== 'goods' && kind !== 'thing') || multiWord(phrase);

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
  { pattern: '{p} deals', family: 'commercial', weight: 0.55, kinds: ['goods'], when: namedGoods },
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
  { pattern: 'fresh {p}', family: 'tail', weight: 0.3, kinds: ['goods'], when: (phrase) => consumables.test(phrase) },
  { pattern: '{p} prices', family: 'commercial', weight: 0.7, kinds: ['goods'] },
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
    pattern: '{p} subscription',
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
  { pattern: 'how to store {p}', family: 'question', weight: 0.25, kinds: ['goods'], when: (p) => consumables.test(p) },
  // A trade buys its supplies in bulk: "corrugated box suppliers", not "custom cake suppliers".
  {
    pattern: '{p1} suppliers',
    family: 'tail',
    weight: 0.3,
    kinds: ['goods'],
    when: (phrase, kind) => namedGoods(phrase, kind) && !isMadeToOrder(phrase),
  },
  { pattern: 'local {p}', family: 'local', weight: 0.45, kinds: ['goods', 'person', 'place'], when: namedGoods },
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
  { pattern: 'online {p}', family: 'commercial', weight: 0.6, kinds: ['feature'] },
  { pattern: 'automated {p}', family: 'tail', weight: 0.4, kinds: ['feature'] },
  { pattern: '{p} tool', family: 'tail', weight: 0.45, kinds: ['feature'], when: singular },
  { pattern: 'free {p} software', family: 'commercial', weight: 0.5, kinds: ['feature'], when: singular },
  { pattern: 'best {p} app', family: 'commercial', weight: 0.45, kinds: ['feature'], when: singular },
  { pattern: '{p} automation', family: 'tail', weight: 0.4, kinds: ['feature'], when: singular },
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
    // A hotel is always open, an agency is not walked into, a landscaper is not visited.
    when: (phrase, kind) =>
      kind === 'place'
        ? !/\b(?:hotels?|inn|resorts?|motel|hostel|agency|agencies|firm|office|company|consultancy)$/.test(phrase)
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
    when: (phrase, kind) => singular(phrase) && (kind === 'software' || isTask(phrase)),
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
    when: (phrase) => singular(phrase) && multiWord(phrase) && askable(phrase),
  },
  {
    pattern: 'how much do {p} cost',
    family: 'question',
    weight: 0.65,
    kinds: ['service', 'goods'],
    when: (phrase) => plural(phrase) && askable(phrase),
  },
  { pattern: 'how much does a {p} cost', family: 'question', weight: 0.6, kinds: ['person'], when: singular },
  { pattern: 'how to choose {p}', family: 'question', weight: 0.55, kinds: ['software'] },
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
  { pattern: 'how to use {p}', family: 'question', weight: 0.45, kinds: ['software'] },
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
  // Competitors: compared with the project by name, or searched for a way out.
  { pattern: '{competitor} alternative', family: 'comparison', weight: 0.8, kinds: all },
  { pattern: '{competitor} alternatives', family: 'comparison', weight: 0.75, kinds: all },
  { pattern: 'best {competitor} alternative', family: 'comparison', weight: 0.7, kinds: all },
  { pattern: '{competitor} competitors', family: 'comparison', weight: 0.6, kinds: all },
  { pattern: '{competitor} vs {brand}', family: 'comparison', weight: 0.75, kinds: all },
  // The project's own name: searched alone or for reviews.
  { pattern: '{brand}', family: 'brand', weight: 0.7, kinds: all },
  { pattern: '{brand} reviews', family: 'brand', weight: 0.6, kinds: all },
];

/** The words templates add ("cost", "near", "best"): a phrase of nothing else says nothing. */
const templateWords = new Set(
  templates.flatMap((template) => template.pattern.split(' ').filter((word) => !word.startsWith('{'))),
);

/** The words templates put first ("buy", "best", "how"): a keyword starting so is read as a template. */
const leadWords = new Set(
  templates.map((template) => template.pattern.split(' ')[0]!).filter((word) => !word.startsWith('{')),
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const stem = (word: string) => word.replace(/(?:ies|es|s)$/, '');

/** Why a key phrase cannot be searched on its own, or null when it can. */
export function phraseProblem(phrase: string, context: PhraseContext): string | null {
  const words = phrase.split(' ').filter(Boolean);
  if (words.length === 0) return 'empty';
  // "teeth whitening for families": the offer before "for" is what has to stand up.
  const forAt = words.indexOf('for');
  if (forAt > 0 && forAt < words.length - 1) {
    const rest = words.slice(forAt + 1);
    if (rest.some((word) => linkingVerbs.has(word) || context.verbs.has(word))) return 'built from a verb';
    return phraseProblem(words.slice(0, forAt).join(' '), context);
  }
  const first = words[0]!;
  const last = words[words.length - 1]!;
  if (glueWords.has(first) || glueWords.has(last)) return 'starts or ends on a glue word';
  if (words.some((word) => linkingVerbs.has(word) || context.verbs.has(word))) return 'built from a verb';
  if (new Set(words.map(stem)).size < words.length) return 'a word twice';
  if (context.modifierWords.has(last) || qualifiers.has(last)) return 'ends on a word that only qualifies another';
  if (audienceHeads.has(last) || context.audiences.includes(phrase)) return 'names the audience, not the offer';
  if (words.length === 1 && genericHeads.has(last)) return 'too broad alone';
  if (words.every((word) => templateWords.has(word)) && kindOfPhrase(phrase) !== 'person') {
    return 'only the words of a template';
  }
  if (context.city && (phrase === context.city || phrase.split(' ').includes(context.city))) {
    return 'a place, not an offer';
  }
  return null;
}

/** Templates a project's own or a competitor's name may take. */
const nameTemplates = new Set(['{p}', '{p} reviews', '{p} pricing']);

/**
 * A gate for one project: why a keyword would not be typed into a search box for this business,
 * or null when it would. A keyword must read as one of the templates around a searchable phrase,
 * with a template that suits the kind of thing the phrase names; a keyword that reads as no
 * template is judged as a phrase on its own.
 */
export function createPhraseGate(context: PhraseContext): (keyword: string) => string | null {
  const slotValues: Record<string, readonly string[]> = {
    '{city}': context.city ? [context.city] : [],
    '{audience}': context.audiences,
    '{competitor}': context.competitors,
    '{brand}': context.brand ? [context.brand] : [],
  };
  const compiled: Array<{ template: Template; pattern: RegExp }> = [];
  for (const template of templates) {
    const slots = Object.keys(slotValues).filter((slot) => template.pattern.includes(slot));
    if (slots.some((slot) => slotValues[slot]!.length === 0)) continue;
    let source = escape(template.pattern);
    for (const slot of slots)
      source = source.replace(escape(slot), () => `(?:${slotValues[slot]!.map(escape).join('|')})`);
    source = source
      .replace(escape('{p}'), '(.+)')
      .replace(escape('{p1}'), '(.+)')
      .replace(escape('{p0}'), '(.+)')
      .replace(/\ba /g, 'an? ');
    compiled.push({ template, pattern: new RegExp(`^${source}$`) });
  }
  const names = [context.brand, ...context.competitors].filter(Boolean);

  return (keyword) => {
    const text = keyword.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!text) return 'empty';
    const readings = compiled.flatMap(({ template, pattern }) => {
      const match = pattern.exec(text);
      return match ? [{ template, phrase: match[1] ?? '' }] : [];
    });
    // "buy dental clinic" is "buy" + "dental clinic", not a phrase of its own: read bare only when
    // nothing else fits, or when its last word is one the project's text ends a phrase on
    // ("accounting software" is not "{p} software" of "accounting" for a program's maker).
    const templated = readings.filter(({ template }) => template.pattern !== '{p}');
    const bare = readings.filter(({ template }) => template.pattern === '{p}');
    const lastWord = text.split(' ').at(-1)!;
    const readsBare = !leadWords.has(text.split(' ')[0]!) && context.heads?.has(lastWord);
    const tries = templated.length === 0 || readsBare ? [...templated, ...bare] : templated;
    let problem: string | null = null;
    for (const { template, phrase } of tries) {
      const found = judge(template, phrase);
      if (found === null) return null;
      problem ??= found;
    }
    return problem ?? 'unreadable';
  };

  function judge(template: Template, phrase: string): string | null {
    if (!/\{p[01]?\}/.test(template.pattern)) return null;
    const isName = names.some(
      (name) => phrase === name || phrase.startsWith(`${name} `) || phrase.endsWith(` ${name}`),
    );
    if (isName) return nameTemplates.has(template.pattern) ? null : 'a name with the wrong template';
    const phraseIssue = phraseProblem(phrase, context);
    if (phraseIssue) return phraseIssue;
    // "dentist", "coffee", "invoicing": one word alone is everyone's search, not this business's.
    if (template.pattern === '{p}' && !phrase.includes(' ')) return 'one word alone is too broad';
    const kind = kindOfPhrase(phrase, context.defaultKind);
    // The gate knows little of a phrase it cannot place: an unknown kind passes every template.
    if (kind !== 'thing' && !template.kinds.includes(kind)) return `"${template.pattern}" does not suit ${kind}`;
    if (template.when && !template.when(phrase, kind)) {
      return `"${template.pattern}" does not read right for "${phrase}"`;
    }
    return null;
  }
}

/** Why a keyword would not be searched for this business, or null when it would (see createPhraseGate). */
export function keywordProblem(keyword: string, context: PhraseContext): string | null {
  return createPhraseGate(context)(keyword);
}

/** Whether a keyword reads like a search a person would type for this business. */
export function isSearchablePhrase(keyword: string, context: PhraseContext): boolean {
  return keywordProblem(keyword, context) === null;
}
