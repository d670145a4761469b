import { messages, type KeywordLengthRule, type ProjectStatusAnswer } from '@keywright/contract';
import type { z } from 'zod';
import type { generationInputSchema } from '@keywright/contract';
import { getChangeableProject, getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { topSearchedQueries } from '../../queries/searched-queries';
import type { KeywordGenerator, ProjectFacts } from '../../providers/keyword-generator/keyword-generator';
import { LlmError } from '../../providers/keyword-generator/llm';
import type { IntentRereader } from '../../queries/keyword-intents';
import { createGenerationRepository } from './generation.repository';

export const GENERATION_QUEUE = 'keyword-generation';

export interface RunParams {
  facts: ProjectFacts;
  count: number;
  lengthRule: KeywordLengthRule;
  /** Generate More's runs (kind 'more'): whether its CPC bounds, rather than the length, left keywords out. */
  byCpcRange?: boolean;
}

/** A completed run that added fewer keywords than asked says so, as the dialog that asked would. */
function shortfallNotice(run: {
  kind: 'generate' | 'more';
  requested: number;
  keywordsAdded: number;
  params: unknown;
}): string | undefined {
  if (run.keywordsAdded >= run.requested) return undefined;
  const params = run.params as RunParams;
  return messages.keywordsShortfall(
    run.keywordsAdded,
    params.lengthRule,
    run.kind === 'more' ? { dialog: 'more', byCpcRange: params.byCpcRange === true } : { dialog: 'generator' },
  );
}

export interface GenerationTimings {
  /** A running run whose heartbeat is older than this is taken to have died with its process. */
  staleAfterSeconds: number;
  heartbeatSeconds: number;
  /** Attempts before a run that keeps dying is failed. */
  maxAttempts: number;
  /** How often each process looks for runs to send again. */
  sweepSeconds: number;
}

export const defaultGenerationTimings: GenerationTimings = {
  staleAfterSeconds: 20,
  heartbeatSeconds: 5,
  maxAttempts: 3,
  sweepSeconds: 10,
};

type StartInput = z.output<typeof generationInputSchema>;

export function createGenerationService({
  db,
  queue,
  generator,
  timings = defaultGenerationTimings,
  intents,
  log,
}: {
  db: Db;
  queue: JobQueue;
  generator: KeywordGenerator;
  timings?: GenerationTimings;
  /** Reads a project's keywords' intents again when a run changes its name, competitors or place. */
  intents: IntentRereader;
  log: (error: unknown, message: string) => void;
}) {
  const repository = createGenerationRepository(db);

  async function enqueue(runId: number): Promise<void> {
    await repository.markEnqueued(runId);
    await queue.send(GENERATION_QUEUE, { runId });
  }

  return {
    async start(caller: Caller, input: StartInput): Promise<{ projectId: number; runId: number }> {
      const facts = {
        name: input.projectName,
        description: input.productService,
        siteUrl: input.siteUrl,
        targetAudience: input.targetAudience,
        competitors: input.competitors,
        country: input.country,
        city: input.city,
        language: input.language,
      };
      if (input.projectId) await getChangeableProject(db, caller, input.projectId);
      // The form has no brand: a project's own (set in Edit Project) is searched for, else the name.
      const brand = input.projectId ? ((await repository.findTextFacts(input.projectId))?.brand ?? '') : '';
      const params: RunParams = {
        facts: { ...facts, brand, productService: input.productService },
        count: input.keywordCount,
        lengthRule: input.keywordLength,
      };
      const ids = await repository.startRun({
        userId: caller.id,
        projectId: input.projectId,
        facts,
        params,
        requested: input.keywordCount,
      });
      if (ids.intentsForgotten) await intents.reread(ids.projectId);
      // If this send is lost, the sweeper sends again: the run row is the truth.
      await enqueue(ids.runId).catch((error: unknown) => log(error, 'could not enqueue a generation run'));
      return { projectId: ids.projectId, runId: ids.runId };
    },

    async status(caller: Caller, projectId: number): Promise<ProjectStatusAnswer> {
      await getReadableProject(db, caller, projectId);
      const run = await repository.latestRun(projectId);
      if (!run) return { status: 'idle', runId: null, progress: { generated: 0, requested: 0 } };
      const answer: ProjectStatusAnswer = {
        status: run.status === 'running' ? 'pending' : run.status,
        runId: run.id,
        progress: { generated: run.progress, requested: run.requested },
      };
      if (run.status === 'completed') {
        answer.keywords = await repository.runKeywords(run.id);
        const notice = shortfallNotice(run);
        if (notice) answer.notice = notice;
      }
      if (run.status === 'failed') answer.error = run.error ?? messages.generationFailedOffline;
      return answer;
    },

    /**
     * Works one run. Its keywords and its completion commit together, so a
     * crash leaves nothing half-written, and the unique index keeps a second
     * attempt from adding a keyword twice.
     */
    async execute(runId: number): Promise<void> {
      const run = await repository.claim(runId, timings.staleAfterSeconds);
      if (!run) return; // finished, or another process has it
      const attempt = run.attempts;
      if (attempt > timings.maxAttempts) {
        await repository.fail(run.id, attempt, `Gave up after ${timings.maxAttempts} attempts.`);
        return;
      }
      const heartbeat = setInterval(() => {
        repository.heartbeat(run.id, attempt).catch((error: unknown) => log(error, 'generation heartbeat failed'));
      }, timings.heartbeatSeconds * 1000);
      heartbeat.unref();
      try {
        const params = run.params as RunParams;
        const existing = await repository.existingNormalized(run.projectId);
        // Read at run time: a refresh of its Search Console queries since the run started counts.
        const searchQueries = await topSearchedQueries(db, run.projectId);
        const ideas = await generator.generate({
          project: { ...params.facts, searchQueries },
          count: params.count,
          lengthRule: params.lengthRule,
          avoid: existing,
          onProgress: (generated) => {
            repository
              .progress(run.id, attempt, generated)
              .catch((error: unknown) => log(error, 'generation progress update failed'));
          },
        });
        await repository.complete(run, attempt, ideas);
      } catch (error) {
        log(error, 'generation run failed');
        await repository.fail(
          run.id,
          attempt,
          error instanceof LlmError ? error.message : messages.generationFailedOffline,
        );
      } finally {
        clearInterval(heartbeat);
      }
    },

    /** Sends again every run that waits too long or whose process died. */
    async sweep(): Promise<number> {
      const due = await repository.dueRuns(timings.staleAfterSeconds);
      for (const runId of due) await queue.send(GENERATION_QUEUE, { runId });
      return due.length;
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
