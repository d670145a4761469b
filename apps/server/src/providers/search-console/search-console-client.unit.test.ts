import { messages } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeSearchConsoleRow,
  startFakeSearchConsole,
  type FakeSearchConsole,
} from '../../../test/fakes/search-console';
import { UpstreamError, type HttpClientOptions } from '../../lib/http-client';
import {
  createOfflineSearchConsoleClient,
  createSearchConsoleClient,
  SearchConsoleForbiddenError,
  SearchConsoleRateLimitedError,
  SearchConsoleUnauthorizedError,
  SearchConsoleUnavailableError,
  SearchConsoleUnreadableError,
  searchConsoleRowLimit as PAGE,
  type QueryRowsOptions,
  type SearchConsoleClient,
  type SearchConsoleRow,
} from './search-console-client';

const service = 'Google Search Console';
let fake: FakeSearchConsole;

beforeAll(async () => {
  fake = await startFakeSearchConsole();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function client(options: HttpClientOptions = {}): SearchConsoleClient {
  return createSearchConsoleClient({ apiBaseUrl: fake.apiBaseUrl }, { sleep: async () => {}, ...options });
}

const range = { startDate: '2025-07-01', endDate: '2026-10-31' };
const byQuery: QueryRowsOptions = { siteUrl: 'https://greenleaf.example/', ...range, dimensions: ['query'] };

async function collect(rows: AsyncIterable<SearchConsoleRow>, into: SearchConsoleRow[] = []) {
  for await (const row of rows) into.push(row);
  return into;
}

const queryRequests = () => fake.requests.filter((request) => request.endpoint === 'query');

describe('the properties', () => {
  it('lists URL-prefix and domain properties with the permission on each', async () => {
    expect(await client().listSites(fake.issueAccessToken())).toEqual([
      { siteUrl: 'https://greenleaf.example/', permissionLevel: 'siteOwner' },
      { siteUrl: 'sc-domain:greenleaf.example', permissionLevel: 'siteFullUser' },
      { siteUrl: 'https://unverified.example/', permissionLevel: 'siteUnverifiedUser' },
    ]);
    // An account without a property gets no `siteEntry` from Google.
    expect(await client().listSites(fake.issueAccessToken('nobody'))).toEqual([]);
    expect(fake.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      'GET /webmasters/v3/sites 200',
      'GET /webmasters/v3/sites 200',
    ]);
  });
});

describe('the rows', () => {
  it('reads a domain property by query and page, with the site URL as one encoded segment', async () => {
    const rows = await collect(
      client().queryRows(fake.issueAccessToken(), {
        ...byQuery,
        siteUrl: 'sc-domain:greenleaf.example',
        dimensions: ['query', 'page'],
      }),
    );
    expect(rows).toHaveLength(120);
    const first = fakeSearchConsoleRow('sc-domain:greenleaf.example', 0, 120);
    expect(rows[0]).toEqual(first);
    expect(rows[0]!.page).toBe('https://www.greenleaf.example/page-0');
    const [request] = queryRequests();
    expect(request!.path).toBe('/webmasters/v3/sites/sc-domain%3Agreenleaf.example/searchAnalytics/query');
    expect(request!.body).toEqual({ ...range, dimensions: ['query', 'page'], rowLimit: PAGE, startRow: 0 });
  });

  it('pages by startRow, the 25,000 rows the API answers at most a request, and yields each row once', async () => {
    expect(PAGE).toBe(25_000);
    fake.addProperty({ siteUrl: 'https://big.example/', rowCount: 2 * PAGE + 1 });
    const seen = new Set<string>();
    let count = 0;
    for await (const row of client().queryRows(fake.issueAccessToken(), {
      ...byQuery,
      siteUrl: 'https://big.example/',
    })) {
      expect(row.page).toBeUndefined();
      seen.add(row.query);
      count++;
    }
    expect(count).toBe(2 * PAGE + 1);
    expect(seen.size).toBe(2 * PAGE + 1);
    expect(queryRequests().map((request) => request.body?.startRow)).toEqual([0, PAGE, 2 * PAGE]);
    expect(queryRequests().every((request) => request.body?.rowLimit === PAGE)).toBe(true);
  });

  it('asks for the pages as the iteration goes, not ahead of it', async () => {
    fake.addProperty({ siteUrl: 'https://big.example/', rowCount: 4 * PAGE });
    const rows = client().queryRows(fake.issueAccessToken(), { ...byQuery, siteUrl: 'https://big.example/' });
    let count = 0;
    for await (const row of rows) {
      if (++count === PAGE + 1) {
        expect(row.query).toBe(`green leaf query ${PAGE}`);
        break;
      }
    }
    expect(queryRequests()).toHaveLength(2);
  });

  it('ends with an empty page when the rows fill the last one, and resumes at a start row', async () => {
    fake.addProperty({ siteUrl: 'https://even.example/', rowCount: 2 * PAGE });
    const options = { ...byQuery, siteUrl: 'https://even.example/' };
    expect(await collect(client().queryRows(fake.issueAccessToken(), options))).toHaveLength(2 * PAGE);
    expect(queryRequests().map((request) => request.body?.startRow)).toEqual([0, PAGE, 2 * PAGE]);

    fake.requests.length = 0;
    const from = 2 * PAGE - 10;
    const rest = await collect(client().queryRows(fake.issueAccessToken(), { ...options, startRow: from }));
    expect(rest.map((row) => row.query)).toEqual(Array.from({ length: 10 }, (_, i) => `green leaf query ${from + i}`));
    expect(queryRequests().map((request) => request.body?.startRow)).toEqual([from]);
  });

  it('yields nothing for a property without data', async () => {
    fake.addProperty({ siteUrl: 'https://new.example/', rowCount: 0 });
    expect(
      await collect(client().queryRows(fake.issueAccessToken(), { ...byQuery, siteUrl: 'https://new.example/' })),
    ).toEqual([]);
  });
});

describe('refusals', () => {
  it('says a refused token is unauthorized, and yields nothing after it', async () => {
    fake.addProperty({ siteUrl: 'https://big.example/', rowCount: PAGE + 5_000 });
    const rows: SearchConsoleRow[] = [];
    const failure = await (async () => {
      for await (const row of client().queryRows(fake.issueAccessToken(), {
        ...byQuery,
        siteUrl: 'https://big.example/',
      })) {
        rows.push(row);
        // The token expires while the first page is being stored.
        if (rows.length === PAGE) fake.expireAccessTokens();
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SearchConsoleUnauthorizedError);
    expect(rows).toHaveLength(PAGE);
    expect(queryRequests().map((request) => request.status)).toEqual([200, 401]);
    // A fresh token picks up where the rows stopped.
    const rest = await collect(
      client().queryRows(fake.issueAccessToken(), {
        ...byQuery,
        siteUrl: 'https://big.example/',
        startRow: rows.length,
      }),
    );
    expect(rest).toHaveLength(5_000);
    expect(rest[0]!.query).toBe(`green leaf query ${PAGE}`);

    await expect(client().listSites('not-a-token')).rejects.toThrow(SearchConsoleUnauthorizedError);
  });

  it('says the account has no permission for a property it does not hold or is not verified for', async () => {
    const token = fake.issueAccessToken();
    for (const siteUrl of ['https://unverified.example/', 'https://someone-else.example/']) {
      const failure = await collect(client().queryRows(token, { ...byQuery, siteUrl })).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(SearchConsoleForbiddenError);
      expect(failure).toMatchObject({ siteUrl, detail: expect.stringContaining('sufficient permission') });
    }
    // Not retried: a 403 does not change by asking again.
    expect(queryRequests()).toHaveLength(2);
  });

  it('takes a quota 403 as rate limited, not as a permission', async () => {
    fake.fail('query', { status: 403, message: 'Quota exceeded for quota metric', reason: 'rateLimitExceeded' });
    await expect(collect(client().queryRows(fake.issueAccessToken(), byQuery))).rejects.toThrow(
      SearchConsoleRateLimitedError,
    );
  });
});

describe('retries and failures', () => {
  it('waits as Retry-After says on a 429, then reads the answer', async () => {
    const waits: number[] = [];
    fake.fail('query', { status: 429, message: 'Search Analytics QPS quota exceeded.', retryAfter: 7 });
    const rows = await collect(
      client({ sleep: async (ms) => void waits.push(ms) }).queryRows(fake.issueAccessToken(), byQuery),
    );
    expect(rows).toHaveLength(120);
    expect(waits).toEqual([7_000]);
    expect(queryRequests().map((request) => request.status)).toEqual([429, 200]);
  });

  it('reports a 429 that outlasts the retries as rate limited', async () => {
    const limited = { status: 429, message: 'Search Analytics QPS quota exceeded.', retryAfter: 1 };
    fake.fail('sites', limited, limited, limited);
    const failure = await client({ maxRetries: 2 })
      .listSites(fake.issueAccessToken())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SearchConsoleRateLimitedError);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({
      status: 429,
      message: messages.upstreamFailed(service, 'Search Analytics QPS quota exceeded.'),
    });
    expect(fake.requests).toHaveLength(3);
  });

  it('tries a 5xx again with backoff, and reports one that lasts as unavailable', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const failure = { status: 503, message: 'The service is currently unavailable.' };
    fake.fail('query', failure);
    expect(await collect(client({ sleep }).queryRows(fake.issueAccessToken(), byQuery))).toHaveLength(120);
    expect(waits).toEqual([1_000]);

    fake.fail('query', failure, failure, failure);
    await expect(collect(client({ maxRetries: 2 }).queryRows(fake.issueAccessToken(), byQuery))).rejects.toThrow(
      new SearchConsoleUnavailableError('The service is currently unavailable.', 503),
    );
  });

  it('says an answer of another shape, or not JSON, is unreadable', async () => {
    const token = fake.issueAccessToken();
    for (const fault of ['wrong-schema', 'truncated-json', 'html'] as const) {
      fake.fail('query', { fault });
      const failure = await collect(client().queryRows(token, byQuery)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SearchConsoleUnreadableError);
      expect((failure as Error).message).toBe(messages.upstreamUnreadable(service));
    }
    // Rows whose keys do not follow the dimensions asked for.
    const row = { keys: ['green tea', 'https://greenleaf.example/'], clicks: 1, impressions: 2, ctr: 0.5, position: 3 };
    fake.fail('query', { answer: { rows: [row] } });
    await expect(collect(client().queryRows(token, byQuery))).rejects.toThrow(SearchConsoleUnreadableError);
    fake.fail('sites', { fault: 'wrong-schema' });
    await expect(client().listSites(token)).rejects.toThrow(SearchConsoleUnreadableError);
  });

  it('gives up on an answer that does not come in time', async () => {
    const token = fake.issueAccessToken();
    fake.fail('query', { delayMs: 5_000 });
    await expect(collect(client({ timeoutMs: 300 }).queryRows(token, byQuery))).rejects.toThrow(
      messages.upstreamTimedOut(service),
    );
    fake.fail('sites', { fault: 'stalled-body' });
    await expect(client({ timeoutMs: 300 }).listSites(token)).rejects.toThrow(messages.upstreamTimedOut(service));
  });
});

describe('without Google configured', () => {
  it('lists no properties and yields no rows', async () => {
    const offline = createOfflineSearchConsoleClient();
    expect(await offline.listSites('any')).toEqual([]);
    expect(await collect(offline.queryRows('any', byQuery))).toEqual([]);
  });
});
