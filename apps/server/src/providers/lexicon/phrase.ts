// Between the words people type and WordNet's spelling of a lemma (lower-case, underscores for spaces).

/** The phrase's words, lower-case; [] for blank text. */
export function wordsOf(phrase: string): string[] {
  return phrase.toLowerCase().trim().split(/\s+/).filter(Boolean);
}

export function toLemma(words: readonly string[]): string {
  return words.join('_');
}

/** WordNet's spelling as a person types it; null for a capitalised (proper) lemma, which nobody searches generically. */
export function toTypedForm(lemma: string): string | null {
  if (lemma !== lemma.toLowerCase()) return null;
  return lemma.replaceAll('_', ' ');
}

/** The phrase with its last word replaced: "dog walking" with "walker" is "dog walker". */
export function withHead(words: readonly string[], head: string): string {
  return [...words.slice(0, -1), head].join(' ');
}

/** How many leading letters two words share. */
export function sharedPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}
