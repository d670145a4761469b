import { loadLexicon } from '../lexicon/lexicon';
// What a phrase names (goods, a service, a program, a person, a place...), read from its head word.

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
  /** What a person comes to have treated or put right: "back pain", "sports injuries". */
  | 'problem'
  /** Nothing known about it: the gate gives it the benefit of the doubt. */
  | 'thing';

export const wordsOf = (text: string) => text.split(/[|\s]+/).filter(Boolean);

/** Participles that join a business to what it does; never part of a search. */
export const linkingVerbs = new Set(
  wordsOf(`offer offers offering offered provide provides providing provided include includes including featuring
  teaching teaches supplying doing
  specializing specialising specialized serving serves selling sells making makes helping helps using uses creating
  building bringing supporting handling covering delivering giving`),
);

/** Glue words: never first or last in a search. */
export const glueWords = new Set(wordsOf('a an the and or of for to in on at by with from into via vs versus'));

/** Adjectives that qualify a noun and never stand for one ("custom", "same-day"). */
export const qualifiers = new Set(
  wordsOf(`custom same-day next-day premium organic local cloud web small large big cheap affordable best top new fresh fast
  quick easy simple free online professional emergency family fair-trade handmade artisan luxury modern full daily
  weekly monthly annual commercial residential personal private public digital virtual mobile independent certified
  licensed experienced friendly reliable gentle cosmetic general complete total custom-made bespoke lightweight beginner
  waterproof durable`),
);

export const isQualifier = (word: string) => qualifiers.has(word);

/** Heads too broad to be a search on their own ("clinic", "software"). */
export const genericHeads = new Set(
  wordsOf(`clinic clinics shop shops store stores studio center centre firm agency office practice company companies
  business businesses software app apps platform tool tools system systems solution solutions service services product
  products reports report visits visit options items things stuff way ways team teams group range
  repair repairs installation installations maintenance cleaning whitening removal replacement delivery care help design
  support tour tours control consulting consultant consultants coaching lighting training`),
);

/** People a business serves: an audience, never the thing searched for. */
export const audienceHeads = new Set(
  wordsOf(`family families owner owners manager managers parent parents kid kids child children student students
  business businesses company companies professional professionals beginner beginners people person individual
  individuals customer customers client clients user users women men seniors adults teens couples homeowners
  startups teams enterprises brands`),
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
  wordsOf(`software app apps platform platforms tool tools system systems crm erp saas plugin
  extension api dashboard portal`),
);

export const serviceWords = new Set(
  wordsOf(`service services repair repairs visit visits care lesson lessons class classes tour tours therapy surgery
  treatment treatments insurance consultation consultations audit audits advice help support maintenance removal hire
  rental rentals hosting design coaching training tuition checkup checkups exam exams appointment appointments session
  sessions workshop workshops course courses massage facial haircut haircuts implants implant braces veneers crowns fillings delivery catering cleaning
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
  desks beds pillows sheets curtains tiles paint tools food`),
);

/** What a phrase names, from its head (last) word; `fallback` when the word says nothing. */
export function kindOfPhrase(phrase: string, fallback: PhraseKind = 'thing', lexical = true): PhraseKind {
  // "boutique hotel with spa" is searched to find a place to stay or eat, not for a price or a review.
  if (phrase.includes(' with ')) return 'thing';
  const words = phrase.split(' ');
  const head = words[words.length - 1]!;
  if (people.has(head) || people.has(head.replace(/s$/, ''))) return 'person';
  // "florist", "physician", but not "list" or "playlist": WordNet decides a word it knows.
  if (/(?:ist|ician)s?$/.test(head)) {
    const [wordClass] = lexical ? loadLexicon().nounCategories(head) : [];
    if (!wordClass || wordClass === 'noun.person') return 'person';
  }
  if (software.has(head)) return 'software';
  if (places.has(head)) return 'place';
  // "e-bikes", "t-shirts": a hyphened word is the thing its last part names.
  if (goods.has(head) || goods.has(head.split('-').at(-1)!)) return 'goods';
  // "special occasions" is a time, not work: WordNet decides a -sion word it files as an event.
  const isWorkEnding = /(?:tion|sion|ment)s?$/.test(head) && !(lexical && isEventWord(singularPhrase(head)));
  if (serviceWords.has(head) || (/ing$/.test(head) && !ingThings.has(head)) || isWorkEnding) {
    // "invoicing" in a program's list of features is something the program does.
    return fallback === 'feature' || fallback === 'matter' ? fallback : 'service';
  }
  if (/\bbed and breakfasts?$/.test(phrase)) return 'place';
  const lastPart = head.split('-').at(-1)!;
  const hasPart = lastPart !== head && lastPart.length >= 4;
  const known = lexical ? (lexicalKind(head) ?? (hasPart ? lexicalKind(lastPart) : undefined)) : undefined;
  // A program's list names what it does, a law practice's the matters it takes on, whatever the word.
  if (known && (fallback === 'feature' || fallback === 'matter')) return fallback;
  return known ?? fallback;
}

/** Whether the noun's most frequent sense is an event or a time ("occasion", "session" is not). */
const eventWords = new Map<string, boolean>();
function isEventWord(noun: string): boolean {
  let known = eventWords.get(noun);
  if (known === undefined) {
    const [first] = loadLexicon().nounCategories(noun);
    known = first === 'noun.event' || first === 'noun.time';
    eventWords.set(noun, known);
  }
  return known;
}

/** WordNet's word classes, by the most frequent sense of a noun, read as the kind of thing it names. */
const kindOfClass: Readonly<Record<string, PhraseKind>> = {
  'noun.person': 'person',
  'noun.act': 'service',
  'noun.artifact': 'goods',
  'noun.food': 'goods',
  'noun.substance': 'goods',
  'noun.plant': 'goods',
  'noun.state': 'problem',
  'noun.feeling': 'problem',
};

/** Broader terms that make a word a place people go to: a "taproom" is a room, a "campsite" a site. */
const placeTerms = new Set(['building', 'room', 'site', 'establishment', 'place of business', 'facility', 'venue']);
const placeWords = new Map<string, boolean>();

/** Whether WordNet puts a word under a building, a room or a site, within a few steps. */
function isPlaceWord(word: string): boolean {
  let known = placeWords.get(word);
  if (known === undefined) {
    const lexicon = loadLexicon();
    let terms = [word];
    known = false;
    for (let step = 0; step < 4 && terms.length && !known; step++) {
      terms = terms.flatMap((term) => lexicon.broaderTerms(term).slice(0, 3));
      known = terms.some((term) => placeTerms.has(term));
    }
    placeWords.set(word, known);
  }
  return known;
}

/** The kind of a head word no list above names, from its WordNet class ("pain" is a state). */
function lexicalKind(head: string): PhraseKind | undefined {
  if (isPlaceWord(head)) return 'place';
  const [first] = loadLexicon().nounCategories(head);
  const kind = first ? kindOfClass[first] : undefined;
  // "vegan" and "dog" are people too, in WordNet: a person searched for is named by a trade's ending.
  if (kind === 'person' && !/(?:er|or|ist|ian|ant|ent)s?$/.test(head)) return undefined;
  return kind;
}

/** "custom cakes" -> "custom cake", "pastries" -> "pastry", "glass" stays. */
export function singularPhrase(phrase: string): string {
  if (!isPluralPhrase(phrase)) return phrase;
  const words = phrase.split(' ');
  const head = words.pop()!;
  const lexicon = loadLexicon();
  // "loaves" is a loaf, "knives" a knife: WordNet's exceptions before the rule.
  const base = lexicon.nounBase(head);
  if (base && base !== head && !base.includes(' ') && !lexicon.partsOfSpeech(head).includes('noun')) {
    return [...words, base].join(' ');
  }
  const one = ruleSingular(head);
  // "clothes" is a word of its own (no noun "clothe"); "shoes" is a shoe.
  if (!lexicon.partsOfSpeech(one).includes('noun') && lexicon.partsOfSpeech(head).includes('noun')) return phrase;
  return [...words, one].join(' ');
}

function ruleSingular(head: string): string {
  const one = /ies$/.test(head)
    ? `${head.slice(0, -3)}y`
    : /(?:ss|x|ch|sh)es$/.test(head)
      ? head.slice(0, -2)
      : head.slice(0, -1);
  return one;
}

/** Writes a template out for a phrase and the project's names. */
/** "car accident claims" -> "car accident", as in "car accident lawyer". */
export function matterOf(phrase: string): string {
  return phrase.replace(/ (?:claims?|cases?|matters?|law firms?|law|firms?)$/, '');
}

export function fillTemplate(
  pattern: string,
  values: Partial<Record<'p' | 'city' | 'country' | 'audience' | 'competitor' | 'brand' | 'agent', string>>,
): string {
  return pattern
    .replace('{p1}', () => singularPhrase(values.p ?? ''))
    .replace('{p0}', () => matterOf(values.p ?? ''))
    .replace(/\{(\w+)\}/g, (_, slot: string) => values[slot as keyof typeof values] ?? '')
    .replace(/\ba ([aeiou]|(?:seo|sms|hr|mba|mri|rv|suv|llc|faq|html|x-ray)\b)/g, 'an $1');
}

/** Words that name something searched for even when written before another ("dentist visits", "pizza restaurant"). */
export function standsAlone(word: string): boolean {
  // Only what the lists name: WordNet calls "soy" food, yet "soy candles" is not searched as "soy".
  const kind = kindOfPhrase(word, 'thing', false);
  return kind === 'person' || kind === 'software' || kind === 'goods';
}

/** People one books a visit with: "dentist appointment", not "plumber appointment". */
export const caregivers =
  /\b(?:dentist|doctor|orthodontist|hygienist|therapist|vet|groomer|stylist|barber|physician|dermatologist)$/;

/** Made for one buyer: "custom cakes", "handmade belts" are not sold in bulk. */
export const isMadeToOrder = (phrase: string) => /^(?:custom|bespoke|handmade|custom-made|personalized)\b/.test(phrase);

/** What runs out and comes again: "coffee subscription", not "stretch film subscription". */
export const consumables = /\b(?:coffee|beans?|tea|bread|wine|beer|flowers|snacks|meals|chocolate|soap|candles)$/;
/** What is bought fresh and goes off: "fresh bread", "how to store coffee beans"; never "fresh candles". */
export const perishables =
  /\b(?:coffee|beans?|tea|bread|flowers|meals|pastries|bagels|fish|meat|fruit|vegetables|juice)$/;

/** Work a program does or a person learns: "bank reconciliation", "invoicing" ("what is", "how to do"). */
export const isTask = (phrase: string) => /(?:tion|sion|ment)$/.test(phrase);

export const serviceAcronyms = new Set(wordsOf('seo ppc sem hvac it hr pr ux crm erp'));
export const stays = /\b(?:hotels?|inns?|resorts?|motels?|hostels?)$/;
/** Places to stay, eat and drink: their food and drink are had there, not bought to take home. */
export const hospitality = new Set(
  wordsOf('hotel hotels inn resort restaurant restaurants cafe café bar pub bistro diner pizzeria hostel motel'),
);

/** Whether the phrase names several things ("dental implants": "how much do ... cost"). */
export function isPluralPhrase(phrase: string): boolean {
  const head = phrase.split(' ').at(-1)!;
  return /[^s'u]s$/.test(head) && !/(?:ics|ness)$/.test(head);
}

/** What people call a program by what it does: a "habit tracker", a "meal planner"; not a "reminder setter". */
export const toolNames = new Set(
  wordsOf(
    'tracker planner builder checker counter calculator generator scheduler finder organizer organiser editor converter maker',
  ),
);

/** Tools that watch what is done rather than do it: a "spending tracker" does no spending. */
export const observingTools = new Set(wordsOf('tracker counter checker'));

/** A program named for what it does: "habit tracker", "meal planner". */
export const isToolName = (phrase: string) => toolNames.has(phrase.split(' ').at(-1)!);
