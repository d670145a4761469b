import { z } from 'zod';
import { idSchema, paginationSchema, textInput } from './common';
import { constants } from './constants';
import { keywordFiguresSchema, metricsSourceSchema } from './figures';
import { keywordSourceSchema, safeFileName } from './keywords';
import { messages } from './messages';

const { limits } = constants;

/** A list as the lists page shows it. */
export const keywordListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** How many keywords the list holds. */
  count: z.number().int(),
  /** The project the list is for; null: No Project. */
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  user_id: z.string(),
  owner_email: z.string().nullable(),
  created_at: z.string(),
});
export type KeywordList = z.infer<typeof keywordListSchema>;

export const keywordListsSchema = z.array(keywordListSchema);

export const keywordListsQuerySchema = z.object({
  /** Refresh cache: answer in full even when the caller's copy is current. */
  refresh: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type KeywordListsQuery = z.input<typeof keywordListsQuerySchema>;

// A missing (or null) name reads like an empty one.
const listName = textInput({ error: (issue) => (issue.input == null ? messages.listNameRequired : undefined) })
  .min(1, messages.listNameRequired)
  .max(limits.listName, messages.atMostCharacters(limits.listName));

export const createKeywordListInputSchema = z.object({
  name: listName,
  project_id: idSchema.nullable().optional(),
});
export type CreateKeywordListInput = z.input<typeof createKeywordListInputSchema>;

export const updateKeywordListInputSchema = z.object({
  name: listName,
  /** null: No Project. */
  project_id: idSchema.nullable(),
});
export type UpdateKeywordListInput = z.input<typeof updateKeywordListInputSchema>;

/** One keyword of a list: the keyword, when it was added, and its cached figures when asked for. */
export const keywordListItemSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  /** The project the keyword belongs to. */
  project_id: z.number().int(),
  source: keywordSourceSchema,
  created_at: z.string(),
  added_at: z.string(),
  /** Present with `metrics=true`; null: no figures cached. */
  metrics: keywordFiguresSchema.nullable().optional(),
});
export type KeywordListItem = z.infer<typeof keywordListItemSchema>;

/** Total reach (sum of average monthly searches) and average low and high CPC (micro-units) of a list. */
export const keywordListSummarySchema = z.object({
  total_reach: z.number().int(),
  avg_cpc_low: z.number().int().nullable(),
  avg_cpc_high: z.number().int().nullable(),
  /** Keywords with figures, of `count`. */
  with_figures: z.number().int(),
  source: metricsSourceSchema,
  /** The ISO 4217 code of the averages; null when not known, or when the bids are in several currencies. */
  currency: z.string().nullable(),
  /** The bids are in more than one currency: they are not converted, so the averages are null. */
  mixed_currencies: z.boolean(),
});
export type KeywordListSummary = z.infer<typeof keywordListSummarySchema>;

export const keywordListDetailQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(limits.maxPageSize).default(constants.listKeywordsPageSize),
  /** Merge each keyword's cached figures (null where none are cached). */
  metrics: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type KeywordListDetailQuery = z.input<typeof keywordListDetailQuerySchema>;

/**
 * A list with a page of its keywords, the latest added first. Asked for with `metrics=true`, it
 * carries the list's summary of the figures the server has (null while none of its keywords has
 * any), so figures loaded once show again when the list is reopened.
 */
export const keywordListDetailSchema = keywordListSchema.extend({
  keywords: z.array(keywordListItemSchema),
  pagination: paginationSchema,
  summary: keywordListSummarySchema.nullable().optional(),
});
export type KeywordListDetail = z.infer<typeof keywordListDetailSchema>;

export const keywordListMetricsInputSchema = z.object({
  /** Fetch every keyword's figures again instead of using the cache. */
  refresh: z.boolean().default(false),
});
export const keywordListMetricsAnswerSchema = z.object({ summary: keywordListSummarySchema });
export type KeywordListMetricsAnswer = z.infer<typeof keywordListMetricsAnswerSchema>;

const keywordText = textInput()
  .min(1, 'Please enter a keyword')
  .max(limits.keyword, messages.atMostCharacters(limits.keyword));

/** Where a keyword made in a project through a list came from: typed in, or an idea (suggestion, similar keyword). */
const addedKeywordSource = z.enum(['manual', 'suggestion']).default('manual');

export const addListTextInputSchema = z.object({ keyword_text: keywordText, source: addedKeywordSource });
export type AddListTextInput = z.input<typeof addListTextInputSchema>;

/**
 * Adds a project keyword to a list by its id; or by its text in `project_id`, made there
 * first when `create_keyword` is true and the project does not have it yet.
 */
export const addListItemInputSchema = z.union([
  z.object({ list_id: idSchema, keyword_id: idSchema }),
  z.object({
    list_id: idSchema,
    keyword_text: keywordText,
    project_id: idSchema,
    create_keyword: z.boolean().default(false),
    source: addedKeywordSource,
  }),
]);
export type AddListItemInput = z.input<typeof addListItemInputSchema>;

export const keywordListItemAddedSchema = z.object({
  list_id: z.number().int(),
  item: keywordListItemSchema,
});
export type KeywordListItemAdded = z.infer<typeof keywordListItemAddedSchema>;

/** `DELETE /api/keyword-list-items/{listId}-{keywordId}`. */
export const listItemParamsSchema = z.object({ listId: idSchema, keywordId: idSchema });
export const listIdParamsSchema = z.object({ listId: idSchema });

/** The lists (that the caller may read) holding one keyword. */
export const keywordListRefsSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));
export type KeywordListRefs = z.infer<typeof keywordListRefsSchema>;

/** Keyword ids in a query string: `1,2,3`, at most a page's worth. */
export const keywordIdsQuerySchema = z.object({
  keywordIds: z
    .string()
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,99}$/, 'Give 1 to 100 keyword ids, separated by commas')
    .transform((value) => [...new Set(value.split(',').map(Number))]),
});
export type KeywordIdsQuery = z.input<typeof keywordIdsQuerySchema>;

/** For each asked keyword the caller may read, the lists (that the caller may read) holding it. */
export const keywordListHoldingsSchema = z.array(
  z.object({ keyword_id: z.number().int(), lists: keywordListRefsSchema }),
);
export type KeywordListHoldings = z.infer<typeof keywordListHoldingsSchema>;

/** `{list name}_{date}.csv`, the name made safe like a project export's. */
export function keywordListFileName(listName: string, date: Date): string {
  return `${safeFileName(listName, 'list')}_${date.toISOString().slice(0, 10)}.csv`;
}

/** Only the caller's own lists, or the team's too. */
export function visibleLists(lists: readonly KeywordList[], currentUserId: string, showTeamLists: boolean) {
  return showTeamLists ? [...lists] : lists.filter((list) => list.user_id === currentUserId);
}
