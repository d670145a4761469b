import { messages, type KeywordPage } from '@keywright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertKeywords, buildKeyword } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildSharedProject, type SharedProject } from '../../../test/factories/team';
import { errorBody, request, validationError } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import { metricsScope } from '../../queries/figures';

const ctx = useTestContext();
let world: SharedProject;
beforeAll(async () => {
  world = await buildSharedProject(ctx);
  await insertKeywords(ctx, world.project.id, 2_345);
});

async function page(query: string, as = world.owner) {
  return request(ctx, as, { method: 'GET', url: `/api/projects/${world.project.id}/keywords/page${query}` });
}

describe('a page of keywords', () => {
  it('starts at page 1 with 20 rows, newest first, with the pagination', async () => {
    const response = await page('');
    expect(response.statusCode).toBe(200);
    const body = response.json() as KeywordPage;
    const total = 2_345 + 1; // the shared project's own keyword is the newest
    expect(body.pagination).toEqual({
      page: 1,
      pageSize: 20,
      totalCount: total,
      totalPages: Math.ceil(total / 20),
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(body.data).toHaveLength(20);
    expect(body.data.slice(1, 4).map((keyword) => keyword.keyword)).toEqual(['term 1', 'term 2', 'term 3']);
    expect(body.latestRunId).toBeNull();
  });

  it('reaches the last page of a large project', async () => {
    const body = (await page('?page=118')).json() as KeywordPage;
    expect(body.data.map((keyword) => keyword.keyword)).toEqual(
      Array.from({ length: 6 }, (_, i) => `term ${2_340 + i}`),
    );
    expect(body.pagination).toMatchObject({ page: 118, hasNextPage: false, hasPrevPage: true });
    expect(((await page('?page=500')).json() as KeywordPage).data).toEqual([]);
  });

  it('searches and sorts in the database', async () => {
    const body = (await page('?search=TERM%20234&sort=keyword&pageSize=5')).json() as KeywordPage;
    expect(body.pagination.totalCount).toBe(7); // 234 and 2340-2345
    expect(body.data.map((keyword) => keyword.keyword)).toEqual([
      'term 234',
      'term 2340',
      'term 2341',
      'term 2342',
      'term 2343',
    ]);
    const oldest = (await page('?sort=oldest&pageSize=1')).json() as KeywordPage;
    expect(oldest.data[0]!.keyword).toBe('term 2345');
  });

  it('takes % and _ in a search literally', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    for (const keyword of ['100% organic', '100 organic', 'snake_case tea', 'snakexcase tea', 'back\\slash tea'])
      await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword });
    const search = async (text: string) => {
      const response = await request(ctx, world.owner, {
        method: 'GET',
        url: `/api/projects/${project.id}/keywords/page?search=${encodeURIComponent(text)}&sort=keyword`,
      });
      return (response.json() as KeywordPage).data.map((keyword) => keyword.keyword);
    };
    expect(await search('100%')).toEqual(['100% organic']);
    expect(await search('e_c')).toEqual(['snake_case tea']);
    expect(await search('k\\s')).toEqual(['back\\slash tea']);
    expect(await search('0%')).toEqual(['100% organic']);
    expect(await search('tea')).toEqual(['back\\slash tea', 'snake_case tea', 'snakexcase tea']);
  });

  it('pages deep into a search, for each sort, as an OFFSET would, also after keywords come and go', async () => {
    const orders = {
      newest: 'created_at desc, id desc',
      oldest: 'created_at asc, id asc',
      keyword: 'normalized asc, id asc',
      keyword_desc: 'normalized desc, id desc',
    };
    const check = async () => {
      for (const [sort, order] of Object.entries(orders))
        for (const number of [201, 222, 235, 236]) {
          const { rows } = await ctx.database.pool.query<{ keyword: string }>(
            `select keyword from keywords where project_id = $1 and normalized like '%term%'
             order by ${order} limit 10 offset $2`,
            [world.project.id, (number - 1) * 10],
          );
          const body = (await page(`?search=term&sort=${sort}&pageSize=10&page=${number}`)).json() as KeywordPage;
          expect(
            body.data.map((keyword) => keyword.keyword),
            `${sort} page ${number}`,
          ).toEqual(rows.map((row) => row.keyword));
          const { rows: counted } = await ctx.database.pool.query<{ count: number }>(
            `select count(*)::int as count from keywords where project_id = $1 and normalized like '%term%'`,
            [world.project.id],
          );
          expect(body.pagination.totalCount).toBe(counted[0]!.count);
        }
    };
    await check();
    const added = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id, keyword: 'term 1500a' });
    await check();
    await ctx.database.pool.query(`delete from keywords where id = $1`, [added.id]);
    await check();
  });

  it('is open to a team member, and to nobody else', async () => {
    expect((await page('', world.member)).statusCode).toBe(200);
    const stranger = await page('', world.stranger);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(errorBody('not_found', 'Not found.'));
    expect((await page('', null as never)).statusCode).toBe(401);
  });

  it.each(['?page=0', '?page=x', '?pageSize=101', '?sort=random', `?search=${'x'.repeat(201)}`])(
    'refuses %s with 400',
    async (query) => {
      const response = await page(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_error');
    },
  );

  // Found by the fuzz test: a bound past PostgreSQL's bigint in micros answered 500.
  it.each([
    ['page', 'minCpc', '123456789012345678901234567890'],
    ['page', 'maxCpc', '1000000.01'],
    ['export', 'maxCpc', '9007199254740993'],
  ])('refuses a CPC bound over 1,000,000 on the %s (%s=%s) with 400', async (kind, bound, value) => {
    const response = await request(ctx, world.owner, {
      method: 'GET',
      url: `/api/projects/${world.project.id}/keywords/${kind}?metrics=true&${bound}=${value}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError(`querystring.${bound}`, messages.cpcTooHigh));
  });
});

describe('figures merged into a page', () => {
  it("carry the cache's months as the trend, oldest first", async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'wool hats' });
    const scope = metricsScope('estimate', project);
    await ctx.database.pool.query(
      `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
         competition_index, low_bid_micros, high_bid_micros, monthly_volumes, difficulty)
       values ('estimate', $1, $2, 'wool hats', 720, 'Low', 12, 300000, 900000,
         '[{"year":2026,"month":3,"searches":900},{"year":2025,"month":4,"searches":500}]', 30)`,
      [scope.geo, scope.language],
    );
    const response = await request(ctx, world.owner, {
      method: 'GET',
      url: `/api/projects/${project.id}/keywords/page?metrics=true`,
    });
    expect((response.json() as KeywordPage).data[0]!.metrics).toMatchObject({
      source: 'estimate',
      cpc_range: '$0.30 - $0.90',
      trend: [
        { year: 2025, month: 4, searches: 500 },
        { year: 2026, month: 3, searches: 900 },
      ],
    });
  });
});

describe('the 0-100 figure', () => {
  it('is one value everywhere: the difficulty of the page and its CSV is the analysis page’s competition index', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'sports massage leeds' });
    const scope = metricsScope('estimate', project);
    // Cached before it was one figure: a difficulty (71) blended of its own, apart from the index (62).
    await ctx.database.pool.query(
      `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
         competition_index, low_bid_micros, high_bid_micros, difficulty)
       values ('estimate', $1, $2, 'sports massage leeds', 480, 'Medium', 62, 900000, 2100000, 71)`,
      [scope.geo, scope.language],
    );
    const get = (url: string) => request(ctx, world.owner, { method: 'GET', url });

    const page = (await get(`/api/projects/${project.id}/keywords/page?metrics=true`)).json() as KeywordPage;
    expect(page.data[0]!.metrics).toMatchObject({ competition_index: 62, difficulty: 62 });
    const csv = (await get(`/api/projects/${project.id}/keywords/export?metrics=true`)).body.replace(/^\ufeff/, '');
    const [header, line] = csv.split('\r\n');
    expect(line!.split(',')[header!.split(',').indexOf('Difficulty')]).toBe('62');
    const analysis = (await get(`/api/projects/${project.id}/analysis`)).json();
    expect(analysis.data[0].metrics.competition_index).toBe(62);
  });
});

describe('a page asked again', () => {
  it('answers the keywords and figures as they are now, and only to those who may read them', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    const gloves = await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'merino gloves' });
    const get = async (as = world.owner) =>
      request(ctx, as, { method: 'GET', url: `/api/projects/${project.id}/keywords/page?metrics=true` });
    const shown = async (as = world.owner) =>
      ((await get(as)).json() as KeywordPage).data.map((keyword) => [
        keyword.keyword,
        keyword.metrics?.cpc_range ?? null,
      ]);

    expect(await shown()).toEqual([['merino gloves', null]]);
    expect(await shown()).toEqual([['merino gloves', null]]);

    await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'merino socks' });
    expect(await shown()).toEqual([
      ['merino socks', null],
      ['merino gloves', null],
    ]);

    // New figures in the cache (as a Show CPC stores them).
    const scope = metricsScope('estimate', project);
    await ctx.database.pool.query(
      `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
         competition_index, low_bid_micros, high_bid_micros, difficulty)
       values ('estimate', $1, $2, 'merino socks', 720, 'Low', 12, 300000, 900000, 30)`,
      [scope.geo, scope.language],
    );
    await ctx.database.pool.query(`select nextval('keyword_metrics_version')`);
    expect(await shown()).toEqual([
      ['merino socks', '$0.30 - $0.90'],
      ['merino gloves', null],
    ]);

    const deleted = await request(ctx, world.owner, { method: 'DELETE', url: `/api/keywords/${gloves.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(await shown()).toEqual([['merino socks', '$0.30 - $0.90']]);
    expect(await shown(world.member)).toEqual([['merino socks', '$0.30 - $0.90']]);
    expect((await get(world.stranger)).statusCode).toBe(404);
    expect((await get(null as never)).statusCode).toBe(401);
  });
});

describe("the latest run's keywords", () => {
  it('are named by latestRunId, whatever the ids of projects and runs', async () => {
    // Projects and runs get different ids here, so a mixed-up join cannot pass by chance.
    await buildProject(ctx, { owner: world.owner });
    const project = await buildProject(ctx, { owner: world.owner });
    await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'manual keyword' });
    const { rows } = await ctx.database.pool.query<{ id: number }>(
      `insert into generation_runs (project_id, user_id, status, params, requested)
       values ($1, $2, 'completed', '{}', 1), ($1, $2, 'completed', '{}', 1), ($1, $2, 'failed', '{}', 1)
       returning id`,
      [project.id, world.owner.id],
    );
    const [, latestCompleted] = rows.map((row) => row.id);
    expect(latestCompleted).not.toBe(project.id);
    await ctx.database.pool.query(
      `insert into keywords (project_id, keyword, normalized, source, generation_id) values ($1, 'from the run', 'from the run', 'generated', $2)`,
      [project.id, latestCompleted],
    );
    const body = (
      await request(ctx, world.owner, { method: 'GET', url: `/api/projects/${project.id}/keywords/page` })
    ).json() as KeywordPage;
    expect(body.latestRunId).toBe(latestCompleted);
    expect(
      body.data.filter((keyword) => keyword.generation_id === body.latestRunId).map((keyword) => keyword.keyword),
    ).toEqual(['from the run']);
  });
});

describe('deep pages', () => {
  /** The same page the plain way, straight from the database, for comparison. */
  async function byOffset(projectId: number, order: string, page: number): Promise<string[]> {
    const { rows } = await ctx.database.pool.query<{ keyword: string }>(
      `select keyword from keywords where project_id = $1 order by ${order} limit 20 offset $2`,
      [projectId, (page - 1) * 20],
    );
    return rows.map((row) => row.keyword);
  }

  async function keywordsOn(projectId: number, sort: string, page: number): Promise<string[]> {
    const response = await request(ctx, world.owner, {
      method: 'GET',
      url: `/api/projects/${projectId}/keywords/page?sort=${sort}&page=${page}`,
    });
    return (response.json() as KeywordPage).data.map((keyword) => keyword.keyword);
  }

  it.each([
    ['newest', 'created_at desc, id desc'],
    ['oldest', 'created_at asc, id asc'],
    ['keyword', 'normalized asc, id asc'],
    ['keyword_desc', 'normalized desc, id desc'],
  ])('match the plain OFFSET query when sorted %s, before and after the keywords change', async (sort, order) => {
    const project = await buildProject(ctx, { owner: world.owner });
    await insertKeywords(ctx, project.id, 2_500);
    for (const page of [101, 117, 125]) {
      expect(await keywordsOn(project.id, sort, page)).toEqual(await byOffset(project.id, order, page));
    }
    // A keyword on an early page goes: every later page shifts by one row.
    const [early] = (
      await request(ctx, world.owner, {
        method: 'GET',
        url: `/api/projects/${project.id}/keywords/page?sort=${sort}&page=3`,
      })
    ).json().data;
    await request(ctx, world.owner, { method: 'DELETE', url: `/api/keywords/${early.id}` });
    for (const page of [101, 117, 125]) {
      expect(await keywordsOn(project.id, sort, page)).toEqual(await byOffset(project.id, order, page));
    }
  });
});

describe('exporting keywords to CSV', () => {
  async function exportCsv(as = world.owner, projectId = world.project.id) {
    return request(ctx, as, { method: 'GET', url: `/api/projects/${projectId}/keywords/export` });
  }

  it('streams every keyword as UTF-8 with a BOM, under a file name made from the project', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    const safeName = world.project.name.replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${safeName}_keywords_${today}.csv"`);
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Keyword,Date Added,Intent');
    expect(lines).toHaveLength(1 + 2_346); // every keyword once, across several batches
    expect(new Set(lines).size).toBe(lines.length);
    // Stored straight into the database, as before intents were read: not known yet.
    expect(lines[2]).toMatch(/^term 1,\d{1,2}\/\d{1,2}\/\d{4},$/);
  });

  it('keeps spreadsheet formulas and quotes inert', async () => {
    const project = await buildProject(ctx, { owner: world.owner, name: 'Ünïcode & Co / 2026' });
    for (const keyword of ['=HYPERLINK("http://x")', '+1 555', '-sale', '@home', 'plain, with "quotes"']) {
      await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword });
    }
    const response = await exportCsv(world.owner, project.id);
    expect(response.headers['content-disposition']).toContain('filename="Unicode_Co_2026_keywords_');
    const cells = response.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.replace(/,[^,]*,[^,]*$/, ''));
    expect(cells.sort()).toEqual(
      ['"\'=HYPERLINK(""http://x"")"', "'+1 555", "'-sale", "'@home", '"plain, with ""quotes"""'].sort(),
    );
  });

  it('gives just the header for a project without keywords', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    expect((await exportCsv(world.owner, project.id)).body).toBe('\ufeffKeyword,Date Added,Intent\r\n');
  });

  it('is open to a team member, and to nobody else', async () => {
    expect((await exportCsv(world.member)).statusCode).toBe(200);
    expect((await exportCsv(world.stranger)).statusCode).toBe(404);
    expect((await exportCsv(null as never)).statusCode).toBe(401);
  });
});
