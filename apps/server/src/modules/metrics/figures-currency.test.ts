import { buildPath, endpoints, type KeywordPage } from '@keywright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { startFakeGoogleAds, type FakeGoogleAds } from '../../../test/fakes/google-ads';
import { createFakeMetricsProvider } from '../../../test/fakes/metrics-provider';
import { multipart } from '../../../test/support/multipart';
import { plannerFile, plannerRow } from '../../../test/support/keyword-planner-files';
import { createTestContext, request, type TestContext } from '../../../test/harness';
import { createEstimateMetricsProvider, estimateMetrics } from '../../providers/metrics/estimate';
import { createGoogleAdsMetricsProvider } from '../../providers/metrics/google-ads';
import { fromUsdMicros } from '../../providers/metrics/rough-rates';

// Money in the project's currency (issue 24): estimates are made in the place's currency, Google Ads
// answers in its account's, a Keyword Planner file keeps its own; each figure says which, never converted.

async function figuresOf(ctx: TestContext, as: TestUser, projectId: number) {
  const response = await request(ctx, as, {
    method: 'GET',
    url: `${buildPath(endpoints.projectKeywordPage.path, { projectId })}?metrics=true&pageSize=100&sort=keyword`,
  });
  expect(response.statusCode).toBe(200);
  return new Map((response.json() as KeywordPage).data.map((row) => [row.keyword, row.metrics]));
}

async function loadCpc(ctx: TestContext, as: TestUser, projectId: number) {
  const response = await request(ctx, as, {
    method: 'POST',
    url: endpoints.keywordMetrics.path,
    payload: { projectId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Array<{ keyword: string; cpc_range: string; currency: string | null }> };
}

describe('estimates', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { CURRENCY: 'EUR' },
      app: { providers: { metrics: createEstimateMetricsProvider({ serverCurrency: 'EUR' }) } },
    });
  });
  afterAll(() => ctx.close());

  it.each([
    ['United Kingdom', 'GBP', '£'],
    ['United States', 'USD', '$'],
    ['Japan', 'JPY', '¥'],
    // No country: the server's CURRENCY.
    ['', 'EUR', '€'],
  ])('are made in the currency of %s (%s) at a rough rate', async (country, currency, symbol) => {
    const owner = await buildUser(ctx);
    const place = { country, city: '', language: 'English' };
    const project = await buildProject(ctx, { owner, ...place });
    expect(project.currency).toBe(currency);
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'physiotherapy clinic' });

    const [row] = (await loadCpc(ctx, owner, project.id)).data;
    expect(row).toMatchObject({ currency });
    expect(row!.cpc_range.startsWith(symbol)).toBe(true);
    const [inDollars] = estimateMetrics(['physiotherapy clinic'], place);
    const figures = (await figuresOf(ctx, owner, project.id)).get('physiotherapy clinic')!;
    expect(figures).toMatchObject({
      source: 'estimate',
      currency,
      cpc_low: fromUsdMicros(inDollars!.lowBidMicros!, currency),
      cpc_high: fromUsdMicros(inDollars!.highBidMicros!, currency),
    });
  });
});

describe('Google Ads figures', () => {
  it("are shown in the account's currency, whatever the project's, unconverted", async () => {
    const fake = createFakeMetricsProvider({ currency: 'USD' });
    const ctx = await createTestContext({ app: { providers: { metrics: fake.provider } } });
    try {
      const owner = await buildUser(ctx);
      const project = await buildProject(ctx, { owner, country: 'United Kingdom' });
      expect(project.currency).toBe('GBP');
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cpc 1.20-3.45 physio' });
      const [row] = (await loadCpc(ctx, owner, project.id)).data;
      expect(row).toMatchObject({ cpc_range: '$1.20 - $3.45', currency: 'USD', cpc_low: 1_200_000 });
    } finally {
      await ctx.close();
    }
  });

  it('asks the real client’s account for its currency once, over GoogleAdsService.Search', async () => {
    const ads: FakeGoogleAds = await startFakeGoogleAds();
    ads.currencyCode = 'GBP';
    const metrics = createGoogleAdsMetricsProvider(
      {
        apiVersion: 'v26',
        baseUrl: ads.baseUrl,
        tokenUrl: ads.tokenUrl,
        customerId: '123-456-7890',
        ...ads.credentials,
      },
      { minIntervalMs: 0, retryBaseMs: 1 },
    );
    const ctx = await createTestContext({ app: { providers: { metrics } } });
    try {
      const owner = await buildUser(ctx);
      const project = await buildProject(ctx, { owner, country: 'United States' });
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'running shoes' });
      ads.metrics.set('running shoes', { lowTopOfPageBidMicros: '1200000', highTopOfPageBidMicros: '3450000' });
      const [row] = (await loadCpc(ctx, owner, project.id)).data;
      expect(row).toMatchObject({ cpc_range: '£1.20 - £3.45', currency: 'GBP' });
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'trail shoes' });
      await loadCpc(ctx, owner, project.id);
      const searches = ads.requests.filter((sent) => sent.endpoint === 'search');
      expect(searches).toHaveLength(1);
      expect(searches[0]).toMatchObject({
        path: '/v26/customers/1234567890/googleAds:search',
        body: { query: 'SELECT customer.currency_code FROM customer LIMIT 1' },
      });
    } finally {
      await ctx.close();
      await ads.close();
    }
  });
});

describe('a Keyword Planner file', () => {
  it('keeps its own currency, unconverted, beside estimates in the project’s', async () => {
    const ctx = await createTestContext({
      app: { providers: { metrics: createEstimateMetricsProvider({ serverCurrency: 'USD' }) } },
    });
    try {
      const owner = await buildUser(ctx);
      const project = await buildProject(ctx, { owner, country: 'United Kingdom', city: 'Leeds' });
      const file = plannerFile([{ ...plannerRow('physio leeds', { low: '0.45', high: '1.23' }), Currency: 'EUR' }]);
      const imported = await request(ctx, owner, {
        method: 'POST',
        url: buildPath(endpoints.keywordPlannerImport.path, { projectId: project.id }),
        ...multipart([{ field: 'file', name: 'Keyword Stats.csv', bytes: file, type: 'text/csv' }]),
      });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toMatchObject({ currency: 'EUR' });
      await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'sports massage leeds' });
      await loadCpc(ctx, owner, project.id);

      const figures = await figuresOf(ctx, owner, project.id);
      expect(figures.get('physio leeds')).toMatchObject({
        source: 'keyword-planner',
        currency: 'EUR',
        cpc_low: 450_000,
        cpc_high: 1_230_000,
        cpc_range: '€0.45 - €1.23',
      });
      expect(figures.get('sports massage leeds')).toMatchObject({ source: 'estimate', currency: 'GBP' });

      // Exports name the project's currency in the money columns, say each row's source, and label the euros.
      const csv = async (path: string, query: string) => {
        const response = await request(ctx, owner, { method: 'GET', url: `${path}?${query}` });
        expect(response.statusCode).toBe(200);
        return response.body
          .replace(/^\ufeff/, '')
          .trim()
          .split('\r\n');
      };
      const keywordsCsv = await csv(
        buildPath(endpoints.exportProjectKeywords.path, { projectId: project.id }),
        'metrics=true',
      );
      expect(keywordsCsv[0]).toBe('Keyword,Date Added,Search Volume,Competition,CPC (GBP),Difficulty,Source,Intent');
      expect(keywordsCsv).toContainEqual(
        expect.stringMatching(/^physio leeds,[\d/]+,1900,Medium,€0\.45 - €1\.23 EUR,\d+,Keyword Planner file,/),
      );
      expect(keywordsCsv).toContainEqual(
        expect.stringMatching(/^sports massage leeds,[\d/]+,\d+,\w+,£\d+\.\d\d - £\d+\.\d\d,\d+,Estimate,/),
      );
      const analysisCsv = await csv(
        buildPath(endpoints.exportAnalysis.path, { projectId: project.id }),
        'sort=keyword&order=asc',
      );
      expect(analysisCsv[0]).toBe(
        'Keyword,Avg. Monthly Searches,Competition,Competition Index,Low CPC (GBP),High CPC (GBP),Source,Intent',
      );
      expect(analysisCsv[1]).toMatch(/^physio leeds,1900,Medium,50,€0\.45 EUR,€1\.23 EUR,Keyword Planner file,/);
      expect(analysisCsv[2]).toMatch(/^sports massage leeds,\d+,\w+,\d+,£\d+\.\d\d,£\d+\.\d\d,Estimate,/);
    } finally {
      await ctx.close();
    }
  });
});
