import { z } from 'zod';
import { paginationSchema, textInput } from './common';
import { constants } from './constants';
import { messages } from './messages';
import { keywordFiguresSchema } from './figures';
import { searchConsoleFiguresSchema } from './search-console';
import { queryIntentFilter, searchIntentSchema } from './intent';

export const keywordSourceSchema = z.enum(['generated', 'manual', 'suggestion', 'import']);

export const keywordSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  created_at: z.string(),
  source: keywordSourceSchema,
  generation_id: z.number().int().nullable(),
  /**
   * Its search intents, strongest first (one or two); empty while not known yet: a keyword stored
   * before intents were read gets them shortly after the server starts.
   */
  intent: z.array(searchIntentSchema),
});
export type Keyword = z.infer<typeof keywordSchema>;

export const keywordArraySchema = z.array(keywordSchema);

export const keywordInputSchema = z.object({
  keyword: textInput()
    .min(1, 'Please enter a keyword')
    .max(constants.limits.keyword, messages.atMostCharacters(constants.limits.keyword)),
  /** Where the person found it: typed in, or added from a suggestion or similar keyword. */
  source: z.enum(['manual', 'suggestion']).default('manual'),
});
export type KeywordInput = z.input<typeof keywordInputSchema>;

/**
 * A pasted list's keywords: one a line or separated by commas, each trimmed with its spaces
 * collapsed, empty parts dropped. Repeats are kept (the server counts them as skipped).
 */
export function splitKeywordText(text: string): string[] {
  return text
    .split(/[\n\r,]+/)
    .map(tidyKeyword)
    .filter((part) => part !== '');
}

/**
 * `POST /api/projects/:projectId/keywords/bulk`: several keywords at once (a pasted list), at most
 * `constants.limits.bulkKeywords`; empty ones are dropped, each is checked as a single add is.
 */
export const bulkKeywordsInputSchema = z.object({
  keywords: z
    .array(textInput().max(constants.limits.keyword, messages.atMostCharacters(constants.limits.keyword)), {
      error: messages.pasteKeywordsRequired,
    })
    .min(1, messages.pasteKeywordsRequired)
    .max(constants.limits.bulkKeywords, messages.tooManyPastedKeywords(constants.limits.bulkKeywords))
    .transform((keywords) => keywords.map(tidyKeyword).filter((keyword) => keyword !== ''))
    .pipe(z.array(z.string()).min(1, messages.pasteKeywordsRequired)),
});
export type BulkKeywordsInput = z.input<typeof bulkKeywordsInputSchema>;

/**
 * What a pasted list did: the keywords added (in the order given), and the texts skipped because
 * they repeat one earlier in the list or are in the project already.
 */
export const bulkKeywordsAnswerSchema = z.object({
  added: z.array(keywordSchema),
  repeated: z.array(z.string()),
  existing: z.array(z.string()),
});
export type BulkKeywordsAnswer = z.infer<typeof bulkKeywordsAnswerSchema>;

/** A keyword's identity within a project: trimmed, spaces collapsed, lower-cased. */
export function normalizeKeyword(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The display form: trimmed with spaces collapsed, case kept. */
export function tidyKeyword(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

export const keywordSorts = ['newest', 'oldest', 'keyword', 'keyword_desc'] as const;
export type KeywordSort = (typeof keywordSorts)[number];

/**
 * The keywords page's sorts by the figures of the current Search Console import (issue 26), named
 * as the others are (`_desc` descending); keywords that match no query come last either way.
 */
export const keywordSearchConsoleSorts = [
  'clicks',
  'clicks_desc',
  'impressions',
  'impressions_desc',
  'ctr',
  'ctr_desc',
  'position',
  'position_desc',
] as const;
export type KeywordSearchConsoleSort = (typeof keywordSearchConsoleSorts)[number];
export type KeywordPageSort = KeywordSort | KeywordSearchConsoleSort;

export const queryFlag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');
export const queryCpcBound = z
  .string()
  .trim()
  .default('')
  .refine((value) => value === '' || /^\d+(\.\d+)?$/.test(value), 'Must be a number, 0 or more')
  .transform((value) => (value === '' ? null : Number(value)))
  .refine((value) => value === null || value <= constants.limits.maxCpc, messages.cpcTooHigh);

/**
 * Metrics in query strings: `metrics=true` merges cached figures; CPC bounds in dollars filter by
 * SPEC's overlap rule; `intent=commercial,transactional` keeps keywords carrying any of them.
 */
const keywordFilterQueryShape = {
  metrics: queryFlag,
  minCpc: queryCpcBound,
  maxCpc: queryCpcBound,
  intent: queryIntentFilter,
};

export function checkQueryCpcBounds(
  value: { minCpc: number | null; maxCpc: number | null },
  ctx: z.RefinementCtx,
): void {
  if (value.minCpc != null && value.maxCpc != null && value.minCpc > value.maxCpc) {
    ctx.addIssue({ code: 'custom', path: ['minCpc'], message: messages.minCpcAboveMax });
  }
}

/** A page of a project's keywords, filtered and sorted in the database. */
export const keywordPageQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(constants.limits.maxPageSize)
      .default(constants.projectKeywordsPageSize),
    search: textInput().max(constants.limits.keyword).default(''),
    sort: z.enum([...keywordSorts, ...keywordSearchConsoleSorts]).default('newest'),
    ...keywordFilterQueryShape,
    /** `searchConsole=true`: each row carries the figures of its query in the project's current Search Console import. */
    searchConsole: queryFlag,
  })
  .superRefine(checkQueryCpcBounds);
export type KeywordPageQuery = z.input<typeof keywordPageQuerySchema>;

/**
 * A page row; `metrics` is there when the page was asked for with `metrics=true` (null: no figures
 * cached), `search_console` with `searchConsole=true` (null: no query of the current import matches).
 */
export const keywordPageRowSchema = keywordSchema.extend({
  metrics: keywordFiguresSchema.nullable().optional(),
  search_console: searchConsoleFiguresSchema.nullable().optional(),
});
export type KeywordPageRow = z.infer<typeof keywordPageRowSchema>;

/** The export: all keywords, or with metrics columns, or only those inside CPC bounds. */
export const keywordExportQuerySchema = z.object(keywordFilterQueryShape).superRefine(checkQueryCpcBounds);
export type KeywordExportQuery = z.input<typeof keywordExportQuerySchema>;

export const keywordPageSchema = z.object({
  data: z.array(keywordPageRowSchema),
  pagination: paginationSchema,
  /** The project's latest completed generation run: its keywords are the new ones. */
  latestRunId: z.number().int().nullable(),
});
export type KeywordPage = z.infer<typeof keywordPageSchema>;

/** A name made safe for a file: accents dropped, anything but letters, digits, `_` and `-` made `_`. */
export function safeFileName(name: string, fallback: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '') // accents, once separated from their letters
      .replace(/[^\w-]+/g, '_')
      .replace(/^_+|_+$/g, '') || fallback
  );
}

/** The export's file name: the project's name made safe, `_keywords`, an optional part, and the date. */
export function keywordExportFileName(projectName: string, date: Date, extra = ''): string {
  return `${safeFileName(projectName, 'project')}_keywords${extra}_${date.toISOString().slice(0, 10)}.csv`;
}
