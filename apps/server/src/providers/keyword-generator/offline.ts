import { fitsLengthRule, normalizeKeyword } from '@keywright/contract';
import { stemmer } from 'stemmer';
import type { KeywordGenerator, KeywordIdeasRequest, ProjectFacts } from './keyword-generator';
import {
  commercialPrefixes,
  commercialSuffixes,
  fillerWords,
  questionTemplates,
  stopwords,
  tailModifiers,
} from './words';

/**
 * Keyword ideas from the project's own words, with no network: key phrases
 * from its texts, expanded with search-intent templates, de-duplicated by
 * stem, then picked for relevance with a penalty on repeating a phrase or a
 * template family. The same input always gives the same keywords.
 */
export function createOfflineKeywordGenerator(): KeywordGenerator {
  return {
    name: 'offline',
    generate: (request) => generateOfflineKeywords(request),
  };
}

const fieldWeights = { productService: 3, name: 2, siteUrl: 1, documentText: 1 } as const;
const maxCorePhrases = 30;

/** Words that glue a phrase together without changing what it is about. */
const glueWords = new Set(['a', 'an', 'the', 'in', 'for', 'of', 'to', 'and', 'on', 'at', 'with', 'is', 'does', 'by']);

interface Phrase {
  text: string;
  words: string[];
  score: number;
}

interface Candidate {
  text: string;
  /** The word or template added to the phrase; repeating one reads as a pattern, so it costs too. */
  modifier: string;
  /** The phrase (or competitor) it is built on; repeating one costs relevance. */
  core: string;
  /** The template family it comes from; repeating one costs relevance too. */
  family: string;
  score: number;
}

function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, '').replace(/'s$/, ''))
    .filter(Boolean);
}

function isContentWord(word: string): boolean {
  return word.length >= 2 && !stopwords.has(word) && !/^\d+$/.test(word);
}

interface Token {
  word: string;
  /** Can end a phrase: a noun, or a plural the tagger took for a verb. */
  isHead: boolean;
  isVerb: boolean;
  /** Punctuation follows: a phrase does not run on. */
  isBoundary: boolean;
}

type Nlp = typeof import('compromise').default;
let nlpModule: Promise<Nlp> | undefined;
/** compromise takes a while to load: once per process, on first use. */
function loadNlp(): Promise<Nlp> {
  nlpModule ??= import('compromise').then((module) => module.default);
  return nlpModule;
}

interface NlpTerm {
  text: string;
  post: string;
  tags: string[];
}

function tagText(nlp: Nlp, text: string): Token[] {
  const tokens: Token[] = [];
  const sentences = nlp(text).json() as Array<{ terms: NlpTerm[] }>;
  for (const sentence of sentences) {
    let previousAdjective = false;
    for (let i = 0; i < sentence.terms.length; i++) {
      let term = sentence.terms[i]!;
      // The word as written, lower-cased: compromise's normal form drops accents ("café").
      let word = term.text.toLowerCase();
      // compromise splits "fair-trade"; keep it one word.
      while (term.post.trim() === '-' && i + 1 < sentence.terms.length) {
        term = sentence.terms[++i]!;
        word = `${word}-${term.text.toLowerCase()}`;
      }
      word = word.replace(/['’]s$/, '').replace(/[^\p{L}\p{N}-]/gu, '');
      const tags = new Set(term.tags);
      const isNoun = tags.has('Noun') || tags.has('Plural');
      const pluralAsVerb = tags.has('PresentTense') && previousAdjective && word.endsWith('s');
      tokens.push({
        word,
        isHead: (isNoun || pluralAsVerb) && !tags.has('Pronoun'),
        isVerb: tags.has('Verb') && !pluralAsVerb,
        isBoundary: /[.,;:!?()[\]{}"|/\\•·–—]/.test(term.post),
      });
      previousAdjective = tags.has('Adjective');
    }
    if (tokens.length) tokens[tokens.length - 1]!.isBoundary = true;
  }
  return tokens;
}

/** Runs of content words, split at stopwords, punctuation and verbs that do not lead into a noun. */
function contentRuns(tokens: Token[]): Token[][] {
  const runs: Token[][] = [];
  let run: Token[] = [];
  const close = () => {
    if (run.length) runs.push(run);
    run = [];
  };
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    const breaksHere = !isContentWord(token.word) || (token.isVerb && !(next && next.isHead && !token.isBoundary));
    if (breaksHere) close();
    else run.push(token);
    if (token.isBoundary) close();
  });
  close();
  return runs;
}

function siteWords(siteUrl: string): string {
  const host = siteUrl
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .split(/[/?#]/)[0]!
    .replace(/^www\./i, '');
  const labels = host.split('.');
  return labels
    .slice(0, Math.max(1, labels.length - 1))
    .join(' ')
    .replace(/[-_]/g, ' ');
}

/** Key phrases of one to three words ending in a noun, scored by where and how often they occur. */
function keyPhrases(nlp: Nlp, project: ProjectFacts): Phrase[] {
  // Names are brands: only whole, so "Green Leaf Coffee" never yields "leaf coffee".
  // The audience fills the "for {audience}" slot rather than naming the product.
  const sources: Array<[text: string, weight: number, wholeOnly: boolean]> = [
    [project.productService, fieldWeights.productService, false],
    [project.name, fieldWeights.name, true],
    [siteWords(project.siteUrl), fieldWeights.siteUrl, true],
    [(project.documentText ?? '').slice(0, 5_000), fieldWeights.documentText, false],
  ];
  const wordWeight = new Map<string, number>();
  const phraseWeight = new Map<string, number>();
  for (const [text, weight, wholeOnly] of sources) {
    if (!text.trim()) continue;
    for (const run of contentRuns(tagText(nlp, text))) {
      for (const token of run) wordWeight.set(token.word, (wordWeight.get(token.word) ?? 0) + weight);
      for (let size = 1; size <= 3; size++) {
        for (let start = 0; start + size <= run.length; start++) {
          if (wholeOnly && (start > 0 || size < Math.min(run.length, 3))) continue;
          const window = run.slice(start, start + size);
          if (!window[window.length - 1]!.isHead) continue;
          // A fragment from inside a longer run says less than the run itself.
          const fragment = (start > 0 ? 0.7 : 1) * (start + size < run.length ? 0.85 : 1);
          const key = window.map((token) => token.word).join(' ');
          phraseWeight.set(key, (phraseWeight.get(key) ?? 0) + weight * fragment);
        }
      }
    }
  }
  const phrases: Phrase[] = [];
  for (const [text, occurrences] of phraseWeight) {
    const words = text.split(' ');
    if (words.every((word) => fillerWords.has(word))) continue;
    const meanWord =
      words.reduce((sum, word) => sum + (wordWeight.get(word) ?? 0) * (fillerWords.has(word) ? 0.3 : 1), 0) /
      words.length;
    const lengthFactor = words.length === 2 ? 1.25 : words.length === 3 ? 1.1 : 1;
    phrases.push({ text, words, score: (occurrences + meanWord) * lengthFactor });
  }
  return phrases.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));
}

function firstPhrase(nlp: Nlp, text: string, maxWords: number): string {
  const run = contentRuns(tagText(nlp, text))[0];
  return run
    ? run
        .slice(0, maxWords)
        .map((token) => token.word)
        .join(' ')
    : '';
}

function competitorNames(competitors: string): string[] {
  const names = competitors
    .split(/[,;\n]+/)
    .map((name) => siteWords(name.trim()).toLowerCase().replace(/\s+/g, ' ').trim())
    .filter((name) => name && name.split(' ').length <= 3);
  return [...new Set(names)].slice(0, 5);
}

function candidates(nlp: Nlp, project: ProjectFacts, phrases: Phrase[]): Candidate[] {
  const cores = phrases.slice(0, maxCorePhrases);
  const top = cores[0]?.score ?? 1;
  const city = project.city.trim().toLowerCase();
  const audience = firstPhrase(nlp, project.targetAudience, 3);
  const brand = firstPhrase(nlp, project.name, 3);
  const list: Candidate[] = [];
  const add = (text: string, core: string, family: string, weight: number, relevance: number, modifier = family) =>
    list.push({ text: text.replace(/\s+/g, ' ').trim(), core, family, modifier, score: relevance * weight });

  for (const phrase of cores) {
    const p = phrase.text;
    const relevance = phrase.score / top;
    add(p, p, 'core', 1, relevance, p);
    commercialPrefixes.forEach((prefix, rank) =>
      add(`${prefix} ${p}`, p, 'commercial', 0.92 - rank * 0.03, relevance, prefix),
    );
    commercialSuffixes.forEach((suffix, rank) =>
      add(`${p} ${suffix}`, p, 'commercial', 0.9 - rank * 0.03, relevance, suffix),
    );
    add(`${p} near me`, p, 'local', 0.85, relevance, 'near me');
    if (city) {
      add(`${p} ${city}`, p, 'local', 0.8, relevance, 'city');
      add(`${p} in ${city}`, p, 'local', 0.75, relevance, 'in city');
      add(`best ${p} in ${city}`, p, 'local', 0.7, relevance, 'best in city');
    }
    if (audience && audience !== p) {
      add(`${p} for ${audience}`, p, 'audience', 0.85, relevance, 'for audience');
      add(`best ${p} for ${audience}`, p, 'audience', 0.8, relevance, 'best for audience');
    }
    for (const template of questionTemplates) add(template.replace('{p}', p), p, 'question', 0.6, relevance, template);
    for (const modifier of tailModifiers) {
      add(`${p} ${modifier}`, p, 'tail', 0.3, relevance, modifier);
      add(`best ${p} ${modifier}`, p, 'tail', 0.25, relevance, `best ${modifier}`);
      if (audience && audience !== p)
        add(`${p} ${modifier} for ${audience}`, p, 'tail', 0.25, relevance, `${modifier} for`);
      if (city) add(`${p} ${modifier} ${city}`, p, 'tail', 0.2, relevance, `${modifier} city`);
    }
  }

  const mainTopic = cores[0]?.text;
  for (const competitor of competitorNames(project.competitors)) {
    const core = `competitor:${competitor}`;
    const relevance = 0.75;
    add(`${competitor} alternative`, core, 'comparison', 0.8, relevance);
    add(`${competitor} alternatives`, core, 'comparison', 0.75, relevance);
    add(`best ${competitor} alternative`, core, 'comparison', 0.7, relevance);
    add(`${competitor} competitors`, core, 'comparison', 0.65, relevance);
    if (brand && brand !== competitor) add(`${competitor} vs ${brand}`, core, 'comparison', 0.75, relevance);
    if (mainTopic && mainTopic !== competitor) add(`${competitor} vs ${mainTopic}`, core, 'comparison', 0.6, relevance);
    add(`${competitor} reviews`, core, 'comparison', 0.6, relevance);
    add(`${competitor} pricing`, core, 'comparison', 0.6, relevance);
  }
  return list;
}

/** Two keywords with the same signature say the same thing (word order, plurals, glue words). */
function signature(keyword: string): string {
  return [
    ...new Set(
      tokenize(keyword)
        .filter((word) => !glueWords.has(word))
        .map((word) => stemmer(word)),
    ),
  ]
    .sort()
    .join(' ');
}

export async function generateOfflineKeywords({
  project,
  count,
  lengthRule,
  avoid,
}: KeywordIdeasRequest): Promise<string[]> {
  const nlp = await loadNlp();
  const avoided = new Set<string>();
  for (const keyword of avoid) {
    avoided.add(normalizeKeyword(keyword));
    avoided.add(signature(keyword));
  }
  const best = new Map<string, Candidate>();
  for (const candidate of candidates(nlp, project, keyPhrases(nlp, project))) {
    if (!candidate.text || !fitsLengthRule(candidate.text, lengthRule)) continue;
    if (avoided.has(normalizeKeyword(candidate.text))) continue;
    const key = signature(candidate.text);
    if (!key || avoided.has(key)) continue;
    const known = best.get(key);
    if (!known || candidate.score > known.score || (candidate.score === known.score && candidate.text < known.text)) {
      best.set(key, candidate);
    }
  }
  const pool = [...best.values()].sort((a, b) => b.score - a.score || a.text.localeCompare(b.text));

  // Greedy pick: relevance, discounted for each earlier pick of the same phrase or family.
  const coreUse = new Map<string, number>();
  const familyUse = new Map<string, number>();
  const modifierUse = new Map<string, number>();
  const picked: string[] = [];
  const taken = new Array<boolean>(pool.length).fill(false);
  while (picked.length < count) {
    let bestIndex = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < pool.length; i++) {
      if (taken[i]) continue;
      const candidate = pool[i]!;
      // The pool is sorted by score, so nothing after this can beat the best found.
      if (candidate.score <= bestValue) break;
      const value =
        candidate.score *
        0.75 ** (coreUse.get(candidate.core) ?? 0) *
        0.85 ** (familyUse.get(candidate.family) ?? 0) *
        0.7 ** (modifierUse.get(candidate.modifier) ?? 0);
      if (value > bestValue) {
        bestValue = value;
        bestIndex = i;
      }
    }
    if (bestIndex < 0) break;
    const chosen = pool[bestIndex]!;
    taken[bestIndex] = true;
    picked.push(chosen.text);
    coreUse.set(chosen.core, (coreUse.get(chosen.core) ?? 0) + 1);
    familyUse.set(chosen.family, (familyUse.get(chosen.family) ?? 0) + 1);
    modifierUse.set(chosen.modifier, (modifierUse.get(chosen.modifier) ?? 0) + 1);
  }
  return picked;
}
