import type { ClusterTightness } from '@keywright/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SetKey } from './clusters.repository';

const seconds = (value: number) => sql`make_interval(secs => ${value})`;

/** The state of a set's background job (see clusters.service's `execute`): asked for, claimed, beating, done or given up. */
export function createClusterJobsRepository(db: Db) {
  return {
    /**
     * Asks for a job working the set out for `version`, unless one is asked for already and its
     * process is alive (a dead one's attempts count on); true when a job message should be sent.
     */
    async requestJob(key: SetKey, version: number, staleAfterSeconds: number): Promise<boolean> {
      await db.execute(sql`
        insert into keyword_cluster_sets (project_id, tightness) values (${key.projectId}, ${key.tightness})
        on conflict do nothing`);
      const { rows } = await db.execute(sql`
        update keyword_cluster_sets set
          job_attempts = case when job_version is distinct from ${version} then 0 else job_attempts end,
          job_version = ${version}, job_token = null, job_progress = 0, heartbeat_at = null, enqueued_at = now(),
          failed_version = null
        where project_id = ${key.projectId} and tightness = ${key.tightness}
          and (job_version is distinct from ${version}
            or coalesce(heartbeat_at, enqueued_at, '-infinity') < now() - ${seconds(staleAfterSeconds)})
        returning 1`);
      return rows.length > 0;
    },

    /** Takes the set's job for this process (as `token`): one asked for and not taken, or whose process died. */
    async claimJob(key: SetKey, token: string, staleAfterSeconds: number): Promise<{ attempts: number } | null> {
      const { rows } = await db.execute<{ attempts: number }>(sql`
        update keyword_cluster_sets set job_token = ${token}, job_attempts = job_attempts + 1, job_progress = 0,
          heartbeat_at = now()
        where project_id = ${key.projectId} and tightness = ${key.tightness} and job_version is not null
          and (heartbeat_at is null or heartbeat_at < now() - ${seconds(staleAfterSeconds)})
        returning job_attempts as attempts`);
      return rows[0] ?? null;
    },

    /** Beats the job's heart and says how far it got, while `token` holds it. */
    async jobProgress(key: SetKey, token: string, progress?: number): Promise<void> {
      await db.execute(sql`
        update keyword_cluster_sets set heartbeat_at = now(), job_progress = coalesce(${progress ?? null}::smallint, job_progress)
        where project_id = ${key.projectId} and tightness = ${key.tightness} and job_token = ${token}`);
    },

    /** Lets go of a job that failed, so its next attempt may take it at once. */
    async releaseJob(key: SetKey, token: string): Promise<void> {
      await db.execute(sql`
        update keyword_cluster_sets set job_token = null, heartbeat_at = null
        where project_id = ${key.projectId} and tightness = ${key.tightness} and job_token = ${token}`);
    },

    /** Gives up on a job that kept failing: its version is not asked for again until the keywords change. */
    async giveUpJob(key: SetKey, token: string): Promise<void> {
      await db.execute(sql`
        update keyword_cluster_sets set failed_version = job_version, job_version = null, job_token = null,
          heartbeat_at = null
        where project_id = ${key.projectId} and tightness = ${key.tightness} and job_token = ${token}`);
    },

    /** Jobs whose message was lost or whose process died: marked sent again now. */
    async dueJobs(staleAfterSeconds: number): Promise<SetKey[]> {
      const { rows } = await db.execute<{ project_id: number; tightness: ClusterTightness }>(sql`
        update keyword_cluster_sets set enqueued_at = now(), heartbeat_at = null, job_token = null
        where job_version is not null
          and coalesce(heartbeat_at, enqueued_at, '-infinity') < now() - ${seconds(staleAfterSeconds)}
        returning project_id, tightness`);
      return rows.map((row) => ({ projectId: Number(row.project_id), tightness: row.tightness }));
    },
  };
}
