import type { JobQueue } from '../../jobs/queue';
import { GENERATION_QUEUE, type GenerationService } from './generation.service';

/** Works generation jobs in this process and sweeps for runs that need sending again. */
export async function startGenerationWorker({
  queue,
  generation,
  sweepEverySeconds,
  log,
}: {
  queue: JobQueue;
  generation: GenerationService;
  sweepEverySeconds: number;
  log: (error: unknown, message: string) => void;
}): Promise<() => void> {
  await queue.work<{ runId: number }>(GENERATION_QUEUE, ({ runId }) => generation.execute(runId));
  const sweep = () => generation.sweep().catch((error: unknown) => log(error, 'generation sweep failed'));
  void sweep();
  const timer = setInterval(sweep, sweepEverySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
