import { constants, mergeProjectDetails, type ProjectDetails } from '@keywright/contract';
import type { DetailsExtractor, DocumentText } from './details-extractor';
import { cleanDocument, splitSentences, wordsOf, type CleanDocument } from './document-text';
import { detectLanguage } from './language';
import { getWordCounts } from '../metrics/estimate-data';
import {
  audiencePatterns,
  commonTerms,
  competitorHeading,
  competitorPatterns,
  namePattern,
  notNames,
  versusPattern,
} from './details-rules';
import { findProjectName, findSubject } from './find-name';
import { findSiteUrl } from './find-site';
import { findPlaces } from './places';

// Project details from a document's own words: its title or the name it repeats, its homepage,
// the opening description, the audience and competitors it names, the places it mentions most
// and the language most of it is in. Deterministic, no network; a field the text does not state
// stays ''.

/** The product/service description, at most (whole sentences). */
const maxDescription = 500;
/** Audience phrases kept, at most. */
const maxAudiences = 3;

export function createOfflineDetailsExtractor(): DetailsExtractor {
  return {
    name: 'offline',
    async extract(documents) {
      return fitToLimits(mergeProjectDetails(documents.map(extractDocumentDetails)));
    },
  };
}

/** One document's details. */
export function extractDocumentDetails(document: DocumentText): ProjectDetails {
  const clean = cleanDocument(document.text);
  const subject = findSubject(clean);
  const projectName = findProjectName(clean, subject);
  const places = findPlaces(clean.text);
  return {
    projectName,
    siteUrl: findSiteUrl(clean.urls, projectName),
    targetAudience: findAudience(clean.text),
    productService: findDescription(clean, subject),
    competitors: findCompetitors(clean, projectName),
    country: places.country,
    city: places.city,
    language: detectLanguage(clean.paragraphs),
  };
}

/** Each field within the contract's limits, cut at a word (competitors at a name). */
export function fitToLimits(details: ProjectDetails): ProjectDetails {
  const { limits } = constants;
  return {
    projectName: cutAtWord(details.projectName, limits.projectName),
    siteUrl: details.siteUrl.length <= limits.siteUrl ? details.siteUrl : '',
    targetAudience: cutAtWord(details.targetAudience, limits.targetAudience),
    productService: cutAtWord(details.productService, limits.projectDescription),
    competitors: cutList(details.competitors, limits.targetAudience),
    country: cutAtWord(details.country, limits.place),
    city: cutAtWord(details.city, limits.place),
    language: cutAtWord(details.language, limits.place),
  };
}

export function cutAtWord(text: string, max: number): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : trimmed.slice(0, max)).replace(/[\s,;:–-]+$/, '');
}

function cutList(list: string, max: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const name of list.split(',').map((part) => part.trim())) {
    if (!name) continue;
    const added = (kept.length ? 2 : 0) + name.length;
    if (length + added > max) break;
    kept.push(name);
    length += added;
  }
  return kept.join(', ');
}

// ---------------------------------------------------------------------------------------------
// Description

function isDescriptive(sentence: string): boolean {
  return (
    wordsOf(sentence).length >= 6 &&
    /[.!]["”’)]?$/.test(sentence) &&
    !/https?:\/\//.test(sentence) &&
    // A fragment cut from its slide ("durch dringende ...") or a quotation.
    /^[\p{Lu}\p{N}]/u.test(sentence) &&
    !/^["“„«]/.test(sentence)
  );
}

/** A paragraph that is a quotation: an attribution ("-- Prof. Knuth") follows it. */
function isQuoted(paragraphs: readonly string[], index: number): boolean {
  return /^(?:--|—|–)\s*\p{Lu}/u.test(paragraphs[index + 1] ?? '') || /\s--\s*\p{Lu}/u.test(paragraphs[index]!);
}

/** A slide that says what the project is ("The Solution: My Project", "What is a profiler"): its first lines. */
function findSolutionSlide(clean: CleanDocument): string {
  const isSolutionTitle = (paragraph: string) =>
    wordsOf(paragraph).length <= 6 &&
    !/[.!?]$/.test(paragraph) &&
    /^(?:the\s+|our\s+|my\s+)?(?:solution|product|service|offer|what\s+(?:is|we\s+do))\b/i.test(paragraph);
  const index = clean.paragraphs.findIndex(isSolutionTitle);
  if (index < 0) return '';
  let description = '';
  for (const paragraph of clean.paragraphs.slice(index + 1, index + 5)) {
    // A bullet that goes on in lower case is a fragment of the last one; the slide ends at one.
    if (wordsOf(paragraph).length < 4 || !/^[\p{Lu}\p{N}]/u.test(paragraph) || isSolutionTitle(paragraph)) break;
    // Bullets run together in lower case ("... its time. discover how ..."): the first sentence only.
    const text = paragraph.replace(/([.!?])\s+\p{Ll}[\s\S]*$/u, '$1');
    const sentence = /[.!?]["”’)]?$/.test(text) ? text : `${text.replace(/[,;:]$/, '')}.`;
    const next = description ? `${description} ${sentence}` : sentence;
    if (next.length > maxDescription) break;
    description = next;
  }
  return description;
}

/** The first descriptive sentences (from the subject's sentence when there is one), whole, at most 500 characters. */
function findDescription(clean: CleanDocument, subject: { paragraph: number } | null): string {
  if (!subject) {
    const slide = findSolutionSlide(clean);
    if (slide) return slide;
  }
  const start = subject?.paragraph ?? 0;
  const paragraphs = clean.paragraphs.slice(start);
  const paragraph =
    paragraphs.find((text, index) => !isQuoted(paragraphs, index) && splitSentences(text).some(isDescriptive)) ??
    paragraphs.find((text) => wordsOf(text).length >= 6 && /^[\p{Lu}\p{N}]/u.test(text));
  if (!paragraph) return '';
  // Wikipedia's reference marks ("[4]") are not part of the text.
  const sentences = splitSentences(paragraph.replace(/\[\d{1,3}\]/g, ''));
  const firstIndex = Math.max(0, sentences.findIndex(isDescriptive));
  let description = '';
  for (const sentence of sentences.slice(firstIndex)) {
    if (description && !/^[\p{Lu}\p{N}"“(]/u.test(sentence)) break;
    const next = description ? `${description} ${sentence}` : sentence;
    if (next.length > maxDescription) break;
    description = next;
  }
  return description || cutAtWord(sentences[firstIndex] ?? '', maxDescription);
}

// ---------------------------------------------------------------------------------------------
// Audience

/** Audience phrases the text states ("for small businesses", "designed for developers"), up to three. */
export function findAudience(text: string): string {
  const found: string[] = [];
  for (const pattern of audiencePatterns) {
    for (const match of text.matchAll(pattern)) {
      const phrase = match[1]!
        .replace(/^(?:why|your|our|their|its|the|all|of|many|some|most)\s+/i, '')

        // German dative plural after "den": "den Entwicklern" -> "Entwickler".
        .replace(/^(Entwickler|Kunde|Familie|Agenture)n$/, '$1')
        // "Libraries and consortia need ..." opens a line: an English word in lower case (German nouns keep theirs).
        .replace(/^\p{Lu}\p{Ll}+/u, (word) =>
          (getWordCounts().get(word.toLowerCase()) ?? 0) >= 20 ? word.toLowerCase() : word,
        )
        .replace(/\s+/g, ' ')
        .trim();
      const words = wordsOf(phrase);
      // "for each of the users" and the like: a phrase must start with a modifier or the noun itself.
      if (!words.length || /^(?:each|every|any|more|other|these|those|this|that)\b/i.test(phrase)) continue;
      const normal = normalizeAudience(phrase);
      if (found.some((known) => normalizeAudience(known) === normal)) continue;
      found.push(phrase);
    }
  }
  // Longer, more specific phrases first ("small businesses" over "businesses"); then the text's order.
  return found
    .filter(
      (phrase) =>
        !found.some(
          (other) => other !== phrase && ` ${normalizeAudience(other)} `.includes(` ${normalizeAudience(phrase)} `),
        ),
    )
    .slice(0, maxAudiences)
    .join(', ');
}

function normalizeAudience(phrase: string): string {
  return phrase.toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Competitors

function splitNames(list: string): string[] {
  return list
    .split(/\s*(?:,|\band\b|\bor\b|&|\bund\b|\boder\b|\bet\b|\bou\b|\be\b|\by\b)\s*/)
    .map((name) => name.replace(/[.'’-]+$/, '').trim())
    .filter(Boolean);
}

/** Competitors the text names ("alternative to X", "X vs Y", "unlike X", a "Competitors" heading's list). */
function findCompetitors(clean: CleanDocument, projectName: string): string {
  const names: string[] = [];
  const own = projectName.toLowerCase();
  const add = (name: string) => {
    const key = name.toLowerCase();
    if (!name || name.length > 60 || notNames.has(key) || commonTerms.has(key)) return;
    if (own && (key === own || own.includes(key) || key.includes(own))) return;
    if (names.some((known) => known.toLowerCase() === key)) return;
    names.push(name);
  };
  for (const pattern of competitorPatterns) {
    for (const match of clean.text.matchAll(pattern)) splitNames(match[1]!).forEach(add);
  }
  for (const match of clean.text.matchAll(versusPattern)) {
    add(match[1]!);
    add(match[2]!);
  }
  // A "Competitors" heading or slide title followed by names, a line each.
  const nameLine = new RegExp(`^${namePattern}$`, 'u');
  clean.lines.forEach((line, index) => {
    if (!competitorHeading.test(line.text)) return;
    for (const next of clean.lines.slice(index + 1, index + 6)) {
      if (!nameLine.test(next.text)) break;
      add(next.text);
    }
  });
  // A slide of the project's kind ("Influential Profilers" in a deck on "JBoss Profiler"): the
  // one-word product names it lists (JProbe, OptimizeIT), never the slide's other lines.
  const kind = wordsOf(projectName).at(-1)?.toLowerCase();
  if (kind && kind.length >= 4 && wordsOf(projectName).length > 1) {
    clean.lines.forEach((line, index) => {
      const words = wordsOf(line.text);
      if (words.length > 3 || !words.at(-1)?.toLowerCase().startsWith(kind) || line.text.toLowerCase() === own) return;
      for (const next of clean.lines.slice(index + 1, index + 9)) {
        // JProbe, OptimizeIT, HpJMeter (two capitals and a small letter), HPROF (five capitals).
        if (/^(?:(?=(?:\P{Lu}*\p{Lu}){2})(?=.*\p{Ll})[\p{L}\p{N}]+|\p{Lu}{5,})$/u.test(next.text)) add(next.text);
      }
    });
  }
  return names.join(', ');
}
