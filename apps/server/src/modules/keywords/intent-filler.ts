import type { Db } from '../../db/client';
import type { IntentRereader } from '../../queries/keyword-intents';
import { createKeywordIntentsRepository } from './keyword-intents.repository';

/** Keywords read and written per transaction. */
const BATCH_SIZE = 2_000;
/** A project with at most this many keywords has them read again in the request that changed its facts. */
const REREAD_INLINE_LIMIT = 5_000;

export interface IntentFiller extends IntentRereader {
  /** Reads the intents of every keyword stored without them, project by project; how many it read. */
  fillAll(): Promise<number>;
  /** Reads the intents of one project's keywords stored without them; how many it read. */
  fillProject(projectId: number): Promise<number>;
  /** `fillAll` in the background, its failure logged: what a process does after start-up. */
  start(): void;
  /** Stops between two batches and waits for the work in hand; what is written stays. */
  stop(): Promise<void>;
}

/**
 * Fills `keywords.intent` where it is null: rows stored before migration 0010, whose intents
 * only the TypeScript rules can read, and a project's rows after its brands or places changed;
 * with them `intent_open`, whether no rule spoke (the language model, when configured, reads those). Each batch reads, works out and writes its rows in one
 * transaction, taking only rows no other process holds (`skip locked`), so a crash loses at
 * most a batch's work and two instances share the work; a row is written once, from null.
 * Each batch moves the project's keywords version, so what was computed from its keywords
 * (filtered pages' matching sets) is worked out again.
 */
export function createIntentFiller({
  db,
  batchSize = BATCH_SIZE,
  log = () => {},
}: {
  db: Db;
  batchSize?: number;
  log?: (error: unknown, message: string) => void;
}): IntentFiller {
  const repository = createKeywordIntentsRepository(db);
  let stopping = false;
  const running = new Set<Promise<unknown>>();
  const inBackground = (work: Promise<unknown>) => {
    const tracked = work.catch((error: unknown) => log(error, 'intent filling failed'));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
  };

  const fillBatch = (projectId: number) => repository.fillBatch(projectId, batchSize);

  async function fillProject(projectId: number): Promise<number> {
    let filled = 0;
    while (!stopping) {
      const done = await fillBatch(projectId);
      filled += done;
      if (done < batchSize) break;
    }
    return filled;
  }

  async function fillAll() {
    const projectIds = await repository.projectsWithoutIntents();
    let filled = 0;
    for (const projectId of projectIds) {
      if (stopping) break;
      filled += await fillProject(projectId);
    }
    return filled;
  }

  return {
    fillProject,
    fillAll,
    start: () => inBackground(fillAll()),

    async reread(projectId) {
      if ((await repository.keywordCount(projectId)) <= REREAD_INLINE_LIMIT) await fillProject(projectId);
      else inBackground(fillProject(projectId));
    },

    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}
