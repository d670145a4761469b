import { z } from 'zod';
import { normalizeKeyword } from './keywords';
import { negativeMatchTypeSchema, type NegativeMatchType } from './negative-lists';

/**
 * Negative keyword suggestions read from a project's latest search terms report (issue 27): where
 * the money went without a result, searchers the business does not serve, competitors it does not
 * bid on, places far from it, and terms that showed in the wrong one of its ad groups.
 */
export const negativeSuggestionLimits = {
  /**
   * The least a search without conversions must have cost to be suggested when `minCost` is not
   * given, in the report's currency: about what a handful of clicks cost.
   */
  defaultMinCost: 10,
  /** Suggestions an answer holds at most: those that waste the most money. */
  suggestions: 200,
  /** The keywords and converting searches a suggestion names as blocked; `blocks_count` counts them all. */
  blocks: 10,
  /** Suggestions a page of the panel shows. */
  pageSize: 25,
} as const;

/** `GET /api/projects/:projectId/negative-suggestions`. */
export const negativeSuggestionsQuerySchema = z.object({
  /** Searches without conversions that cost at least this much, in the report's currency (default 10). */
  minCost: z.coerce.number().min(0).max(1_000_000_000).default(negativeSuggestionLimits.defaultMinCost),
});
export type NegativeSuggestionsQuery = z.input<typeof negativeSuggestionsQuerySchema>;

export const negativeSuggestionLevels = ['campaign', 'ad_group'] as const;

export const negativeSuggestionSchema = z.object({
  /** The negative keyword, lower-cased as the report writes searches. */
  text: z.string(),
  /** Exact or phrase, never broad: a broad negative blocks more than a person means. */
  match_type: negativeMatchTypeSchema,
  /** For the whole campaign, or for one ad group (a search that belongs in another of the project's groups). */
  level: z.enum(negativeSuggestionLevels),
  /** The ad group it is for; null at campaign level. */
  ad_group: z.string().nullable(),
  /** Why, for a person: "€84 spent, 0 conversions", "job seekers". */
  reason: z.string(),
  /** Money the report shows spent on the searches it blocks, in the report's currency. */
  cost: z.number(),
  /**
   * The project's keywords and converting searches it would block too (the first 10): an exact
   * negative blocks the very text, a phrase negative anything holding its words in that order.
   */
  blocks: z.array(z.string()),
  /** How many it would block in all. */
  blocks_count: z.number().int(),
  /** Whether it is chosen at first: false when it would block something of value. */
  selected: z.boolean(),
});
export type NegativeSuggestion = z.infer<typeof negativeSuggestionSchema>;

/**
 * The suggestions, the most money first (then by text), at most 200; none before a report is
 * imported. Those already in one of the project's negative lists, or blocked by one there, are left out.
 */
export const negativeSuggestionsAnswerSchema = z.object({
  suggestions: z.array(negativeSuggestionSchema),
  /** The report's currency code, null when it gives none. */
  currency: z.string().nullable(),
  /** Whether the project has a search terms report at all. */
  has_report: z.boolean(),
  /** Whether more suggestions were found than the answer holds. */
  capped: z.boolean(),
});
export type NegativeSuggestionsAnswer = z.infer<typeof negativeSuggestionsAnswerSchema>;

/** A negative keyword written as Google Ads writes it: `[exact]`, `"phrase"`. */
export function negativeNotation(text: string, matchType: NegativeMatchType): string {
  return matchType === 'exact' ? `[${text}]` : `"${text}"`;
}

const wordsOf = (text: string) => normalizeKeyword(text).split(' ').filter(Boolean);

/**
 * Whether a negative keyword blocks a search (or a keyword searched as it is): an exact negative
 * only the same text, a phrase negative any text holding its words, whole, in the same order.
 * Compared as keywords are: lower-cased, spaces collapsed.
 */
export function negativeBlocks(negative: string, matchType: NegativeMatchType, text: string): boolean {
  const words = wordsOf(negative);
  const target = wordsOf(text);
  if (words.length === 0) return false;
  if (matchType === 'exact') return words.join(' ') === target.join(' ');
  for (let start = 0; start + words.length <= target.length; start++) {
    if (words.every((word, index) => target[start + index] === word)) return true;
  }
  return false;
}
