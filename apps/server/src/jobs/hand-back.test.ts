import { describe, expect, it } from 'vitest';
import { buildProject } from '../../test/factories/projects';
import { buildUser } from '../../test/factories/users';
import { useTestContext } from '../../test/support/test-context';
import { createClustersRepository } from '../modules/clusters/clusters.repository';
import { createGenerationRepository } from '../modules/generation/generation.repository';
import { createSearchConsoleJobsRepository } from '../modules/search-console/search-console-jobs.repository';
import { handBackClaims } from './hand-back';
import { startJobQueue } from './queue';

const ctx = useTestContext();
const STALE_AFTER_SECONDS = 20;

describe('a server alone on its database, started after a kill', () => {
  it('takes up at once the work the killed process held, however fresh its heartbeats, without counting the killed attempt', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner, name: 'Killed mid-work' });
    const query = (text: string, values: unknown[]) => ctx.database.pool.query(text, values);
    // What a process killed a moment ago leaves: a run, a fetch and a grouping job it held, beating until then.
    const {
      rows: [run],
    } = await query(
      `insert into generation_runs (project_id, user_id, status, params, requested, attempts, heartbeat_at, enqueued_at)
       values ($1, $2, 'running', '{}', 10, 1, now(), now()) returning id::int`,
      [project.id, owner.id],
    );
    const {
      rows: [fetch],
    } = await query(
      `insert into search_console_imports (project_id, user_id, source, site_url, status, attempts, heartbeat_at)
       values ($1, $2, 'api', 'https://killed.example/', 'running', 1, now()) returning id::int`,
      [project.id, owner.id],
    );
    await query(
      `insert into keyword_cluster_sets (project_id, tightness, job_version, job_attempts, job_token, heartbeat_at, enqueued_at)
       values ($1, 'balanced', 1, 1, 'claim of the killed process', now(), now())`,
      [project.id],
    );
    const generation = createGenerationRepository(ctx.database.db);
    const fetches = createSearchConsoleJobsRepository(ctx.database.db);
    const groupings = createClustersRepository(ctx.database.db);
    // Another process could still be beating: nothing is due yet.
    expect(await generation.dueRuns(STALE_AFTER_SECONDS)).toEqual([]);
    expect(await fetches.dueFetches(STALE_AFTER_SECONDS)).toEqual([]);
    expect(await groupings.dueJobs(STALE_AFTER_SECONDS)).toEqual([]);

    expect(await handBackClaims(ctx.database.db)).toEqual({ runs: 1, fetches: 1, groupings: 1 });
    // The sweeps at start send all three again, and the jobs may claim them.
    expect(await generation.dueRuns(STALE_AFTER_SECONDS)).toEqual([run.id]);
    expect(await fetches.dueFetches(STALE_AFTER_SECONDS)).toEqual([fetch.id]);
    expect(await groupings.dueJobs(STALE_AFTER_SECONDS)).toEqual([{ projectId: project.id, tightness: 'balanced' }]);
    expect(await generation.claim(run.id, STALE_AFTER_SECONDS)).toMatchObject({ id: run.id, attempts: 2 });
    // The killed attempts do not count: each job is on its first attempt again, not its second.
    expect(await fetches.claim(fetch.id, STALE_AFTER_SECONDS)).toMatchObject({ id: fetch.id, attempts: 1 });
    expect(
      await groupings.claimJob({ projectId: project.id, tightness: 'balanced' }, 'new claim', STALE_AFTER_SECONDS),
    ).toEqual({ attempts: 1 });
  });

  it('works again at once the queued jobs the killed process had taken', async () => {
    const log = () => {};
    const before = await startJobQueue({ pool: ctx.database.pool, log });
    await before.send('hand-back-test', { run: 7 });
    await before.stop();
    // Taken by a process that was killed before it finished: active until it expires, 15 minutes on.
    await ctx.database.pool.query(
      `update pgboss.job set state = 'active', started_on = now() where name = 'hand-back-test'`,
    );
    const after = await startJobQueue({ pool: ctx.database.pool, log, handBack: true });
    try {
      const worked = await new Promise<object>(
        (resolve) => void after.work('hand-back-test', async (data) => resolve(data)),
      );
      expect(worked).toEqual({ run: 7 });
    } finally {
      await after.stop();
    }
  });
});
