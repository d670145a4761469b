import { buildPath, endpoints, messages, type KeywordPage } from '@keywright/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildKeyword, insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { createFakeMetricsProvider } from '../../../test/fakes/metrics-provider';
import {
  createTestContext,
  dataSnapshot,
  errorBody,
  request,
  validationError,
  type TestContext,
} from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import type { KeywordGenerator } from '../../providers/keyword-generator/keyword-generator';
import { createMetricsRepository } from './metrics.repository';

/** A generator that hands out its pool in order, never what it is told to avoid. */
function poolGenerator(pool: string[]): KeywordGenerator & { requests: number[] } {
  const requests: number[] = [];
  return {
    name: 'offline',
    requests,
    async generate({ count, avoid }) {
      requests.push(count);
      const avoided = new Set(avoid.map((text) => text.toLowerCase()));
      return pool.filter((keyword) => !avoided.has(keyword.toLowerCase())).slice(0, count);
    },
  };
}

const fake = createFakeMetricsProvider({ maxKeywordsPerRequest: 100 });
const generator = poolGenerator([
  'cheap cpc 0.20-0.80 mugs',
  'mid cpc 1.00-2.00 mugs',
  'high cpc 5.00-9.00 mugs',
  'cpc 1.50-1.60 handmade mugs online shop',
  'unknown mugs',
  'edge cpc 2.00-2.50 mugs',
  'another cpc 1.90-4.00 mugs',
  ...[1, 2, 3, 4, 5, 6].map((n) => `spare cpc 9.00-9.50 mugs ${n}`),
]);

const ctx = useTestContext({ app: { providers: { metrics: fake.provider, keywordGenerator: generator } } });
let owner: TestUser;
beforeAll(async () => {
  owner = await buildUser(ctx);
});
beforeEach(() => fake.reset());

const metricsCall = (payload: object) => ({
  method: 'POST' as const,
  url: endpoints.keywordMetrics.path,
  payload,
});

async function cacheRows(): Promise<number> {
  const { rows } = await ctx.database.pool.query('select count(*)::int as count from keyword_metrics');
  return rows[0].count;
}

describe('POST /api/google-ads/keyword-metrics', () => {
  it('fetches every keyword of the project upstream once, in batches, and serves every page from the cache', async () => {
    const project = await buildProject(ctx, { owner, country: 'United Kingdom', city: 'Leeds', language: 'English' });
    await insertKeywords(ctx, project.id, 250);

    const first = await request(ctx, owner, metricsCall({ projectId: project.id, page: 1, pageSize: 20 }));
    expect(first.statusCode, first.body).toBe(200);
    expect(fake.calls.historical.map((call) => call.keywords.length)).toEqual([100, 100, 50]);
    expect(fake.calls.historical[0]!.place).toEqual({ country: 'United Kingdom', city: 'Leeds', language: 'English' });
    const body = first.json();
    expect(body.source).toBe('google-ads');
    expect(body.pagination).toEqual({
      page: 1,
      pageSize: 20,
      totalCount: 250,
      totalPages: 13,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      keyword: 'term 1',
      avg_monthly_searches: 2000,
      competition: 'Low',
      competition_index: 20,
      cpc_low: 1_000_000,
      cpc_high: 2_000_000,
      difficulty: 20,
      cpc_range: '$1.00 - $2.00',
      source: 'google-ads',
      currency: 'USD',
      trend: null,
    });

    for (const page of [2, 13, 1]) {
      const again = await request(ctx, owner, metricsCall({ projectId: project.id, page, pageSize: 20 }));
      expect(again.statusCode).toBe(200);
      expect(again.json().data[0].keyword).toBe(`term ${(page - 1) * 20 + 1}`);
    }
    expect(fake.calls.historical).toHaveLength(3);
  });

  it('refreshes every keyword when asked, and fetches only keywords added since otherwise', async () => {
    const project = await buildProject(ctx, { owner });
    await insertKeywords(ctx, project.id, 30);
    await request(ctx, owner, metricsCall({ projectId: project.id }));
    expect(fake.calls.historical.map((call) => call.keywords.length)).toEqual([30]);

    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'Fresh Keyword' });
    await request(ctx, owner, metricsCall({ projectId: project.id, page: 1 }));
    expect(fake.calls.historical.map((call) => call.keywords)).toEqual([expect.any(Array), ['fresh keyword']]);

    await request(ctx, owner, metricsCall({ projectId: project.id, refresh: true }));
    expect(fake.calls.historical.map((call) => call.keywords.length)).toEqual([30, 1, 31]);
  });

  it('on a later page, fetches only that page’s rows that lack figures', async () => {
    const project = await buildProject(ctx, { owner, city: 'Pageford' });
    await insertKeywords(ctx, project.id, 30);
    await request(ctx, owner, metricsCall({ projectId: project.id }));
    await ctx.database.pool.query(
      `delete from keyword_metrics where geo like '%pageford' and keyword in ('term 5', 'term 25')`,
    );
    const second = await request(ctx, owner, metricsCall({ projectId: project.id, page: 2 }));
    expect(fake.calls.historical.map((call) => call.keywords)).toEqual([expect.any(Array), ['term 25']]);
    expect(second.json().data.find((row: { keyword: string }) => row.keyword === 'term 25')).toMatchObject({
      cpc_range: '$1.00 - $2.00',
    });
  });

  it('remembers that the provider had no figures for a keyword, and shows N/A', async () => {
    const project = await buildProject(ctx, { owner });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'unknown thing' });
    const first = await request(ctx, owner, metricsCall({ projectId: project.id }));
    expect(first.json().data[0]).toMatchObject({
      keyword: 'unknown thing',
      avg_monthly_searches: null,
      competition: null,
      cpc_low: null,
      cpc_high: null,
      cpc_range: 'N/A',
    });
    await request(ctx, owner, metricsCall({ projectId: project.id }));
    expect(fake.calls.historical).toHaveLength(1);
  });

  it('fetches again figures older than 30 days', async () => {
    const project = await buildProject(ctx, { owner, city: 'Expiry Town' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'old figures' });
    await request(ctx, owner, metricsCall({ projectId: project.id }));
    await ctx.database.pool.query(
      `update keyword_metrics set fetched_at = now() - interval '31 days' where geo like '%expiry town'`,
    );
    await request(ctx, owner, metricsCall({ projectId: project.id }));
    expect(fake.calls.historical.map((call) => call.keywords)).toEqual([['old figures'], ['old figures']]);
  });

  it('purges only entries past their 30 days', async () => {
    const project = await buildProject(ctx, { owner, city: 'Purgeton' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'stale one' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'fresh one' });
    await request(ctx, owner, metricsCall({ projectId: project.id }));
    await ctx.database.pool.query(
      `update keyword_metrics set fetched_at = now() - interval '31 days' where keyword = 'stale one'`,
    );
    await createMetricsRepository(ctx.database.db).purgeExpired();
    const { rows } = await ctx.database.pool.query(
      `select keyword from keyword_metrics where geo like '%purgeton' order by keyword`,
    );
    expect(rows).toEqual([{ keyword: 'fresh one' }]);
  });

  it('reports an upstream failure with its text and keeps the batches stored before it', async () => {
    const project = await buildProject(ctx, { owner, city: 'Failville' });
    await insertKeywords(ctx, project.id, 150);
    fake.failOnCall(2, 'Google Ads answered with an error: Quota exceeded');
    const before = await cacheRows();
    const response = await request(ctx, owner, metricsCall({ projectId: project.id }));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual(errorBody('upstream_error', 'Google Ads answered with an error: Quota exceeded'));
    // The first batch arrived whole and is kept; nothing of the failed one was written.
    expect(await cacheRows()).toBe(before + 100);

    fake.reset();
    const retry = await request(ctx, owner, metricsCall({ projectId: project.id }));
    expect(retry.statusCode).toBe(200);
    expect(fake.calls.historical.map((call) => call.keywords.length)).toEqual([50]);
  });

  it('rejects a page size over the limit and a missing project id, changing nothing', async () => {
    const project = await buildProject(ctx, { owner });
    const before = await dataSnapshot(ctx);
    const tooBig = await request(ctx, owner, metricsCall({ projectId: project.id, pageSize: 500 }));
    expect(tooBig.statusCode).toBe(400);
    const noProject = await request(ctx, owner, metricsCall({ page: 1 }));
    expect(noProject.statusCode).toBe(400);
    expect(await dataSnapshot(ctx)).toEqual(before);
    expect(fake.calls.historical).toHaveLength(0);
  });
});

describe('keyword pages and exports with figures', () => {
  let projectId: number;
  const page = async (query: string) =>
    request(ctx, owner, {
      method: 'GET',
      url: `${buildPath(endpoints.projectKeywordPage.path, { projectId })}?${query}`,
    });

  beforeAll(async () => {
    const project = await buildProject(ctx, { owner, name: 'Mug Shop' });
    projectId = project.id;
    for (const keyword of [
      'cpc 0.20-0.80 cheap',
      'cpc 1.00-2.00 middle',
      'cpc 5.00-9.00 dear',
      'unknown price',
      'cpc 2.00-2.50 edge',
    ]) {
      await buildKeyword(ctx, { as: owner, projectId, keyword });
    }
    await request(ctx, owner, metricsCall({ projectId }));
  });

  it('merges cached figures into the rows when asked', async () => {
    const plain = (await page('')).json() as KeywordPage;
    expect(plain.data[0]).not.toHaveProperty('metrics');
    const withFigures = (await page('metrics=true')).json() as KeywordPage;
    const byKeyword = Object.fromEntries(withFigures.data.map((row) => [row.keyword, row.metrics]));
    expect(byKeyword['cpc 2.00-2.50 edge']).toMatchObject({ cpc_range: '$2.00 - $2.50', source: 'google-ads' });
    expect(byKeyword['unknown price']).toMatchObject({ cpc_range: 'N/A', avg_monthly_searches: null });
  });

  it('keeps a keyword when its CPC range overlaps the bounds, and drops keywords without CPC', async () => {
    const keywordsFor = async (query: string) => {
      const body = (await page(`metrics=true&${query}`)).json() as KeywordPage;
      return { keywords: body.data.map((row) => row.keyword).sort(), total: body.pagination.totalCount };
    };
    expect(await keywordsFor('minCpc=1.5&maxCpc=2')).toEqual({
      keywords: ['cpc 1.00-2.00 middle', 'cpc 2.00-2.50 edge'],
      total: 2,
    });
    expect(await keywordsFor('minCpc=3')).toEqual({ keywords: ['cpc 5.00-9.00 dear'], total: 1 });
    expect(await keywordsFor('maxCpc=0.5')).toEqual({ keywords: ['cpc 0.20-0.80 cheap'], total: 1 });
    expect(await keywordsFor('minCpc=0')).toEqual({
      keywords: ['cpc 0.20-0.80 cheap', 'cpc 1.00-2.00 middle', 'cpc 2.00-2.50 edge', 'cpc 5.00-9.00 dear'],
      total: 4,
    });
    expect(await keywordsFor('minCpc=20&maxCpc=30')).toEqual({ keywords: [], total: 0 });
  });

  it('answers a filtered page while figures of other projects are stored on every read', async () => {
    // Under load the shared figures cache moves between every two reads of a page.
    const pool = ctx.database.pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    const busy = async (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.includes('last_value from keyword_metrics_version'))
        await query(`select nextval('keyword_metrics_version')`);
      return query(...args);
    };
    pool.query = busy as typeof pool.query;
    try {
      const response = await page('metrics=true&minCpc=1.5&maxCpc=2');
      expect(response.statusCode).toBe(200);
      const body = response.json() as KeywordPage;
      expect(body.data.map((row) => row.keyword).sort()).toEqual(['cpc 1.00-2.00 middle', 'cpc 2.00-2.50 edge']);
    } finally {
      pool.query = query as typeof pool.query;
    }
  });

  it('pages a filtered result', async () => {
    const body = (await page('metrics=true&minCpc=0&pageSize=3&page=2')).json() as KeywordPage;
    expect(body.pagination).toMatchObject({ page: 2, totalCount: 4, totalPages: 2, hasPrevPage: true });
    expect(body.data).toHaveLength(1);
  });

  it('answers 400 when the minimum is above the maximum or a bound is not a number', async () => {
    const reversed = await page('minCpc=3&maxCpc=1');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe(messages.minCpcAboveMax);
    const word = await page('minCpc=cheap');
    expect(word.statusCode).toBe(400);
  });

  it('exports the figures, and only the filtered keywords under a filtered name', async () => {
    const url = buildPath(endpoints.exportProjectKeywords.path, { projectId });
    const all = await request(ctx, owner, { method: 'GET', url: `${url}?metrics=true` });
    const lines = all.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    // CPC named with the project's currency, and where each row's figures come from (issue 24).
    expect(lines[0]).toBe('Keyword,Date Added,Search Volume,Competition,CPC (USD),Difficulty,Source,Intent');
    expect(lines).toHaveLength(6);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^cpc 2\.00-2\.50 edge,\d+\/\d+\/\d{4},3000,High,\$2\.00 - \$2\.50,80,Google Ads,Informational$/,
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^unknown price,[\d/]+,N\/A,N\/A,N\/A,N\/A,,Transactional$/));
    expect(all.headers['content-disposition']).toMatch(/filename="Mug_Shop_keywords_\d{4}-\d{2}-\d{2}\.csv"/);

    const filtered = await request(ctx, owner, { method: 'GET', url: `${url}?metrics=true&minCpc=1.5&maxCpc=2` });
    const filteredLines = filtered.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(
      filteredLines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(['cpc 1.00-2.00 middle', 'cpc 2.00-2.50 edge']);
    expect(filtered.headers['content-disposition']).toMatch(
      /filename="Mug_Shop_keywords_filtered_1\.5-2_\d{4}-\d{2}-\d{2}\.csv"/,
    );
  });
});

describe('a CPC-filtered page after changes', () => {
  it('follows keywords added and deleted, and figures that change in the cache', async () => {
    const project = await buildProject(ctx, { owner, city: 'Changeville' });
    const url = `${buildPath(endpoints.projectKeywordPage.path, { projectId: project.id })}?metrics=true&minCpc=1&maxCpc=3`;
    const filtered = async () =>
      ((await request(ctx, owner, { method: 'GET', url })).json() as KeywordPage).data.map((row) => row.keyword).sort();
    const kept = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cpc 1.00-2.00 kept' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cpc 2.00-2.50 aging' });
    await request(ctx, owner, metricsCall({ projectId: project.id }));
    expect(await filtered()).toEqual(['cpc 1.00-2.00 kept', 'cpc 2.00-2.50 aging']);

    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cpc 1.50-1.75 added' });
    await request(ctx, owner, metricsCall({ projectId: project.id }));
    expect(await filtered()).toEqual(['cpc 1.00-2.00 kept', 'cpc 1.50-1.75 added', 'cpc 2.00-2.50 aging']);

    await request(ctx, owner, { method: 'DELETE', url: buildPath(endpoints.deleteKeyword.path, { id: kept.id }) });
    expect(await filtered()).toEqual(['cpc 1.50-1.75 added', 'cpc 2.00-2.50 aging']);

    await ctx.database.pool.query(
      `update keyword_metrics set fetched_at = now() - interval '31 days' where keyword = 'cpc 2.00-2.50 aging'`,
    );
    await createMetricsRepository(ctx.database.db).purgeExpired();
    expect(await filtered()).toEqual(['cpc 1.50-1.75 added']);
  });
});

describe("a page's figures after the project moves", () => {
  it('shows the figures of the new place, not those of the old one', async () => {
    const project = await buildProject(ctx, { owner, country: 'United States', city: 'Boston' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'cpc 1.00-2.00 moving' });
    await request(ctx, owner, metricsCall({ projectId: project.id }));
    const url = `${buildPath(endpoints.projectKeywordPage.path, { projectId: project.id })}?metrics=true`;
    const figures = async () =>
      ((await request(ctx, owner, { method: 'GET', url })).json() as KeywordPage).data[0]!.metrics;
    expect(await figures()).toMatchObject({ cpc_range: '$1.00 - $2.00' });

    const moved = await request(ctx, owner, {
      method: 'PUT',
      url: buildPath(endpoints.updateProject.path, { id: project.id }),
      payload: {
        name: project.name,
        description: project.description,
        country: 'Canada',
        city: 'Toronto',
        language: 'English',
      },
    });
    expect(moved.statusCode).toBe(200);
    // Nothing is cached for Toronto yet.
    expect(await figures()).toBeNull();
    await request(ctx, owner, metricsCall({ projectId: project.id }));
    expect(fake.calls.historical.at(-1)!.place).toMatchObject({ country: 'Canada', city: 'Toronto' });
    expect(await figures()).toMatchObject({ cpc_range: '$1.00 - $2.00' });
  });
});

describe('POST /api/google-ads/generate-filtered-keywords', () => {
  const generate = (payload: object) =>
    request(ctx, owner, { method: 'POST', url: endpoints.generateFilteredKeywords.path, payload });

  it('adds only candidates whose CPC range overlaps the bounds and whose word count fits, as a new run', async () => {
    const project = await buildProject(ctx, { owner });
    const response = await generate({
      projectId: project.id,
      count: 10,
      minCpc: 1.5,
      maxCpc: 2.2,
      keywordLength: '3-4',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // 'cpc 1.50-1.60 handmade mugs online shop' overlaps but has 7 words; 'unknown mugs' has no CPC.
    expect(body.generated.map((row: { keyword: string }) => row.keyword).sort()).toEqual([
      'another cpc 1.90-4.00 mugs',
      'edge cpc 2.00-2.50 mugs',
      'mid cpc 1.00-2.00 mugs',
    ]);
    expect(body.requested).toBe(10);
    // Candidates of 3-4 words outside 1.50-2.20 were turned away: the CPC range is what fell short.
    expect(body.notice).toBe(messages.keywordsShortfall(3, '3-4', { dialog: 'more', byCpcRange: true }));
    // The one-click wider choice: the same length without the CPC bounds.
    expect(body.wider).toEqual({ keywordLength: '3-4', minCpc: null, maxCpc: null });
    expect(body.generated[0]).toMatchObject({
      source: 'generated',
      generation_id: body.runId,
      metrics: { source: 'google-ads' },
    });

    const pageBody = (
      await request(ctx, owner, {
        method: 'GET',
        url: buildPath(endpoints.projectKeywordPage.path, { projectId: project.id }),
      })
    ).json() as KeywordPage;
    expect(pageBody.latestRunId).toBe(body.runId);
    expect(pageBody.pagination.totalCount).toBe(3);
  });

  it('stops at the count, adds what is left when the generator runs dry, then nothing', async () => {
    const project = await buildProject(ctx, { owner });
    const first = await generate({
      projectId: project.id,
      count: 10,
      minCpc: null,
      maxCpc: null,
      keywordLength: 'any',
    });
    expect(first.json().generated).toHaveLength(10);
    expect(first.json()).not.toHaveProperty('notice');
    const second = await generate({ projectId: project.id, count: 10, keywordLength: 'any' });
    expect(second.json().generated).toHaveLength(3);
    expect(second.json().notice).toBe(messages.keywordsShortfall(3, 'any', { dialog: 'more' }));
    const third = await generate({ projectId: project.id, count: 10, keywordLength: 'any' });
    // Any length and no bounds: nothing is wider to offer.
    expect(third.json()).toEqual({
      generated: [],
      requested: 10,
      runId: null,
      notice: messages.keywordsShortfall(0, 'any', { dialog: 'more' }),
    });
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as runs from generation_runs where project_id = $1',
      [project.id],
    );
    expect(rows[0].runs).toBe(2);
  });

  it('blames the word count, not CPC bounds that turned nothing away, and the run keeps saying so', async () => {
    const project = await buildProject(ctx, { owner });
    const response = await generate({
      projectId: project.id,
      count: 10,
      minCpc: 0,
      maxCpc: 100,
      keywordLength: '3-4',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // The pool's keywords of 3-4 words all have a CPC inside 0-100; the rest have more words or none.
    expect(body.generated).toHaveLength(5);
    const notice = messages.keywordsShortfall(5, '3-4', { dialog: 'more' });
    expect(body.notice).toBe(notice);
    // The word count fell short: any number of words, the bounds kept.
    expect(body.wider).toEqual({ keywordLength: 'any', minCpc: 0, maxCpc: 100 });
    const status = await request(ctx, owner, {
      method: 'GET',
      url: buildPath(endpoints.projectStatus.path, { projectId: project.id }),
    });
    expect(status.json()).toMatchObject({ status: 'completed', runId: body.runId, notice });

    // Someone who cannot read the project learns nothing of it, notice included.
    const stranger = await buildUser(ctx);
    const byStranger = await request(ctx, stranger, {
      method: 'POST',
      url: endpoints.generateFilteredKeywords.path,
      payload: { projectId: project.id, count: 10, keywordLength: '3-4' },
    });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual(errorBody('not_found', messages.notFound));
  });

  it('takes a count from 1 to 500: the project page asks for 10-200, the analysis page for 1-500', async () => {
    const project = await buildProject(ctx, { owner });
    const one = await generate({ projectId: project.id, count: 1, keywordLength: 'any' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ requested: 1, generated: [expect.anything()] });
    const most = await generate({ projectId: project.id, count: 500, keywordLength: 'any' });
    expect(most.statusCode, most.body).toBe(200);
    expect(most.json()).toMatchObject({ requested: 500 });
  });

  it('answers 400 with the message when the minimum is above the maximum, and writes nothing', async () => {
    const project = await buildProject(ctx, { owner });
    const before = await dataSnapshot(ctx);
    const response = await generate({ projectId: project.id, count: 10, minCpc: 3, maxCpc: 1, keywordLength: '2' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('body.minCpc', messages.minCpcAboveMax));
    for (const bad of [{ count: 0 }, { count: 501 }, { count: 1.5 }, { minCpc: -1 }, { keywordLength: '4+' }]) {
      const rejected = await generate({ projectId: project.id, count: 10, keywordLength: '2', ...bad });
      expect(rejected.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});

describe('POST /api/google-ads/keyword-suggestions', () => {
  const suggest = (payload: object) =>
    request(ctx, owner, { method: 'POST', url: endpoints.keywordSuggestions.path, payload });

  it("seeds from the project's broadest keywords and leaves out what the project has", async () => {
    const project = await buildProject(ctx, { owner });
    // The site comes from the generator form; set here as it would be stored.
    await ctx.database.pool.query(`update projects set site_url = 'https://mugs.example' where id = $1`, [project.id]);
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'mugs' });
    await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'best mugs' });
    const response = await suggest({ projectId: project.id });
    expect(response.statusCode, response.body).toBe(200);
    // With the project's facts, so the offline estimate reads its ideas as its keywords are read.
    expect(fake.calls.ideas[0]).toMatchObject({
      seeds: ['mugs', 'best mugs'],
      siteUrl: 'https://mugs.example',
      project: { name: project.name, productService: project.description, city: project.city },
    });
    const keywords = response.json().suggestions.map((row: { keyword: string }) => row.keyword);
    expect(keywords).toContain('cheap mugs');
    expect(keywords).not.toContain('best mugs');
    expect(keywords).not.toContain('mugs');
    expect(new Set(keywords).size).toBe(keywords.length);
    expect(response.json().suggestions[0]).toMatchObject({
      cpc_range: expect.stringMatching(/^\$/),
      source: 'google-ads',
    });
  });

  it('answers a missing list like any missing id', async () => {
    const project = await buildProject(ctx, { owner });
    const response = await suggest({ projectId: project.id, listId: 999_999 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('not_found', messages.notFound));
  });
});

describe('POST /api/keywords/similar', () => {
  const similar = (payload: object) =>
    request(ctx, owner, { method: 'POST', url: endpoints.similarKeywords.path, payload });

  it('answers ideas for the keyword in the given place, without the keyword itself', async () => {
    const response = await similar({
      keyword: '  Coffee  Mugs ',
      language: 'German',
      country: 'Germany',
      city: 'Berlin',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.calls.ideas[0]).toMatchObject({
      seeds: ['Coffee Mugs'],
      place: { country: 'Germany', city: 'Berlin', language: 'German' },
    });
    expect(response.json().keywords[0]).toEqual({
      keyword: 'best Coffee Mugs',
      avg_monthly_searches: 3000,
      competition: 'High',
      competition_index: 80,
      cpc_low: 1_500_000,
      cpc_high: 2_500_000,
      difficulty: 80,
      cpc_range: '$1.50 - $2.50',
      source: 'google-ads',
      currency: 'USD',
      trend: null,
    });
  });

  it('answers 400 for an empty keyword', async () => {
    const response = await similar({ keyword: '   ' });
    expect(response.statusCode).toBe(400);
    expect(fake.calls.ideas).toHaveLength(0);
  });
});

describe('with metrics turned off', () => {
  let offCtx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    offCtx = await createTestContext({ app: { providers: { metrics: null, keywordGenerator: generator } } });
    user = await buildUser(offCtx);
  });
  afterAll(() => offCtx.close());

  it('says so on every metrics call, and still generates more keywords without CPC bounds', async () => {
    const project = await buildProject(offCtx, { owner: user });
    const off = errorBody('unavailable', messages.metricsOff);
    for (const [url, payload] of [
      [endpoints.keywordMetrics.path, { projectId: project.id }],
      [endpoints.keywordSuggestions.path, { projectId: project.id }],
      [endpoints.similarKeywords.path, { keyword: 'mugs' }],
      [endpoints.generateFilteredKeywords.path, { projectId: project.id, count: 10, minCpc: 1, keywordLength: 'any' }],
    ] as const) {
      const response = await request(offCtx, user, { method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toEqual(off);
    }
    const more = await request(offCtx, user, {
      method: 'POST',
      url: endpoints.generateFilteredKeywords.path,
      payload: { projectId: project.id, count: 10, keywordLength: 'any' },
    });
    expect(more.statusCode).toBe(200);
    expect(more.json().generated[0]).toMatchObject({ metrics: null });
  });
});
