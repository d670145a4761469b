import type { SearcherKind } from '@keywright/contract';

/**
 * Words in a search that give away a searcher the business does not serve, by kind; each kind
 * with when the words belong to the business after all. A small honest table: a word goes in only
 * when, for nearly every business it applies to, a search holding it brings no customer.
 */
export interface SearcherWords {
  kind: SearcherKind;
  /** Whole words or runs of words, lower-case, as they are typed (longest are matched first). */
  words: readonly string[];
  /** Only for a business that sells goods (a shop, a maker): a service may well be searched so. */
  goodsOnly: boolean;
  /**
   * The business's own text (its description, name and what it is) naming any of these says the
   * words are its trade: a recruiter's "jobs", a course's "how to", a used-car dealer's "used".
   */
  offeredWhen: RegExp;
}

export const searcherWords: readonly SearcherWords[] = [
  {
    kind: 'job_seekers',
    words: ['job', 'jobs', 'career', 'careers', 'salary', 'salaries', 'hiring', 'vacancy', 'vacancies', 'internship'],
    goodsOnly: false,
    offeredWhen: /\b(?:recruit\w*|staffing|jobs?|careers?|employment|hiring|headhunt\w*|vacanc\w*|salar\w*|payroll)\b/,
  },
  {
    kind: 'do_it_yourself',
    words: ['diy', 'do it yourself', 'how to', 'tutorial', 'tutorials'],
    goodsOnly: false,
    offeredWhen:
      /\b(?:diy|courses?|class(?:es)?|lessons?|tutorials?|teach\w*|school|academy|workshops?|kits?|tuition|training)\b/,
  },
  {
    kind: 'freebies',
    words: ['free'],
    goodsOnly: false,
    // "free consultation", "free delivery": the business gives something away itself.
    offeredWhen: /\bfree\b/,
  },
  {
    kind: 'second_hand',
    words: ['used', 'second hand', 'secondhand', 'second-hand', 'pre-owned', 'preowned'],
    goodsOnly: true,
    offeredWhen: /\b(?:used|second[- ]?hand|pre-?owned|refurbished|vintage|thrift\w*|resale|consignment)\b/,
  },
  {
    kind: 'manuals',
    words: ['repair manual', 'manual', 'manuals', 'pdf', 'instructions'],
    goodsOnly: true,
    offeredWhen: /\b(?:manuals?|pdfs?|books?|guides?|documents?|publish\w*)\b/,
  },
  {
    kind: 'repairs',
    words: ['repair', 'repairs', 'fix', 'fixing'],
    goodsOnly: true,
    offeredWhen: /\b(?:repair\w*|fix\w*|restor\w*|servic\w*|alteration\w*|mend\w*)\b/,
  },
];

/** What the suggestions know of the business (the generator's reading of it). */
export interface BusinessReading {
  /** Its own words, lower-case: description, name and what it says it is. */
  text: string;
  sellsGoods: boolean;
}

/** The table's entries that apply to the business: its trade's words are never suggested. */
export function searcherWordsFor(business: BusinessReading): SearcherWords[] {
  return searcherWords.filter(
    (entry) => (!entry.goodsOnly || business.sellsGoods) && !entry.offeredWhen.test(business.text),
  );
}

/**
 * A matcher for the table's entries: the longest run of their words a search holds, whole (of
 * runs as long, the one of the entry first in the table), and its kind; null when it holds none. `words` are the search's words, lower-case. Made once for a
 * report: the runs are indexed by their first word.
 */
export function searcherMatcher(
  entries: readonly SearcherWords[],
): (words: readonly string[]) => { kind: SearcherKind; phrase: string } | null {
  type Run = { kind: SearcherKind; phrase: string; parts: string[]; rank: number };
  const byFirstWord = new Map<string, Run[]>();
  for (const [rank, entry] of entries.entries()) {
    for (const phrase of entry.words) {
      const parts = phrase.split(' ');
      const known = byFirstWord.get(parts[0]!) ?? [];
      known.push({ kind: entry.kind, phrase, parts, rank });
      byFirstWord.set(parts[0]!, known);
    }
  }
  return (words) => {
    let best: Run | null = null;
    words.forEach((word, start) => {
      for (const run of byFirstWord.get(word) ?? []) {
        // Longer runs first ("repair manual" before "repair"), then the table's order (job seekers first).
        const isBetter =
          !best ||
          run.parts.length > best.parts.length ||
          (run.parts.length === best.parts.length && run.rank < best.rank);
        if (isBetter && run.parts.every((part, index) => words[start + index] === part)) best = run;
      }
    });
    const found = best as Run | null;
    return found && { kind: found.kind, phrase: found.phrase };
  };
}

/** The longest run of the entries' words a search holds (see `searcherMatcher`). */
export function searcherIn(
  words: readonly string[],
  entries: readonly SearcherWords[],
): { kind: SearcherKind; phrase: string } | null {
  return searcherMatcher(entries)(words);
}
