import { endpoints, messages } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildKeyword, insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { startFakeGoogleAds, type FakeAdsFailure, type FakeGoogleAds } from '../../../test/fakes/google-ads';
import { createTestContext, request, type TestContext } from '../../../test/harness';
import { createGoogleAdsMetricsProvider } from '../../providers/metrics/google-ads';

/** The app with the real Google Ads client, talking HTTP to a loopback fake of the API. */
let fake: FakeGoogleAds;
let ctx: TestContext;
let owner: TestUser;
/** A short time-out, so a fault that waits for it ends soon. */
const timeoutMs = 1000;
/** Backoff and Retry-After waits of the client, recorded instead of waited. */
let waits: number[] = [];
beforeAll(async () => {
  fake = await startFakeGoogleAds();
  const metrics = createGoogleAdsMetricsProvider(
    {
      apiVersion: 'v26',
      baseUrl: fake.baseUrl,
      tokenUrl: fake.tokenUrl,
      customerId: '987-654-3210',
      ...fake.credentials,
    },
    { minIntervalMs: 0, retryBaseMs: 1, timeoutMs, sleep: async (ms) => void waits.push(ms) },
  );
  ctx = await createTestContext({ app: { providers: { metrics } } });
  owner = await buildUser(ctx);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('keyword figures from Google Ads', () => {
  it("shows Google's own figures for a project, fetched in one request, then from the cache", async () => {
    const project = await buildProject(ctx, { owner, country: 'United Kingdom', city: '', language: 'English' });
    await insertKeywords(ctx, project.id, 2_500);
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'Running Shoes' });
    fake.reset();
    fake.metrics.set('running shoes', {
      avgMonthlySearches: '74000',
      competition: 'HIGH',
      competitionIndex: '88',
      lowTopOfPageBidMicros: '1200000',
      highTopOfPageBidMicros: '3450000',
    });

    const call = { method: 'POST' as const, url: endpoints.keywordMetrics.path, payload: { projectId: project.id } };
    const first = await request(ctx, owner, call);
    expect(first.statusCode, first.body).toBe(200);
    const historical = fake.requests.filter((sent) => sent.endpoint === 'historical');
    expect(historical).toHaveLength(1);
    expect(historical[0]!.path).toBe('/v26/customers/9876543210:generateKeywordHistoricalMetrics');
    expect(historical[0]!.body).toMatchObject({
      geoTargetConstants: ['geoTargetConstants/2826'],
      language: 'languageConstants/1000',
    });
    expect((historical[0]!.body as { keywords: string[] }).keywords).toHaveLength(2_501);
    expect(first.json().source).toBe('google-ads');
    expect(first.json().data[0]).toEqual({
      id: expect.any(Number),
      keyword: 'Running Shoes',
      avg_monthly_searches: 74_000,
      competition: 'High',
      competition_index: 88,
      cpc_low: 1_200_000,
      cpc_high: 3_450_000,
      // One 0-100 figure: the difficulty is the competition index.
      difficulty: 88,
      cpc_range: '$1.20 - $3.45',
      source: 'google-ads',
      currency: 'USD',
      trend: null,
    });
    // Google's months, oldest first, where Google gave them.
    const withMonths = first.json().data.find((row: { trend: unknown }) => row.trend !== null);
    expect(withMonths.trend).toHaveLength(12);
    expect(withMonths.trend[0]).toEqual({ year: 2025, month: 11, searches: expect.any(Number) });
    expect(withMonths.trend[11]).toMatchObject({ year: 2026, month: 10 });

    await request(ctx, owner, call);
    await request(ctx, owner, { ...call, payload: { projectId: project.id, page: 40 } });
    expect(fake.requests.filter((sent) => sent.endpoint === 'historical')).toHaveLength(1);
  });

  it('answers 502 with the upstream text when Google keeps failing, and caches nothing', async () => {
    const project = await buildProject(ctx, { owner, city: 'Nowhere Special' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'failing keyword' });
    fake.reset();
    const failure = { status: 503, message: 'The service is currently unavailable.' };
    fake.fail('historical', failure, failure, failure, failure);
    const response = await request(ctx, owner, {
      method: 'POST',
      url: endpoints.keywordMetrics.path,
      payload: { projectId: project.id },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toContain('The service is currently unavailable.');
    const { rows } = await ctx.database.pool.query(`select 1 from keyword_metrics where keyword = 'failing keyword'`);
    expect(rows).toHaveLength(0);
  });
});

describe('keyword figures when Google Ads fails', () => {
  const service = 'Google Ads';
  beforeEach(() => {
    fake.reset();
    waits = [];
  });

  const exhausted = { status: 429, message: 'Resource has been exhausted (e.g. check quota).' };
  const html502: FakeAdsFailure = { fault: 'html-502' };
  const faults: Array<[string, FakeAdsFailure[], string, number[]]> = [
    ['no answer', [{ fault: 'no-answer' }], messages.upstreamTimedOut(service), []],
    ['headers, then a stalled body', [{ fault: 'stalled-body' }], messages.upstreamTimedOut(service), []],
    [
      '429 without Retry-After, every time',
      [exhausted, exhausted, exhausted, exhausted],
      messages.upstreamFailed(service, exhausted.message),
      [1, 2, 4],
    ],
    [
      '429 with a Retry-After of an hour',
      [{ ...exhausted, retryAfter: '3600' }],
      messages.upstreamFailed(service, exhausted.message),
      [],
    ],
    ['cut-off JSON', [{ fault: 'truncated-json' }], messages.upstreamUnreadable(service), []],
    ['an HTML page with 200', [{ fault: 'html' }], messages.upstreamUnreadable(service), []],
    [
      'a proxy’s HTML 502 page, every time',
      [html502, html502, html502, html502],
      messages.upstreamFailed(service, 'HTTP 502'),
      [1, 2, 4],
    ],
    ['JSON of another shape', [{ fault: 'wrong-schema' }], messages.upstreamUnreadable(service), []],
  ];

  it.each(faults)(
    '%s: answers 502 with the text for it, in time, and caches nothing',
    async (name, failures, message, expectedWaits) => {
      const project = await buildProject(ctx, { owner, city: '' });
      const keyword = `fault ${name.replace(/\W+/g, ' ').trim()}`;
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword });
      fake.fail('historical', ...failures);

      const started = performance.now();
      const response = await request(ctx, owner, {
        method: 'POST',
        url: endpoints.keywordMetrics.path,
        payload: { projectId: project.id },
      });
      const ms = performance.now() - started;

      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: { code: 'upstream_error', message } });
      expect(ms).toBeLessThan(timeoutMs + 2000);
      expect(waits).toEqual(expectedWaits);
      const { rows } = await ctx.database.pool.query('select 1 from keyword_metrics where keyword = $1', [keyword]);
      expect(rows).toHaveLength(0);
    },
  );

  it('429 with a Retry-After of two seconds: waits that long, then shows the figures', async () => {
    const project = await buildProject(ctx, { owner, city: '' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'patient keyword' });
    fake.fail('historical', { ...exhausted, retryAfter: '2' });
    const response = await request(ctx, owner, {
      method: 'POST',
      url: endpoints.keywordMetrics.path,
      payload: { projectId: project.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data[0]).toMatchObject({ keyword: 'patient keyword', source: 'google-ads' });
    expect(waits).toEqual([2000]);
  });

  it('keyword suggestions meeting cut-off JSON: 502, and no idea is cached', async () => {
    const project = await buildProject(ctx, { owner, city: '' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'suggestion seed' });
    fake.fail('ideas', { fault: 'truncated-json' });
    const before = await ctx.database.pool.query('select count(*)::int as count from keyword_metrics');
    const response = await request(ctx, owner, {
      method: 'POST',
      url: endpoints.keywordSuggestions.path,
      payload: { projectId: project.id },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(messages.upstreamUnreadable(service));
    const after = await ctx.database.pool.query('select count(*)::int as count from keyword_metrics');
    expect(after.rows[0].count).toBe(before.rows[0].count);
  });
});
