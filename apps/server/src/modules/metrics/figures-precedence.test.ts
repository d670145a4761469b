import { buildPath, endpoints, type KeywordPage } from '@keywright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createFakeMetricsProvider } from '../../../test/fakes/metrics-provider';
import { createTestContext, request, type TestContext } from '../../../test/harness';
import { metricsScope } from '../../queries/figures';
import { createMetricsRepository } from './metrics.repository';

// A keyword's figures when a Keyword Planner file gave some: kept over the offline estimate,
// refreshed by a newer Google Ads fetch, never expired, and the same whichever call reads them.

interface Planned {
  projectId: number;
  place: { country: string; city: string; language: string };
  keyword: string;
  lowDollars: number;
  highDollars: number;
  daysAgo?: number;
}

/** Stores figures as a Keyword Planner import does, for the project and its place. */
async function storePlannerFigures(ctx: TestContext, planned: Planned): Promise<void> {
  const scope = metricsScope('estimate', planned.place);
  await ctx.database.pool.query(
    `insert into keyword_metrics (provider, geo, language, keyword, project_id, avg_monthly_searches, competition,
       competition_index, low_bid_micros, high_bid_micros, monthly_volumes, difficulty, fetched_at)
     values ('keyword-planner', $1, $2, $3, $7, 1900, 'Medium', 50, $4, $5,
       '[{"year":2026,"month":10,"searches":2400},{"year":2025,"month":11,"searches":1600}]', null,
       now() - make_interval(days => $6))
     on conflict (provider, geo, language, keyword, project_id) do update set fetched_at = excluded.fetched_at`,
    [
      scope.geo,
      scope.language,
      planned.keyword,
      Math.round(planned.lowDollars * 1_000_000),
      Math.round(planned.highDollars * 1_000_000),
      planned.daysAgo ?? 0,
      planned.projectId,
    ],
  );
  await ctx.database.pool.query(`select nextval('keyword_metrics_version')`);
}

async function pageRows(ctx: TestContext, as: TestUser, projectId: number, query = '') {
  const response = await request(ctx, as, {
    method: 'GET',
    url: `${buildPath(endpoints.projectKeywordPage.path, { projectId })}?metrics=true${query}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as KeywordPage).data;
}

const loadCpc = (projectId: number, refresh = false) => ({
  method: 'POST' as const,
  url: endpoints.keywordMetrics.path,
  payload: { projectId, refresh },
});

describe('figures from a Keyword Planner file beside the offline estimate', () => {
  let ctx: TestContext;
  let owner: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await buildUser(ctx);
  });
  afterAll(() => ctx.close());

  it('shows the imported figures over the estimate, filters by them, and keeps them past 30 days', async () => {
    const place = { country: 'United States', city: 'Denver', language: 'English' };
    const project = await buildProject(ctx, { owner, ...place });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'leather wallets' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'leather belts' });
    expect((await request(ctx, owner, loadCpc(project.id))).statusCode).toBe(200);
    const estimated = await pageRows(ctx, owner, project.id);
    expect(estimated.map((row) => row.metrics?.source)).toEqual(['estimate', 'estimate']);

    // An imported price no estimate gives: $40.00 - $55.00.
    await storePlannerFigures(ctx, {
      projectId: project.id,
      place,
      keyword: 'leather wallets',
      lowDollars: 40,
      highDollars: 55,
      daysAgo: 400,
    });
    const [belts, wallets] = await pageRows(ctx, owner, project.id, '&sort=keyword');
    expect(belts!.metrics?.source).toBe('estimate');
    expect(wallets!.metrics).toMatchObject({
      source: 'keyword-planner',
      avg_monthly_searches: 1900,
      competition: 'Medium',
      cpc_range: '$40.00 - $55.00',
      trend: [
        { year: 2025, month: 11, searches: 1600 },
        { year: 2026, month: 10, searches: 2400 },
      ],
    });
    // The CPC filter reads the figures shown: only the imported range reaches $45.
    const filtered = await pageRows(ctx, owner, project.id, '&minCpc=45');
    expect(filtered.map((row) => row.keyword)).toEqual(['leather wallets']);

    // A refresh of the estimate and the purge of old entries leave the import as it was.
    expect((await request(ctx, owner, loadCpc(project.id, true))).statusCode).toBe(200);
    await createMetricsRepository(ctx.database.db).purgeExpired();
    const after = await pageRows(ctx, owner, project.id, '&sort=keyword');
    expect(after[1]!.metrics).toMatchObject({ source: 'keyword-planner', cpc_range: '$40.00 - $55.00' });
  });

  it("are the importing project's own: another project of the same place, a stranger's too, keeps its estimate", async () => {
    const place = { country: 'United States', city: 'Austin', language: 'English' };
    const importing = await buildProject(ctx, { owner, ...place });
    const sibling = await buildProject(ctx, { owner, ...place });
    const stranger = await buildUser(ctx);
    const strangers = await buildProject(ctx, { owner: stranger, ...place });
    for (const [as, project] of [
      [owner, importing],
      [owner, sibling],
      [stranger, strangers],
    ] as const) {
      await buildKeyword(ctx, { as, projectId: project.id, keyword: 'saddle bags' });
      expect((await request(ctx, as, loadCpc(project.id))).statusCode).toBe(200);
    }
    await storePlannerFigures(ctx, {
      projectId: importing.id,
      place,
      keyword: 'saddle bags',
      lowDollars: 40,
      highDollars: 55,
    });

    expect((await pageRows(ctx, owner, importing.id))[0]!.metrics?.source).toBe('keyword-planner');
    expect((await pageRows(ctx, owner, sibling.id))[0]!.metrics?.source).toBe('estimate');
    expect((await pageRows(ctx, stranger, strangers.id))[0]!.metrics?.source).toBe('estimate');
    expect(await pageRows(ctx, stranger, strangers.id, '&minCpc=45')).toEqual([]);

    // A list of the importing project's keyword shows the import too.
    const listResponse = await request(ctx, owner, {
      method: 'POST',
      url: endpoints.createKeywordList.path,
      payload: { name: 'Saddle bags', project_id: importing.id },
    });
    expect(listResponse.statusCode).toBe(201);
    const list = listResponse.json() as { id: number };
    const added = await request(ctx, owner, {
      method: 'POST',
      url: endpoints.addKeywordListItem.path,
      payload: { list_id: list.id, keyword_text: 'saddle bags', project_id: importing.id },
    });
    expect(added.statusCode).toBeLessThan(300);
    const listPage = await request(ctx, owner, {
      method: 'GET',
      url: `${buildPath(endpoints.getKeywordList.path, { id: list.id })}?metrics=true`,
    });
    expect(listPage.statusCode).toBe(200);
    expect(JSON.stringify(listPage.json())).toContain('"source":"keyword-planner"');

    // Deleting the project deletes its imported figures.
    const deleted = await request(ctx, owner, {
      method: 'DELETE',
      url: buildPath(endpoints.deleteProject.path, { id: importing.id }),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const { rows } = await ctx.database.pool.query<{ count: number }>(
      `select count(*)::int as count from keyword_metrics where provider = 'keyword-planner' and project_id = $1`,
      [importing.id],
    );
    expect(rows[0]!.count).toBe(0);
  });
});

describe('figures from a Keyword Planner file beside Google Ads', () => {
  const fake = createFakeMetricsProvider();
  let ctx: TestContext;
  let owner: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext({ app: { providers: { metrics: fake.provider } } });
    owner = await buildUser(ctx);
  });
  afterAll(() => ctx.close());

  it('shows the newer of the two, so a Refresh CPC from Google Ads updates imported figures', async () => {
    const place = { country: 'Germany', city: 'Berlin', language: 'German' };
    const project = await buildProject(ctx, { owner, ...place });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cpc 1.20-3.45 mugs' });
    await request(ctx, owner, loadCpc(project.id));
    expect((await pageRows(ctx, owner, project.id))[0]!.metrics).toMatchObject({
      source: 'google-ads',
      cpc_range: '$1.20 - $3.45',
    });

    await storePlannerFigures(ctx, {
      projectId: project.id,
      place,
      keyword: 'cpc 1.20-3.45 mugs',
      lowDollars: 40,
      highDollars: 55,
    });
    expect((await pageRows(ctx, owner, project.id))[0]!.metrics).toMatchObject({
      source: 'keyword-planner',
      cpc_range: '$40.00 - $55.00',
    });
    expect((await pageRows(ctx, owner, project.id, '&maxCpc=2')).length).toBe(0);

    expect((await request(ctx, owner, loadCpc(project.id, true))).statusCode).toBe(200);
    expect((await pageRows(ctx, owner, project.id))[0]!.metrics).toMatchObject({
      source: 'google-ads',
      cpc_range: '$1.20 - $3.45',
    });
    expect((await pageRows(ctx, owner, project.id, '&maxCpc=2')).map((row) => row.keyword)).toEqual([
      'cpc 1.20-3.45 mugs',
    ]);
  });
});
