import { endpoints } from '@keywright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword, insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { startFakeGoogleAds, type FakeGoogleAds } from '../../../test/fakes/google-ads';
import { createTestContext, request, type TestContext } from '../../../test/harness';
import { createGoogleAdsMetricsProvider } from '../../providers/metrics/google-ads';

/** The app with the real Google Ads client, talking HTTP to a loopback fake of the API. */
let fake: FakeGoogleAds;
let ctx: TestContext;
let owner: TestUser;
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
    { minIntervalMs: 0, retryBaseMs: 1 },
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
      difficulty: expect.any(Number),
      cpc_range: '$1.20 - $3.45',
      source: 'google-ads',
    });

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
