import { buildPath, endpoints, type ClustersAnswer, type KeywordCluster } from '@keywright/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildKeyword, fillIntents, insertKeywords } from '../../../test/factories/keywords';
import { buildProject } from '../../../test/factories/projects';
import { buildSharedProject } from '../../../test/factories/team';
import type { TestUser } from '../../../test/factories/users';
import { request } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import { defaultClusterTimings } from './clusters.service';

/** Projects above this many keywords are grouped by a background job here: every project below is one. */
const INLINE_LIMIT = 30;

const ctx = useTestContext({ app: { clusterTimings: { ...defaultClusterTimings, inlineLimit: INLINE_LIMIT } } });

const url = (name: keyof typeof endpoints, params: Record<string, number> = {}) =>
  buildPath(endpoints[name].path, params);
const send = (as: TestUser, options: InjectOptions) => request(ctx, as, options);
const readClusters = (as: TestUser, projectId: number, tightness = 'balanced') =>
  send(as, { method: 'GET', url: `${url('projectClusters', { projectId })}?tightness=${tightness}&pageSize=100` });
const post = (as: TestUser, name: keyof typeof endpoints, projectId: number, payload: object) =>
  send(as, { method: 'POST', url: url(name, { projectId }), payload });

/** The groups as they are stored now: 200 at once, no background job asked for. */
async function current(as: TestUser, projectId: number, tightness = 'balanced'): Promise<ClustersAnswer> {
  const response = await readClusters(as, projectId, tightness);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Reads until a background job has stored the groups, as the clusters view polls. */
const settled = (as: TestUser, projectId: number, tightness = 'balanced') =>
  vi.waitFor(() => current(as, projectId, tightness), { timeout: 30_000, interval: 50 });

/** The groups worked out whole again for the keywords as they are (edits kept). */
async function regrouped(as: TestUser, projectId: number, tightness = 'balanced'): Promise<ClustersAnswer> {
  await ctx.database.pool.query(
    'update keyword_cluster_sets set version = null where project_id = $1 and tightness = $2',
    [projectId, tightness],
  );
  expect((await readClusters(as, projectId, tightness)).statusCode).toBe(202);
  return settled(as, projectId, tightness);
}

const groupOf = (answer: ClustersAnswer, keyword: string): KeywordCluster | undefined =>
  answer.clusters.find((cluster) => cluster.keywords.some((each) => each.keyword === keyword));
/** Who is grouped with whom, whatever the groups' ids and order. */
const partition = (answer: ClustersAnswer) =>
  answer.clusters
    .map(
      (cluster) =>
        `${cluster.name}: ${cluster.keywords
          .map((each) => each.keyword)
          .sort()
          .join(', ')}`,
    )
    .sort();
const allKeywords = (answer: ClustersAnswer) =>
  answer.clusters.flatMap((cluster) => cluster.keywords.map((each) => each.keyword)).sort();

async function projectKeywords(projectId: number): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ keyword: string }>(
    'select keyword from keywords where project_id = $1 order by keyword',
    [projectId],
  );
  return rows.map((row) => row.keyword).sort();
}

async function keywordVersion(projectId: number): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ version: string }>(
    'select keywords_version as version from projects where id = $1',
    [projectId],
  );
  return Number(rows[0]!.version);
}

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
  'dental implants near me',
  'best dental implants denver',
  'emergency dentist',
  'emergency dentist near me',
  'emergency dentist denver',
  'emergency dentist open now',
  'invisalign',
  'invisalign cost',
  'invisalign near me',
  'invisalign for adults',
];

/** A dental clinic with more keywords than are grouped in a request, its groups worked out by a job. */
async function groupedProject(owner: TestUser, tightness = 'balanced') {
  const project = await buildProject(ctx, {
    owner,
    name: 'Bright Smile Dental',
    description: 'Family dentist',
    country: 'United States',
    city: 'Denver',
    language: 'English',
  });
  const added = await post(owner, 'addProjectKeywords', project.id, { keywords: dentalKeywords });
  expect(added.statusCode, added.body).toBe(200);
  await insertKeywords(ctx, project.id, 20); // "term 1"…: now over the inline limit
  expect((await readClusters(owner, project.id, tightness)).statusCode).toBe(202);
  return { project, groups: await settled(owner, project.id, tightness) };
}

describe('groups kept current as keywords are added and deleted', () => {
  it('places an added keyword in the group a whole regrouping gives it, with no job', async () => {
    const world = await buildSharedProject(ctx);
    const { project } = await groupedProject(world.owner);
    const { groups: tight } = { groups: await regrouped(world.owner, project.id, 'tight') };
    expect(tight.clusters.length).toBeGreaterThan(0);

    const added = ['teeth whitening kit', 'invisalign price', 'dental crown', 'term 21'];
    await buildKeyword(ctx, { as: world.member, projectId: project.id, keyword: added[0] });
    const bulk = await post(world.owner, 'addProjectKeywords', project.id, { keywords: added.slice(1) });
    expect(bulk.statusCode, bulk.body).toBe(200);

    for (const tightness of ['balanced', 'tight']) {
      const placed = await current(world.owner, project.id, tightness);
      expect(placed.version).toBe(await keywordVersion(project.id));
      expect(allKeywords(placed)).toEqual(await projectKeywords(project.id));
      expect(partition(placed), tightness).toEqual(partition(await regrouped(world.owner, project.id, tightness)));
    }
    const balanced = await current(world.owner, project.id);
    expect(groupOf(balanced, 'teeth whitening kit')!.name).toBe('teeth whitening');
    expect(groupOf(balanced, 'invisalign price')!.name).toBe('invisalign');
  });

  it('stays current when the intent filler reads intents, and answers with the intents read', async () => {
    const world = await buildSharedProject(ctx);
    const { project } = await groupedProject(world.owner); // its "term …" keywords are stored without intents
    const before = await keywordVersion(project.id);

    expect(await fillIntents(ctx, project.id)).toBe(20);
    expect(await keywordVersion(project.id)).toBeGreaterThan(before);
    const answer = await current(world.owner, project.id);
    expect(answer.version).toBe(await keywordVersion(project.id));
    const terms = answer.clusters.flatMap((cluster) => cluster.keywords).filter((each) => /^term /.test(each.keyword));
    expect(terms).toHaveLength(20);
    for (const term of terms) expect(term.intent.length, term.keyword).toBeGreaterThan(0);
  });

  it('takes a deleted keyword out of its group, and drops a group left empty', async () => {
    const world = await buildSharedProject(ctx);
    const { project, groups } = await groupedProject(world.owner);
    const emergency = groupOf(groups, 'emergency dentist')!;
    const whitening = groupOf(groups, 'teeth whitening')!;
    const doomed = whitening.keywords.find((each) => each.keyword === 'teeth whitening price')!;

    const deleted = await send(world.member, { method: 'DELETE', url: url('deleteKeyword', { id: doomed.id }) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    let answer = await current(world.owner, project.id);
    expect(groupOf(answer, 'teeth whitening price')).toBeUndefined();
    expect(groupOf(answer, 'teeth whitening')).toMatchObject({
      id: whitening.id,
      keywordCount: whitening.keywordCount - 1,
    });

    const all = await post(world.owner, 'deleteProjectKeywords', project.id, {
      keywordIds: emergency.keywords.map((each) => each.id),
    });
    expect(all.statusCode, all.body).toBe(200);
    answer = await current(world.owner, project.id);
    expect(answer.clusters.map((cluster) => cluster.id)).not.toContain(emergency.id);
    expect(answer.version).toBe(await keywordVersion(project.id));
    expect(allKeywords(answer)).toEqual(await projectKeywords(project.id));
    expect(partition(answer)).toEqual(partition(await regrouped(world.owner, project.id)));
  });

  it('keeps a person’s names, merges and moves when keywords are placed', async () => {
    const world = await buildSharedProject(ctx);
    const { project, groups } = await groupedProject(world.owner);
    const [whitening, implants, invisalign] = ['teeth whitening', 'dental implants', 'invisalign'].map((keyword) =>
      groupOf(groups, keyword)!,
    ) as [KeywordCluster, KeywordCluster, KeywordCluster];
    const renamed = await send(world.owner, {
      method: 'PUT',
      url: url('renameCluster', { projectId: project.id, clusterId: whitening.id }),
      payload: { name: 'Whiter teeth' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const merged = await post(world.member, 'mergeClusters', project.id, {
      clusterIds: [implants.id, invisalign.id],
      name: 'Restorations',
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const pinned = invisalign.keywords.find((each) => each.keyword === 'invisalign cost')!;
    const moved = await post(world.owner, 'moveClusterKeyword', project.id, {
      keywordId: pinned.id,
      toClusterId: whitening.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const bulk = await post(world.owner, 'addProjectKeywords', project.id, {
      keywords: ['teeth whitening kit', 'invisalign price', 'dental implants price'],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const answer = await current(world.owner, project.id);
    expect(groupOf(answer, 'teeth whitening kit')).toMatchObject({ id: whitening.id, name: 'Whiter teeth' });
    expect(groupOf(answer, 'invisalign price')).toMatchObject({ id: implants.id, name: 'Restorations' });
    expect(groupOf(answer, 'dental implants price')).toMatchObject({ id: implants.id, name: 'Restorations' });
    expect(groupOf(answer, 'invisalign cost')!.id).toBe(whitening.id);
    expect(partition(answer)).toEqual(partition(await regrouped(world.owner, project.id)));
  });

  it('ends consistent when keywords are added while a job works the groups out whole', async () => {
    const world = await buildSharedProject(ctx);
    const { project } = await groupedProject(world.owner);
    await ctx.database.pool.query('update keyword_cluster_sets set version = null where project_id = $1', [project.id]);
    const adds = ['teeth whitening strips', 'invisalign retainer', 'emergency dentist weekend', 'dental bridge'];
    await Promise.all([
      readClusters(world.owner, project.id),
      ...adds.map((keyword) => buildKeyword(ctx, { as: world.owner, projectId: project.id, keyword })),
    ]);
    const answer = await settled(world.owner, project.id);
    expect(answer.version).toBe(await keywordVersion(project.id));
    expect(allKeywords(answer)).toEqual(await projectKeywords(project.id));
    expect(partition(answer)).toEqual(partition(await regrouped(world.owner, project.id)));
  });
});
