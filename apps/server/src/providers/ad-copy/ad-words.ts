// The word lists the offline ad writer reads a brief with: the search words around an offer,
// what marks each kind of business, and which heads take an article. The code that applies them
// is in ad-facts.ts and ad-text.ts.

/** Words a search adds around an offer: an ad says the offer without them. */
export const searchWords = new Set(
  `best buy online where to for sale deals price prices cost cheap affordable top rated near me open now reviews pricing
  free trial comparison what is are how much does do a an cost choose use types of buying guide store in local place`.split(
    /\s+/,
  ),
);

/** Words that make a keyword a question, a price hunt or a comparison: never an ad's offer. */
export const notOffers = new Set(
  `how what where why when which who buy price prices cost pricing cheap near vs versus alternative alternatives
  competitors reviews review comparison compare guide types do does is are can should i`.split(/\s+/),
);

/** What marks each kind of business (see `businessOf` in ad-facts.ts): its head word, or its text. */
export const businessMarks = {
  stayHead: /^(?:hotels?|inns?|resorts?|motels?|hostels?|lodges?|b&b)$/,
  careText:
    /\b(?:dental|dentist\w*|clinic|doctor|medical|physio\w*|chiropract\w*|therap\w*|vet|veterinary|salon|barber\w*|massage|optometr\w*|orthodont\w*|pediatric\w*|dermatolog\w*)\b/i,
  classesText: /\b(?:class(?:es)?|lessons?|courses?|workshops?)\b/i,
  makerHead: /^(?:bakery|bakeries|roastery|brewery|winery|florist|kitchen|patisserie|chocolatier)$/,
  agencyHead: /^(?:agency|agencies|firm|consultancy|studio)$/,
};

/** "in the United States", "in the Netherlands", "in Canada". */
export const takesThe =
  /^(?:united|republic|kingdom)\b|\b(?:states|kingdom|republic|netherlands|philippines|emirates|islands)$/i;

/**
 * Heads said without "a" even when singular: stuff, food and drink, work and fields ("free
 * breakfast", "teeth cleaning", "SEO", "software"). Heads of things one has one of ("rooftop bar",
 * "consultation") are counted.
 */
export const massHeads = new Set(
  `bread coffee tea wine beer cheese honey chocolate soap film wrap gear equipment apparel clothing jewelry jewellery
  furniture skincare paint food breakfast lunch dinner brunch takeout takeaway delivery catering care help support advice
  therapy maintenance removal hosting design training coaching tuition insurance accounting bookkeeping payroll software
  yoga pilates fitness marketing seo ppc sem content law compensation music art wifi parking access pizza pasta sushi
  service`.split(/\s+/),
);
/** Singular heads that are counted though their kind is mostly said without "a" (a service, a feature). */
export const countedHeads = new Set(
  `consultation audit checkup exam massage facial haircut session appointment lesson class tour treatment visit quote
  estimate plan subscription app tool platform dashboard portal plugin course workshop`.split(/\s+/),
);
