// The rules every ad line keeps, whoever wrote it: the offline writer, an LLM, or a person through
// the API. One checker (`adLineProblem`) and one dedupe key (`adLineKey`), so the writers, the
// property tests and the API module refuse the same lines for the same reasons.
import { adLineLimit, adTextLength, constants, type AdLineKind } from '@keywright/contract';
import type { AdCopyBrief } from './ad-copy-writer';

/** How many lines a writer answers of each kind. */
export const adLineCount: Record<AdLineKind, number> = {
  headlines: constants.headlines.count,
  descriptions: constants.descriptions.count,
};

/**
 * The key two lines are the same under: case-folded (upper then lower, so "ß" meets "SS") and
 * without punctuation or spaces, so "Shop Shoes!" and "shop shoes" are one line.
 */
export function adLineKey(line: string): string {
  return line
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .replace(/[\p{P}\p{Z}\s]/gu, '');
}

/** Everything the lines are written from, as one text: a word or a claim in it may be repeated. */
export function adInputText(brief: AdCopyBrief): string {
  const { project } = brief;
  return [
    project.name,
    project.description,
    project.targetAudience,
    project.city,
    project.country,
    project.siteUrl,
    ...brief.keywords,
  ].join('\n');
}

/** Acronyms people write in capitals even when a keyword is typed in lower case ("seo services"). */
export const knownAcronyms = new Map(
  `SEO PPC SEM HVAC CRM ERP API DIY USA UK EU UX UI HR PR AI TV GPS PDF SMS VAT LLC CPA FAQ IT SaaS B2B B2C`
    .split(' ')
    .map((word) => [word.toLowerCase(), word]),
);

/** Sentence punctuation: two in a row ("..", "!!", ",,", "?!", ". ,") read as shouting or a typo. */
const SENTENCE_MARKS = '.,!?;:…‼⁇⁈⁉！？。，';
const REPEATED_PUNCTUATION = new RegExp(`[${SENTENCE_MARKS}]\\s*[${SENTENCE_MARKS}]|[…‼⁇⁈⁉]`, 'u');
const EXCLAMATIONS = /[!！¡]/gu;

/** Letters of one word, split at anything else ("Same-Day" is "Same" and "Day"). */
const wordsOf = (text: string) => text.split(/[^\p{L}\p{M}]+/u).filter(Boolean);

/** A capital after the first letter: "SEO", "PackRight", "sHOES". Title Case ("Shoes") is not. */
const hasInnerCapital = (word: string) => /\p{Lu}/u.test([...word].slice(1).join(''));

const before = '(?<![\\p{L}\\p{N}])';
const after = '(?![\\p{L}\\p{N}])';
const word = (source: string) => new RegExp(`${before}(?:${source})${after}`, 'iu');

/**
 * Facts an ad must not state unless the project does: prices, discounts, ratings, awards, years,
 * guarantees, opening hours, delivery. Each is a claim found in a line (`line`) and what the input
 * must say for the claim to stand (`input`; when left out, the very word the line has).
 */
const claims: ReadonlyArray<{ line: RegExp; input?: RegExp }> = [
  { line: /[$€£¥₹]|\d\s*%|\bper cent\b|\bpercent\b/iu, input: /[$€£¥₹%]|per ?cent/iu },
  { line: word('free'), input: word('free') },
  { line: word('discount(?:s|ed)?|sale|deals?|bargains?|cheap(?:est)?|lowest|affordable|savings') },
  { line: word('award(?:s|-winning)?|winning|rated|ratings?|reviews?|stars?|5-star|five-star') },
  { line: /#\s?1|\bno\.\s?1\b|\bnumber one\b/iu },
  { line: word('best|top|leading|trusted|guaranteed?|warranty|money-back|refunds?') },
  { line: word('since|years?|established|founded|experience[ds]?') },
  { line: word('certified|licensed|insured|accredited|qualified') },
  { line: /24\s*\/\s*7|\b24 hours\b|\bopen (?:now|late|daily)\b|\b7 days\b/iu },
  { line: word('same-day|next-day|overnight|express') },
  { line: word('shipping|ships|shipped'), input: word('ship(?:ping|s|ped)?') },
  { line: word('deliver(?:y|ies|ed|s)?'), input: word('deliver(?:y|ies|ed|s|ing)?') },
  { line: word('emergency|emergencies') },
  { line: word('trials?'), input: word('trials?') },
  { line: word('demos?') },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Numbers in a line must be the input's: "Over 500 Clients" or "Open 7 Days" would be made up. */
const numbersOf = (text: string) => text.match(/\d+(?:[.,]\d+)*/g) ?? [];

/**
 * Why a line may not run as a headline or description of this input, or null when it may. The
 * input text (`adInputText`) decides which capitals, numbers and claims the line may repeat.
 */
export function adLineProblem(kind: AdLineKind, line: string, inputText: string): string | null {
  if (!/[\p{L}\p{N}]/u.test(line)) return 'has no words';
  if (line !== line.trim() || /\s{2}|[\n\r\t]/.test(line)) return 'has stray spaces or line breaks';
  if (/\p{Cc}|\p{Co}|\p{Cs}|\uFFFD/u.test(line)) return 'has a character that does not print';
  const limit = adLineLimit[kind];
  if (adTextLength(line) > limit) return `is longer than ${limit} characters`;
  if (REPEATED_PUNCTUATION.test(line)) return 'repeats punctuation';
  const exclamations = line.match(EXCLAMATIONS)?.length ?? 0;
  if (kind === 'headlines' && exclamations > 0) return 'a headline has an exclamation mark';
  if (kind === 'descriptions' && exclamations > 1) return 'a description has more than one exclamation mark';
  if (kind === 'descriptions' && !/[.!]$/.test(line)) return 'a description does not end a sentence';
  if (kind === 'headlines' && /[.,;:]$/.test(line)) return 'a headline ends on punctuation';
  const written = new Set(wordsOf(inputText));
  for (const each of wordsOf(line)) {
    if (hasInnerCapital(each) && !written.has(each) && knownAcronyms.get(each.toLowerCase()) !== each) {
      return `writes "${each}" in capitals the input does not`;
    }
  }
  const words = wordsOf(line.toLowerCase());
  if (words.some((each, i) => i > 0 && words[i - 1] === each)) return 'repeats a word';
  const inputNumbers = new Set(numbersOf(inputText));
  const number = numbersOf(line).find((each) => !inputNumbers.has(each));
  if (number) return `states the number ${number}, which the input does not`;
  for (const claim of claims) {
    const found = claim.line.exec(line);
    if (found && !(claim.input ?? word(escapeRegExp(found[0]))).test(inputText)) {
      return `claims "${found[0]}", which the project does not say`;
    }
  }
  return null;
}

/**
 * The first `count` lines of `candidates` that keep every rule and are new under `adLineKey`,
 * added to `kept` (lines already chosen). Lines that break a rule are dropped whole, never cut.
 */
export function keepAdLines(
  kind: AdLineKind,
  candidates: Iterable<string>,
  inputText: string,
  kept: string[] = [],
  count = adLineCount[kind],
): string[] {
  const keys = new Set(kept.map(adLineKey));
  for (const line of candidates) {
    if (kept.length >= count) break;
    const key = adLineKey(line);
    if (keys.has(key) || adLineProblem(kind, line, inputText) !== null) continue;
    keys.add(key);
    kept.push(line);
  }
  return kept;
}
