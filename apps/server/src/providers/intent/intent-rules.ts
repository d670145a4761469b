import { normalizeKeyword, searchIntents, type SearchIntent } from '@keywright/contract';
import { kindOfPhrase, serviceWords, type PhraseKind } from '../keyword-generator/kinds';
import { agentsOf } from '../keyword-generator/offer-forms';

/** What a keyword is read against: the project's own name and its competitors' (brands), and its place. */
export interface IntentContext {
  brands: readonly string[];
  /** The project's city and country: a keyword naming them is looking for someone there. */
  places: readonly string[];
}

/** The rules' reading: one or two intents, strongest first; `open` when no rule spoke for it. */
export interface IntentReading {
  intents: SearchIntent[];
  open: boolean;
}

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** First words that ask a question ("is", "can" only where they open the phrase). */
const questionOpeners = words(`how what why when where who whom whose which whats is are can could does do did should
  will would was were`);
/** Words that ask for knowledge wherever they stand. */
const learningWords =
  words(`guide guides tutorial tutorials tips ideas idea examples example meaning meanings definition
  define explained explanation history benefits facts learn diy symptoms causes checklist template templates
  steps process faq faqs basics meaning statistics stats recipe recipes poses exercises`);
const learningPhrases = ['how to', 'ways to', 'what is', 'what are', 'difference between', 'things to do'];

/** Comparing before buying. */
const comparingWords = words(`best top review reviews reviewed rated vs versus compare comparison comparisons
  alternative alternatives competitors competitor recommended ranking rankings affordable`);
const comparingPhrases = ['top rated', 'top-rated', 'pros and cons', 'similar to', 'better than'];

/** Acting now: buying, booking, hiring, asking the price, or going to a place nearby. */
const actingWords = words(`buy order purchase shop price prices pricing cost costs cheap cheapest deal deals discount
  discounts coupon coupons promo sale hire book booking bookings reservation reservations reserve appointment
  appointments quote quotes trial demo download subscribe rent rental rentals delivery shipping wholesale bulk
  install installation repair repairs emergency same-day catering tickets fee fees rates consultation`);
const actingPhrases = ['near me', 'for sale', 'free trial', 'sign up', 'open now', 'same day', 'how much'];
/** Asked as a question, but about where to pay: transactional first. */
const buyingQuestions = ['where to buy', 'where can i buy', 'where to order'];

/** Reaching a known site. */
const reachingWords = words(`login log-in signin sign-in website official account portal dashboard homepage`);
/**
 * A named brand's or place's details: navigational beside a name ("bright smile dental phone"),
 * not on their own ("running belt for phone", "invoicing app").
 */
const detailWords = words(`site app hours address directions phone contact menu schedule`);
const reachingPhrases = ['log in', 'sign in', 'customer service', 'phone number', 'official site', '.com'];

/** Heads of offers the keyword generator's kinds leave unplaced: sellers and what they sell in general. */
const offerHeads = words(`service services company companies provider providers supplier suppliers contractor
  contractors agency agencies firm firms brands products`);
const complementStart = / (?:for|with|in|near|at|of|from|to|on|by) /;
/** What a person buys, hires or visits (the keyword generator's reading): shopped for, when nothing else is said. */
const offerKinds: ReadonlySet<PhraseKind> = new Set(['goods', 'software', 'person', 'place', 'matter', 'service']);

const containsPhrase = (text: string, phrase: string) =>
  ` ${text} `.includes(` ${phrase} `) || (phrase.startsWith('.') && text.includes(phrase));

function hasAny(tokens: readonly string[], set: ReadonlySet<string>): boolean {
  return tokens.some((token) => set.has(token));
}

/** A brand as its words, so "Roto-Rooter" meets "roto rooter" and "bluebottle" stays whole. */
function brandForms(brand: string): string[] {
  const normalized = normalizeKeyword(brand).replace(/[^\p{L}\p{N}\s-]/gu, '');
  if (!normalized) return [];
  return [...new Set([normalized, normalized.replace(/-/g, ' '), normalized.replace(/[\s-]/g, '')])];
}

/**
 * Reads a keyword's intent by rules: question words make it informational, comparison words
 * commercial, buying, price, booking and nearby words transactional, a brand or a site's page
 * navigational. A keyword may carry two (a brand's pricing is navigational and transactional);
 * the strongest comes first. Deterministic: the same keyword and brands give the same answer.
 */
export function readIntent(keyword: string, context: IntentContext): IntentReading {
  const text = normalizeKeyword(keyword).replace(/[?!.,;:]+(?=\s|$)/g, '');
  const tokens = text.split(' ').filter(Boolean);
  const scores = new Map<SearchIntent, number>();
  const add = (intent: SearchIntent, weight: number) => scores.set(intent, (scores.get(intent) ?? 0) + weight);

  const brands = context.brands.flatMap(brandForms).filter((form) => form.length >= 2);
  const namedBrand = brands.find((form) => containsPhrase(text, form) || tokens.join('') === form);
  const isOnlyBrand = namedBrand !== undefined && brands.some((form) => text === form || tokens.join('') === form);

  if (questionOpeners.has(tokens[0] ?? '') || learningPhrases.some((phrase) => containsPhrase(text, phrase))) {
    add('informational', 3);
  }
  if (hasAny(tokens, learningWords)) add('informational', 2);
  if (hasAny(tokens, comparingWords) || comparingPhrases.some((phrase) => containsPhrase(text, phrase))) {
    add('commercial', 3);
  }
  const acting = hasAny(tokens, actingWords) || actingPhrases.some((phrase) => containsPhrase(text, phrase));
  // "How much does it cost" asks first and is about paying second.
  if (acting) add('transactional', scores.has('informational') ? 1 : 3);
  if (buyingQuestions.some((phrase) => containsPhrase(text, phrase))) add('transactional', 4);
  const places = context.places.map(normalizeKeyword).filter((place) => place.length >= 2);
  const namesPlace = places.some((place) => containsPhrase(text, place));
  if (
    hasAny(tokens, reachingWords) ||
    reachingPhrases.some((phrase) => containsPhrase(text, phrase)) ||
    ((namedBrand !== undefined || namesPlace) && hasAny(tokens, detailWords))
  ) {
    add('navigational', 3);
  }
  // "Plumber Phoenix": someone there is wanted, unless the phrase asks about the place itself.
  if (namesPlace && !scores.has('informational')) {
    add('transactional', 2);
  }
  if (namedBrand !== undefined) {
    // A brand alone is a trip to its site; beside other words it says whose offer is meant.
    add('navigational', isOnlyBrand ? 5 : scores.size > 0 ? 1 : 2.5);
  }

  const open = scores.size === 0;
  if (open) {
    // No rule spoke: something one buys or hires is being shopped for; anything else is a topic.
    add(hasAny(tokens, offerHeads) || namesOffer(text, places) ? 'commercial' : 'informational', 1);
  }

  const ranked = [...scores.entries()]
    .sort((a, b) => b[1] - a[1] || searchIntents.indexOf(a[0]) - searchIntents.indexOf(b[0]))
    .filter(([, score], index) => index === 0 || score >= 1);
  return { intents: ranked.slice(0, 2).map(([intent]) => intent), open };
}

/**
 * Whether a keyword names something one buys, hires or visits, as the keyword generator reads a
 * phrase: "dog walker", "back pain treatment", "physiotherapy clinic"; not "back pain" (a
 * problem) or "bank reconciliation" (work named by its ending only, as a program's feature is).
 */
function namesOffer(text: string, places: readonly string[]): boolean {
  let phrase = ` ${text} `;
  for (const place of places) phrase = phrase.split(` ${place} `).join(' ');
  // "leather wallets for men", "boutique hotel with spa": the offer is what comes before its complement.
  let words = phrase.split(complementStart)[0]!.trim().split(' ').filter(Boolean);
  if (words.length === 0) return false;
  let kind = kindOfPhrase(words.join(' '));
  // "dentist denver": a last word the reading cannot place is often a place the project does not name.
  if (kind === 'thing' && words.length > 1) {
    words = words.slice(0, -1);
    kind = kindOfPhrase(words.join(' '));
  }
  if (!offerKinds.has(kind)) return false;
  const head = words.at(-1)!;
  // A service is hired when the lists name its work, it is a trade of two words ("dog walking"), or
  // people do it for a living ("physiotherapy" by a physiotherapist).
  const offer = words.join(' ');
  return (
    kind !== 'service' ||
    serviceWords.has(head) ||
    (words.length > 1 && head.endsWith('ing')) ||
    agentsOf(offer).length > 0
  );
}
