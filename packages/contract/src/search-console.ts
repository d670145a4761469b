import { z } from 'zod';
import { textInput } from './common';
import { constants } from './constants';
import { messages } from './messages';

/**
 * Google Search Console (issue 26): a person's connection, the property a project is linked to,
 * the imports (fetched by a job, or uploaded) and the queries of the latest one.
 */

/** `GET /api/search-console/status`: the caller's connection, and whether this server can connect at all. */
export const searchConsoleStatusSchema = z.object({
  /** The server has a Google OAuth client (`GOOGLE_OAUTH_CLIENT_ID` and `GOOGLE_OAUTH_CLIENT_SECRET`). */
  configured: z.boolean(),
  connected: z.boolean(),
  /** The connected Google account's e-mail, when Google told it. */
  email: z.string().nullable(),
  /** To an administrator, while Search Console is not set up: the settings that turn it on. */
  setup: z.array(z.string()).optional(),
});
export type SearchConsoleStatus = z.infer<typeof searchConsoleStatusSchema>;

export const searchConsolePermissionLevelSchema = z.enum([
  'siteOwner',
  'siteFullUser',
  'siteRestrictedUser',
  'siteUnverifiedUser',
]);

/** A property of the caller's account: a URL prefix (`https://example.com/`) or a domain (`sc-domain:example.com`). */
export const searchConsoleSiteSchema = z.object({
  siteUrl: z.string(),
  permissionLevel: searchConsolePermissionLevelSchema,
  /** The project's site URL falls under this property (only when the call names a project). */
  matchesProject: z.boolean(),
});
export type SearchConsoleSite = z.infer<typeof searchConsoleSiteSchema>;

/** `GET /api/search-console/sites`: the caller's properties, the project's own first when `projectId` is given. */
export const searchConsoleSitesQuerySchema = z.object({
  projectId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export const searchConsoleSitesAnswerSchema = z.object({ sites: z.array(searchConsoleSiteSchema) });
export type SearchConsoleSitesAnswer = z.infer<typeof searchConsoleSitesAnswerSchema>;

/** A property as a project links it: `https://…/` or `sc-domain:…`. */
export const searchConsoleSiteUrlSchema = textInput()
  .min(1)
  .max(2048)
  .refine((value) => /^(https?:\/\/\S+|sc-domain:\S+)$/.test(value), messages.searchConsoleSiteInvalid);

export const linkSearchConsoleInputSchema = z.object({ siteUrl: searchConsoleSiteUrlSchema });
export type LinkSearchConsoleInput = z.input<typeof linkSearchConsoleInputSchema>;

export const searchConsoleImportStatusSchema = z.enum(['running', 'completed', 'failed']);
export type SearchConsoleImportStatus = z.infer<typeof searchConsoleImportStatusSchema>;

/** One import of a project's queries: fetched from Google by a job, or read from an uploaded export. */
export const searchConsoleImportSchema = z.object({
  id: z.number().int(),
  source: z.enum(['api', 'upload']),
  status: searchConsoleImportStatusSchema,
  /** Rows fetched so far (the job's progress), then stored. */
  rows: z.number().int(),
  /** The dates the queries cover (YYYY-MM-DD), null for an upload, whose file does not say. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Why a failed import stopped, in the contract's words. */
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SearchConsoleImport = z.infer<typeof searchConsoleImportSchema>;

/**
 * `GET /api/projects/:projectId/search-console`: the project's link, the import whose queries are
 * shown, and the latest import when one is running or failed after it.
 */
export const projectSearchConsoleSchema = z.object({
  /** The linked property, or null. */
  siteUrl: z.string().nullable(),
  /** Who linked it (their e-mail); only they or whoever refreshes with their own grant can fetch. */
  linkedBy: z.string().nullable(),
  /** The import the queries come from. */
  current: searchConsoleImportSchema.nullable(),
  /** The newest import, when it is not the current one (running, or failed). */
  latest: searchConsoleImportSchema.nullable(),
  /** The project's queries in the current import. */
  queries: z.number().int(),
});
export type ProjectSearchConsole = z.infer<typeof projectSearchConsoleSchema>;

/** Why a row of an uploaded export was not stored. */
export const searchConsoleSkipSchema = z.object({
  line: z.number().int(),
  query: z.string(),
  reason: z.string(),
});

/** `POST /api/projects/:projectId/search-console/import`: what was done with the file; `read` = `stored` + `skipped`. */
export const searchConsoleImportAnswerSchema = z.object({
  read: z.number().int(),
  stored: z.number().int(),
  skipped: z.number().int(),
  /** The first skipped rows and why. */
  skips: z.array(searchConsoleSkipSchema),
});
export type SearchConsoleImportAnswer = z.infer<typeof searchConsoleImportAnswerSchema>;

export const searchConsoleSorts = [
  'impressions',
  '-impressions',
  'clicks',
  '-clicks',
  'ctr',
  '-ctr',
  'position',
  '-position',
  'query',
  '-query',
] as const;
export type SearchConsoleSort = (typeof searchConsoleSorts)[number];

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');
const positionBound = z.coerce.number().min(0).max(1000);

/** `GET /api/projects/:projectId/search-console/queries`: a page of the current import's queries. */
export const searchConsoleQueriesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(constants.limits.maxPageSize)
      .default(constants.searchConsole.pageSize),
    sort: z.enum(searchConsoleSorts).default('-impressions'),
    q: textInput().max(constants.limits.keyword).default(''),
    minPosition: positionBound.optional(),
    maxPosition: positionBound.optional(),
    minImpressions: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    notInProject: booleanQuery.default(false),
  })
  .refine((query) => query.minPosition == null || query.maxPosition == null || query.minPosition <= query.maxPosition, {
    path: ['minPosition'],
    message: messages.searchConsolePositionBounds,
  });
export type SearchConsoleQueriesQuery = z.input<typeof searchConsoleQueriesQuerySchema>;

export const searchConsoleQuerySchema = z.object({
  query: z.string(),
  clicks: z.number().int(),
  impressions: z.number().int(),
  /** A fraction, 0-1. */
  ctr: z.number(),
  position: z.number(),
  /** The page that showed most for it; null when unknown (an upload). */
  page: z.string().nullable(),
  in_project: z.boolean(),
});
export type SearchConsoleQuery = z.infer<typeof searchConsoleQuerySchema>;

export const searchConsoleQueriesAnswerSchema = z.object({
  queries: z.array(searchConsoleQuerySchema),
  total: z.number().int(),
});
export type SearchConsoleQueriesAnswer = z.infer<typeof searchConsoleQueriesAnswerSchema>;

/** The four figures a keyword carries when a query of the current import matches it. */
export const searchConsoleFiguresSchema = z.object({
  clicks: z.number().int(),
  impressions: z.number().int(),
  ctr: z.number(),
  position: z.number(),
});
export type SearchConsoleFigures = z.infer<typeof searchConsoleFiguresSchema>;
