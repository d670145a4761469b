import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWithFault, type HttpFault } from './faults';

/**
 * A loopback stand-in for Google's OAuth token endpoint and the Google Ads REST calls Keywright
 * makes: KeywordPlanIdeaService (generateKeywordHistoricalMetrics, generateKeywordIdeas) and
 * GeoTargetConstantService (geoTargetConstants:suggest) and GoogleAdsService.Search (the account's
 * currency, `SELECT customer.currency_code FROM customer`). Answers in proto3 JSON as Google does
 * (int64 as strings, enums by name, empty fields left out) and records every request.
 */

export type GoogleAdsEndpoint = 'historical' | 'ideas' | 'suggest' | 'search';

/** One scripted failure for the next call of an endpoint. */
export type FakeAdsFailure =
  | { status: number; message: string; detail?: string; retryAfter?: string }
  /** 200 with a body that is not the documented shape. */
  | { malformed: true }
  /** The connection is dropped without an answer. */
  | { hangUp: true }
  /** A fault of the HTTP exchange itself: no answer, a stalled body, cut-off JSON, HTML, another shape. */
  | { fault: HttpFault };

/** One scripted failure of the token endpoint: an OAuth error answer, or a fault of the exchange. */
export type FakeTokenFailure =
  { status: number; error: string; description: string; retryAfter?: string } | { fault: HttpFault };

export interface RecordedAdsRequest {
  endpoint: GoogleAdsEndpoint;
  path: string;
  version: string;
  /** The customer id in the path (null for suggest). */
  customerId: string | null;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** `Date.now()` when the request arrived. */
  at: number;
  /** What the fake answered; 0 when no whole answer came (a dropped connection, no answer, a stalled body). */
  status: number;
}

export interface RecordedTokenExchange {
  form: Record<string, string>;
  contentType: string | undefined;
  status: number;
}

/** int64 fields are strings in Google's JSON; numbers are allowed here to check the client accepts both. */
type Int64 = string | number;

export interface FakeAdsMetrics {
  avgMonthlySearches?: Int64;
  competition?: string;
  competitionIndex?: Int64;
  lowTopOfPageBidMicros?: Int64;
  highTopOfPageBidMicros?: Int64;
  monthlySearchVolumes?: Array<{ month: string; year: Int64; monthlySearches?: Int64 }>;
}

export interface FakeAdsPlace {
  resourceName: string;
  name: string;
  countryCode: string;
  targetType: string;
  status: string;
  canonicalName: string;
  reach: string;
}

export interface FakeGoogleAds {
  /** Use as `baseUrl`. */
  baseUrl: string;
  /** Use as `tokenUrl`. */
  tokenUrl: string;
  credentials: { clientId: string; clientSecret: string; refreshToken: string };
  requests: RecordedAdsRequest[];
  tokenExchanges: RecordedTokenExchange[];
  /** Access tokens issued since the last reset, oldest first. */
  issuedTokens: string[];
  /** Seconds each issued token lives (default 3599, as Google answers). */
  tokenLifetimeSeconds: number;
  /** Figures by normalized keyword text; keywords not listed get figures derived from their text. */
  metrics: Map<string, FakeAdsMetrics | null>;
  /** Canonical text -> the close variants Google folds into it ("running shoes" -> ["running shoe"]). */
  closeVariants: Map<string, string[]>;
  /** The idea texts generateKeywordIdeas pages through; derived from the seeds when empty. */
  ideas: string[];
  /** Places the suggest call knows, by lower-cased name. */
  places: Map<string, FakeAdsPlace[]>;
  /** The account's currency code, as GoogleAdsService.Search answers `customer.currency_code` (default USD). */
  currencyCode: string;
  fail(endpoint: GoogleAdsEndpoint, ...failures: FakeAdsFailure[]): void;
  /** The next token exchange answers `{ error, error_description }` with this status (and Retry-After). */
  failTokenExchange(status: number, error: string, description: string, retryAfter?: string): void;
  /** The next token exchanges meet these faults, one each. */
  faultTokenExchange(...faults: HttpFault[]): void;
  /** Every token issued so far is expired: the next API call answers 401. */
  expireTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

const defaultPlaces: Array<[string, FakeAdsPlace[]]> = [
  [
    'california',
    [
      {
        resourceName: 'geoTargetConstants/21137',
        name: 'California',
        countryCode: 'US',
        targetType: 'State',
        status: 'ENABLED',
        canonicalName: 'California,United States',
        reach: '39000000',
      },
    ],
  ],
  [
    'austin',
    [
      {
        resourceName: 'geoTargetConstants/1019999',
        name: 'Austin',
        countryCode: 'US',
        targetType: 'City',
        status: 'REMOVAL_PLANNED',
        canonicalName: 'Austin,Texas,United States',
        reach: '5000000',
      },
      {
        resourceName: 'geoTargetConstants/1020331',
        name: 'Austin',
        countryCode: 'US',
        targetType: 'City',
        status: 'ENABLED',
        canonicalName: 'Austin,Minnesota,United States',
        reach: '24000',
      },
      {
        resourceName: 'geoTargetConstants/1026201',
        name: 'Austin',
        countryCode: 'US',
        targetType: 'City',
        status: 'ENABLED',
        canonicalName: 'Austin,Texas,United States',
        reach: '2300000',
      },
    ],
  ],
  [
    'london',
    [
      {
        resourceName: 'geoTargetConstants/1006886',
        name: 'London',
        countryCode: 'GB',
        targetType: 'City',
        status: 'ENABLED',
        canonicalName: 'London,England,United Kingdom',
        reach: '14000000',
      },
      {
        resourceName: 'geoTargetConstants/1002604',
        name: 'London',
        countryCode: 'CA',
        targetType: 'City',
        status: 'ENABLED',
        canonicalName: 'London,Ontario,Canada',
        reach: '500000',
      },
    ],
  ],
];

const monthNames = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

/** Figures that look like Keyword Planner's, stable per keyword; months newest first. */
function derivedMetrics(text: string): FakeAdsMetrics {
  const seed = hash(text);
  const avg = 10 * (1 + (seed % 5000));
  const index = seed % 101;
  const low = 100_000 + (seed % 2_000_000);
  return {
    avgMonthlySearches: String(avg),
    competition: index <= 33 ? 'LOW' : index <= 66 ? 'MEDIUM' : 'HIGH',
    competitionIndex: String(index),
    lowTopOfPageBidMicros: String(low),
    highTopOfPageBidMicros: String(low * 3),
    monthlySearchVolumes: Array.from({ length: 12 }, (_, back) => {
      const month = (12 + 9 - back) % 12; // October 2026 back to November 2025
      const year = back <= 9 ? 2026 : 2025;
      return { month: monthNames[month]!, year: String(year), monthlySearches: String(avg + back * 10) };
    }),
  };
}

function googleError(code: number, message: string, detail?: string) {
  const status =
    {
      400: 'INVALID_ARGUMENT',
      401: 'UNAUTHENTICATED',
      403: 'PERMISSION_DENIED',
      404: 'NOT_FOUND',
      429: 'RESOURCE_EXHAUSTED',
    }[code] ?? (code >= 500 ? 'UNAVAILABLE' : 'UNKNOWN');
  return {
    error: {
      code,
      message,
      status,
      ...(detail
        ? {
            details: [
              {
                '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
                errors: [{ errorCode: { requestError: 'UNKNOWN' }, message: detail }],
                requestId: 'fake-request-id',
              },
            ],
          }
        : {}),
    },
  };
}

/** The status a request met by `fault` is recorded with: 0 when no answer came. */
function faultStatus(fault: HttpFault): number {
  if (fault === 'no-answer' || fault === 'stalled-body') return 0;
  return fault === 'html-502' ? 502 : 200;
}

const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export async function startFakeGoogleAds(): Promise<FakeGoogleAds> {
  const credentials = {
    clientId: 'fake-client.apps.googleusercontent.com',
    clientSecret: 'fake-secret',
    refreshToken: '1//fake-refresh',
  };
  const issued = new Map<string, number>(); // token -> expires at (ms)
  let issuedCount = 0; // never reset, so a token from an earlier test is never valid again
  let tokenFailures: FakeTokenFailure[] = [];
  let failures: Record<GoogleAdsEndpoint, FakeAdsFailure[]> = { historical: [], ideas: [], suggest: [], search: [] };

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  };

  function handleToken(request: IncomingMessage, raw: string, response: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(raw));
    const answer = (status: number, body: unknown) => {
      fake.tokenExchanges.push({ form, contentType: request.headers['content-type'], status });
      send(response, status, body);
    };
    const failure = tokenFailures.shift();
    if (failure && 'fault' in failure) {
      fake.tokenExchanges.push({
        form,
        contentType: request.headers['content-type'],
        status: faultStatus(failure.fault),
      });
      return answerWithFault(response, failure.fault, {
        answer: { access_token: 'ya29.never-issued', expires_in: 3599, token_type: 'Bearer' },
        wrongShape: { token: 'ya29.never-issued', expires: '1h' },
      });
    }
    if (failure) {
      const { status, error, description, retryAfter } = failure;
      fake.tokenExchanges.push({ form, contentType: request.headers['content-type'], status });
      return send(
        response,
        status,
        { error, error_description: description },
        retryAfter ? { 'retry-after': retryAfter } : {},
      );
    }
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return answer(400, { error: 'invalid_request', error_description: 'Expected a form body' });
    }
    if (form.grant_type !== 'refresh_token') {
      return answer(400, {
        error: 'unsupported_grant_type',
        error_description: `Invalid grant_type: ${form.grant_type}`,
      });
    }
    if (form.client_id !== credentials.clientId || form.client_secret !== credentials.clientSecret) {
      return answer(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    if (form.refresh_token !== credentials.refreshToken) {
      return answer(400, { error: 'invalid_grant', error_description: 'Bad Request' });
    }
    const token = `ya29.fake-${++issuedCount}`;
    issued.set(token, Date.now() + fake.tokenLifetimeSeconds * 1000);
    fake.issuedTokens.push(token);
    answer(200, {
      access_token: token,
      expires_in: fake.tokenLifetimeSeconds,
      scope: 'https://www.googleapis.com/auth/adwords',
      token_type: 'Bearer',
    });
  }

  function historicalAnswer(body: Record<string, unknown>) {
    const keywords = (body.keywords as string[]) ?? [];
    const folded = new Map<string, string>(); // variant -> canonical
    for (const [canonical, variants] of fake.closeVariants)
      for (const variant of variants) folded.set(normalize(variant), canonical);
    const results = new Map<string, { text: string; closeVariants: string[] }>();
    for (const keyword of keywords) {
      const canonical = folded.get(normalize(keyword)) ?? normalize(keyword);
      const result = results.get(canonical) ?? { text: canonical, closeVariants: [] };
      if (normalize(keyword) !== canonical) result.closeVariants.push(keyword);
      results.set(canonical, result);
    }
    return {
      results: [...results.values()].map(({ text, closeVariants }) => {
        const metrics = fake.metrics.has(text) ? fake.metrics.get(text) : derivedMetrics(text);
        return {
          text,
          ...(closeVariants.length ? { closeVariants } : {}),
          ...(metrics ? { keywordMetrics: metrics } : {}),
        };
      }),
    };
  }

  function ideasAnswer(body: Record<string, unknown>) {
    const seed = (body.keywordSeed ?? body.keywordAndUrlSeed) as { keywords: string[] };
    const pool = fake.ideas.length
      ? fake.ideas
      : seed.keywords.flatMap((keyword) => [
          keyword,
          `${keyword} near me`,
          `best ${keyword}`,
          `cheap ${keyword}`,
          `${keyword} price`,
          `${keyword} reviews`,
        ]);
    const pageSize = Math.min(Number(body.pageSize) || 10_000, 10_000);
    const offset = body.pageToken ? Number(Buffer.from(String(body.pageToken), 'base64').toString()) : 0;
    const page = pool.slice(offset, offset + pageSize);
    const next = offset + pageSize < pool.length ? Buffer.from(String(offset + pageSize)).toString('base64') : null;
    return {
      results: page.map((text) => ({ text, keywordIdeaMetrics: derivedMetrics(normalize(text)) })),
      ...(next ? { nextPageToken: next } : {}),
      totalSize: String(pool.length),
    };
  }

  function suggestAnswer(body: Record<string, unknown>) {
    const names = (body.locationNames as { names: string[] } | undefined)?.names ?? [];
    const country = body.countryCode as string | undefined;
    const suggestions = names.flatMap((name) =>
      (fake.places.get(normalize(name)) ?? [])
        .filter((place) => !country || place.countryCode === country)
        .map(({ reach, ...place }) => ({
          locale: String(body.locale ?? 'en'),
          reach,
          searchTerm: name,
          geoTargetConstant: { ...place, id: place.resourceName.split('/')[1] },
        })),
    );
    return suggestions.length ? { geoTargetConstantSuggestions: suggestions } : {};
  }

  function searchAnswer(body: Record<string, unknown>, customerId: string | null) {
    const query = String(body.query ?? '');
    if (!/select\s+customer\.currency_code\s+from\s+customer/i.test(query)) return { results: [] };
    return {
      results: [{ customer: { resourceName: `customers/${customerId}`, currencyCode: fake.currencyCode } }],
      fieldMask: 'customer.currencyCode',
    };
  }

  function handleApi(request: IncomingMessage, raw: string, response: ServerResponse) {
    const path = request.url ?? '';
    const planning = /^\/(v\d+)\/customers\/(\d+):(generateKeywordHistoricalMetrics|generateKeywordIdeas)$/.exec(path);
    const suggest = /^\/(v\d+)\/geoTargetConstants:suggest$/.exec(path);
    const search = /^\/(v\d+)\/customers\/(\d+)\/googleAds:search$/.exec(path);
    if (request.method !== 'POST' || (!planning && !suggest && !search)) {
      return send(response, 404, googleError(404, `The requested URL ${path} was not found on this server.`));
    }
    const endpoint: GoogleAdsEndpoint = suggest
      ? 'suggest'
      : search
        ? 'search'
        : planning![3] === 'generateKeywordIdeas'
          ? 'ideas'
          : 'historical';
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(response, 400, googleError(400, 'Invalid JSON payload received.'));
    }
    const record = (status: number) =>
      fake.requests.push({
        endpoint,
        path,
        version: (planning ?? suggest ?? search)![1]!,
        customerId: (planning ?? search)?.[2] ?? null,
        headers: request.headers,
        body,
        at: Date.now(),
        status,
      });

    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token ? issued.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      record(401);
      return send(
        response,
        401,
        googleError(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token.'),
      );
    }

    const failure = failures[endpoint].shift();
    if (failure && 'hangUp' in failure) {
      record(0);
      request.socket.destroy();
      return;
    }
    if (failure && 'malformed' in failure) {
      record(200);
      return send(response, 200, { results: [{ text: 42, keywordMetrics: 'soon' }] });
    }
    if (failure && 'fault' in failure) {
      record(faultStatus(failure.fault));
      return answerWithFault(response, failure.fault, {
        answer: answerFor(endpoint, body, search?.[2] ?? null),
        wrongShape: { results: [{ text: 42, keywordMetrics: 'soon' }] },
      });
    }
    if (failure) {
      record(failure.status);
      return send(
        response,
        failure.status,
        googleError(failure.status, failure.message, failure.detail),
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
    }

    record(200);
    send(response, 200, answerFor(endpoint, body, search?.[2] ?? null));
  }

  function answerFor(endpoint: GoogleAdsEndpoint, body: Record<string, unknown>, customerId: string | null) {
    if (endpoint === 'historical') return historicalAnswer(body);
    if (endpoint === 'search') return searchAnswer(body, customerId);
    return endpoint === 'ideas' ? ideasAnswer(body) : suggestAnswer(body);
  }

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/token') handleToken(request, raw, response);
      else handleApi(request, raw, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const fake: FakeGoogleAds = {
    baseUrl: origin,
    tokenUrl: `${origin}/token`,
    credentials,
    requests: [],
    tokenExchanges: [],
    issuedTokens: [],
    tokenLifetimeSeconds: 3599,
    metrics: new Map(),
    closeVariants: new Map(),
    ideas: [],
    places: new Map(defaultPlaces),
    currencyCode: 'USD',
    fail(endpoint, ...next) {
      failures[endpoint].push(...next);
    },
    failTokenExchange(status, error, description, retryAfter) {
      tokenFailures.push({ status, error, description, retryAfter });
    },
    faultTokenExchange(...faults) {
      tokenFailures.push(...faults.map((fault) => ({ fault })));
    },
    expireTokens() {
      for (const token of issued.keys()) issued.set(token, 0);
    },
    reset() {
      fake.requests.length = 0;
      fake.tokenExchanges.length = 0;
      fake.issuedTokens.length = 0;
      fake.tokenLifetimeSeconds = 3599;
      fake.metrics.clear();
      fake.closeVariants.clear();
      fake.ideas = [];
      fake.places = new Map(defaultPlaces);
      fake.currencyCode = 'USD';
      failures = { historical: [], ideas: [], suggest: [], search: [] };
      tokenFailures = [];
      issued.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}
