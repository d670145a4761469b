import {
  messages,
  normalizeKeyword,
  tidyKeyword,
  type KeywordLengthRule,
  type ProjectStatusAnswer,
} from '@keywright/contract';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { generationInputSchema } from '@keywright/contract';
import { getChangeableProject, getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { generationRuns, keywords, projects } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { KeywordGenerator, ProjectFacts } from '../../providers/keyword-generator/keyword-generator';
import { LlmError } from '../../providers/keyword-generator/llm';
import {
  findProjectTextFacts,
  forgetIntents,
  sameTextFacts,
  withIntents,
  type IntentRereader,
} from '../../queries/keyword-intents';
import { keywordColumns } from '../../queries/keyword-columns';

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

const seconds = (value: number) => sql`make_interval(secs => ${value})`;

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
  async function enqueue(runId: number): Promise<void> {
    await db
      .update(generationRuns)
      .set({ enqueuedAt: sql`now()` })
      .where(eq(generationRuns.id, runId));
    await queue.send(GENERATION_QUEUE, { runId });
  }

  /** Takes a run for this process: a pending one, or one whose process stopped beating. */
  async function claim(runId: number) {
    const [run] = await db
      .update(generationRuns)
      .set({
        status: 'running',
        heartbeatAt: sql`now()`,
        attempts: sql`${generationRuns.attempts} + 1`,
        startedAt: sql`coalesce(${generationRuns.startedAt}, now())`,
      })
      .where(
        and(
          eq(generationRuns.id, runId),
          or(
            eq(generationRuns.status, 'pending'),
            and(
              eq(generationRuns.status, 'running'),
              lt(generationRuns.heartbeatAt, sql`now() - ${seconds(timings.staleAfterSeconds)}`),
            ),
          ),
        ),
      )
      .returning();
    return run;
  }

  /** Conditions that hold only while this attempt still owns the run. */
  const owned = (runId: number, attempt: number) =>
    and(eq(generationRuns.id, runId), eq(generationRuns.attempts, attempt), eq(generationRuns.status, 'running'));

  async function fail(runId: number, attempt: number, error: string): Promise<void> {
    await db
      .update(generationRuns)
      .set({ status: 'failed', error, finishedAt: sql`now()` })
      .where(owned(runId, attempt));
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
      const brand = input.projectId ? ((await findProjectTextFacts(db, input.projectId))?.brand ?? '') : '';
      const params: RunParams = {
        facts: { ...facts, brand, productService: input.productService },
        count: input.keywordCount,
        lengthRule: input.keywordLength,
      };
      const ids = await db.transaction(async (tx) => {
        let projectId = input.projectId;
        let intentsForgotten = false;
        if (projectId) {
          const before = await findProjectTextFacts(tx, projectId);
          await tx
            .update(projects)
            .set({ ...facts, updatedAt: sql`now()` })
            .where(eq(projects.id, projectId));
          intentsForgotten = before !== null && !sameTextFacts(before, { ...before, ...facts });
          if (intentsForgotten) await forgetIntents(tx, projectId);
        } else {
          const [project] = await tx
            .insert(projects)
            .values({ userId: caller.id, ...facts })
            .returning({ id: projects.id });
          projectId = project!.id;
        }
        const [run] = await tx
          .insert(generationRuns)
          .values({ projectId, userId: caller.id, params, requested: input.keywordCount })
          .returning({ id: generationRuns.id });
        return { projectId, runId: run!.id, intentsForgotten };
      });
      if (ids.intentsForgotten) await intents.reread(ids.projectId);
      // If this send is lost, the sweeper sends again: the run row is the truth.
      await enqueue(ids.runId).catch((error: unknown) => log(error, 'could not enqueue a generation run'));
      return { projectId: ids.projectId, runId: ids.runId };
    },

    async status(caller: Caller, projectId: number): Promise<ProjectStatusAnswer> {
      await getReadableProject(db, caller, projectId);
      const [run] = await db
        .select()
        .from(generationRuns)
        .where(eq(generationRuns.projectId, projectId))
        .orderBy(desc(generationRuns.id))
        .limit(1);
      if (!run) return { status: 'idle', runId: null, progress: { generated: 0, requested: 0 } };
      const answer: ProjectStatusAnswer = {
        status: run.status === 'running' ? 'pending' : run.status,
        runId: run.id,
        progress: { generated: run.progress, requested: run.requested },
      };
      if (run.status === 'completed') {
        answer.keywords = await db
          .select(keywordColumns)
          .from(keywords)
          .where(eq(keywords.generationId, run.id))
          .orderBy(keywords.id);
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
      const run = await claim(runId);
      if (!run) return; // finished, or another process has it
      const attempt = run.attempts;
      if (attempt > timings.maxAttempts) {
        await fail(run.id, attempt, `Gave up after ${timings.maxAttempts} attempts.`);
        return;
      }
      const heartbeat = setInterval(() => {
        db.update(generationRuns)
          .set({ heartbeatAt: sql`now()` })
          .where(owned(run.id, attempt))
          .catch((error: unknown) => log(error, 'generation heartbeat failed'));
      }, timings.heartbeatSeconds * 1000);
      heartbeat.unref();
      try {
        const params = run.params as RunParams;
        const existing = await db
          .select({ normalized: keywords.normalized })
          .from(keywords)
          .where(eq(keywords.projectId, run.projectId));
        const ideas = await generator.generate({
          project: params.facts,
          count: params.count,
          lengthRule: params.lengthRule,
          avoid: existing.map((row) => row.normalized),
          onProgress: (generated) => {
            db.update(generationRuns)
              .set({ progress: generated })
              .where(owned(run.id, attempt))
              .catch((error: unknown) => log(error, 'generation progress update failed'));
          },
        });
        await db.transaction(async (tx) => {
          const [mine] = await tx
            .update(generationRuns)
            .set({ status: 'completed', progress: ideas.length, finishedAt: sql`now()` })
            .where(owned(run.id, attempt))
            .returning({ id: generationRuns.id });
          if (!mine) return; // taken over after a stalled heartbeat: the other attempt writes
          const facts = await findProjectTextFacts(tx, run.projectId);
          if (!facts) return; // the project was deleted (and the run with it)
          const rows = ideas.map((idea) => {
            const keyword = tidyKeyword(idea);
            return {
              projectId: run.projectId,
              keyword,
              normalized: normalizeKeyword(keyword),
              source: 'generated' as const,
              generationId: run.id,
            };
          });
          const inserted = rows.length
            ? await tx
                .insert(keywords)
                .values(withIntents(facts, rows))
                .onConflictDoNothing()
                .returning({ id: keywords.id })
            : [];
          await tx.update(generationRuns).set({ keywordsAdded: inserted.length }).where(eq(generationRuns.id, run.id));
        });
      } catch (error) {
        log(error, 'generation run failed');
        await fail(run.id, attempt, error instanceof LlmError ? error.message : messages.generationFailedOffline);
      } finally {
        clearInterval(heartbeat);
      }
    },

    /** Sends again every run that waits too long or whose process died. */
    async sweep(): Promise<number> {
      const due = await db
        .update(generationRuns)
        .set({ enqueuedAt: sql`now()` })
        .where(
          and(
            lt(
              sql`coalesce(${generationRuns.enqueuedAt}, ${generationRuns.createdAt})`,
              sql`now() - ${seconds(timings.staleAfterSeconds)}`,
            ),
            or(
              eq(generationRuns.status, 'pending'),
              and(
                eq(generationRuns.status, 'running'),
                lt(generationRuns.heartbeatAt, sql`now() - ${seconds(timings.staleAfterSeconds)}`),
              ),
            ),
          ),
        )
        .returning({ id: generationRuns.id });
      for (const { id } of due) await queue.send(GENERATION_QUEUE, { runId: id });
      return due.length;
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
