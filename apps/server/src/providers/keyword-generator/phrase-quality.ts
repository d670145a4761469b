import {
  audienceHeads,
  genericHeads,
  glueWords,
  isPluralPhrase,
  kindOfPhrase,
  linkingVerbs,
  qualifiers,
  type PhraseKind,
} from './kinds';
import { loadLexicon } from '../lexicon/lexicon';
import { templates, type Template } from './templates';
import type { WayOffered } from './said-templates';
// The phrase-quality gate: whether a keyword reads like something a person types into a search box
// for this business. Offline generation, the LLM path and the offline ideas all pass through it.

export interface PhraseContext {
  /** Words that only ever stand before another noun in the project's text ("custom", "office"). */
  modifierWords: ReadonlySet<string>;
  /** Verbs and participles of the project's text ("offering", "roasted"). */
  verbs: ReadonlySet<string>;
  /** The project's city, lower-cased, or "". */
  city: string;
  /** The country as a shop's goods are searched with it ("candles uk"), when they are sold across it; or none. */
  country?: string;
  /** The audiences as written ("home baristas", "small cafes"), lower-cased. */
  audiences: readonly string[];
  /** The project's own name as searched ("bright smile dental"), or "". */
  brand: string;
  /** Competitor names, lower-cased. */
  competitors: readonly string[];
  /** The kind of a phrase whose head word says nothing (the project's line of business). */
  defaultKind: PhraseKind;
  /** Whether the business sells goods; a service's or a venue's things are not bought from it. */
  sellsGoods?: boolean;
  /** Whether the description sells in bulk or to the trade: only then "wholesale", "bulk" and "suppliers". */
  sellsInBulk?: boolean;
  /** The people of the business's trade, as searched ("physiotherapist", "dog walker"), when known. */
  agents?: readonly string[];
  /** Words the project's text ends a noun phrase on ("software", "clinic"), when known. */
  heads?: ReadonlySet<string>;
  /** What the text says the business is ("wholesale bakery"): read as itself, not as a template. */
  business?: string;
  /** How the text says the work comes ("emergency", "online", "mobile", "private"): only then so searched. */
  waysOffered?: ReadonlySet<WayOffered>;
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
  if (words.length > 1 && isPredicate(last) && isPluralPhrase(words[words.length - 2]!)) {
    return 'says something of them ("walk-ins welcome"), not an offer';
  }
  // "family-owned furniture": who owns it is said of the shop, not of what it sells.
  if (ownership.test(first) && words.length > 1 && kindOfPhrase(phrase) === 'goods') return 'says who owns the shop';
  return null;
}

const ownership = /^(?:family|locally|independently|woman|women|employee|black|veteran)-(?:owned|run)$/;

/** A word said of something rather than naming it: "welcome", "allowed"; WordNet mostly knows it as another part. */
function isPredicate(word: string): boolean {
  const lexicon = loadLexicon();
  const asNoun = lexicon.familiarity(word, 'noun');
  const asOther = lexicon.familiarity(word, 'adjective') + lexicon.familiarity(word, 'verb');
  // "near" of "beans near austin" says where, read with the city.
  const isAdverb = lexicon.partsOfSpeech(word).includes('adverb');
  return asNoun <= 1 && asOther >= 5 && !isAdverb && !word.endsWith('ing') && !word.endsWith('s');
}

const bulkTemplates = new Set(['wholesale {p}', 'bulk {p}', '{p1} suppliers']);

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
    '{country}': context.country ? [context.country] : [],
    '{audience}': context.audiences,
    '{competitor}': context.competitors,
    '{brand}': context.brand ? [context.brand] : [],
    '{agent}': context.agents ?? [],
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
    const readsBare =
      (!leadWords.has(text.split(' ')[0]!) && context.heads?.has(lastWord)) || text === context.business;
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
    // "buy phone", "wholesale photo booth": a repair shop or a DJ sells none of the things it works with.
    const isBuying = template.kinds.length === 1 && template.kinds[0] === 'goods';
    if (isBuying && context.sellsGoods === false) return 'a goods search for a business that sells no goods';
    if (bulkTemplates.has(template.pattern) && context.sellsInBulk === false) {
      return 'a bulk search for a business that does not sell in bulk';
    }
    // The gate knows little of a phrase it cannot place: an unknown kind passes every template.
    if (kind !== 'thing' && !template.kinds.includes(kind)) return `"${template.pattern}" does not suit ${kind}`;
    if (template.when && !template.when(phrase, kind, context)) {
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
