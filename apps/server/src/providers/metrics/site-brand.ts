import { getWordCounts } from './estimate-data';
import { modifiers, topics } from './estimate-words';

// A site's name as people search it, for ideas about the business behind the site.

/** The site's name as people would search it: "https://www.acme-shoes.co.uk/x" -> "acme shoes". */
export function siteBrand(siteUrl: string | undefined): string | null {
  if (!siteUrl?.trim()) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(siteUrl) ? siteUrl : `https://${siteUrl.trim()}`).hostname;
  } catch {
    return null;
  }
  const labels = host
    .toLowerCase()
    .replace(/^www\./, '')
    .split('.');
  if (labels.length < 2) return null;
  labels.pop();
  // "co.uk", "com.au": the second-level label is part of the suffix.
  if (labels.length > 1 && /^(co|com|org|net|ac|gov)$/.test(labels[labels.length - 1]!)) labels.pop();
  const name = labels[labels.length - 1];
  if (!name) return null;
  const words = name
    .split(/[^a-z]+/)
    .filter(Boolean)
    .flatMap((part) => segment(part));
  return words.length > 0 ? words.join(' ') : null;
}

/**
 * Splits "smithlawfirm" into known words when it splits cleanly into at most three and one of them
 * says what the business does ("law", "shoes"); "hubspot" stays whole rather than "hub spot".
 */
function segment(text: string): string[] {
  const counts = getWordCounts();
  if (text.length < 6) return [text];
  // best[i]: the best split of text[0, i) as [score, words].
  const best: ([number, string[]] | null)[] = [[0, []]];
  for (let end = 1; end <= text.length; end++) {
    best[end] = null;
    for (let start = Math.max(0, end - 20); start < end; start++) {
      const before = best[start];
      const word = text.slice(start, end);
      const count = word.length >= 3 ? counts.get(word) : undefined;
      if (!before || count == null || before[1].length >= 3) continue;
      const score = before[0] + Math.log10(count + 1) - 2;
      if (!best[end] || score > best[end]![0]) best[end] = [score, [...before[1], word]];
    }
  }
  const words = best[text.length]?.[1];
  return words && words.some((word) => topics.has(word) || modifiers.has(word) || businessWords.has(word))
    ? words
    : [text];
}

/** Words in business names that say what the business does, beyond the topic table. */
const businessWords = new Set([
  'law',
  'shoe',
  'shoes',
  'home',
  'homes',
  'health',
  'pet',
  'pets',
  'food',
  'foods',
  'tech',
]);
