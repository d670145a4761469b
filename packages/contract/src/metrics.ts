import { z } from 'zod';
import { idSchema, paginationSchema, textInput } from './common';
import { constants } from './constants';
import { moreKeywordsLengthOptions } from './generation';
import { keywordFiguresSchema, metricsSourceSchema } from './figures';
import { keywordSchema } from './keywords';
import { messages } from './messages';

/** One row of the metrics call: a project keyword and its figures. */
export const keywordMetricSchema = keywordFiguresSchema.extend({
  id: z.number().int(),
  keyword: z.string(),
});
export type KeywordMetric = z.infer<typeof keywordMetricSchema>;

/** A keyword idea (suggestion or similar keyword) with its figures. */
export const keywordIdeaSchema = keywordFiguresSchema.extend({ keyword: z.string() });
export type KeywordIdea = z.infer<typeof keywordIdeaSchema>;

export const keywordMetricsInputSchema = z.object({
  projectId: idSchema,
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(constants.limits.maxPageSize).default(constants.metricsPageSize),
  /** Refresh CPC: fetch every keyword's figures again instead of using the cache. */
  refresh: z.boolean().default(false),
});
export type KeywordMetricsInput = z.input<typeof keywordMetricsInputSchema>;

export const keywordMetricsAnswerSchema = z.object({
  data: z.array(keywordMetricSchema),
  pagination: paginationSchema,
  source: metricsSourceSchema,
});
export type KeywordMetricsAnswer = z.infer<typeof keywordMetricsAnswerSchema>;

/** A CPC bound in dollars: a number or a decimal string, >= 0; empty or null means any price. */
export const cpcBoundSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
  z.number().min(0, 'Must be 0 or more').max(constants.limits.maxCpc, messages.cpcTooHigh).nullable(),
);

function checkCpcBounds(
  value: { minCpc?: number | null; maxCpc?: number | null },
  ctx: z.RefinementCtx,
  path = 'minCpc',
): void {
  if (value.minCpc != null && value.maxCpc != null && value.minCpc > value.maxCpc) {
    ctx.addIssue({ code: 'custom', path: [path], message: messages.minCpcAboveMax });
  }
}

export const generateFilteredKeywordsInputSchema = z
  .object({
    projectId: idSchema,
    // Both dialogs call this: the project page's (10-200, checked in its form) and the analysis page's (1-500).
    count: z.number().int().min(constants.analysisGenerateCount.min).max(constants.analysisGenerateCount.max),
    minCpc: cpcBoundSchema.default(null),
    maxCpc: cpcBoundSchema.default(null),
    keywordLength: z.enum(moreKeywordsLengthOptions).default('any'),
  })
  .superRefine((value, ctx) => checkCpcBounds(value, ctx));
export type GenerateFilteredKeywordsInput = z.input<typeof generateFilteredKeywordsInputSchema>;

export const generatedKeywordSchema = keywordSchema.extend({ metrics: keywordFiguresSchema.nullable() });
export type GeneratedKeyword = z.infer<typeof generatedKeywordSchema>;

export const generateFilteredKeywordsAnswerSchema = z.object({
  generated: z.array(generatedKeywordSchema),
  requested: z.number().int(),
  /** The generation run the keywords belong to (they show as New), or null when none were added. */
  runId: z.number().int().nullable(),
  /** Set when fewer keywords than requested were added (messages.keywordsShortfall). */
  notice: z.string().optional(),
  /**
   * With a notice: the wider settings the notice suggests (no CPC bounds, or any number of words),
   * for a rerun in one click; absent when nothing is wider than what was asked.
   */
  wider: z
    .object({
      keywordLength: z.enum(moreKeywordsLengthOptions),
      minCpc: z.number().nullable(),
      maxCpc: z.number().nullable(),
    })
    .optional(),
});
export type GenerateFilteredKeywordsAnswer = z.infer<typeof generateFilteredKeywordsAnswerSchema>;

/** Ideas for a project, or for a list (for the list's project's place and language). */
export const keywordSuggestionsInputSchema = z
  .object({
    projectId: idSchema.optional(),
    listId: idSchema.optional(),
  })
  .refine((value) => value.projectId !== undefined || value.listId !== undefined, {
    message: 'Give a projectId or a listId',
    path: ['projectId'],
  });
export const keywordSuggestionsAnswerSchema = z.object({ suggestions: z.array(keywordIdeaSchema) });
export type KeywordSuggestionsAnswer = z.infer<typeof keywordSuggestionsAnswerSchema>;

const placeText = textInput().max(constants.limits.place).default('');

export const similarKeywordsInputSchema = z.object({
  keyword: textInput().min(1, 'Please enter a keyword').max(constants.limits.keyword),
  language: placeText,
  country: placeText,
  city: placeText,
});
export type SimilarKeywordsInput = z.input<typeof similarKeywordsInputSchema>;
export const similarKeywordsAnswerSchema = z.object({ keywords: z.array(keywordIdeaSchema) });
export type SimilarKeywordsAnswer = z.infer<typeof similarKeywordsAnswerSchema>;
