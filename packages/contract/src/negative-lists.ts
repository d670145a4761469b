import { z } from 'zod';
import { idSchema, paginationSchema, textInput } from './common';
import { constants } from './constants';
import { normalizeKeyword, tidyKeyword } from './keywords';
import { messages } from './messages';

/**
 * A project's negative keyword lists (issue 27). A negative keyword is exact or phrase match, never
 * broad (a broad negative blocks more than a person means), and within Google Ads' limits on a keyword.
 */
export const negativeLimits = {
  /** Google Ads: a keyword has at most 80 characters and 10 words. */
  textLength: 80,
  words: 10,
  /** Terms one call may add (a pasted list); Google Ads' shared lists hold 5,000. */
  items: 5000,
  /** A pasted line longer than this is no keyword at all: the call is refused. */
  lineLength: 1000,
  /** Terms of a list a page. */
  pageSize: 50,
  /** Skipped terms an answer names; the counts cover them all. */
  reportedSkips: 20,
} as const;

export const negativeMatchTypes = ['exact', 'phrase'] as const;
export const negativeMatchTypeSchema = z.enum(negativeMatchTypes, { error: messages.negativeMatchTypeRequired });
export type NegativeMatchType = z.infer<typeof negativeMatchTypeSchema>;

export const negativeSkipReasons = ['duplicate', 'too_long', 'too_many_words', 'empty'] as const;
export type NegativeSkipReason = (typeof negativeSkipReasons)[number];

/** Why a term cannot be a negative keyword (its tidied form), or null when it can. */
export function negativeTextProblem(text: string): Exclude<NegativeSkipReason, 'duplicate'> | null {
  const tidy = tidyKeyword(text);
  if (tidy === '') return 'empty';
  if ([...tidy].length > negativeLimits.textLength) return 'too_long';
  if (tidy.split(' ').length > negativeLimits.words) return 'too_many_words';
  return null;
}

/** Google Ads: an ad group's name has at most 255 characters. */
export const negativeAdGroupLength = constants.adsEditor.nameMaxLength;

/** An ad group's name as an item keeps it: spaces collapsed; empty or absent: null (the whole campaign). */
export const tidyAdGroup = (name: string | null | undefined): string | null => {
  const tidy = (name ?? '').trim().replace(/\s+/g, ' ');
  return tidy === '' ? null : tidy;
};

/**
 * A term's identity in a list: its text, its match type and its level (the campaign, or an ad group
 * whatever its case). The same text may be there once as each match type at each level.
 */
export const negativeItemKey = (text: string, matchType: NegativeMatchType, adGroup: string | null = null) =>
  `${matchType}:${normalizeKeyword(text)}\u0000${tidyAdGroup(adGroup)?.toLowerCase() ?? ''}`;

/**
 * A pasted list in Google Ads' notation: one term a line, `[term]` exact, `"term"` phrase (straight
 * or curly quotes); a line with neither gets `fallback`. Blank lines are dropped; `[]` is kept as
 * an empty term (the server counts it as skipped).
 */
export function parseNegativeLines(
  text: string,
  fallback: NegativeMatchType,
): Array<{ text: string; match_type: NegativeMatchType }> {
  return text
    .split(/\r\n|[\n\r]/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const exact = /^\[(.*)\]$/s.exec(line);
      if (exact) return { text: tidyKeyword(exact[1]!), match_type: 'exact' as const };
      const phrase = /^["“”](.*)["“”]$/s.exec(line);
      if (phrase && line.length >= 2) return { text: tidyKeyword(phrase[1]!), match_type: 'phrase' as const };
      return { text: tidyKeyword(line), match_type: fallback };
    });
}

/** A negative list as a project's lists show it. */
export const negativeListSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  /** How many terms it holds. */
  count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NegativeList = z.infer<typeof negativeListSchema>;

/** A project's negative lists, by name. */
export const negativeListsSchema = z.array(negativeListSchema);

const listName = textInput({ error: (issue) => (issue.input == null ? messages.listNameRequired : undefined) })
  .min(1, messages.listNameRequired)
  .max(constants.limits.listName, messages.atMostCharacters(constants.limits.listName));

export const negativeListInputSchema = z.object({ name: listName });
export type NegativeListInput = z.input<typeof negativeListInputSchema>;

export const negativeListItemSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  match_type: negativeMatchTypeSchema,
  /** The ad group it is a negative of (its name); null: the whole campaign. */
  ad_group: z.string().nullable(),
  created_at: z.string(),
});
export type NegativeListItem = z.infer<typeof negativeListItemSchema>;

export const negativeListDetailQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(constants.limits.maxPageSize).default(negativeLimits.pageSize),
});
export type NegativeListDetailQuery = z.input<typeof negativeListDetailQuerySchema>;

/** A list with a page of its terms, by text (then exact before phrase, the campaign's before an ad group's). */
export const negativeListDetailSchema = negativeListSchema.extend({
  items: z.array(negativeListItemSchema),
  pagination: paginationSchema,
});
export type NegativeListDetail = z.infer<typeof negativeListDetailSchema>;

/** An item's ad group: a name, tidied; empty, null or left out: the whole campaign. */
const adGroupInput = textInput({ error: messages.negativeAdGroupInvalid })
  .max(negativeAdGroupLength, messages.negativeAdGroupTooLong(negativeAdGroupLength))
  .nullable()
  .optional()
  .transform(tidyAdGroup);

const pastedItemSchema = z.object({
  text: textInput({ error: messages.negativeTextRequired }).max(
    negativeLimits.lineLength,
    messages.atMostCharacters(negativeLimits.lineLength),
  ),
  match_type: negativeMatchTypeSchema,
  ad_group: adGroupInput,
});

/**
 * `POST /api/negative-lists/{id}/items`: one term (`text`, `match_type`, optionally `ad_group`),
 * refused with 400 when it cannot be a negative keyword; or many (`items`, a pasted list or chosen
 * suggestions), where a term that cannot be one is skipped and counted with its reason. Either way
 * a term already in the list at the same level is skipped. `ad_group` names the ad group the term
 * is a negative of; without it (or empty) the term is a negative of the whole campaign.
 */
export const addNegativeItemsInputSchema = z
  .object({
    text: textInput({ error: messages.negativeTextRequired }).optional(),
    match_type: negativeMatchTypeSchema.optional(),
    ad_group: adGroupInput,
    items: z
      .array(pastedItemSchema, { error: messages.negativeItemsRequired })
      .min(1, messages.negativeItemsRequired)
      .max(negativeLimits.items, messages.tooManyNegativeItems(negativeLimits.items))
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.items !== undefined) {
      if (value.text !== undefined || value.match_type !== undefined || value.ad_group !== null) {
        ctx.addIssue({ code: 'custom', path: ['items'], message: messages.negativeTextOrItems });
      }
      return;
    }
    const problem = value.text === undefined ? 'empty' : negativeTextProblem(value.text);
    const problemText = {
      empty: messages.negativeTextRequired,
      too_long: messages.negativeTextTooLong,
      too_many_words: messages.negativeTextTooManyWords,
    } as const;
    if (problem) ctx.addIssue({ code: 'custom', path: ['text'], message: problemText[problem] });
    if (value.match_type === undefined) {
      ctx.addIssue({ code: 'custom', path: ['match_type'], message: messages.negativeMatchTypeRequired });
    }
  })
  .transform((value) => ({
    single: value.items === undefined,
    items: value.items ?? [{ text: value.text!, match_type: value.match_type!, ad_group: value.ad_group }],
  }));
export type AddNegativeItemsInput = z.input<typeof addNegativeItemsInputSchema>;

const skipCounts = z.object({
  duplicate: z.number().int(),
  too_long: z.number().int(),
  too_many_words: z.number().int(),
  empty: z.number().int(),
});

/** What an add did: how many terms were added and skipped, the skips by reason, and the first few named. */
export const negativeItemsAddedSchema = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  skipped_by_reason: skipCounts,
  skipped_items: z.array(
    z.object({
      text: z.string(),
      match_type: negativeMatchTypeSchema,
      ad_group: z.string().nullable(),
      reason: z.enum(negativeSkipReasons),
    }),
  ),
});
export type NegativeItemsAdded = z.infer<typeof negativeItemsAddedSchema>;

/** `DELETE /api/negative-lists/{id}/items/{itemId}`. */
export const negativeItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });
