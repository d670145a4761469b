import {
  buildPath,
  endpoints,
  messages,
  type AnalysisPage,
  type AnalysisSortColumn,
  type KeywordList,
  type KeywordListDetail,
  type Project,
  type SearchIntent,
} from '@keywright/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeywordList } from '../../../test/factories/keyword-lists';
import { buildKeyword, insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildSharedProject, type SharedProject } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import {
  createTestContext,
  dataSnapshot,
  errorBody,
  request,
  validationError,
  type TestContext,
} from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import { metricsScope } from '../../queries/figures';

/** The analysis CSV's header for a project in the United States (issue 24: currency and source). */
const csvHeader =
  'Keyword,Avg. Monthly Searches,Competition,Competition Index,Low CPC (USD),High CPC (USD),Source,Intent';
const ctx = useTestContext();
let world: SharedProject;
beforeAll(async () => {
  world = await buildSharedProject(ctx);
});

type Level = 'Low' | 'Medium' | 'High';
interface Figures {
  volume: number | null;
  competition: Level | null;
  index: number | null;
  /** Dollars. */
  low: number | null;
  high: number | null;
  provider?: 'estimate' | 'keyword-planner';
  months?: Array<{ year: number; month: number; searches: number }>;
  daysAgo?: number;
}

/** Stores figures in the cache for the project's place as the offline estimate would, or as its own import. */
async function storeFigures(project: Project, figures: Record<string, Figures>): Promise<void> {
  const scope = metricsScope('estimate', project);
  const micros = (dollars: number | null) => (dollars == null ? null : Math.round(dollars * 1_000_000));
  for (const [keyword, row] of Object.entries(figures)) {
    await ctx.database.pool.query(
      `insert into keyword_metrics (provider, geo, language, keyword, project_id, avg_monthly_searches, competition,
         competition_index, low_bid_micros, high_bid_micros, monthly_volumes, difficulty, fetched_at)
       values ($1, $2, $3, $4, $12, $5, $6, $7, $8, $9, $10, null, now() - make_interval(days => $11))`,
      [
        row.provider ?? 'estimate',
        scope.geo,
        scope.language,
        keyword,
        row.volume,
        row.competition,
        row.index,
        micros(row.low),
        micros(row.high),
        row.months ? JSON.stringify(row.months) : null,
        row.daysAgo ?? 0,
        row.provider === 'keyword-planner' ? project.id : 0,
      ],
    );
  }
  // As every write to the cache does: what was worked out from it before is out of date.
  await ctx.database.pool.query(`select nextval('keyword_metrics_version')`);
}

function analysisUrl(projectId: number, query = '') {
  return `${buildPath(endpoints.analysisPage.path, { projectId })}${query ? `?${query}` : ''}`;
}

async function page(projectId: number, query = '', as: TestUser = world.owner): Promise<AnalysisPage> {
  const response = await request(ctx, as, { method: 'GET', url: analysisUrl(projectId, query) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of `query` in turn, three rows a page, so pages cross from keywords with a figure to those without. */
async function allPages(projectId: number, query: string): Promise<string[]> {
  const first = await page(projectId, `${query}&pageSize=3`);
  const keywords = first.data.map((row) => row.keyword);
  for (let number = 2; number <= first.pagination.totalPages; number++) {
    const next = await page(projectId, `${query}&pageSize=3&page=${number}`);
    keywords.push(...next.data.map((row) => row.keyword));
  }
  return keywords;
}

function exportCsv(projectId: number, query = '', as: TestUser = world.owner) {
  return request(ctx, as, {
    method: 'GET',
    url: `${buildPath(endpoints.exportAnalysis.path, { projectId })}${query ? `?${query}` : ''}`,
  });
}

/** The CSV's lines without the byte order mark, the line ends checked. */
function csvLinesOf(body: string): string[] {
  expect(body.startsWith('\ufeff')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return body.slice(1, -2).split('\r\n');
}

describe('the analysis page of a small project', () => {
  // Each sort's figure, after the import won over the estimate (hotel) and the stale entry aged out (india).
  const figures: Record<string, Figures | null> = {
    'alpha boots': { volume: 1000, competition: 'Low', index: 20, low: 0.5, high: 1.5 },
    'bravo boots': { volume: 5000, competition: 'High', index: 90, low: 2, high: 4 },
    'charlie boots': { volume: 1000, competition: 'Medium', index: 50, low: 1, high: 2 },
    'delta boots': { volume: null, competition: 'High', index: 70, low: null, high: null },
    // The provider knew nothing of it: a row of nulls, so it is not fetched again.
    'echo boots': { volume: null, competition: null, index: null, low: null, high: null },
    'foxtrot boots': null,
    'golf boots': { volume: 200, competition: 'Low', index: 10, low: 0.1, high: 0.3 },
    'hotel boots': {
      volume: 9000,
      competition: 'High',
      index: 95,
      low: 3,
      high: 5,
      provider: 'keyword-planner',
      months: [
        { year: 2026, month: 2, searches: 9500 },
        { year: 2025, month: 12, searches: 8000 },
        { year: 2026, month: 1, searches: 8800 },
      ],
    },
    'india boots': null,
    // The same figures as bravo: every sort breaks the tie by keyword.
    'kilo boots': { volume: 5000, competition: 'High', index: 90, low: 2, high: 4 },
  };
  const names = Object.keys(figures);
  const rank = { Low: 1, Medium: 2, High: 3 };
  const figureOf: Record<Exclude<AnalysisSortColumn, 'keyword' | 'created_at'>, (row: Figures) => number | null> = {
    avg_monthly_searches: (row) => row.volume,
    competition: (row) => (row.competition ? rank[row.competition] : null),
    competition_index: (row) => row.index,
    cpc_low: (row) => row.low,
    cpc_high: (row) => row.high,
  };

  /** The order SPEC asks for: by the figure, then the keyword; keywords without the figure last either way. */
  function expectedOrder(sort: AnalysisSortColumn, order: 'asc' | 'desc'): string[] {
    const byKeyword = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const flip = <T>(list: T[]) => (order === 'desc' ? list.reverse() : list);
    if (sort === 'keyword') return flip([...names].sort(byKeyword));
    if (sort === 'created_at') return flip([...names]);
    const value = (name: string) => (figures[name] ? figureOf[sort](figures[name]!) : null);
    const known = names.filter((name) => value(name) != null);
    const unknown = names.filter((name) => value(name) == null);
    known.sort((a, b) => value(a)! - value(b)! || byKeyword(a, b));
    return [...flip(known), ...flip(unknown.sort(byKeyword))];
  }

  let project: Project;
  beforeAll(async () => {
    project = await buildProject(ctx, { owner: world.owner, name: 'Boots & Co' });
    for (const keyword of names) await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword });
    const stored = Object.fromEntries(
      Object.entries(figures).filter((entry): entry is [string, Figures] => entry[1] !== null),
    );
    await storeFigures(project, {
      ...stored,
      'india boots': { volume: 50_000, competition: 'High', index: 99, low: 9, high: 12, daysAgo: 31 },
    });
    // Beaten by the import.
    await storeFigures(project, {
      'hotel boots': { volume: 10, competition: 'Low', index: 5, low: 0.01, high: 0.02 },
    });
  });

  it('answers the first page by searches, most first, with the counts and the source', async () => {
    const body = await page(project.id);
    expect(body.pagination).toEqual({
      page: 1,
      pageSize: 20,
      totalCount: 10,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(body.source).toBe('estimate');
    expect(body.projectKeywordCount).toBe(10);
    // foxtrot has nothing cached and india's entry is past its 30 days.
    expect(body.withoutFigures).toBe(2);
    expect(body.data.map((row) => row.keyword)).toEqual([
      'hotel boots',
      'kilo boots',
      'bravo boots',
      'charlie boots',
      'alpha boots',
      'golf boots',
      'india boots',
      'foxtrot boots',
      'echo boots',
      'delta boots',
    ]);
    const hotel = body.data[0]!;
    expect(hotel).toEqual({
      id: expect.any(Number),
      keyword: 'hotel boots',
      intent: ['commercial'],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      metrics: {
        avg_monthly_searches: 9000,
        competition: 'High',
        competition_index: 95,
        cpc_low: 3_000_000,
        cpc_high: 5_000_000,
        difficulty: 95,
        cpc_range: '$3.00 - $5.00',
        source: 'keyword-planner',
        // Stored without one (as before currencies were kept): shown in dollars, as SPEC writes CPC.
        currency: null,
        trend: [
          { year: 2025, month: 12, searches: 8000 },
          { year: 2026, month: 1, searches: 8800 },
          { year: 2026, month: 2, searches: 9500 },
        ],
      },
    });
    const byKeyword = Object.fromEntries(body.data.map((row) => [row.keyword, row.metrics]));
    expect(byKeyword['alpha boots']).toMatchObject({ source: 'estimate', cpc_range: '$0.50 - $1.50', trend: null });
    expect(byKeyword['echo boots']).toMatchObject({ avg_monthly_searches: null, cpc_range: 'N/A' });
    expect(byKeyword['foxtrot boots']).toBeNull();
    expect(byKeyword['india boots']).toBeNull();
  });

  it('sorts by searches, least first, keywords without searches still last', async () => {
    expect(await allPages(project.id, 'sort=avg_monthly_searches&order=asc')).toEqual([
      'golf boots',
      'alpha boots',
      'charlie boots',
      'bravo boots',
      'kilo boots',
      'hotel boots',
      'delta boots',
      'echo boots',
      'foxtrot boots',
      'india boots',
    ]);
  });

  it('sorts competition by level, not by name', async () => {
    expect(await allPages(project.id, 'sort=competition&order=desc')).toEqual([
      'kilo boots',
      'hotel boots',
      'delta boots',
      'bravo boots',
      'charlie boots',
      'golf boots',
      'alpha boots',
      'india boots',
      'foxtrot boots',
      'echo boots',
    ]);
  });

  const sorts: AnalysisSortColumn[] = [
    'keyword',
    'avg_monthly_searches',
    'competition',
    'competition_index',
    'cpc_low',
    'cpc_high',
    'created_at',
  ];
  it.each(sorts.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'sorts by %s %s across pages, the figure missing last',
    async (sort, order) => {
      expect(await allPages(project.id, `sort=${sort}&order=${order}`)).toEqual(expectedOrder(sort, order));
    },
  );

  it.each([
    ['search=BOOTS', names],
    ['search=BOOTSX', []],
    ['search=ALPHA', ['alpha boots']],
    ['search=o%20b', ['bravo boots', 'echo boots', 'kilo boots']],
    ['competition=High', ['bravo boots', 'delta boots', 'hotel boots', 'kilo boots']],
    ['competition=Low,Medium', ['alpha boots', 'charlie boots', 'golf boots']],
    ['competition=Medium,Medium', ['charlie boots']],
    ['minVolume=1000', ['alpha boots', 'bravo boots', 'charlie boots', 'hotel boots', 'kilo boots']],
    ['maxVolume=1000', ['alpha boots', 'charlie boots', 'golf boots']],
    ['minVolume=1000&maxVolume=1000', ['alpha boots', 'charlie boots']],
    // Any figure filter leaves out keywords without that figure.
    ['minVolume=0', ['alpha boots', 'bravo boots', 'charlie boots', 'golf boots', 'hotel boots', 'kilo boots']],
    // SPEC's overlap rule: a range is kept when it reaches into the bounds, its ends included.
    ['minCpc=1.5', ['alpha boots', 'bravo boots', 'charlie boots', 'hotel boots', 'kilo boots']],
    ['maxCpc=1', ['alpha boots', 'charlie boots', 'golf boots']],
    ['minCpc=1.5&maxCpc=1.9', ['alpha boots', 'charlie boots']],
    ['minCpc=4.01', ['hotel boots']],
    ['minCpc=0', ['alpha boots', 'bravo boots', 'charlie boots', 'golf boots', 'hotel boots', 'kilo boots']],
    ['maxCpc=0.09', []],
    ['competition=Low&minVolume=500&maxCpc=1', ['alpha boots']],
    ['search=o&competition=High&minVolume=5000&minCpc=4', ['bravo boots', 'hotel boots', 'kilo boots']],
    ['search=kilo&competition=Low', []],
  ])('filters %s in the database', async (query, expected) => {
    const body = await page(project.id, `${query}&sort=keyword&order=asc`);
    expect(body.data.map((row) => row.keyword)).toEqual(expected);
    expect(body.pagination.totalCount).toBe(expected.length);
    // The project's counts stay the project's.
    expect(body).toMatchObject({ projectKeywordCount: 10, withoutFigures: 2 });
  });

  it('pages a filtered set with its own totals', async () => {
    const body = await page(project.id, 'minCpc=1&pageSize=2&page=2&sort=cpc_high&order=desc');
    // hotel at $5.00, kilo and bravo at $4.00 (the keyword breaks the tie), charlie $2.00, alpha $1.50.
    expect(body.data.map((row) => row.keyword)).toEqual(['bravo boots', 'charlie boots']);
    expect(body.pagination).toEqual({
      page: 2,
      pageSize: 2,
      totalCount: 5,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: true,
    });
    expect((await page(project.id, 'minCpc=1&pageSize=2&page=4')).data).toEqual([]);
    // delta is High with no searches: inside the filter, after those with searches.
    const high = await allPages(project.id, 'competition=High&sort=avg_monthly_searches&order=desc');
    expect(high).toEqual(['hotel boots', 'kilo boots', 'bravo boots', 'delta boots']);
  });

  it('takes % and _ in a search literally', async () => {
    const other = await buildProject(ctx, { owner: world.owner });
    for (const keyword of ['100% leather', '100 leather', 'full_grain', 'full grain']) {
      await buildKeyword(ctx, { as: world.owner, projectId: other.id, keyword });
    }
    const search = async (text: string) =>
      (await page(other.id, `search=${encodeURIComponent(text)}&sort=keyword&order=asc`)).data.map(
        (row) => row.keyword,
      );
    expect(await search('100%')).toEqual(['100% leather']);
    expect(await search('l_g')).toEqual(['full_grain']);
    expect(await search('_')).toEqual(['full_grain']);
  });

  it.each([
    ['minVolume=10&maxVolume=5', 'minVolume', messages.minVolumeAboveMax],
    ['minCpc=3&maxCpc=1', 'minCpc', messages.minCpcAboveMax],
  ])('answers 400 for %s with the message, on the page and the export', async (query, field, message) => {
    for (const url of [analysisUrl(project.id, query), `${analysisUrl(project.id)}/export?${query}`]) {
      const response = await request(ctx, world.owner, { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual(validationError(`querystring.${field}`, message));
    }
  });

  it.each([
    'competition=Highest',
    'minVolume=-1',
    'maxVolume=1.5',
    'maxCpc=1000000.01',
    'sort=difficulty',
    'order=up',
    'page=0',
    'pageSize=101',
    `search=${'x'.repeat(201)}`,
  ])('refuses %s with 400', async (query) => {
    const response = await request(ctx, world.owner, { method: 'GET', url: analysisUrl(project.id, query) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });

  it('follows figures stored since: the counts are not kept past a change', async () => {
    const fresh = await buildProject(ctx, { owner: world.owner, city: 'Boulder' });
    await buildKeyword(ctx, { as: world.owner, projectId: fresh.id, keyword: 'trail boots' });
    const before = await page(fresh.id, 'minVolume=100');
    expect(before).toMatchObject({ withoutFigures: 1, pagination: { totalCount: 0 }, data: [] });
    await storeFigures(fresh, { 'trail boots': { volume: 700, competition: 'Low', index: 3, low: 1, high: 2 } });
    const after = await page(fresh.id, 'minVolume=100');
    expect(after).toMatchObject({ withoutFigures: 0, pagination: { totalCount: 1 } });
    await buildKeyword(ctx, { as: world.owner, projectId: fresh.id, keyword: 'hiking boots' });
    expect(await page(fresh.id)).toMatchObject({ projectKeywordCount: 2, withoutFigures: 1 });
  });

  describe('as CSV', () => {
    it('has the SPEC columns, dollars with 2 decimals, N/A for what is missing, in the order asked', async () => {
      const response = await exportCsv(project.id, 'sort=avg_monthly_searches&order=desc');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const today = new Date().toISOString().slice(0, 10);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Boots_Co_analysis_${today}.csv"`);
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csvLinesOf(response.body);
      // SPEC's columns, the bids named with the project's currency, and where each row's figures come from.
      expect(lines[0]).toBe(csvHeader);
      expect(lines[0]).toBe(
        'Keyword,Avg. Monthly Searches,Competition,Competition Index,Low CPC (USD),High CPC (USD),Source,Intent',
      );
      expect(lines.slice(1)).toEqual([
        'hotel boots,9000,High,95,$3.00,$5.00,Keyword Planner file,Commercial',
        'kilo boots,5000,High,90,$2.00,$4.00,Estimate,Commercial',
        'bravo boots,5000,High,90,$2.00,$4.00,Estimate,Commercial',
        'charlie boots,1000,Medium,50,$1.00,$2.00,Estimate,Commercial',
        'alpha boots,1000,Low,20,$0.50,$1.50,Estimate,Commercial',
        'golf boots,200,Low,10,$0.10,$0.30,Estimate,Commercial',
        'india boots,N/A,N/A,N/A,N/A,N/A,,Commercial',
        'foxtrot boots,N/A,N/A,N/A,N/A,N/A,,Commercial',
        'echo boots,N/A,N/A,N/A,N/A,N/A,,Commercial',
        'delta boots,N/A,High,70,N/A,N/A,Estimate,Commercial',
      ]);
    });

    it('holds only the filtered keywords, in the order asked, those without the figure last', async () => {
      const response = await exportCsv(project.id, 'competition=High&sort=cpc_low&order=asc');
      expect(
        csvLinesOf(response.body)
          .slice(1)
          .map((line) => line.split(',')[0]),
      ).toEqual(['bravo boots', 'kilo boots', 'hotel boots', 'delta boots']);
    });

    it('keeps spreadsheet formulas inert', async () => {
      const other = await buildProject(ctx, { owner: world.owner, name: '=Evil' });
      await buildKeyword(ctx, { as: world.owner, projectId: other.id, keyword: '=HYPERLINK("http://x")' });
      await buildKeyword(ctx, { as: world.owner, projectId: other.id, keyword: '@home, sweet' });
      const response = await exportCsv(other.id, 'sort=keyword&order=asc');
      expect(response.headers['content-disposition']).toContain('filename="Evil_analysis_');
      expect(csvLinesOf(response.body).slice(1)).toEqual([
        '"\'=HYPERLINK(""http://x"")",N/A,N/A,N/A,N/A,N/A,,Informational',
        '"\'@home, sweet",N/A,N/A,N/A,N/A,N/A,,Informational',
      ]);
    });

    it('is just the header for a project without keywords', async () => {
      const empty = await buildProject(ctx, { owner: world.owner });
      expect((await exportCsv(empty.id)).body).toBe(`\ufeff${csvHeader}\r\n`);
    });
  });
});

describe('the analysis page by search intent', () => {
  // Each keyword's intents (null: not read yet) and its figures (null: none cached).
  const keywords: Record<string, { intent: SearchIntent[] | null; figures: Figures | null }> = {
    'best trail shoes': {
      intent: ['commercial'],
      figures: { volume: 5000, competition: 'Medium', index: 50, low: 0.5, high: 2 },
    },
    'buy trail shoes': {
      intent: ['transactional'],
      figures: { volume: 3000, competition: 'High', index: 80, low: 1, high: 3 },
    },
    'trail shoes reviews': {
      intent: ['commercial', 'transactional'],
      figures: { volume: 800, competition: 'Low', index: 20, low: 0.2, high: 0.9 },
    },
    'how to lace trail shoes': {
      intent: ['informational'],
      figures: { volume: 1200, competition: 'Low', index: 10, low: 0.1, high: 0.4 },
    },
    'salomon trail shoes': { intent: ['navigational'], figures: null },
    'cheap trail shoes': { intent: ['transactional'], figures: null },
    'trail shoes guide': {
      intent: null,
      figures: { volume: 400, competition: 'Low', index: 5, low: 0.1, high: 0.3 },
    },
  };

  let project: Project;
  beforeAll(async () => {
    project = await buildProject(ctx, { owner: world.owner, name: 'Trail Co', city: 'Moab' });
    for (const keyword of Object.keys(keywords))
      await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword });
    // Set here rather than read by the rules, so each case is plain; before any page is read.
    for (const [keyword, { intent }] of Object.entries(keywords)) {
      await ctx.database.pool.query('update keywords set intent = $3 where project_id = $1 and keyword = $2', [
        project.id,
        keyword,
        intent,
      ]);
    }
    const stored = Object.entries(keywords).flatMap(([keyword, { figures }]) => (figures ? [[keyword, figures]] : []));
    await storeFigures(project, Object.fromEntries(stored));
  });

  it('answers each row with its intents, none for a keyword not read yet', async () => {
    const body = await page(project.id, 'sort=keyword&order=asc');
    expect(Object.fromEntries(body.data.map((row) => [row.keyword, row.intent]))).toEqual(
      Object.fromEntries(Object.entries(keywords).map(([keyword, { intent }]) => [keyword, intent ?? []])),
    );
  });

  it.each([
    ['intent=commercial', ['best trail shoes', 'trail shoes reviews']],
    ['intent=transactional', ['buy trail shoes', 'cheap trail shoes', 'trail shoes reviews']],
    [
      'intent=transactional,commercial',
      ['best trail shoes', 'buy trail shoes', 'cheap trail shoes', 'trail shoes reviews'],
    ],
    ['intent=navigational,navigational', ['salomon trail shoes']],
    ['intent=informational', ['how to lace trail shoes']],
    // Every intent: the keyword not read yet carries none of them.
    [
      'intent=informational,navigational,commercial,transactional',
      [
        'best trail shoes',
        'buy trail shoes',
        'cheap trail shoes',
        'how to lace trail shoes',
        'salomon trail shoes',
        'trail shoes reviews',
      ],
    ],
    ['intent=', Object.keys(keywords).sort()],
    // With the other filters: each holds.
    ['intent=transactional&search=buy', ['buy trail shoes']],
    ['intent=informational&search=buy', []],
    ['intent=commercial,transactional&competition=Low,Medium', ['best trail shoes', 'trail shoes reviews']],
    ['intent=transactional&minVolume=1000', ['buy trail shoes']],
    ['intent=commercial,transactional&maxCpc=1', ['best trail shoes', 'buy trail shoes', 'trail shoes reviews']],
    ['intent=navigational&minVolume=0', []],
  ])('filters %s in the database, the count with it', async (query, expected) => {
    const body = await page(project.id, `${query}&sort=keyword&order=asc`);
    expect(body.data.map((row) => row.keyword)).toEqual(expected);
    expect(body.pagination.totalCount).toBe(expected.length);
    expect(body).toMatchObject({ projectKeywordCount: 7, withoutFigures: 2 });
  });

  it('pages the keywords of some intents by a figure, those without it last, with their own totals', async () => {
    const query = 'intent=commercial,transactional&sort=avg_monthly_searches&order=desc';
    expect(await allPages(project.id, query)).toEqual([
      'best trail shoes',
      'buy trail shoes',
      'trail shoes reviews',
      'cheap trail shoes',
    ]);
    const second = await page(project.id, `${query}&pageSize=3&page=2`);
    expect(second.data.map((row) => [row.keyword, row.intent])).toEqual([['cheap trail shoes', ['transactional']]]);
    expect(second.pagination).toMatchObject({ totalCount: 4, totalPages: 2, hasNextPage: false, hasPrevPage: true });
    // The intents in another order are the same filter.
    const reordered = await page(project.id, 'intent=transactional,commercial&sort=cpc_high&order=asc&minCpc=0');
    expect(reordered.data.map((row) => row.keyword)).toEqual([
      'trail shoes reviews',
      'best trail shoes',
      'buy trail shoes',
    ]);
  });

  it('exports only the keywords of the intents asked for, with the other filters and the order', async () => {
    const response = await exportCsv(
      project.id,
      'intent=transactional,commercial&minVolume=500&sort=cpc_high&order=desc',
    );
    expect(response.statusCode).toBe(200);
    expect(csvLinesOf(response.body).slice(1)).toEqual([
      'buy trail shoes,3000,High,80,$1.00,$3.00,Estimate,Transactional',
      'best trail shoes,5000,Medium,50,$0.50,$2.00,Estimate,Commercial',
      'trail shoes reviews,800,Low,20,$0.20,$0.90,Estimate,Commercial; Transactional',
    ]);
    const navigational = await exportCsv(project.id, 'intent=navigational&sort=keyword&order=asc');
    expect(csvLinesOf(navigational.body).slice(1)).toEqual(['salomon trail shoes,N/A,N/A,N/A,N/A,N/A,,Navigational']);
  });

  it.each(['intent=shopping', 'intent=commercial,Commercial'])(
    'refuses %s with 400, on the page and the export',
    async (query) => {
      for (const url of [analysisUrl(project.id, query), `${analysisUrl(project.id)}/export?${query}`]) {
        const response = await request(ctx, world.owner, { method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.code).toBe('validation_error');
      }
    },
  );
});

describe('a project of thousands of keywords', () => {
  let project: Project;
  // Past the size a set is put in order at once: pages of the whole project read the cache's indexes in order.
  const KEYWORDS = 12_000;
  beforeAll(async () => {
    project = await buildProject(ctx, { owner: world.owner, city: 'Bigtown' });
    await insertKeywords(ctx, project.id, KEYWORDS);
    const scope = metricsScope('estimate', project);
    // Two keywords in three have figures, with many ties (a searches of 0 is a figure, not a missing one).
    await ctx.database.pool.query(
      `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
         competition_index, low_bid_micros, high_bid_micros)
       select 'estimate', $1, $2, 'term ' || g, (g % 7) * 10, (array['Low', 'Medium', 'High'])[1 + g % 3],
         g % 100, (g % 11) * 100000, (g % 11) * 100000 + (g % 5) * 100000
       from generate_series(1, $3::int) g where g % 3 <> 0`,
      [scope.geo, scope.language, KEYWORDS],
    );
    await ctx.database.pool.query(`select nextval('keyword_metrics_version')`);
    // Intents by the term's number: a twelfth not read yet, the rest mostly informational.
    await ctx.database.pool.query(
      `update keywords set intent = case substring(keyword from 6)::int % 12
         when 0 then null when 1 then array['navigational'] when 2 then array['commercial', 'transactional']
         when 3 then array['transactional'] when 4 then array['informational', 'commercial']
         when 5 then array['informational', 'commercial'] else array['informational'] end
       where project_id = $1`,
      [project.id],
    );
    // As the metrics store does after a big load: on statistics of nearly empty tables PostgreSQL
    // takes every join for a row or two and loops over whole tables.
    await ctx.database.pool.query('analyze keywords, keyword_metrics');
  });

  const orderBy: Record<AnalysisSortColumn, string> = {
    keyword: 'k.normalized',
    avg_monthly_searches: 'm.avg_monthly_searches',
    competition: `case m.competition when 'Low' then 1 when 'Medium' then 2 when 'High' then 3 end`,
    competition_index: 'm.competition_index',
    cpc_low: 'm.low_bid_micros',
    cpc_high: 'm.high_bid_micros',
    created_at: 'k.created_at',
  };

  /** The same order the plain way, straight from the database: a sort and a filter on the whole join. */
  async function expected(
    sort: AnalysisSortColumn,
    order: 'asc' | 'desc',
    where = 'true',
    window = '',
  ): Promise<string[]> {
    const scope = metricsScope('estimate', project);
    const tiebreak = sort === 'created_at' ? `k.id ${order}` : `k.normalized ${order}`;
    const { rows } = await ctx.database.pool.query<{ keyword: string }>(
      `select k.keyword from keywords k
       left join keyword_metrics m on m.provider = 'estimate' and m.geo = $2 and m.language = $3 and m.keyword = k.normalized
       where k.project_id = $1 and ${where}
       order by ${orderBy[sort]} ${order} nulls last, ${tiebreak} ${window}`,
      [project.id, scope.geo, scope.language],
    );
    return rows.map((row) => row.keyword);
  }

  async function exportedKeywords(query: string): Promise<string[]> {
    const response = await exportCsv(project.id, query);
    expect(response.statusCode).toBe(200);
    return csvLinesOf(response.body)
      .slice(1)
      .map((line) => line.split(',')[0]!);
  }

  it.each([
    ['avg_monthly_searches', 'desc'],
    ['avg_monthly_searches', 'asc'],
    ['competition', 'asc'],
    ['cpc_high', 'desc'],
    ['keyword', 'desc'],
    ['created_at', 'asc'],
  ] as const)('exports every keyword sorted by %s %s, across batches', async (sort, order) => {
    const keywords = await exportedKeywords(`sort=${sort}&order=${order}`);
    expect(keywords).toHaveLength(KEYWORDS);
    expect(keywords).toEqual(await expected(sort, order));
  });

  it('exports a set of some intents, filtered, in order', async () => {
    expect(await exportedKeywords('intent=navigational,transactional&competition=Low&sort=cpc_low&order=asc')).toEqual(
      await expected('cpc_low', 'asc', `k.intent && array['navigational', 'transactional'] and m.competition = 'Low'`),
    );
  });

  it('exports a filtered and searched set in order', async () => {
    expect(await exportedKeywords('search=term%201&competition=High,Low&minVolume=20&sort=cpc_low&order=asc')).toEqual(
      await expected(
        'cpc_low',
        'asc',
        `k.normalized like '%term 1%' and m.competition in ('High', 'Low') and m.avg_monthly_searches >= 20`,
      ),
    );
  });

  const highFromTwenty = `m.competition = 'High' and m.avg_monthly_searches >= 20`;
  const informationalOrNavigational = `k.intent && array['informational', 'navigational']`;
  const anyIntent = `k.intent && array['informational', 'navigational', 'commercial', 'transactional']`;
  it.each([
    // The last page of keywords with searches, the first without, one across both, and deep pages of each.
    ['sort=avg_monthly_searches&order=desc', 400, 'true'],
    ['sort=avg_monthly_searches&order=desc', 401, 'true'],
    ['sort=avg_monthly_searches&order=desc&pageSize=7', 1143, 'true'],
    ['sort=avg_monthly_searches&order=asc', 100, 'true'],
    ['sort=cpc_low&order=asc', 580, 'true'],
    ['sort=keyword&order=asc', 500, 'true'],
    ['sort=created_at&order=desc', 480, 'true'],
    // A set small enough to be put in order once, and paged from that.
    ['competition=High&minVolume=20&sort=cpc_low&order=asc', 1, highFromTwenty],
    ['competition=High&minVolume=20&sort=cpc_low&order=asc', 90, highFromTwenty],
    // Intents: few keywords (looked up first), a set put in order once, and most of the project.
    ['intent=navigational&sort=cpc_low&order=asc', 1, `k.intent && array['navigational']`],
    ['intent=navigational&sort=cpc_low&order=asc', 40, `k.intent && array['navigational']`],
    ['intent=informational,navigational&sort=avg_monthly_searches&order=desc', 300, informationalOrNavigational],
    ['intent=informational,navigational&sort=keyword&order=desc', 77, informationalOrNavigational],
    [
      'intent=informational,navigational,commercial,transactional&sort=avg_monthly_searches&order=desc&pageSize=30',
      267,
      anyIntent,
    ],
    ['intent=informational,navigational,commercial,transactional&sort=avg_monthly_searches&order=desc', 500, anyIntent],
    ['intent=informational,navigational,commercial,transactional&sort=created_at&order=asc', 200, anyIntent],
    // With a figure filter and a sort.
    [
      'intent=commercial&competition=High&minVolume=20&sort=cpc_high&order=desc',
      3,
      `k.intent && array['commercial'] and ${highFromTwenty}`,
    ],
  ])('pages %s: page %i as the plain query has it', async (query, number, where) => {
    const params = new URLSearchParams(query);
    const pageSize = Number(params.get('pageSize') ?? 20);
    const body = await page(project.id, `${query}&page=${number}`);
    const all = await expected(params.get('sort') as AnalysisSortColumn, params.get('order') as 'asc' | 'desc', where);
    expect(body.pagination.totalCount).toBe(all.length);
    expect(body.data.map((row) => row.keyword)).toEqual(all.slice((number - 1) * pageSize, number * pageSize));
  });

  it.each([
    // Few matches: looked up first; more: the matching set put in order; most: the cache's order read.
    ['term 11', 1_111],
    ['term 1', 3_112],
    ['term', KEYWORDS],
  ])('searches %j and sorts the matches by a figure', async (search, matches) => {
    const query = `search=${encodeURIComponent(search)}&sort=avg_monthly_searches&order=desc`;
    for (const number of [1, 40]) {
      const body = await page(project.id, `${query}&page=${number}`);
      expect(body.pagination.totalCount).toBe(matches);
      expect(body.data.map((row) => row.keyword)).toEqual(
        await expected(
          'avg_monthly_searches',
          'desc',
          `k.normalized like '%${search}%'`,
          `limit 20 offset ${(number - 1) * 20}`,
        ),
      );
    }
  });
});

describe('POST /api/projects/:projectId/keywords/delete', () => {
  function deleteKeywords(projectId: number, keywordIds: number[], as: TestUser = world.owner) {
    return request(ctx, as, {
      method: 'POST',
      url: buildPath(endpoints.deleteProjectKeywords.path, { projectId }),
      payload: { keywordIds },
    });
  }

  async function keywordsCount(projectId: number): Promise<number> {
    const response = await request(ctx, world.owner, { method: 'GET', url: `/api/projects/${projectId}` });
    return response.json<Project>().keywords_count;
  }

  async function readList(listId: number): Promise<KeywordListDetail> {
    const response = await request(ctx, world.owner, { method: 'GET', url: `/api/keyword-lists/${listId}` });
    return response.json();
  }

  it('deletes them at once for a team member: counts, pages and lists follow', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    const [first, second, kept] = [
      await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'wool socks' }),
      await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'silk socks' }),
      await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'cotton socks' }),
    ];
    const list = await buildKeywordList(ctx, {
      owner: world.owner,
      projectId: project.id,
      keywordIds: [first.id, kept.id],
    });
    const versionBefore = await ctx.database.pool.query('select keywords_version from projects where id = $1', [
      project.id,
    ]);

    const response = await deleteKeywords(project.id, [first.id, second.id, first.id], world.member);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });

    expect(await keywordsCount(project.id)).toBe(1);
    const versionAfter = await ctx.database.pool.query('select keywords_version from projects where id = $1', [
      project.id,
    ]);
    expect(Number(versionAfter.rows[0].keywords_version)).toBeGreaterThan(
      Number(versionBefore.rows[0].keywords_version),
    );
    expect((await page(project.id)).data.map((row) => row.keyword)).toEqual(['cotton socks']);
    expect(await readList(list.id)).toMatchObject({ count: 1, keywords: [{ id: kept.id }] });
    const lists = await request(ctx, world.owner, { method: 'GET', url: '/api/keyword-lists' });
    expect(lists.json<KeywordList[]>().find((row) => row.id === list.id)).toMatchObject({ count: 1 });
  });

  it('deletes nothing and answers 404 when one id is not a keyword of the project', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    const own = await buildKeyword(ctx, { as: world.owner, projectId: project.id });
    const elsewhere = await buildKeyword(ctx, { as: world.owner });
    const strangers = await buildKeyword(ctx, { as: world.stranger });
    const before = await dataSnapshot(ctx);
    for (const foreign of [elsewhere.id, strangers.id, 999_999_999]) {
      const response = await deleteKeywords(project.id, [own.id, foreign]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('not_found', messages.notFound));
    }
    // A stranger may not delete from the project at all.
    expect((await deleteKeywords(project.id, [own.id], world.stranger)).statusCode).toBe(404);
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it.each([
    ['no ids', { keywordIds: [] }, messages.keywordIdsRequired],
    ['a body without ids', {}, messages.keywordIdsRequired],
    ['1,001 ids', { keywordIds: Array.from({ length: 1001 }, (_, i) => i + 1) }, messages.tooManyKeywordIds],
  ])('refuses %s with 400', async (_name, payload, message) => {
    const response = await request(ctx, world.owner, {
      method: 'POST',
      url: buildPath(endpoints.deleteProjectKeywords.path, { projectId: world.project.id }),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('body.keywordIds', message));
  });
});

describe('POST /api/keyword-lists/:id/keywords', () => {
  function addKeywords(listId: number, keywordIds: number[], as: TestUser = world.owner) {
    return request(ctx, as, {
      method: 'POST',
      url: buildPath(endpoints.addKeywordListKeywords.path, { id: listId }),
      payload: { keywordIds },
    });
  }

  async function listKeywordIds(listId: number): Promise<number[]> {
    const response = await request(ctx, world.owner, { method: 'GET', url: `/api/keyword-lists/${listId}` });
    return response
      .json<KeywordListDetail>()
      .keywords.map((item) => item.id)
      .sort((a, b) => a - b);
  }

  it('adds them at once for a team member, counting those already in the list', async () => {
    const project = await buildProject(ctx, { owner: world.owner });
    const keywords = [];
    for (const keyword of ['red mugs', 'blue mugs', 'green mugs']) {
      keywords.push(await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword }));
    }
    const [red, blue, green] = keywords.map((keyword) => keyword.id) as [number, number, number];
    const list = await buildKeywordList(ctx, { owner: world.owner, projectId: project.id, keywordIds: [red] });

    const response = await addKeywords(list.id, [red, blue, green, blue], world.member);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ added: 2, alreadyInList: 1 });
    expect(await listKeywordIds(list.id)).toEqual([red, blue, green].sort((a, b) => a - b));
    const again = await addKeywords(list.id, [green, red]);
    expect(again.json()).toEqual({ added: 0, alreadyInList: 2 });
    const lists = await request(ctx, world.owner, { method: 'GET', url: '/api/keyword-lists' });
    expect(lists.json<KeywordList[]>().find((row) => row.id === list.id)).toMatchObject({ count: 3 });
  });

  it('takes keywords of another project the caller may read, as adding one at a time does', async () => {
    const list = await buildKeywordList(ctx, { owner: world.owner, projectId: world.project.id });
    const elsewhere = await buildKeyword(ctx, { as: world.owner });
    const response = await addKeywords(list.id, [world.keyword.id, elsewhere.id]);
    expect(response.json()).toEqual({ added: 2, alreadyInList: 0 });
  });

  it('adds nothing and answers 404 for a keyword the caller may not read, or a list they may not change', async () => {
    const own = await buildKeyword(ctx, { as: world.owner, projectId: world.project.id, keyword: 'own mug' });
    const list = await buildKeywordList(ctx, { owner: world.owner, projectId: world.project.id });
    const strangers = await buildKeyword(ctx, { as: world.stranger });
    const strangersList = await buildKeywordList(ctx, { owner: world.stranger });
    const before = await dataSnapshot(ctx);
    for (const [listId, keywordIds, as] of [
      [list.id, [own.id, strangers.id], world.owner],
      [list.id, [own.id, 999_999_999], world.owner],
      [strangersList.id, [own.id], world.owner],
      [list.id, [strangers.id], world.stranger],
    ] as const) {
      const response = await addKeywords(listId, [...keywordIds], as);
      expect(response.statusCode, JSON.stringify(keywordIds)).toBe(404);
      expect(response.json()).toEqual(errorBody('not_found', messages.notFound));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});

describe('with metrics turned off', () => {
  let offCtx: TestContext;
  beforeAll(async () => {
    offCtx = await createTestContext({ env: { METRICS_PROVIDER: 'none' } });
  });
  afterAll(() => offCtx.close());

  it('lists the keywords without figures, keeps none inside a figure filter, and exports N/A', async () => {
    const owner = await buildUser(offCtx);
    const project = await buildProject(offCtx, { owner });
    for (const keyword of ['beta', 'alpha']) await buildKeyword(offCtx, { as: owner, projectId: project.id, keyword });
    const read = async (query: string) => {
      const response = await request(offCtx, owner, { method: 'GET', url: analysisUrl(project.id, query) });
      expect(response.statusCode).toBe(200);
      return response.json<AnalysisPage>();
    };
    const sorted = await read('sort=avg_monthly_searches&order=asc');
    expect(sorted).toMatchObject({ source: null, projectKeywordCount: 2, withoutFigures: 2 });
    expect(sorted.data.map((row) => [row.keyword, row.metrics])).toEqual([
      ['alpha', null],
      ['beta', null],
    ]);
    expect(await read('minCpc=0')).toMatchObject({ data: [], pagination: { totalCount: 0 } });
    const csv = await request(offCtx, owner, {
      method: 'GET',
      url: `${buildPath(endpoints.exportAnalysis.path, { projectId: project.id })}?sort=keyword&order=desc`,
    });
    expect(csv.body).toBe(
      `\ufeff${csvHeader}\r\nbeta,N/A,N/A,N/A,N/A,N/A,,Informational\r\nalpha,N/A,N/A,N/A,N/A,N/A,,Informational\r\n`,
    );
  });
});
