// Word tables for the offline estimator: what a word does to a search's size, intent and price.

/** Glue words: they make a phrase longer (rarer) but say nothing about its topic or intent. */
export const stopwords = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'to',
  'in',
  'on',
  'with',
  'and',
  'or',
  'at',
  'by',
  'from',
  'into',
  'about',
  'my',
  'your',
  'our',
  'their',
  'his',
  'her',
  'its',
  'i',
  'you',
  'we',
  'they',
  'it',
  'this',
  'that',
  'these',
  'those',
  'me',
  'be',
  'get',
  'without',
  'than',
  'under',
  'over',
]);

export interface Modifier {
  /** How much the modifier shrinks the search, in log10 (0.3 halves it). */
  volume: number;
  /** Commercial (+) or informational (-) pull on competition and bids. */
  intent: number;
}

/**
 * Words and pairs (never longer) that change why people search rather than what for. Pairs are matched first,
 * so "near me" is one modifier and "me" alone is glue.
 */
export const modifiers: ReadonlyMap<string, Modifier> = new Map<string, Modifier>([
  // Commercial: people ready to buy or hire.
  ['near me', { volume: 0.4, intent: 18 }],
  ['for sale', { volume: 0.8, intent: 22 }],
  ['buy', { volume: 0.9, intent: 26 }],
  ['purchase', { volume: 1.1, intent: 24 }],
  ['order', { volume: 1, intent: 20 }],
  ['shop', { volume: 0.9, intent: 18 }],
  ['store', { volume: 0.8, intent: 14 }],
  ['best', { volume: 0.35, intent: 12 }],
  ['top', { volume: 0.9, intent: 8 }],
  ['cheap', { volume: 0.7, intent: 16 }],
  ['cheapest', { volume: 1, intent: 18 }],
  ['affordable', { volume: 0.9, intent: 16 }],
  ['price', { volume: 0.8, intent: 18 }],
  ['prices', { volume: 0.8, intent: 18 }],
  ['pricing', { volume: 0.9, intent: 18 }],
  ['cost', { volume: 0.8, intent: 14 }],
  ['costs', { volume: 1, intent: 12 }],
  ['deal', { volume: 1, intent: 18 }],
  ['deals', { volume: 0.9, intent: 18 }],
  ['discount', { volume: 1.1, intent: 20 }],
  ['coupon', { volume: 1, intent: 16 }],
  ['sale', { volume: 0.9, intent: 18 }],
  ['online', { volume: 0.8, intent: 10 }],
  ['delivery', { volume: 0.9, intent: 14 }],
  ['hire', { volume: 1.1, intent: 22 }],
  ['quote', { volume: 1.2, intent: 22 }],
  ['quotes', { volume: 1.1, intent: 14 }],
  ['service', { volume: 0.8, intent: 16 }],
  ['services', { volume: 0.7, intent: 16 }],
  ['company', { volume: 0.9, intent: 14 }],
  ['companies', { volume: 0.9, intent: 14 }],
  ['agency', { volume: 1, intent: 16 }],
  ['provider', { volume: 1.1, intent: 14 }],
  ['providers', { volume: 1.1, intent: 14 }],
  ['review', { volume: 1, intent: 10 }],
  ['reviews', { volume: 0.9, intent: 12 }],
  ['rated', { volume: 1.1, intent: 10 }],
  ['vs', { volume: 1.3, intent: 8 }],
  ['versus', { volume: 1.5, intent: 6 }],
  ['alternative', { volume: 1.2, intent: 12 }],
  ['alternatives', { volume: 1.1, intent: 12 }],
  ['compare', { volume: 1.2, intent: 10 }],
  ['comparison', { volume: 1.2, intent: 10 }],
  ['trial', { volume: 1.1, intent: 10 }],
  ['local', { volume: 0.9, intent: 12 }],
  ['professional', { volume: 1, intent: 12 }],
  // Informational: people who want to know, not to buy.
  ['how to', { volume: 0.6, intent: -22 }],
  ['how do', { volume: 1.1, intent: -24 }],
  ['how does', { volume: 1.1, intent: -24 }],
  ['how much', { volume: 1, intent: -8 }],
  ['how many', { volume: 1.1, intent: -26 }],
  ['what is', { volume: 1.7, intent: -26 }],
  ['what are', { volume: 1.8, intent: -26 }],
  ['what does', { volume: 1.4, intent: -28 }],
  ['why is', { volume: 1.5, intent: -30 }],
  ['why do', { volume: 1.5, intent: -30 }],
  ['how', { volume: 0.9, intent: -22 }],
  ['what', { volume: 1, intent: -24 }],
  ['why', { volume: 1.2, intent: -28 }],
  ['when', { volume: 1.2, intent: -22 }],
  ['where', { volume: 1, intent: -12 }],
  ['who', { volume: 1.1, intent: -24 }],
  ['which', { volume: 1.1, intent: -10 }],
  ['is', { volume: 0.5, intent: -8 }],
  ['are', { volume: 0.5, intent: -8 }],
  ['does', { volume: 0.6, intent: -10 }],
  ['do', { volume: 0.5, intent: -8 }],
  ['can', { volume: 0.6, intent: -10 }],
  ['should', { volume: 0.7, intent: -10 }],
  ['free', { volume: 0.4, intent: -24 }],
  ['meaning', { volume: 0.6, intent: -34 }],
  ['definition', { volume: 0.7, intent: -34 }],
  ['define', { volume: 0.8, intent: -32 }],
  ['example', { volume: 0.9, intent: -24 }],
  ['examples', { volume: 0.8, intent: -24 }],
  ['ideas', { volume: 0.6, intent: -14 }],
  ['history', { volume: 0.9, intent: -30 }],
  ['diy', { volume: 0.9, intent: -24 }],
  ['tips', { volume: 0.8, intent: -20 }],
  ['guide', { volume: 0.9, intent: -14 }],
  ['tutorial', { volume: 0.9, intent: -26 }],
  ['facts', { volume: 0.9, intent: -30 }],
  ['wiki', { volume: 1.1, intent: -34 }],
  ['pdf', { volume: 1, intent: -22 }],
  ['template', { volume: 0.9, intent: -10 }],
  ['templates', { volume: 0.9, intent: -10 }],
  ['for beginners', { volume: 0.9, intent: -10 }],
]);

/** Modifiers that open a question. */
export const questionWords: ReadonlySet<string> = new Set(
  [...modifiers.keys()].filter((key) => /^(how|what|why|when|where|who|which)\b/.test(key)),
);

/** Verbs a question needs after its question word ("how much does", "what are"). */
export const auxiliaries: ReadonlySet<string> = new Set(['is', 'are', 'does', 'do', 'can', 'should']);

export interface Topic {
  /** 0-1: how much advertisers want these searches. */
  value: number;
  /** A typical high top-of-page bid in US dollars for a plain search of the topic. */
  cpc: number;
  season: Season;
  /** What people look for, which decides the modifiers that read naturally in ideas. */
  kind: TopicKind;
}

/** Things people do (knitting, running) read differently from things they consume (recipes, games). */
export type TopicKind = 'service' | 'software' | 'product' | 'travel' | 'activity' | 'content' | 'general';

export type Season = 'flat' | 'winter' | 'summer' | 'holidays' | 'tax' | 'newYear' | 'school' | 'spring';

const topicRows: [words: string, kind: TopicKind, value: number, cpc: number, season?: Season][] = [
  [
    'lawyer|lawyers|attorney|attorneys|injury|legal|law firm|divorce|dui|bankruptcy|mesothelioma|litigation|solicitor',
    'service',
    1,
    38,
  ],
  ['insurance|insurer|insurers|annuity|underwriting', 'service', 0.95, 26],
  ['mortgage|mortgages|refinance|loan|loans|lender|lenders|payday|debt|credit|heloc', 'service', 0.9, 18],
  [
    'bank|banking|invest|investing|investment|broker|brokerage|trading|forex|crypto|bitcoin|ira|401k',
    'service',
    0.85,
    10,
  ],
  ['tax|taxes|accountant|accounting|bookkeeping|cpa|payroll|audit', 'service', 0.85, 12, 'tax'],
  [
    'software|saas|crm|erp|hosting|vpn|cloud|antivirus|cybersecurity|platform|api|database|server|analytics|automation',
    'software',
    0.85,
    12,
  ],
  ['seo|marketing|advertising|ppc|agency|consulting|consultant|recruitment|staffing|recruiter', 'service', 0.8, 10],
  [
    'plumber|plumbing|roofing|roofer|roof|hvac|electrician|contractor|contractors|remodeling|renovation|pest|exterminator',
    'service',
    0.85,
    14,
  ],
  [
    'locksmith|movers|moving|landscaping|cleaning|cleaners|repair|installation|solar|siding|gutter|gutters',
    'service',
    0.8,
    9,
  ],
  ['heating|furnace|boiler|insulation', 'service', 0.8, 11, 'winter'],
  ['cooling|conditioning|ac|pool|pools', 'service', 0.75, 7, 'summer'],
  [
    'dentist|dental|implant|implants|orthodontist|braces|clinic|surgery|surgeon|rehab|therapy|therapist|botox|lasik',
    'service',
    0.8,
    9,
  ],
  [
    'doctor|hospital|treatment|pharmacy|medicare|medicaid|chiropractor|dermatologist|cosmetic|hearing',
    'service',
    0.7,
    6,
  ],
  [
    'realtor|realty|estate|mortgage broker|apartment|apartments|condo|condos|property|properties|homes|rental',
    'service',
    0.7,
    4,
  ],
  [
    'course|courses|degree|degrees|university|college|mba|bootcamp|certification|training|tutor|tutoring',
    'general',
    0.7,
    6,
  ],
  ['school|schools|backpack|backpacks|textbook|textbooks', 'product', 0.5, 2, 'school'],
  ['mattress|mattresses|hearing aids|wheelchair|stairlift', 'product', 0.75, 6],
  ['car|cars|truck|trucks|suv|dealership|dealer|dealers|auto|tires|vehicle|vehicles', 'product', 0.65, 3],
  [
    'hotel|hotels|flight|flights|cruise|cruises|vacation|vacations|resort|resorts|airline|travel|tour|tours',
    'travel',
    0.6,
    2.2,
    'summer',
  ],
  ['gift|gifts|christmas|ornament|ornaments|decorations|toys|toy', 'product', 0.55, 1.3, 'holidays'],
  ['coat|coats|jacket|jackets|boots|snow|ski|skiing|snowboard|sweater|sweaters|thermal', 'product', 0.5, 1.2, 'winter'],
  [
    'swimsuit|swimsuits|bikini|sunscreen|sandals|beach|camping|tent|tents|kayak|grill|bbq',
    'product',
    0.45,
    1,
    'summer',
  ],
  ['gym|diet|workout|fitness|running|yoga|pilates|weightlifting', 'activity', 0.5, 1.5, 'newYear'],
  ['treadmill|protein|dumbbells', 'product', 0.5, 1.5, 'newYear'],
  ['gardening|landscape', 'activity', 0.5, 1.3, 'spring'],
  ['garden|seeds|lawn|mower|flowers|plants', 'product', 0.5, 1.3, 'spring'],
  ['wedding|weddings', 'general', 0.6, 2, 'spring'],
  [
    'shoes|shoe|sneakers|dress|dresses|clothes|clothing|shirt|shirts|jeans|furniture|sofa|laptop|laptops|phone|phones',
    'product',
    0.55,
    1.2,
  ],
  [
    'tv|tvs|camera|cameras|headphones|watch|watches|jewelry|ring|rings|bag|bags|handbag|handbags|perfume',
    'product',
    0.55,
    1.2,
  ],
  [
    'recipe|recipes|soup|cake|cookies|bread|salad|pasta|chicken|dessert|desserts|dinner|lunch|breakfast|meals',
    'content',
    0.15,
    0.25,
  ],
  ['cooking|baking', 'activity', 0.15, 0.25],
  ['game|games|lyrics|song|songs|movie|movies|anime|cartoon|jokes|meme|memes|wallpaper|puzzle', 'content', 0.1, 0.2],
  ['poem|poems|story|stories|trivia|quiz|riddles|coloring', 'content', 0.1, 0.2],
  ['craft|crafts|knitting|crochet|drawing|painting|sewing|hobby|hobbies|photography', 'activity', 0.12, 0.25],
];

export const topics: ReadonlyMap<string, Topic> = new Map(
  topicRows.flatMap(([words, kind, value, cpc, season = 'flat']) =>
    words.split('|').map((word) => [word, { value, cpc, season, kind }] as const),
  ),
);

/** A phrase with no known topic word: a modest, middling market. */
export const defaultTopic: Topic = { value: 0.35, cpc: 1, season: 'flat', kind: 'general' };

/** Monthly multipliers, January first; each averages 1. */
export const seasons: Record<Season, readonly number[]> = {
  flat: [1.02, 0.98, 1.01, 1, 0.99, 0.97, 0.98, 1, 1.01, 1.02, 1.01, 1.01],
  winter: [1.35, 1.15, 0.9, 0.7, 0.6, 0.55, 0.55, 0.65, 0.85, 1.2, 1.6, 1.9],
  summer: [0.75, 0.8, 0.95, 1.05, 1.2, 1.35, 1.4, 1.25, 0.95, 0.8, 0.72, 0.78],
  holidays: [0.6, 0.6, 0.65, 0.65, 0.75, 0.7, 0.7, 0.75, 0.8, 1, 1.9, 2.9],
  tax: [1.5, 1.6, 1.7, 1.8, 0.8, 0.7, 0.65, 0.7, 0.7, 0.75, 0.8, 0.3],
  newYear: [1.45, 1.15, 1.05, 1, 1.02, 0.95, 0.92, 0.9, 0.92, 0.88, 0.82, 0.94],
  school: [0.9, 0.75, 0.7, 0.7, 0.75, 0.85, 1.45, 1.9, 1.25, 0.85, 0.75, 0.7],
  spring: [0.65, 0.75, 1.1, 1.45, 1.5, 1.35, 1.1, 0.95, 0.85, 0.8, 0.75, 0.75],
};
