import type { SearchIntent } from '@keywright/contract';
import type { Db } from '../../db/client';
import { readIntent } from '../../providers/intent/intent-rules';
import { intentReadBatchSize, type IntentReader } from '../../providers/intent/intent-reader';
import { brandsAndPlaces, type ProjectTextFacts } from '../../queries/keyword-intents';
import { createKeywordIntentsRepository, type IntentWrite, type OpenRow } from './keyword-intents.repository';

/** Rows told apart (open or decided by the rules) per transaction. */
const SETTLE_BATCH_SIZE = 2_000;
/** Projects failing one after the other that end a round and pause the whole pass. */
const MODEL_DOWN_AFTER = 2;

export interface OpenIntentTimings {
  /** How often the pass looks for keywords left open (inserted by any path, in any process). */
  pollMs: number;
  /** After a project's read failed: the first wait before it is tried again, doubled each failure up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
}

export const defaultOpenIntentTimings: OpenIntentTimings = {
  pollMs: 2_000,
  firstRetryMs: 30_000,
  maxRetryMs: 15 * 60_000,
};

export interface OpenIntentPass {
  /** Every project with keywords left open, but those waiting after a failure, unless the pass waits; how many keywords the model read. */
  readAll(): Promise<number>;
  /** One project's keywords left open, batch by batch; how many the model read. Throws when the model fails. */
  readProject(projectId: number): Promise<number>;
  /** `readAll` now and every `pollMs` until stopped, failures logged: what a process does after start-up. */
  start(): void;
  /** Gives up the model's answer in hand (its rows stay open) and waits for the pass to end. */
  stop(): Promise<void>;
}

const sameIntents = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((intent, index) => intent === b[index]);

/**
 * Gives the keywords the rules left open (`keywords.intent_open`) the language model's reading.
 * Runs only with a model configured: without one nothing here writes.
 *
 * A batch is read without a lock, asked of the model, and written in one transaction that takes
 * the rows again (`for update skip locked`) and keeps only those still open with the intents
 * sent, of a project whose brands and place are those sent; so a keyword changed, deleted or
 * re-read meanwhile keeps its new state, a crash leaves each row open (the rules' intents) or
 * done, and two instances never write a row twice. A model failure writes nothing: the project
 * waits (30 s, doubled up to 15 min) before it is asked again, and when two projects fail one
 * after the other with no success in the round, the whole pass waits alike (the model is down).
 *
 * Rows whose `intent_open` is null (stored before migration 0011, or by a path that writes only
 * `intent`) are first told apart by the rules, in transactions of their own.
 */
export function createOpenIntentPass({
  db,
  reader,
  timings = defaultOpenIntentTimings,
  batchSize = intentReadBatchSize,
  clock = Date.now,
  log = () => {},
}: {
  db: Db;
  reader: IntentReader;
  timings?: OpenIntentTimings;
  batchSize?: number;
  clock?: () => number;
  log?: (error: unknown, message: string) => void;
}): OpenIntentPass {
  const repository = createKeywordIntentsRepository(db);
  let stopping = false;
  const abort = new AbortController();
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  /** Projects whose last read failed: how many times in a row, and when they may be asked again. */
  const waiting = new Map<number, { failures: number; until: number }>();
  /** The whole pass, after rounds that met only failures: the model itself is down. */
  const pause = { failures: 0, until: 0 };

  /** Tells the project's rows of unknown openness apart, by the rules; how many it told. */
  const settleBatch = (projectId: number) =>
    repository.settleBatch(projectId, SETTLE_BATCH_SIZE, (facts, keywords) => {
      const context = brandsAndPlaces(facts);
      return keywords.map((keyword) => readIntent(keyword, context).open);
    });

  /** Asks the model about one batch of open rows after `afterId` and writes its answer; the rows sent, or null at the end. */
  async function readBatch(projectId: number, afterId: number): Promise<{ lastId: number; read: number } | null> {
    const facts = await repository.findTextFacts(projectId);
    if (!facts) return null;
    const rows = await repository.openRows(projectId, afterId, batchSize);
    if (rows.length === 0) return null;
    const competitors = facts.competitors
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const answers = await reader.read({
      project: { name: facts.name, competitors, places: brandsAndPlaces(facts).places },
      keywords: rows.map((row) => row.keyword),
      signal: abort.signal,
    });
    const read = await writeAnswers(projectId, facts, rows, answers);
    return { lastId: Number(rows.at(-1)!.id), read };
  }

  /**
   * The rows still open and as sent get the model's intents (or keep the rules' where it gave
   * none) and are closed, in one transaction (see `writeAnswers` of the repository).
   */
  function writeAnswers(
    projectId: number,
    facts: ProjectTextFacts,
    sent: readonly OpenRow[],
    answers: ReadonlyMap<string, SearchIntent[]>,
  ): Promise<number> {
    const sentById = new Map(sent.map((row) => [Number(row.id), row]));
    return repository.writeAnswers(projectId, facts, sent, (held) =>
      held.flatMap((row): IntentWrite[] => {
        const before = sentById.get(Number(row.id));
        if (!before || before.keyword !== row.keyword || !sameIntents(before.intent, row.intent)) return [];
        const answer = answers.get(row.keyword);
        return [
          {
            id: Number(row.id),
            intent: answer ?? row.intent,
            isChanged: !!answer && !sameIntents(answer, row.intent),
            isAnswered: !!answer,
          },
        ];
      }),
    );
  }

  /** How many keywords the model read, and in how many batches it was asked. */
  async function readOpen(projectId: number): Promise<{ read: number; asked: number }> {
    while (!stopping && (await settleBatch(projectId)) === SETTLE_BATCH_SIZE);
    let read = 0;
    let asked = 0;
    let afterId = 0;
    while (!stopping) {
      const batch = await readBatch(projectId, afterId);
      if (!batch) break;
      read += batch.read;
      asked++;
      afterId = batch.lastId;
    }
    return { read, asked };
  }

  const retryDelay = (failures: number) => Math.min(timings.firstRetryMs * 2 ** (failures - 1), timings.maxRetryMs);

  async function readAll(): Promise<number> {
    if (pause.until > clock()) return 0;
    const projectIds = await repository.projectsWithOpenIntents();
    let read = 0;
    let failuresInRow = 0;
    let hasSucceeded = false;
    for (const projectId of projectIds) {
      const wait = waiting.get(projectId);
      if (stopping) break;
      if (wait && wait.until > clock()) continue;
      try {
        const done = await readOpen(projectId);
        read += done.read;
        waiting.delete(projectId);
        // Only an answer of the model says it is up.
        if (done.asked > 0) {
          failuresInRow = 0;
          hasSucceeded = true;
        }
      } catch (error) {
        if (stopping) break;
        const failures = (wait?.failures ?? 0) + 1;
        const delay = retryDelay(failures);
        waiting.set(projectId, { failures, until: clock() + delay });
        log(
          error,
          `reading open keyword intents failed (project ${projectId}, try ${failures}); again in ${delay / 1000} s`,
        );
        // Two projects failing one after the other: the model is down, not one batch unreadable.
        if (++failuresInRow >= MODEL_DOWN_AFTER) break;
      }
    }
    if (failuresInRow >= MODEL_DOWN_AFTER && !hasSucceeded) {
      pause.failures++;
      pause.until = clock() + retryDelay(pause.failures);
    } else if (hasSucceeded) {
      pause.failures = 0;
    }
    return read;
  }

  async function run(): Promise<void> {
    while (!stopping) {
      await readAll().catch((error: unknown) => log(error, 'reading open keyword intents failed'));
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timings.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    readAll,
    readProject: async (projectId) => (await readOpen(projectId)).read,
    start() {
      loop ??= run();
    },
    async stop() {
      stopping = true;
      abort.abort();
      wake?.();
      await loop;
    },
  };
}
