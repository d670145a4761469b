import {
  buildPath,
  endpoints,
  messages,
  type ClustersAnswer,
  type ClustersPending,
  type KeywordCluster,
  type KeywordList,
  type KeywordPage,
  type SaveClustersAsListsAnswer,
} from '@keywright/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildKeywordList } from '../../../test/factories/keyword-lists';
import { buildKeyword, insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildSharedProject } from '../../../test/factories/team';
import type { TestUser } from '../../../test/factories/users';
import { errorBody, request, validationError } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import { defaultClusterTimings } from './clusters.service';

/** Projects above this many keywords are grouped by a background job here. */
const INLINE_LIMIT = 40;

const ctx = useTestContext({ app: { clusterTimings: { ...defaultClusterTimings, inlineLimit: INLINE_LIMIT } } });

const url = (name: keyof typeof endpoints, params: Record<string, number> = {}) =>
  buildPath(endpoints[name].path, params);
const send = (as: TestUser | null, options: InjectOptions) => request(ctx, as, options);

const readClusters = (as: TestUser | null, projectId: number, tightness = 'balanced') =>
  send(as, { method: 'GET', url: `${url('projectClusters', { projectId })}?tightness=${tightness}` });
const post = (as: TestUser | null, name: keyof typeof endpoints, projectId: number, payload: object) =>
  send(as, { method: 'POST', url: url(name, { projectId }), payload });
const rename = (as: TestUser | null, projectId: number, clusterId: number, name: string) =>
  send(as, { method: 'PUT', url: url('renameCluster', { projectId, clusterId }), payload: { name } });

async function groups(as: TestUser, projectId: number, tightness = 'balanced'): Promise<ClustersAnswer> {
  const response = await readClusters(as, projectId, tightness);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Groups as name -> keywords, for reading. */
const byName = (answer: ClustersAnswer) =>
  new Map(answer.clusters.map((cluster) => [cluster.name, cluster.keywords.map((keyword) => keyword.keyword).sort()]));
const groupOf = (answer: ClustersAnswer, keyword: string) =>
  answer.clusters.find((cluster) => cluster.keywords.some((each) => each.keyword === keyword))!;

const dental = {
  name: 'Bright Smile Dental',
  description: 'Family dentist: teeth whitening, implants and emergency care',
  country: 'United States',
  city: 'Denver',
  language: 'English',
};
const dentalKeywords = [
  'teeth whitening',
  'teeth whitening near me',
  'teeth whitening price',
  'teeth whitening denver',
  'best teeth whitening',
  'professional teeth whitening',
  'teeth whitening cost',
  'dental implants',
  'dental implants cost',
  'cheap dental implants',
  'how much do dental implants cost',
  'dental implants near me',
  'best dental implants denver',
  'emergency dentist',
  'emergency dentist near me',
  'emergency dentist denver',
  '24 hour emergency dentist',
  'emergency dentist open now',
  'aspen dental',
  'aspen dental reviews',
  'aspen dental near me',
  'invisalign',
  'invisalign cost',
  'invisalign near me',
  'invisalign for adults',
  'clear aligners vs invisalign',
];

/** A dental clinic's project with the keywords above, added through the API. */
async function dentalProject(owner: TestUser, keywords = dentalKeywords) {
  const project = await buildProject(ctx, { owner, ...dental });
  // Competitors come with keyword generation's form; set here without starting a run.
  await ctx.database.pool.query('update projects set competitors = $2 where id = $1', [project.id, 'Aspen Dental']);
  for (const keyword of keywords) await buildKeyword(ctx, { as: owner, projectId: project.id, keyword });
  return project;
}

async function keywordVersion(projectId: number): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ version: string }>(
    'select keywords_version as version from projects where id = $1',
    [projectId],
  );
  return Number(rows[0]!.version);
}

describe('GET /api/projects/:projectId/clusters', () => {
  it('groups a project’s keywords into named ad groups, each keyword in one group', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    const answer = await groups(world.owner, project.id);
    expect(answer).toMatchObject({ status: 'ready', tightness: 'balanced', version: await keywordVersion(project.id) });
    expect(byName(answer)).toEqual(
      new Map([
        ['teeth whitening', dentalKeywords.slice(0, 7).sort()],
        ['dental implants', dentalKeywords.slice(7, 13).sort()],
        ['emergency dentist', dentalKeywords.slice(13, 18).sort()],
        ['invisalign', dentalKeywords.slice(21, 26).sort()],
        ['aspen dental', dentalKeywords.slice(18, 21).sort()],
      ]),
    );
    // Largest first, then by name; ids are the groups' own.
    expect(answer.clusters.map((cluster) => cluster.keywordCount)).toEqual([7, 6, 5, 5, 3]);
    expect(new Set(answer.clusters.map((cluster) => cluster.id)).size).toBe(5);
    // A member of the owner's team reads the same groups.
    expect(await groups(world.member, project.id)).toEqual(answer);
  });

  it('sums each group’s figures from the cache and lists its keywords most searched first', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    // Fetch the figures, as Show CPC does, then read them as the keyword page shows them.
    const fetched = await post(world.owner, 'keywordMetrics', 0, { projectId: project.id, pageSize: 100 });
    expect(fetched.statusCode, fetched.body).toBe(200);
    const page = await send(world.owner, {
      method: 'GET',
      url: `${url('projectKeywordPage', { projectId: project.id })}?metrics=true&pageSize=100`,
    });
    const rows = page.json<KeywordPage>().data;
    const figures = new Map(rows.map((row) => [row.id, row.metrics!]));
    const answer = await groups(world.owner, project.id);
    for (const cluster of answer.clusters) {
      const mine = cluster.keywords.map((keyword) => figures.get(keyword.id)!);
      const volumes = mine.map((each) => each.avg_monthly_searches).filter((each) => each != null);
      expect(cluster.totalVolume, cluster.name).toBe(volumes.length ? volumes.reduce((a, b) => a + b, 0) : null);
      expect(cluster.cpcLow).toBe(Math.min(...mine.map((each) => each.cpc_low ?? Infinity)));
      expect(cluster.cpcHigh).toBe(Math.max(...mine.map((each) => each.cpc_high ?? -Infinity)));
      // The range is in the bids' own currency (one here: the provider's).
      expect(cluster).toMatchObject({ currency: mine[0]!.currency, mixedCurrencies: false });
      const searched = cluster.keywords.map((keyword) => keyword.avg_monthly_searches ?? -1);
      expect(searched).toEqual([...searched].sort((a, b) => b - a));
      for (const keyword of cluster.keywords) {
        const row = rows.find((each) => each.id === keyword.id)!;
        expect(keyword).toEqual({
          id: row.id,
          keyword: row.keyword,
          intent: row.intent,
          avg_monthly_searches: row.metrics!.avg_monthly_searches,
          competition: row.metrics!.competition,
          cpc_low: row.metrics!.cpc_low,
          cpc_high: row.metrics!.cpc_high,
          currency: row.metrics!.currency,
        });
      }
      const mix = { informational: 0, navigational: 0, commercial: 0, transactional: 0 };
      for (const keyword of cluster.keywords) for (const intent of keyword.intent) mix[intent] += 1;
      expect(cluster.intentMix).toEqual(mix);
    }
    const brand = answer.clusters.find((cluster) => cluster.name === 'aspen dental')!;
    expect(brand.intentMix.navigational).toBe(3);
  });

  it('answers an empty project with no groups, and finer groups as the tightness rises', async () => {
    const world = await buildSharedProject(ctx);
    const empty = await buildProject(ctx, { owner: world.owner });
    expect((await groups(world.owner, empty.id)).clusters).toEqual([]);
    const project = await dentalProject(world.owner);
    const counts = await Promise.all(
      ['loose', 'balanced', 'tight'].map(
        async (tightness) => (await groups(world.owner, project.id, tightness)).clusters.length,
      ),
    );
    expect(counts[0]).toBeLessThanOrEqual(counts[1]!);
    expect(counts[1]).toBeLessThan(counts[2]!);
  });

  it('changes only its own group when a keyword is added, and keeps the others’ ids', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    const before = await groups(world.owner, project.id);
    for (const keyword of ['teeth whitening kit', 'invisalign price', 'emergency dental care']) {
      await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword });
      const after = await groups(world.owner, project.id);
      const home = groupOf(after, keyword);
      const others = (answer: ClustersAnswer) =>
        answer.clusters
          .filter((cluster) => cluster.id !== home.id && !cluster.keywords.some((each) => each.keyword === keyword))
          .map((cluster) => ({ id: cluster.id, name: cluster.name, keywords: cluster.keywords }));
      const untouched = others(before).filter((cluster) => cluster.id !== home.id);
      expect(others(after), keyword).toEqual(untouched);
      expect(after.version).toBe(await keywordVersion(project.id));
      before.clusters = after.clusters;
    }
  });

  it('answers a page of the groups, largest first, and finds groups by their name or a keyword', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    const all = await groups(world.owner, project.id);
    const pageOf = async (query: string) => {
      const response = await send(world.owner, {
        method: 'GET',
        url: `${url('projectClusters', { projectId: project.id })}?${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ClustersAnswer>();
    };
    expect(all.pagination).toEqual({
      page: 1,
      pageSize: 50,
      totalCount: 5,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
    const pages = await Promise.all([1, 2, 3, 4].map((page) => pageOf(`pageSize=2&page=${page}`)));
    expect(pages.flatMap((page) => page.clusters)).toEqual(all.clusters);
    expect(pages.map((page) => page.clusters.length)).toEqual([2, 2, 1, 0]);
    expect(pages[3]!.pagination).toMatchObject({ totalCount: 5, totalPages: 3, hasNextPage: false });
    const names = async (search: string) =>
      (await pageOf(`search=${encodeURIComponent(search)}`)).clusters.map((cluster) => cluster.name);
    expect(await names('IMPLANT')).toEqual(['dental implants']);
    expect(await names('denver')).toEqual(['teeth whitening', 'dental implants', 'emergency dentist']);
    expect(await names('aspen')).toEqual(['aspen dental']);
    expect(await names('100%_')).toEqual([]);
    // An edit answers the page asked for.
    const renamed = await send(world.owner, {
      method: 'PUT',
      url: `${url('renameCluster', { projectId: project.id, clusterId: all.clusters[4]!.id })}?search=aspen`,
      payload: { name: 'Competitor: Aspen' },
    });
    expect(renamed.json<ClustersAnswer>().clusters.map((cluster) => cluster.name)).toEqual(['Competitor: Aspen']);
  });

  it('answers 400 for an unknown tightness, 404 to a stranger and for a missing project, 401 signed out', async () => {
    const world = await buildSharedProject(ctx);
    const response = await readClusters(world.owner, world.project.id, 'snug');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation_error' } });
    expect((await readClusters(world.stranger, world.project.id)).json()).toEqual(
      errorBody('not_found', messages.notFound),
    );
    expect((await readClusters(world.owner, 999_999_999)).statusCode).toBe(404);
    expect((await readClusters(null, world.project.id)).statusCode).toBe(401);
  });
});

describe('grouping a large project in the background', () => {
  /** Reads until the job has stored the groups, as the clusters view polls. */
  async function settled(as: TestUser, projectId: number): Promise<ClustersAnswer> {
    return vi.waitFor(
      async () => {
        const response = await readClusters(as, projectId);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ClustersAnswer>();
      },
      { timeout: 30_000, interval: 50 },
    );
  }

  it('answers 202 with progress while a job works the groups out, then 200', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    await insertKeywords(ctx, project.id, INLINE_LIMIT); // "term 1"… now over the inline limit
    const first = await readClusters(world.owner, project.id);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json<ClustersPending>()).toEqual({ status: 'running', tightness: 'balanced', progress: 0 });
    const answer = await settled(world.owner, project.id);
    expect(answer.version).toBe(await keywordVersion(project.id));
    expect(answer.clusters.reduce((sum, cluster) => sum + cluster.keywordCount, 0)).toBe(dentalKeywords.length + 40);
    expect(byName(answer).get('teeth whitening')).toEqual(dentalKeywords.slice(0, 7).sort());
  });

  it('takes over a job whose process died, and never half-writes the groups', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    await insertKeywords(ctx, project.id, INLINE_LIMIT);
    expect((await readClusters(world.owner, project.id)).statusCode).toBe(202);
    const done = await settled(world.owner, project.id);
    // A keyword added straight into the table (no write placing it in the groups), and a job that a
    // process claimed and then died with: its heartbeat stopped long ago.
    await ctx.database.pool.query(
      `insert into keywords (project_id, keyword, normalized, source) values ($1, $2, $2, 'import')`,
      [project.id, 'teeth whitening kit'],
    );
    const version = await keywordVersion(project.id);
    await ctx.database.pool.query(
      `update keyword_cluster_sets set job_version = $2, job_token = 'dead', job_attempts = 1,
         heartbeat_at = now() - interval '1 hour'
       where project_id = $1 and tightness = 'balanced'`,
      [project.id, version],
    );
    // Meanwhile the groups stored before are whole.
    const { rows } = await ctx.database.pool.query<{ ids: string[] }>(
      `select keyword_ids as ids from keyword_clusters where project_id = $1 and tightness = 'balanced'`,
      [project.id],
    );
    expect(rows.flatMap((row) => row.ids).length).toBe(done.clusters.reduce((sum, each) => sum + each.keywordCount, 0));
    expect((await readClusters(world.owner, project.id)).statusCode).toBe(202);
    const answer = await settled(world.owner, project.id);
    expect(answer.version).toBe(version);
    expect(groupOf(answer, 'teeth whitening kit')).toBeDefined();
  });
});

describe('editing groups', () => {
  it('moves a keyword to another group, and keeps the move when the groups are worked out again', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    const before = await groups(world.owner, project.id);
    const keyword = groupOf(before, 'clear aligners vs invisalign').keywords.find(
      (each) => each.keyword === 'clear aligners vs invisalign',
    )!;
    const target = before.clusters.find((cluster) => cluster.name === 'teeth whitening')!;
    const moved = await post(world.member, 'moveClusterKeyword', project.id, {
      keywordId: keyword.id,
      toClusterId: target.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(groupOf(moved.json(), keyword.keyword).id).toBe(target.id);
    await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'invisalign price' });
    const after = await groups(world.owner, project.id);
    expect(groupOf(after, keyword.keyword).id).toBe(target.id);
    expect(groupOf(after, 'invisalign price').name).toBe('invisalign');
  });

  it('moves a keyword to a new named group, and drops the group once empty', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    const before = await groups(world.owner, project.id);
    const keyword = groupOf(before, '24 hour emergency dentist').keywords.find(
      (each) => each.keyword === '24 hour emergency dentist',
    )!;
    const moved = await post(world.owner, 'moveClusterKeyword', project.id, {
      keywordId: keyword.id,
      newClusterName: 'Open all night',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const made = groupOf(moved.json(), keyword.keyword);
    expect(made).toMatchObject({ name: 'Open all night', keywordCount: 1 });
    expect(byName(await groups(world.owner, project.id)).get('Open all night')).toEqual([keyword.keyword]);
    const home = groupOf(before, keyword.keyword);
    const back = await post(world.owner, 'moveClusterKeyword', project.id, {
      keywordId: keyword.id,
      toClusterId: home.id,
    });
    expect(back.json<ClustersAnswer>().clusters.map((cluster) => cluster.id)).not.toContain(made.id);
    // The emptied group is gone: moving to it answers 409.
    const stale = await post(world.owner, 'moveClusterKeyword', project.id, {
      keywordId: keyword.id,
      toClusterId: made.id,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(errorBody('conflict', messages.clusterNotFound));
  });

  it('merges groups into the first and renames it; the merge and the name outlive new keywords', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    const before = await groups(world.owner, project.id);
    const [implants, invisalign] = ['dental implants', 'invisalign'].map((name) =>
      before.clusters.find((cluster) => cluster.name === name)!,
    ) as [KeywordCluster, KeywordCluster];
    const merged = await post(world.member, 'mergeClusters', project.id, {
      clusterIds: [implants.id, invisalign.id],
      name: 'Restorations',
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const answer = merged.json<ClustersAnswer>();
    expect(byName(answer).get('Restorations')).toEqual(
      [...implants.keywords, ...invisalign.keywords].map((keyword) => keyword.keyword).sort(),
    );
    expect(answer.clusters.find((cluster) => cluster.name === 'Restorations')!.id).toBe(implants.id);
    expect(answer.clusters.map((cluster) => cluster.id)).not.toContain(invisalign.id);

    await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'invisalign price' });
    const after = await groups(world.owner, project.id);
    expect(groupOf(after, 'invisalign price')).toMatchObject({ id: implants.id, name: 'Restorations' });
    // The group merged away is gone.
    const stale = await rename(world.owner, project.id, invisalign.id, 'Aligners');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(errorBody('conflict', messages.clusterNotFound));
  });

  it('renames a group by its key, and a recompute call drops every edit', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    const before = await groups(world.owner, project.id);
    const whitening = before.clusters.find((cluster) => cluster.name === 'teeth whitening')!;
    const renamed = await rename(world.owner, project.id, whitening.id, 'Whiter teeth');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ClustersAnswer>().clusters.find((cluster) => cluster.id === whitening.id)!.name).toBe(
      'Whiter teeth',
    );
    await buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword: 'teeth whitening specialist' });
    expect(groupOf(await groups(world.owner, project.id), 'teeth whitening specialist').name).toBe('Whiter teeth');

    const recomputed = await post(world.owner, 'recomputeClusters', project.id, { tightness: 'balanced' });
    expect(recomputed.statusCode, recomputed.body).toBe(200);
    expect(byName(recomputed.json()).has('teeth whitening')).toBe(true);
    expect(byName(recomputed.json()).has('Whiter teeth')).toBe(false);
  });

  it('answers 409 for a group of another tightness or project, 404 for a keyword not in the project', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    const other = await dentalProject(world.owner, dentalKeywords.slice(0, 7));
    const mine = await groups(world.owner, project.id);
    const theirs = await groups(world.owner, other.id);
    const keyword = mine.clusters[0]!.keywords[0]!;
    for (const payload of [
      { keywordId: keyword.id, toClusterId: theirs.clusters[0]!.id },
      { keywordId: keyword.id, toClusterId: mine.clusters[1]!.id, tightness: 'tight' },
    ]) {
      const response = await post(world.owner, 'moveClusterKeyword', project.id, payload);
      expect(response.statusCode).toBe(409);
    }
    const foreign = theirs.clusters[0]!.keywords[0]!;
    const response = await post(world.owner, 'moveClusterKeyword', project.id, {
      keywordId: foreign.id,
      toClusterId: mine.clusters[1]!.id,
    });
    expect(response.json()).toEqual(errorBody('not_found', messages.notFound));
    const merge = await post(world.owner, 'mergeClusters', project.id, {
      clusterIds: [mine.clusters[0]!.id, theirs.clusters[0]!.id],
    });
    expect(merge.statusCode).toBe(409);
    const twice = await post(world.owner, 'mergeClusters', project.id, {
      clusterIds: [mine.clusters[0]!.id, mine.clusters[0]!.id],
    });
    expect(twice.json()).toEqual(validationError('body.clusterIds', messages.mergeNeedsTwo));
  });
});

describe('POST /api/projects/:projectId/clusters/save-as-lists', () => {
  it('saves each group as a list of the project named after it, never overwriting a list', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    const answer = await groups(world.owner, project.id);
    await buildKeywordList(ctx, { owner: world.member, name: 'Teeth Whitening' });
    const saved = await post(world.member, 'saveClustersAsLists', project.id, {});
    expect(saved.statusCode, saved.body).toBe(201);
    const { lists } = saved.json<SaveClustersAsListsAnswer>();
    expect(lists.map((list) => [list.name, list.count])).toEqual([
      ['teeth whitening (2)', 7],
      ['dental implants', 6],
      ['emergency dentist', 5],
      ['invisalign', 5],
      ['aspen dental', 3],
    ]);
    for (const [index, list] of lists.entries()) {
      const read = await send(world.member, {
        method: 'GET',
        url: `${url('getKeywordList', { id: list.id })}?pageSize=100`,
      });
      const detail = read.json<KeywordList & { keywords: Array<{ id: number }> }>();
      expect(detail).toMatchObject({ project_id: project.id, user_id: world.member.id });
      expect(detail.keywords.map((keyword) => keyword.id).sort()).toEqual(
        answer.clusters[index]!.keywords.map((keyword) => keyword.id).sort(),
      );
    }
    // Saving again makes new lists beside them.
    const again = await post(world.member, 'saveClustersAsLists', project.id, {
      clusterIds: [answer.clusters[1]!.id],
    });
    expect(again.json<SaveClustersAsListsAnswer>().lists.map((list) => list.name)).toEqual(['dental implants (2)']);
  });

  it('answers 409 for a group that is gone and 404 to a stranger', async () => {
    const world = await buildSharedProject(ctx);
    const project = await dentalProject(world.owner);
    const answer = await groups(world.owner, project.id);
    const stale = await post(world.owner, 'saveClustersAsLists', project.id, { clusterIds: [999_999_999] });
    expect(stale.json()).toEqual(errorBody('conflict', messages.clusterNotFound));
    const hidden = await post(world.stranger, 'saveClustersAsLists', project.id, {
      clusterIds: [answer.clusters[0]!.id],
    });
    expect(hidden.statusCode).toBe(404);
  });
});
