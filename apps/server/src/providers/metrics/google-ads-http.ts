import { messages } from '@keywright/contract';
import { z } from 'zod';
import { createHttpClient, parseJson, UpstreamError, type HttpClientOptions } from '../../lib/http-client';

const service = 'Google Ads';

/**
 * How the client talks HTTP and keeps time; every field has a production default: 30 s per
 * request, 3 retries after 1, 2 and 4 s, a `Retry-After` waited for up to 60 s.
 */
export interface GoogleAdsHttpOptions extends HttpClientOptions {
  /** Least time between two Planning requests of one customer across the process (default 1,000 ms). */
  minIntervalMs?: number;
}

/** Where and as whom to call the API (the `GOOGLE_ADS_*` settings). */
export interface GoogleAdsCredentials {
  apiVersion: string;
  baseUrl: string;
  tokenUrl: string;
  /** Digits only here; the configuration may carry dashes. */
  customerId: string;
  /** Digits only here, like `customerId`. */
  loginCustomerId?: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  developerToken?: string;
}

export interface GoogleAdsHttp {
  /**
   * POST a JSON body to `{baseUrl}/{version}/{path}` and check the answer with `schema`.
   * Planning calls wait for the process-wide slot of their customer first.
   */
  post<T>(path: string, body: unknown, schema: z.ZodType<T>, kind: 'planning' | 'other'): Promise<T>;
}

/**
 * The Planning rate limit is per customer and per process, so every provider instance shares
 * one queue per customer id: each request starts at least `minIntervalMs` after the previous one.
 */
const planningQueues = new Map<string, Promise<number>>();

function waitForPlanningSlot(
  customerId: string,
  minIntervalMs: number,
  now: () => number,
  sleep: (ms: number) => Promise<void>,
): Promise<number> {
  const previous = (planningQueues.get(customerId) ?? Promise.resolve(Number.NEGATIVE_INFINITY)).catch(
    () => Number.NEGATIVE_INFINITY,
  );
  const slot = previous.then(async (lastStart) => {
    // Capped at one interval so a clock that differs from the last user's never stalls the queue.
    const wait = Math.min(minIntervalMs, lastStart + minIntervalMs - now());
    if (wait > 0) await sleep(wait);
    return now();
  });
  planningQueues.set(customerId, slot);
  return slot;
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

const tokenErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** Google's error body `{ error: { code, message, status, details } }`; Google Ads puts the useful text in details. */
const apiErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z
      .array(z.object({ errors: z.array(z.object({ message: z.string().optional() })).optional() }).loose())
      .optional(),
  }),
});

function apiErrorDetail(status: number, text: string): string {
  const parsed = apiErrorSchema.safeParse(parseJson(text));
  if (!parsed.success) return `HTTP ${status}`;
  const { message, status: statusName } = parsed.data.error;
  const specific = parsed.data.error.details?.flatMap((detail) => detail.errors ?? [])[0]?.message;
  const general = message || statusName || `HTTP ${status}`;
  return specific && specific !== general ? `${general} (${specific})` : general;
}

function tokenErrorDetail(status: number, text: string): string {
  const parsed = tokenErrorSchema.safeParse(parseJson(text));
  if (!parsed.success) return `the token exchange failed with HTTP ${status}`;
  const { error, error_description: description } = parsed.data;
  return description ? `${description} (${error})` : error;
}

export function createGoogleAdsHttp(
  credentials: GoogleAdsCredentials,
  options: GoogleAdsHttpOptions = {},
): GoogleAdsHttp {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const minIntervalMs = options.minIntervalMs ?? 1000;
  const http = createHttpClient(service, { ...options, now, sleep });
  const apiRoot = `${credentials.baseUrl.replace(/\/+$/, '')}/${credentials.apiVersion}`;

  let cachedToken: { value: string; refreshAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function exchangeRefreshToken(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      refresh_token: credentials.refreshToken,
    });
    const response = await http.send(() => ({
      url: credentials.tokenUrl,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      },
    }));
    if (!response.ok) {
      throw new UpstreamError(
        messages.upstreamFailed(service, tokenErrorDetail(response.status, response.text)),
        response.status,
      );
    }
    const answer = tokenAnswerSchema.safeParse(parseJson(response.text));
    if (!answer.success) throw new UpstreamError(messages.upstreamUnreadable(service), response.status);
    const lifetimeMs = answer.data.expires_in * 1000;
    // Refresh a minute early (or halfway, for short-lived tokens) so no request carries a token that expires in flight.
    cachedToken = { value: answer.data.access_token, refreshAt: now() + lifetimeMs - Math.min(60_000, lifetimeMs / 2) };
    return answer.data.access_token;
  }

  function accessToken(): Promise<string> {
    if (cachedToken && now() < cachedToken.refreshAt) return Promise.resolve(cachedToken.value);
    // Concurrent callers share one exchange.
    pendingToken ??= exchangeRefreshToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  function dropToken(token: string) {
    if (cachedToken?.value === token) cachedToken = null;
  }

  function headersFor(token: string): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (credentials.developerToken) headers['developer-token'] = credentials.developerToken;
    if (credentials.loginCustomerId) headers['login-customer-id'] = credentials.loginCustomerId;
    return headers;
  }

  return {
    async post(path, body, schema, kind) {
      const url = `${apiRoot}/${path}`;
      const payload = JSON.stringify(body);
      let usedToken = '';
      const send = () =>
        http.send(async () => {
          usedToken = await accessToken();
          if (kind === 'planning') await waitForPlanningSlot(credentials.customerId, minIntervalMs, now, sleep);
          return { url, init: { method: 'POST', headers: headersFor(usedToken), body: payload } };
        });

      let response = await send();
      if (response.status === 401) {
        // The token may have been revoked or expired early: one fresh token, one more try.
        dropToken(usedToken);
        response = await send();
      }
      if (!response.ok) {
        throw new UpstreamError(
          messages.upstreamFailed(service, apiErrorDetail(response.status, response.text)),
          response.status,
        );
      }
      const answer = schema.safeParse(parseJson(response.text));
      if (!answer.success) throw new UpstreamError(messages.upstreamUnreadable(service), response.status);
      return answer.data;
    },
  };
}
