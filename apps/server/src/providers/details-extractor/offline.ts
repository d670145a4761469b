import { constants, mergeProjectDetails, type ProjectDetails } from '@keywright/contract';
import type { DetailsExtractor, DocumentText } from './details-extractor';
import { cleanDocument, splitSentences, wordsOf, type CleanDocument } from './document-text';
import { detectLanguage } from './language';
import { getWordCounts } from '../metrics/estimate-data';
import { findPlaces, isCommonWord } from './places';

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
// Name

/** Headings that name the kind of page, not the project. */
const genericTitles = new Set([
  'title',
  'readme',
  'read me',
  'introduction',
  'intro',
  'overview',
  'agenda',
  'contents',
  'table of contents',
  'untitled',
  'presentation',
  'powerpoint presentation',
  'document',
  'about',
  'about us',
  'home',
  'summary',
  'abstract',
  'projects',
  'project',
  'features',
  'welcome',
  'slide',
  'folie',
  'aucun titre de diapositive',
]);

/** Sentence openers that are not names. */
const notNames = new Set(
  (
    'it this that there we our you your they he she here what who why how where which these those the a an if when ' +
    'der die das es wir sie ein eine il elle ce nous on o um uma os as le la les un une el los en'
  ).split(' '),
);

/** Acronyms and words every technical text repeats; never a project's name on their count alone. */
const commonTerms = new Set(
  (
    'api apis http https html css pdf ssl tls url urls seo serp json xml sql smtp faq ceo cto pwa rss ai ui ux ' +
    'it ok tv usa us uk eu ag gmbh inc ltd llc sa co corp i ii iii iv v mr mrs ms dr no nr new google ' +
    'eur meur usd musd gbp ebit ebita ebitda eps cagr roi kpi q1 q2 q3 q4 h1 h2 pmc asf ' +
    'january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday'
  ).split(' '),
);

/** "Welcome to", "README", version numbers and trailing punctuation out of a title. */
export function cleanTitle(title: string): string {
  return title
    .replace(/\bREADME(?:\.md)?\b/gi, ' ')
    .replace(/^\s*(?:welcome to|willkommen (?:bei|zu)|bienvenue (?:à|sur|chez)|bem-vindo (?:ao|à))\s+(?:the\s+)?/i, '')
    .replace(/\b(?:version|release|v)\s*\d+(?:\.\d+)*(?:[-.]?(?:alpha|beta|rc)\.?\d*)?\b/gi, ' ')
    .replace(/\s\d+(?:\.\d+)+(?:\s+(?:release|version))?\b/gi, ' ')
    .replace(/[\s:|–—-]+$/g, '')
    .replace(/^[\s:|–—-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const connectors = new Set(['of', 'the', 'and', 'for', 'de', 'da', 'do', 'du', 'des', 'der', 'die', '&', 'on', 'in']);

/** A short title made of capitalised words ("Apache HTTP Server"), not a headline ("BMW to Make..."). */
function isNameLike(title: string): boolean {
  const words = title.split(/\s+/);
  if (words.length > 6) return false;
  return words.every((word, index) => /^[\p{Lu}\p{N}]/u.test(word) || (index > 0 && connectors.has(word)));
}

/** Words that name the document, not the project: "CNIA Annual General Meeting" -> "CNIA". */
const documentKindWords =
  /^(?:annual|general|meeting|generalmeeting|agm|report|presentation|conference|minutes|overview|review|study|analysis|proposal|plan|update|newsletter|introduction|quarterly|statutes|estatutos|slides|deck|whitepaper|brochure|handbook|manual)$/i;

function withoutDocumentKind(title: string): string {
  const words = title.split(/\s+/);
  while (words.length > 1 && documentKindWords.test(words.at(-1)!)) words.pop();
  return words.join(' ');
}

/** The document's title: its first top heading, else its first short line. */
function findTitle(clean: CleanDocument): string {
  const top = Math.min(...clean.lines.filter((line) => line.heading).map((line) => line.heading));
  const heading = clean.lines.slice(0, 15).find((line) => line.heading && line.heading === top);
  const first = heading ?? clean.lines.find((line) => wordsOf(line.text).length > 0);
  if (!first) return '';
  let title = cleanTitle(first.text);
  // "Decay Effects in Online Advertising: Quantifying the Impact ...": the part before the colon.
  const head = /^([^:]{3,80}):\s/.exec(title)?.[1];
  if (head && wordsOf(head).length <= 8 && wordsOf(title).length > 6) title = head;
  const words = wordsOf(title);
  if (!words.length || title.length > 100 || words.length > 12 || /[.!?%]$/.test(title)) return '';
  // A template's shouted placeholder word ("STORE") is not a name.
  if (words.length === 1 && isCommonWord(words[0]!)) return '';
  // A letter's place and date ("Allerød, 11-01-2012") is not a title.
  if (/\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}/.test(title)) return '';
  if (genericTitles.has(title.toLowerCase()) || /^(?:slide|folie|diapositive)\s*\d*$/i.test(title)) return '';
  return title;
}

/** "SerpBear is an ...", "The Apache HTTP Server is a ...", "LabKey has begun ...": the opening sentence's subject. */
function findSubject(clean: CleanDocument): { name: string; paragraph: number } | null {
  const opening =
    /^(?:The\s+)?((?:[\p{Lu}][\p{L}\p{N}.&+'-]*|[\p{Ll}]+[\p{Lu}][\p{L}\p{N}]*)(?:\s+(?:[\p{Lu}\p{N}][\p{L}\p{N}.&+/'-]*|of|for|de|do|da)){0,4})\s+(?:is|are|was|has|have|provides|offers|helps|makes|lets|enables|allows|ist|sind|bietet|est|sont|propose|é|são|oferece|es|son|ofrece|è)\s/u;
  for (const [index, paragraph] of clean.paragraphs.slice(0, 8).entries()) {
    const match = opening.exec(paragraph);
    if (!match || /^[^.!]*\?/.test(paragraph)) continue;
    const words = match[1]!.replace(/\s+(?:of|for|de|do|da)$/, '').split(/\s+/);
    // "O CNIG é", "Le logiciel X est": the article is not part of the name.
    while (words.length > 1 && notNames.has(words[0]!.toLowerCase())) words.shift();
    const name = words.join(' ');
    if (notNames.has(name.toLowerCase()) || commonTerms.has(name.toLowerCase())) continue;
    return { name: cleanTitle(name), paragraph: index };
  }
  return null;
}

/** The proper name the text repeats most (at least three times), "Apache" grown to "Apache Tika" when it is. */
function findRepeatedName(clean: CleanDocument): string {
  const counts = new Map<string, { name: string; count: number; next: Map<string, number> }>();
  for (const paragraph of clean.paragraphs) {
    for (const sentence of splitSentences(paragraph)) {
      const words = sentence.split(/\s+/).map((word) => word.replace(/^[("“'‘]+|[)"”'’.,;:!?]+$/g, ''));
      words.forEach((raw, index) => {
        if (!raw) return;
        const word = raw.replace(/['’]s$/, '');
        const isMixed = /^\p{Ll}*\p{Lu}+\p{Ll}+\p{Lu}/u.test(word) || /^\p{Ll}+\p{Lu}/u.test(word);
        const isAcronym = /^\p{Lu}{2,8}\d*$/u.test(word);
        const isCapital = /^\p{Lu}\p{Ll}+$/u.test(word) && index > 0;
        if (!(isMixed || isAcronym || isCapital) || word.length < 2) return;
        const key = word.toLowerCase();
        if (commonTerms.has(key) || notNames.has(key)) return;
        // "Report" is a noun; "REPORT" in a shouted heading too; "COUNTER" inside a sentence is a name.
        if (isCommonWord(key) && !/\p{Ll}/u.test(sentence)) return;
        if (isCapital && (getWordCounts().get(key) ?? 0) >= 100) return;
        // A capitalised noun ("University", "Profiling") counts half of a name written like one (SerpBear, BMW).
        const weight = isCapital ? 0.5 : 1;
        const entry = counts.get(key) ?? { name: word, count: 0, next: new Map<string, number>() };
        entry.count += weight;
        const next = words[index + 1]?.replace(/['’]s$/, '');
        if (next && /^\p{Lu}/u.test(next)) entry.next.set(next, (entry.next.get(next) ?? 0) + 1);
        counts.set(key, entry);
      });
    }
  }
  let best: { name: string; count: number; next: Map<string, number> } | undefined;
  for (const entry of counts.values()) {
    // Mixed-case and acronyms (SerpBear, BMW) are names; a capitalised word is often just a noun.
    if (!best || entry.count > best.count) best = entry;
  }
  if (!best || best.count < 3) return '';
  for (const [next, count] of best.next) {
    if (count >= best.count * 0.6 && !commonTerms.has(next.toLowerCase())) return `${best.name} ${next}`;
  }
  return best.name;
}

function findProjectName(clean: CleanDocument, subject: { name: string } | null): string {
  if (subject) return subject.name;
  const title = findTitle(clean);
  if (title && isNameLike(title)) return withoutDocumentKind(title);
  const repeated = findRepeatedName(clean);
  if (repeated) return repeated;
  // A long first line in lower case is a sentence, not a title ("The quick brown fox jumps ...").
  const words = title.split(/\s+/);
  const capitalised = words.filter((word) => /^[\p{Lu}\p{N}]/u.test(word)).length;
  return words.length <= 8 || capitalised >= words.length * 0.6 ? title : '';
}

// ---------------------------------------------------------------------------------------------
// Site

/** Hosts that are never a project's homepage: code hosting, badges, CDNs, licences, social and video. */
const foreignHosts =
  /(?:^|\.)(?:github\.com|githubusercontent\.com|github\.io|gitlab\.com|bitbucket\.org|shields\.io|imgur\.com|codacy\.com|youtube\.com|youtu\.be|docker\.com|npmjs\.com|npmjs\.org|jsdelivr\.net|unpkg\.com|cloudflare\.com|b-cdn\.net|gitcdn\.link|cdn\.\w+|opensource\.org|creativecommons\.org|gnu\.org|spdx\.org|twitter\.com|x\.com|facebook\.com|linkedin\.com|instagram\.com|discord\.gg|discord\.com|reddit\.com|medium\.com|wikipedia\.org|example\.com|example\.org|example\.net|localhost|googleapis\.com|gstatic\.com|w3\.org|schema\.org|apple\.com|play\.google\.com)$/i;

/** Subdomains that are a part of the site, not the site ("docs.serpbear.com" -> "serpbear.com"). */
const partSubdomains = /^(?:www|docs|doc|app|blog|help|support|api|status|cdn|static|assets|images|img|m)\./i;

function hostOf(url: string): string {
  try {
    const host = new URL(url).hostname.toLowerCase();
    if (/^\d+(?:\.\d+){3}$/.test(host) || !host.includes('.')) return '';
    return host;
  } catch {
    return '';
  }
}

/** The project's homepage as `https://host/`: the host most like its name, else one the text gives more than once. */
export function findSiteUrl(urls: readonly string[], projectName: string): string {
  const nameWords = wordsOf(projectName.toLowerCase()).filter((word) => word.length >= 3);
  const nameKey = nameWords.join('');
  const candidates = new Map<string, { count: number; first: number; score: number }>();
  urls.forEach((url, index) => {
    let host = hostOf(url);
    // A project's page on a shared host ("incubator.apache.org/tika/") keeps its folder.
    const folder = /^https?:\/\/[^/]+\/([\w.-]+)/i.exec(url)?.[1]?.toLowerCase() ?? '';
    if (
      host &&
      nameWords.some((word) => folder === word) &&
      !nameWords.some((word) => host.includes(word) && word === nameWords.at(-1))
    ) {
      host = `${host}/${folder}`;
    }
    if (!host || foreignHosts.test(host)) return;
    while (partSubdomains.test(host) && host.split('.').length > 2) host = host.replace(partSubdomains, '');
    const label = host.replace(/\/.*$/, '').split('.').slice(0, -1).join('.') + host.replace(/^[^/]*/, '');
    const relation =
      nameKey && label.replace(/[^a-z0-9]/g, '').includes(nameKey) && !label.includes('/')
        ? 3
        : nameWords.some((word) => label.split(/[./-]/).some((part) => part === word || part.startsWith(word)))
          ? 2
          : 0;
    const known = candidates.get(host);
    if (known) known.count++;
    else candidates.set(host, { count: 1, first: index, score: relation });
  });
  let best: [string, { count: number; first: number; score: number }] | undefined;
  for (const entry of candidates) {
    const [, value] = entry;
    if (!best) best = entry;
    else if (
      value.score > best[1].score ||
      (value.score === best[1].score && value.count > best[1].count) ||
      (value.score === best[1].score && value.count === best[1].count && value.first < best[1].first)
    ) {
      best = entry;
    }
  }
  if (!best) return '';
  // A host unrelated to the name is only the project's when the text keeps coming back to it.
  if (best[1].score === 0 && best[1].count < 2) return '';
  return `https://${best[0]}/`;
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

/** Who an offer is for: people and organisations, plural (and a few singular) heads. */
const audienceNouns =
  '(?:small businesses|businesses|business owners|owners|companies|enterprises|organi[sz]ations|startups|start-ups|' +
  'teams|agencies|developers|programmers|engineers|designers|marketers|advertisers|publishers|bloggers|writers|' +
  'creators|freelancers|consultants|professionals|researchers|scientists|analysts|students|teachers|schools|' +
  'universities|libraries|librarians|hospitals|clinicians|nurses|doctors|physicians|patients|families|parents|' +
  'consortia|children|kids|seniors|beginners|athletes|runners|homeowners|landlords|tenants|retailers|merchants|shops|' +
  'stores|restaurants|consumers|customers|clients|users|people|investors|members|webmasters|administrators|' +
  'admins|sellers|buyers|travell?ers|tourists|musicians|artists|photographers|individuals|' +
  'entwickler(?:n)?|unternehmen|firmen|kunden|familien|agenturen|développeurs|entreprises|clients|particuliers|' +
  'empresas|desenvolvedores|programadores|clientes|famílias|profissionais|proprietários|exploradores)';
const modifier = "(?:[\\p{L}][\\p{L}'’-]*\\s+){0,3}?";
const audiencePhrase = `(${modifier}${audienceNouns}(?:\\s*(?:,|and|or|&|und|et|e|y)\\s+${modifier}${audienceNouns})*)`;
const audiencePatterns: RegExp[] = [
  new RegExp(
    `\\b(?:designed|built|made|created|intended|developed|tailored|perfect|ideal|great|aimed|targeted|geared|meant|suited|written|optimi[sz]ed)\\s+(?:especially\\s+|specifically\\s+)?(?:for|at|to|towards?)\\s+(?:the\\s+|all\\s+)?${audiencePhrase}`,
    'giu',
  ),
  new RegExp(`\\bhelps?\\s+${audiencePhrase}\\s+(?:to\\s+)?\\p{L}+`, 'giu'),
  new RegExp(
    `\\b(?:for|für|pour|para)\\s+(?:the\\s+|all\\s+|die\\s+|les\\s+|as\\s+|os\\s+)?${audiencePhrase}\\b`,
    'giu',
  ),
  new RegExp(`\\b(?:den|aux)\\s+(${audienceNouns})\\b`, 'giu'),
  // "Libraries and consortia need online usage statistics": who needs the offer, at a line's start.
  new RegExp(`(?:^|\\n|\\bwhy\\s+)${audiencePhrase}\\s+needs?\\b`, 'giu'),
];

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

const nameWord = "(?:[\\p{Lu}\\p{N}][\\p{L}\\p{N}+'’-]*(?:\\.[\\p{L}\\p{N}]+)*|\\p{Ll}+\\p{Lu}[\\p{L}\\p{N}]*)";
const namePattern = `(${nameWord}(?:\\s+${nameWord}){0,3})`;
const namesPattern = `(${nameWord}(?:\\s+${nameWord}){0,3}(?:\\s*(?:,|,?\\s+and|,?\\s+or|&|und|oder|et|ou|e|y)\\s+${nameWord}(?:\\s+${nameWord}){0,3})*)`;

/** A keyword alternation whose words may start a sentence: "alternative" or "Alternative". */
function keywords(words: string): string {
  return `(?:${words
    .split('|')
    .map((word) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`)
    .join('|')})`;
}

// No `i` flag here: with it \p{Lu} matches any letter, and a name must start with a capital.
const competitorPatterns: RegExp[] = [
  new RegExp(
    `\\b${keywords('alternatives?')}\\s+(?:to|for|zu|à|a|ao|para|di|de)\\s+(?:the\\s+|der\\s+|den\\s+|o\\s+|a\\s+)?${namesPattern}`,
    'gu',
  ),
  new RegExp(`\\b${keywords('replacement|substitute|successor')}\\s+(?:for|of|to)\\s+(?:the\\s+)?${namePattern}`, 'gu'),
  new RegExp(
    `\\b${keywords('compared\\s+(?:with|to)|in\\s+comparison\\s+(?:with|to)|unlike|rather\\s+than|instead\\s+of|better\\s+than|cheaper\\s+than|faster\\s+than|im\\s+Vergleich\\s+zu|statt|anstelle\\s+von')}\\s+(?:the\\s+)?${namesPattern}`,
    'gu',
  ),
  new RegExp(
    `\\b${keywords('competitors?|competition|rivals?|competing\\s+(?:products?|tools?|services?|solutions?)|alternatives|konkurrenten|wettbewerber|mitbewerber|concurrents?|concorrentes?|competidores')}\\b[^.\\n]{0,40}?(?:such\\s+as|like|include|including|are|:|sind|wie|comme|como|incluem)\\s+(?:the\\s+)?${namesPattern}`,
    'gu',
  ),
];
const versusPattern = new RegExp(`${namePattern}\\s+(?:vs\\.?|versus)\\s+${namePattern}`, 'gu');
const competitorHeading =
  /^(?:main\s+)?(?:competitors?|competition|competing\s+products?|alternatives|rivals|konkurrenz|wettbewerber|concurrents|concorrentes)\s*:?\s*$/i;

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
