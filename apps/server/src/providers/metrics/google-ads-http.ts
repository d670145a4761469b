import { messages } from '@keywright/contract';
import { z } from 'zod';
import { UpstreamError } from './metrics-provider';

const service = 'Google Ads';

/** How the client talks HTTP and keeps time; every field has a production default. */
export interface GoogleAdsHttpOptions {
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Least time between two Planning requests of one customer across the process (default 1,000 ms). */
  minIntervalMs?: number;
  /** Retries after a 429, a 5xx or a network error (default 3). */
  maxRetries?: number;
  /** First backoff; it doubles with each retry (default 1,000 ms: 1 s, 2 s, 4 s). */
  retryBaseMs?: number;
  /** A `Retry-After` longer than this is not waited for: the error is reported at once (default 60 s). */
  maxRetryAfterMs?: number;
  /** Per HTTP request (default 30 s). */
  timeoutMs?: number;
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

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

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

/** The body of an answer; a connection that breaks while it streams counts as unreachable. */
async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    throw new UpstreamError(messages.upstreamUnreachable(service));
  }
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function isRetryable(status: number): boolean {
  return status === 429 || status >= 500;
}

export function createGoogleAdsHttp(
  credentials: GoogleAdsCredentials,
  options: GoogleAdsHttpOptions = {},
): GoogleAdsHttp {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const minIntervalMs = options.minIntervalMs ?? 1000;
  const maxRetries = options.maxRetries ?? 3;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const apiRoot = `${credentials.baseUrl.replace(/\/+$/, '')}/${credentials.apiVersion}`;

  function retryAfterMs(response: Response): number | null {
    const header = response.headers.get('retry-after');
    if (!header) return null;
    if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
    const date = Date.parse(header);
    return Number.isNaN(date) ? null : Math.max(0, date - now());
  }

  /**
   * Sends until the answer is neither a 429 nor a 5xx, or the retries are spent; network errors
   * and time-outs count as retryable. Returns the last answer; throws only when nothing answered.
   */
  async function sendWithRetries(send: () => Promise<Response>): Promise<Response> {
    for (let retry = 0; ; retry++) {
      let response: Response;
      try {
        response = await send();
      } catch (error) {
        if (error instanceof UpstreamError) throw error;
        if (retry >= maxRetries) throw new UpstreamError(messages.upstreamUnreachable(service));
        await sleep(retryBaseMs * 2 ** retry);
        continue;
      }
      if (!isRetryable(response.status) || retry >= maxRetries) return response;
      const wait = retryAfterMs(response) ?? retryBaseMs * 2 ** retry;
      if (wait > maxRetryAfterMs) return response;
      await discard(response);
      await sleep(wait);
    }
  }

  let cachedToken: { value: string; refreshAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function exchangeRefreshToken(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      refresh_token: credentials.refreshToken,
    });
    const response = await sendWithRetries(() =>
      fetchImpl(credentials.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      }),
    );
    const text = await readText(response);
    if (!response.ok) {
      throw new UpstreamError(
        messages.upstreamFailed(service, tokenErrorDetail(response.status, text)),
        response.status,
      );
    }
    const answer = tokenAnswerSchema.safeParse(parseJson(text));
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
        sendWithRetries(async () => {
          usedToken = await accessToken();
          if (kind === 'planning') await waitForPlanningSlot(credentials.customerId, minIntervalMs, now, sleep);
          return fetchImpl(url, {
            method: 'POST',
            headers: headersFor(usedToken),
            body: payload,
            signal: AbortSignal.timeout(timeoutMs),
          });
        });

      let response = await send();
      if (response.status === 401) {
        // The token may have been revoked or expired early: one fresh token, one more try.
        await discard(response);
        dropToken(usedToken);
        response = await send();
      }
      const text = await readText(response);
      if (!response.ok) {
        throw new UpstreamError(
          messages.upstreamFailed(service, apiErrorDetail(response.status, text)),
          response.status,
        );
      }
      const answer = schema.safeParse(parseJson(text));
      if (!answer.success) throw new UpstreamError(messages.upstreamUnreadable(service), response.status);
      return answer.data;
    },
  };
}
