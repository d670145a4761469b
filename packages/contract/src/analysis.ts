import { z } from 'zod';
import { idSchema, paginationSchema, textInput } from './common';
import { constants } from './constants';
import { figuresSourceSchema, keywordFiguresSchema, metricsSourceSchema } from './figures';
import { queryIntentFilter, searchIntentSchema } from './intent';
import { checkQueryCpcBounds, queryCpcBound } from './keywords';
import { messages } from './messages';

/** The analysis table's columns a page can be sorted by (figures missing sort last either way). */
export const analysisSortColumns = [
  'keyword',
  'avg_monthly_searches',
  'competition',
  'competition_index',
  'cpc_low',
  'cpc_high',
  'created_at',
] as const;
export type AnalysisSortColumn = (typeof analysisSortColumns)[number];

/** `Low,High` in a query string: the competition levels to keep (empty: all). */
const competitionFilter = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(constants.competitionLevels)).max(constants.competitionLevels.length))
  .transform((levels) => [...new Set(levels)]);

/** A whole number of searches, 0 or more; empty means no bound. */
const queryVolumeBound = z
  .string()
  .trim()
  .default('')
  .refine((value) => value === '' || /^\d{1,12}$/.test(value), 'Must be a whole number, 0 or more')
  .transform((value) => (value === '' ? null : Number(value)));

const analysisFilterShape = {
  search: textInput().max(constants.limits.keyword).default(''),
  competition: competitionFilter,
  minVolume: queryVolumeBound,
  maxVolume: queryVolumeBound,
  minCpc: queryCpcBound,
  maxCpc: queryCpcBound,
  intent: queryIntentFilter,
  sort: z.enum(analysisSortColumns).default('avg_monthly_searches'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

function checkAnalysisBounds(
  value: { minVolume: number | null; maxVolume: number | null; minCpc: number | null; maxCpc: number | null },
  ctx: z.RefinementCtx,
): void {
  checkQueryCpcBounds(value, ctx);
  if (value.minVolume != null && value.maxVolume != null && value.minVolume > value.maxVolume) {
    ctx.addIssue({ code: 'custom', path: ['minVolume'], message: messages.minVolumeAboveMax });
  }
}

/**
 * `GET /api/projects/:projectId/analysis`: a page of the project's keywords with their cached
 * figures, filtered and sorted in the database. Text matches anywhere in the keyword; competition
 * keeps the named levels; volume bounds are inclusive; CPC bounds follow SPEC's overlap rule (a
 * keyword without CPC is out once a bound is set); intent keeps keywords carrying any of the
 * named intents. Any filter on figures leaves out keywords without figures.
 */
export const analysisQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(constants.limits.maxPageSize).default(constants.analysisPageSize),
    ...analysisFilterShape,
  })
  .superRefine(checkAnalysisBounds);
export type AnalysisQuery = z.input<typeof analysisQuerySchema>;
export type AnalysisFilters = z.output<typeof analysisQuerySchema>;

/** The export: the same filters and order, every matching keyword. */
export const analysisExportQuerySchema = z.object(analysisFilterShape).superRefine(checkAnalysisBounds);
export type AnalysisExportQuery = z.input<typeof analysisExportQuerySchema>;

/**
 * A row: the keyword, its search intents (strongest first; none while not read yet) and its
 * figures (null: none cached yet), with `trend` filled when known.
 */
export const analysisRowSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  intent: z.array(searchIntentSchema),
  created_at: z.string(),
  metrics: keywordFiguresSchema.nullable(),
});
export type AnalysisRow = z.infer<typeof analysisRowSchema>;

export const analysisPageSchema = z.object({
  data: z.array(analysisRowSchema),
  pagination: paginationSchema,
  /** The server's provider: which figures the page shows where no Keyword Planner file gave them. */
  source: metricsSourceSchema.nullable(),
  /** The project's keywords in all, before filters. */
  projectKeywordCount: z.number().int(),
  /** How many of the project's keywords have no figures yet (the page fetches them first). */
  withoutFigures: z.number().int(),
});
export type AnalysisPage = z.infer<typeof analysisPageSchema>;

/** The analysis CSV's columns (SPEC section 9), in order, and the keyword's intents last (issue 14). */
export const analysisCsvColumns = [
  'Keyword',
  'Avg. Monthly Searches',
  'Competition',
  'Competition Index',
  'Low CPC',
  'High CPC',
  'Intent',
] as const;

const keywordIds = z
  .array(idSchema, { error: messages.keywordIdsRequired })
  .min(1, messages.keywordIdsRequired)
  .max(1000, messages.tooManyKeywordIds)
  .transform((ids) => [...new Set(ids)]);

/** Bulk delete of a project's keywords; ids of other projects are a 404 and nothing is deleted. */
export const deleteKeywordsInputSchema = z.object({ keywordIds: keywordIds });
export type DeleteKeywordsInput = z.input<typeof deleteKeywordsInputSchema>;
export const deleteKeywordsAnswerSchema = z.object({ deleted: z.number().int() });

/** Bulk add to a list: keywords already in it are counted, not added twice. */
export const addListKeywordsInputSchema = z.object({ keywordIds: keywordIds });
export type AddListKeywordsInput = z.input<typeof addListKeywordsInputSchema>;
export const addListKeywordsAnswerSchema = z.object({ added: z.number().int(), alreadyInList: z.number().int() });
export type AddListKeywordsAnswer = z.infer<typeof addListKeywordsAnswerSchema>;

/** Bulk remove from a list: ids not in the list are a 404 and nothing is removed; the keywords stay in their projects. */
export const removeListKeywordsInputSchema = z.object({ keywordIds: keywordIds });
export type RemoveListKeywordsInput = z.input<typeof removeListKeywordsInputSchema>;
export const removeListKeywordsAnswerSchema = z.object({ removed: z.number().int() });

/** Why a row of a Keyword Planner file was not imported. */
export const keywordPlannerSkipSchema = z.object({
  /** The row's line in the file, counting from 1 (title lines included). */
  line: z.number().int(),
  keyword: z.string(),
  reason: z.string(),
});

/**
 * `POST /api/projects/:projectId/keyword-planner-import` (multipart, field `file`): what was done
 * with the file. `read` rows = `added` + `merged` + `skipped`; `skips` lists the first few reasons.
 */
export const keywordPlannerImportAnswerSchema = z.object({
  read: z.number().int(),
  added: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  /** Rows whose figures were stored (some exports leave a row's figures empty). */
  withFigures: z.number().int(),
  skips: z.array(keywordPlannerSkipSchema),
  source: figuresSourceSchema,
  /** The file's currency (its Currency column), when it says one. */
  currency: z.string().nullable(),
});
export type KeywordPlannerImportAnswer = z.infer<typeof keywordPlannerImportAnswerSchema>;
