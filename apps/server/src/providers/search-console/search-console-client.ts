import { messages } from '@keywright/contract';
import { z } from 'zod';
import {
  createHttpClient,
  parseJson,
  UpstreamError,
  type HttpAnswer,
  type HttpClientOptions,
} from '../../lib/http-client';

const service = 'Google Search Console';

/** Read-only access to the person's Search Console properties and their search analytics. */
export const searchConsoleScope = 'https://www.googleapis.com/auth/webmasters.readonly';

/** The most rows searchAnalytics.query answers in one request; paging goes on by `startRow`. */
export const searchConsoleRowLimit = 25_000;

/** The person's rights on a property, as Search Console names them. */
export const searchConsolePermissionLevels = [
  'siteOwner',
  'siteFullUser',
  'siteRestrictedUser',
  'siteUnverifiedUser',
] as const;
export type SearchConsolePermissionLevel = (typeof searchConsolePermissionLevels)[number];

/** A property: a URL prefix (`https://example.com/`) or a domain (`sc-domain:example.com`). */
export interface SearchConsoleSite {
  siteUrl: string;
  permissionLevel: SearchConsolePermissionLevel;
}

/** Per query, or per query and the page it showed (one row per pair). */
export type SearchConsoleDimensions = readonly ['query'] | readonly ['query', 'page'];

export interface SearchConsoleRow {
  query: string;
  /** Set when the dimensions include `page`. */
  page?: string;
  clicks: number;
  impressions: number;
  /** A fraction (0.05 is 5 %), as the API gives it. */
  ctr: number;
  /** Average position, 1 at the top. */
  position: number;
}

export interface QueryRowsOptions {
  siteUrl: string;
  /** YYYY-MM-DD, inclusive, in Pacific time as Search Console counts days. */
  startDate: string;
  endDate: string;
  dimensions: SearchConsoleDimensions;
  /** The row to begin with (default 0): a job that stopped after n rows resumes at n. */
  startRow?: number;
}

export interface SearchConsoleClient {
  /** The properties the access token's account can see, with its permission on each. */
  listSites(accessToken: string): Promise<SearchConsoleSite[]>;
  /**
   * The property's rows for the dates, in Google's order (clicks, most first), fetched 25,000 at
   * a time as the iteration asks for them: one page is held in memory, never the whole property.
   * A failure is thrown from the iteration after the rows before it were yielded.
   */
  queryRows(accessToken: string, options: QueryRowsOptions): AsyncIterable<SearchConsoleRow>;
}

/** Search Console refused the access token (401): it expired early or was revoked. Refresh, then retry. */
export class SearchConsoleUnauthorizedError extends Error {
  constructor() {
    super('Google Search Console refused the access token');
    this.name = 'SearchConsoleUnauthorizedError';
  }
}

/** The account may not read this property (403): not verified for it, or its access was removed. */
export class SearchConsoleForbiddenError extends Error {
  constructor(
    readonly siteUrl: string,
    /** Google's own words, for the log. */
    readonly detail: string,
  ) {
    super(`No permission for the Search Console property ${siteUrl}`);
    this.name = 'SearchConsoleForbiddenError';
  }
}

/** Search Console kept answering 429 (or a quota 403) through the retries: try again later. */
export class SearchConsoleRateLimitedError extends UpstreamError {
  constructor(detail: string, status: number) {
    super(messages.upstreamFailed(service, detail), status);
    this.name = 'SearchConsoleRateLimitedError';
  }
}

/** Search Console kept answering 5xx through the retries. */
export class SearchConsoleUnavailableError extends UpstreamError {
  constructor(detail: string, status: number) {
    super(messages.upstreamFailed(service, detail), status);
    this.name = 'SearchConsoleUnavailableError';
  }
}

/** A 2xx answer that is not the documented shape (not JSON, or other fields). */
export class SearchConsoleUnreadableError extends UpstreamError {
  constructor(status: number) {
    super(messages.upstreamUnreadable(service), status);
    this.name = 'SearchConsoleUnreadableError';
  }
}

/** Where the API is (`GOOGLE_SEARCH_CONSOLE_API_BASE_URL`); the client adds /webmasters/v3. */
export interface SearchConsoleConfig {
  apiBaseUrl: string;
}

const apiErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

const sitesSchema = z.object({
  // Google leaves the field out when the account has no property.
  siteEntry: z
    .array(z.object({ siteUrl: z.string().min(1), permissionLevel: z.enum(searchConsolePermissionLevels) }))
    .default([]),
});

const figure = z.number().finite().nonnegative();

const rowsSchema = z.object({
  // Left out when no row matches (an empty page, or a property without data).
  rows: z
    .array(
      z.object({
        keys: z.array(z.string()),
        clicks: figure,
        impressions: figure,
        ctr: figure,
        position: figure,
      }),
    )
    .default([]),
});

/** Reasons of a 403 that mean "too many requests", not "not yours". */
const quotaReasons = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded', 'dailyLimitExceeded']);

function apiError(response: HttpAnswer) {
  const parsed = apiErrorSchema.safeParse(parseJson(response.text));
  const error = parsed.success ? parsed.data.error : undefined;
  return {
    detail: error?.message || error?.status || `HTTP ${response.status}`,
    reason: error?.errors?.[0]?.reason,
    isQuota: error?.status === 'RESOURCE_EXHAUSTED',
  };
}

/** A failed answer as the error its caller acts on. */
function failure(response: HttpAnswer, siteUrl: string | null): Error {
  const { status } = response;
  const { detail, reason, isQuota } = apiError(response);
  if (status === 401) return new SearchConsoleUnauthorizedError();
  if (status === 429 || (status === 403 && (isQuota || quotaReasons.has(reason ?? '')))) {
    return new SearchConsoleRateLimitedError(detail, status);
  }
  if (status === 403 && siteUrl !== null) return new SearchConsoleForbiddenError(siteUrl, detail);
  if (status >= 500) return new SearchConsoleUnavailableError(detail, status);
  return new UpstreamError(messages.upstreamFailed(service, detail), status);
}

function parsed<T>(response: HttpAnswer, schema: z.ZodType<T>): T {
  const answer = schema.safeParse(parseJson(response.text));
  if (!answer.success) throw new SearchConsoleUnreadableError(response.status);
  return answer.data;
}

export function createSearchConsoleClient(
  config: SearchConsoleConfig,
  options: HttpClientOptions = {},
): SearchConsoleClient {
  const http = createHttpClient(service, options);
  const apiRoot = `${config.apiBaseUrl.replace(/\/+$/, '')}/webmasters/v3`;

  async function call(accessToken: string, path: string, siteUrl: string | null, body?: unknown) {
    const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
    const init: RequestInit =
      body === undefined
        ? { method: 'GET', headers }
        : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
    // searchAnalytics.query only reads, so a POST is as safe to repeat as a GET.
    const response = await http.send(() => ({ url: `${apiRoot}/${path}`, init }));
    if (!response.ok) throw failure(response, siteUrl);
    return response;
  }

  return {
    async listSites(accessToken) {
      const answer = parsed(await call(accessToken, 'sites', null), sitesSchema);
      return answer.siteEntry.map(({ siteUrl, permissionLevel }) => ({ siteUrl, permissionLevel }));
    },

    async *queryRows(accessToken, { siteUrl, startDate, endDate, dimensions, startRow = 0 }) {
      const path = `sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`;
      const hasPage = dimensions[1] === 'page';
      // One page's rows, read from its answer; the answer's text is let go before the rows are used.
      const readPage = async (row: number) => {
        const body = { startDate, endDate, dimensions, rowLimit: searchConsoleRowLimit, startRow: row };
        const response = await call(accessToken, path, siteUrl, body);
        const { rows } = parsed(response, rowsSchema);
        // Each row's keys follow the dimensions asked for, one each; anything else is not this API.
        if (rows.some(({ keys }) => keys.length !== dimensions.length)) {
          throw new SearchConsoleUnreadableError(response.status);
        }
        return rows.map(({ keys, clicks, impressions, ctr, position }): SearchConsoleRow =>
          hasPage
            ? { query: keys[0]!, page: keys[1]!, clicks, impressions, ctr, position }
            : { query: keys[0]!, clicks, impressions, ctr, position },
        );
      };
      for (let row = startRow; ; row += searchConsoleRowLimit) {
        const page = await readPage(row);
        yield* page;
        if (page.length < searchConsoleRowLimit) return;
      }
    },
  };
}

/** Without a Google OAuth client there is nothing to read: no properties, no rows. */
export function createOfflineSearchConsoleClient(): SearchConsoleClient {
  return {
    listSites: async () => [],
    // eslint-disable-next-line require-yield -- an iterable that ends at once
    async *queryRows() {
      return;
    },
  };
}
