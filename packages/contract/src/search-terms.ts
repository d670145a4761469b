import { z } from 'zod';
import { textInput } from './common';
import { constants } from './constants';

/**
 * Google Ads' search terms report (issue 27): what an import of it did, and a page of the
 * project's search terms as the latest import holds them. Money is in the report's currency
 * (`currency`, its Currency code column), in units, never converted.
 */

/** The view's page size, and how many skipped rows an import names. */
export const searchTermsPageSize = 20;

export const searchTermMatchTypeSchema = z.enum(['exact', 'phrase', 'broad']);
export type SearchTermMatchType = z.infer<typeof searchTermMatchTypeSchema>;

/** Why a row of the report was not stored. */
export const searchTermsSkipSchema = z.object({
  /** The row's line in the file, counting from 1 (title lines included). */
  line: z.number().int(),
  term: z.string(),
  reason: z.string(),
});
export type SearchTermsSkip = z.infer<typeof searchTermsSkipSchema>;

/**
 * `POST /api/projects/:projectId/search-terms/import` (multipart, field `file`): what was done with
 * the report, which replaced the project's previous one. `read` rows = `stored` + `skipped`.
 */
export const searchTermsImportAnswerSchema = z.object({
  read: z.number().int(),
  stored: z.number().int(),
  skipped: z.number().int(),
  /** The first skipped rows and why. */
  skips: z.array(searchTermsSkipSchema),
  /** The report's date range (YYYY-MM-DD) from its title lines, null when they give none. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The report's Currency code (USD, EUR…), null when it gives none or several. */
  currency: z.string().nullable(),
});
export type SearchTermsImportAnswer = z.infer<typeof searchTermsImportAnswerSchema>;

export const searchTermsSorts = [
  '-cost',
  'cost',
  '-clicks',
  'clicks',
  '-impressions',
  'impressions',
  '-conversions',
  'conversions',
  'term',
  '-term',
] as const;
export type SearchTermsSort = (typeof searchTermsSorts)[number];
/** The column a sort is on: `-cost` and `cost` are both on cost. */
export type SearchTermsSortColumn = 'cost' | 'clicks' | 'impressions' | 'conversions' | 'term';

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `GET /api/projects/:projectId/search-terms`: a page of the project's search terms, filtered and sorted in the database. */
export const searchTermsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(constants.limits.maxPageSize).default(searchTermsPageSize),
  sort: z.enum(searchTermsSorts).default('-cost'),
  /** Terms containing this text. */
  q: textInput().max(constants.limits.keyword).default(''),
  /** Only terms without a conversion. */
  noConversions: booleanQuery.default(false),
  /** Only terms that cost at least this much, in the report's currency. */
  minCost: z.coerce.number().min(0).max(1_000_000_000).optional(),
});
export type SearchTermsQuery = z.input<typeof searchTermsQuerySchema>;

export const searchTermSchema = z.object({
  id: z.number().int(),
  term: z.string(),
  /** The match type of the keyword that showed the ad; null when the report does not say. */
  match_type: searchTermMatchTypeSchema.nullable(),
  campaign: z.string().nullable(),
  ad_group: z.string().nullable(),
  /** Null where the report gives no figure ("--", or no such column). */
  clicks: z.number().int().nullable(),
  impressions: z.number().int().nullable(),
  /** In `currency`, in units (12.34). */
  cost: z.number().nullable(),
  /** May be a fraction (a conversion shared between clicks). */
  conversions: z.number().nullable(),
  currency: z.string().nullable(),
  /** The project has a keyword of the same text (compared as keywords are: lower-cased, spaces collapsed). */
  is_keyword: z.boolean(),
});
export type SearchTerm = z.infer<typeof searchTermSchema>;

/** The report the terms come from. */
export const searchTermsReportSchema = z.object({
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  currency: z.string().nullable(),
  /** Terms it holds. */
  rows: z.number().int(),
  importedAt: z.string(),
});
export type SearchTermsReport = z.infer<typeof searchTermsReportSchema>;

export const searchTermsAnswerSchema = z.object({
  terms: z.array(searchTermSchema),
  /** Terms that pass the filters. */
  total: z.number().int(),
  /** The latest report imported, or null when the project has none. */
  report: searchTermsReportSchema.nullable(),
});
export type SearchTermsAnswer = z.infer<typeof searchTermsAnswerSchema>;
