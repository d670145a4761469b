import { z } from 'zod';
import { messages } from './messages';

/**
 * What the Google Ads Editor exports share (issue 27): the project's negative keyword lists they
 * carry, and the summary of what they left out for Google Ads' limits on a keyword.
 */

/** Google Ads: a keyword (or a negative keyword) has at most 80 characters and 10 words. */
export const adsKeywordLimits = { characters: 80, words: 10 } as const;

/** Negative lists an export may name: more than a project ever has. */
const MAX_NEGATIVE_LISTS = 200;

/**
 * `negativeListIds` of both Ads Editor exports: the ids of the project's negative lists whose terms
 * go in, as campaign negatives or as negatives of the ad group they name. Left out: all of the
 * project's lists; `[]`: none. An id that is not a list of the project is refused (400,
 * `messages.negativeListsNotInProject`), nothing written.
 */
export const negativeListIdsSchema = z
  .array(z.number({ error: messages.negativeListIdsInvalid }).int().positive().max(Number.MAX_SAFE_INTEGER), {
    error: messages.negativeListIdsInvalid,
  })
  .max(MAX_NEGATIVE_LISTS, messages.negativeListIdsInvalid)
  .optional();

/**
 * The `Criterion Type` of a negative keyword in the file: a campaign's (its `Ad group` cell empty)
 * or an ad group's (the cell naming the group).
 */
export const negativeCriterionType = { exact: 'Negative exact', phrase: 'Negative phrase' } as const;

/**
 * Why a term was left out: beyond Google Ads' limits on a keyword, or (`unknown_ad_group`) a
 * negative of an ad group the file does not have, which Google Ads Editor would make anew, empty.
 */
export const leftOutReasons = ['too_long', 'too_many_words', 'no_letters', 'unknown_ad_group'] as const;
export type LeftOutReason = (typeof leftOutReasons)[number];

/** Left-out terms an answer names; the counts cover them all. */
export const leftOutNamed = 10;

/**
 * What an Ads Editor export left out of its file, because Google Ads would refuse it: a keyword or
 * negative keyword longer than 80 characters or of more than 10 words (counted once Google Ads'
 * unsupported symbols are spaces), or with no letter or digit at all; and a negative of an ad group
 * that is not in the file. Each distinct term is counted once, however many ad groups held it (a
 * negative left out for its ad group once per group); the first `leftOutNamed` are named, a
 * negative of an ad group with the group's name (`ad_group`).
 */
export const exportLeftOutSchema = z.object({
  keywords: z.number().int(),
  negatives: z.number().int(),
  by_reason: z.object({
    too_long: z.number().int(),
    too_many_words: z.number().int(),
    no_letters: z.number().int(),
    unknown_ad_group: z.number().int(),
  }),
  items: z.array(
    z.object({
      text: z.string(),
      kind: z.enum(['keyword', 'negative']),
      reason: z.enum(leftOutReasons),
      ad_group: z.string().optional(),
    }),
  ),
});
export type ExportLeftOut = z.infer<typeof exportLeftOutSchema>;

/**
 * The response header of both Ads Editor exports that carries `exportLeftOutSchema` as JSON,
 * percent-encoded (`encodeURIComponent`): the file streams, so its summary travels beside it, read
 * by the page that saves the download. Always sent, with zero counts when nothing was left out.
 */
export const leftOutHeader = 'x-left-out';

export const encodeLeftOut = (summary: ExportLeftOut): string => encodeURIComponent(JSON.stringify(summary));

/** The header's summary, or null when it is missing or unreadable. */
export function decodeLeftOut(value: string | null | undefined): ExportLeftOut | null {
  if (!value) return null;
  try {
    const parsed = exportLeftOutSchema.safeParse(JSON.parse(decodeURIComponent(value)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
