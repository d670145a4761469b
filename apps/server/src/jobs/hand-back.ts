import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

// Background work is claimed by the process doing it, which beats a heartbeat; another process takes
// a claim over once the heartbeat is stale (20 s or more), and the sweeps send it again after that.
// Several processes may share a database, so a claim cannot be taken sooner. A server on its embedded
// PostgreSQL is alone on it (it locked the data directory before starting the database): every claim
// it finds at start was held by a process that is gone, killed or crashed. It hands them all back at
// once, so the sweeps that run at start send the work again and the restart finishes it without waiting.
// A job that itself brings its process down is then tried again on each start rather than given up
// after a few; each such crash is in the log, and an operator sees the loop.

export interface HandedBack {
  runs: number;
  fetches: number;
  groupings: number;
}

/** Makes every claim held now takeable and due: call only in the sole process of a database, before its workers start. */
export async function handBackClaims(db: Db): Promise<HandedBack> {
  return db.transaction(async (tx) => {
    const long = sql`now() - interval '1 day'`;
    const runs = await tx.execute(sql`
      update generation_runs set heartbeat_at = ${long}, enqueued_at = ${long}
      where status = 'running' or status = 'pending'`);
    // The attempt a killed process was making is not counted against the job's few: a long fetch
    // killed again and again (restarts, an unsteady host) would otherwise fail for no fault of its own.
    const fetches = await tx.execute(sql`
      update search_console_imports set heartbeat_at = ${long},
        attempts = case when heartbeat_at is null then attempts else greatest(attempts - 1, 0) end
      where status = 'running' and source = 'api'`);
    const groupings = await tx.execute(sql`
      update keyword_cluster_sets set heartbeat_at = null, job_token = null, enqueued_at = ${long},
        job_attempts = case when job_token is null then job_attempts else greatest(job_attempts - 1, 0) end
      where job_version is not null`);
    return { runs: runs.rowCount ?? 0, fetches: fetches.rowCount ?? 0, groupings: groupings.rowCount ?? 0 };
  });
}
