import PgBoss from 'pg-boss';
import type pg from 'pg';

export interface JobQueue {
  send(name: string, data: object): Promise<void>;
  /** Handles jobs of `name` in this process, one at a time. */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss on the application's own pool, its tables in the `pgboss` schema. */
export async function startJobQueue({
  pool,
  log,
}: {
  pool: pg.Pool;
  log: (error: unknown) => void;
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
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    // A job whose process died stays active until it expires; our own sweepers recover the work sooner.
    await boss.createQueue(name, { name, retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 });
    queues.add(name);
  };
  return {
    async send(name, data) {
      await ensureQueue(name);
      await boss.send(name, data);
    },
    async work(name, handler) {
      await ensureQueue(name);
      await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await handler(job.data as never);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
