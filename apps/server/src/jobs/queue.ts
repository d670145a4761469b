import PgBoss from 'pg-boss';
import type pg from 'pg';

export interface JobQueue {
  send(name: string, data: object): Promise<void>;
  /** Handles jobs of `name` in this process, one at a time. */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** How often an idle worker looks for a job. */
const POLL_MS = 1_000;
/** How long a stop waits for the jobs in hand. */
const STOP_WAIT_MS = 10_000;

/** pg-boss on the application's own pool, its tables in the `pgboss` schema. */
export async function startJobQueue({
  pool,
  log,
  handBack = false,
}: {
  pool: pg.Pool;
  log: (error: unknown) => void;
  /**
   * This process is alone on the database (see jobs/hand-back.ts): the jobs left active were taken by
   * a process that died, and are handed back to be worked again now, not when they expire (15 minutes).
   */
  handBack?: boolean;
}): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', log);
  await boss.start();
  if (handBack) {
    await pool.query(`update pgboss.job set state = 'retry', start_after = now() where state = 'active'`);
  }
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    // A job whose process died stays active until it expires; our own sweepers recover the work sooner.
    await boss.createQueue(name, { name, retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 });
    queues.add(name);
  };

  let stopping = false;
  const workers: Array<Promise<void>> = [];
  const wakeUps = new Set<() => void>();
  /** Waits before the next poll; a stop ends the wait at once. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakeUps.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakeUps.add(wake);
    });

  /**
   * Our own loop, not boss.work(): pg-boss 10 marks a worked job completed or failed without
   * awaiting it, so a database that is down at that moment ends the process with an unhandled
   * rejection. Here that write is awaited and its failure logged; the job then stays active
   * until it expires, and the sweepers, which look at our own rows, recover its work sooner.
   */
  async function workLoop(name: string, handler: (data: object) => Promise<void>): Promise<void> {
    while (!stopping) {
      // pg-boss's fetch answers no job when the database cannot be reached.
      const [job] = await boss.fetch<object>(name, { batchSize: 1 }).catch((error: unknown) => {
        log(error);
        return [];
      });
      if (!job) {
        await pause(POLL_MS);
        continue;
      }
      try {
        await handler(job.data);
        await boss.complete(name, job.id).catch(log);
      } catch (error) {
        log(error);
        await boss.fail(name, job.id, error as object).catch(log);
      }
    }
  }

  return {
    async send(name, data) {
      await ensureQueue(name);
      await boss.send(name, data);
    },
    async work(name, handler) {
      await ensureQueue(name);
      workers.push(workLoop(name, handler as (data: object) => Promise<void>));
    },
    async stop() {
      stopping = true;
      for (const wake of wakeUps) wake();
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)));
      await Promise.race([Promise.all(workers), waited]);
      clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS, close: false });
    },
  };
}
