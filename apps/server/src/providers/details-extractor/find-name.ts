import { splitSentences, wordsOf, type CleanDocument } from './document-text';
import { getWordCounts } from '../metrics/estimate-data';
import { commonTerms, connectors, documentKindWords, genericTitles, notNames } from './details-rules';
import { isCommonWord } from './places';

// The project's name: the subject of the opening sentence, a title made like a name, or the
// proper name the text repeats most.

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

/** A short title made of capitalised words ("Apache HTTP Server"), not a headline ("BMW to Make..."). */
function isNameLike(title: string): boolean {
  const words = title.split(/\s+/);
  if (words.length > 6) return false;
  return words.every((word, index) => /^[\p{Lu}\p{N}]/u.test(word) || (index > 0 && connectors.has(word)));
}

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
export function findSubject(clean: CleanDocument): { name: string; paragraph: number } | null {
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

export function findProjectName(clean: CleanDocument, subject: { name: string } | null): string {
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
