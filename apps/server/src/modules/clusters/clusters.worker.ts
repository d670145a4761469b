import type { JobQueue } from '../../jobs/queue';
import { CLUSTERS_QUEUE, type ClustersService } from './clusters.service';
import type { SetKey } from './clusters.repository';

/** Works grouping jobs in this process and sweeps for jobs that need sending again. */
export async function startClustersWorker({
  queue,
  clusters,
  sweepEverySeconds,
  log,
}: {
  queue: JobQueue;
  clusters: ClustersService;
  sweepEverySeconds: number;
  log: (error: unknown, message: string) => void;
}): Promise<() => void> {
  await queue.work<SetKey>(CLUSTERS_QUEUE, (key) => clusters.execute(key));
  const sweep = () => clusters.sweep().catch((error: unknown) => log(error, 'clusters sweep failed'));
  void sweep();
  const timer = setInterval(sweep, sweepEverySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
