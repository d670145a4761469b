import { buildPath, endpoints, type AnalysisPage, type AnalysisSortColumn, type Project } from '@keywright/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { request } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import { metricsScope } from '../../queries/figures';

const ctx = useTestContext();
// Past the size a set is put in order at once, so deep pages resume from kept keys (analysis-anchors.ts).
const KEYWORDS = 12_000;
let owner: TestUser;
let project: Project;

/** Figures for `term g` of `first..last`: two in three, with many ties, as the estimate would store them. */
async function storeFigures(first: number, last: number, prefix = 'term '): Promise<void> {
  const scope = metricsScope('estimate', project);
  await ctx.database.pool.query(
    `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
       competition_index, low_bid_micros, high_bid_micros)
     select 'estimate', $1, $2, $5 || g, (g % 7) * 10, (array['Low', 'Medium', 'High'])[1 + g % 3],
       g % 100, (g % 11) * 100000, (g % 11) * 100000 + (g % 5) * 100000
     from generate_series($3::int, $4::int) g where g % 3 <> 0
     on conflict do nothing`,
    [scope.geo, scope.language, first, last, prefix],
  );
  await ctx.database.pool.query(`select nextval('keyword_metrics_version')`);
}

beforeAll(async () => {
  owner = await buildUser(ctx);
  project = await buildProject(ctx, { owner, city: 'Deeptown' });
  await insertKeywords(ctx, project.id, KEYWORDS);
  await storeFigures(1, KEYWORDS);
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
const sorts = Object.keys(orderBy) as AnalysisSortColumn[];

/** The page the plain way: the whole join sorted, then an OFFSET. */
async function expected(sort: AnalysisSortColumn, order: 'asc' | 'desc', offset: number, limit: number) {
  const scope = metricsScope('estimate', project);
  const tiebreak = sort === 'created_at' ? `k.id ${order}` : `k.normalized ${order}`;
  const { rows } = await ctx.database.pool.query<{ keyword: string }>(
    `select k.keyword from keywords k
     left join keyword_metrics m on m.provider = 'estimate' and m.geo = $2 and m.language = $3 and m.keyword = k.normalized
     where k.project_id = $1
     order by ${orderBy[sort]} ${order} nulls last, ${tiebreak} limit $4 offset $5`,
    [project.id, scope.geo, scope.language, limit, offset],
  );
  return rows.map((row) => row.keyword);
}

async function pageOf(sort: AnalysisSortColumn, order: 'asc' | 'desc', number: number, pageSize: number) {
  const url = `${buildPath(endpoints.analysisPage.path, { projectId: project.id })}?sort=${sort}&order=${order}&page=${number}&pageSize=${pageSize}`;
  const response = await request(ctx, owner, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AnalysisPage).data.map((row) => row.keyword);
}

/** Deep pages: on a kept key, just past one, across the keywords with the figure into those without, and the last. */
const windows = [
  [51, 20],
  [78, 13],
  [267, 30],
  [401, 20],
  [596, 20],
] as const;

describe('deep pages of a large project on the analysis page', () => {
  it.each(sorts.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'by %s %s are the rows an OFFSET gives',
    async (sort, order) => {
      for (const [number, pageSize] of windows) {
        const offset = (number - 1) * pageSize;
        expect(await pageOf(sort, order, number, pageSize)).toEqual(await expected(sort, order, offset, pageSize));
      }
    },
  );

  it('follows keywords and figures added and deleted between two pages', async () => {
    const sort = 'cpc_high';
    const read = async () => {
      for (const [number, pageSize] of windows)
        expect(await pageOf(sort, 'desc', number, pageSize)).toEqual(
          await expected(sort, 'desc', (number - 1) * pageSize, pageSize),
        );
    };
    await read();
    // Keywords deleted from the middle of the figured ones and of the rest, then new ones with figures.
    await ctx.database.pool.query(
      `delete from keywords where project_id = $1 and keyword in (select 'term ' || g from generate_series(4000, 4400) g)`,
      [project.id],
    );
    await read();
    await ctx.database.pool.query(
      `insert into keywords (project_id, keyword, normalized, source)
       select $1, 'added ' || g, 'added ' || g, 'manual' from generate_series(1, 600) g`,
      [project.id],
    );
    await read();
    await storeFigures(1, 600, 'added ');
    await read();
  });
});
