import { normalizeKeyword, tidyKeyword, type Keyword } from '@keywright/contract';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { generationRuns, keywords, projects } from '../../db/schema';
import { keywordColumns } from '../../queries/keyword-columns';
import {
  findProjectTextFacts,
  forgetIntents,
  sameTextFacts,
  withIntents,
  type ProjectTextFacts,
} from '../../queries/keyword-intents';

const seconds = (value: number) => sql`make_interval(secs => ${value})`;

/** The facts a generation form saves to its project. */
export interface FormFacts {
  name: string;
  description: string;
  siteUrl: string;
  targetAudience: string;
  competitors: string;
  country: string;
  city: string;
  language: string;
}

export type GenerationRun = typeof generationRuns.$inferSelect;

export function createGenerationRepository(db: Db) {
  /** Conditions that hold only while this attempt still owns the run. */
  const owned = (runId: number, attempt: number) =>
    and(eq(generationRuns.id, runId), eq(generationRuns.attempts, attempt), eq(generationRuns.status, 'running'));

  /** Runs a process may take: pending ones, and running ones whose process stopped beating. */
  const takeable = (staleAfterSeconds: number) =>
    or(
      eq(generationRuns.status, 'pending'),
      and(
        eq(generationRuns.status, 'running'),
        lt(generationRuns.heartbeatAt, sql`now() - ${seconds(staleAfterSeconds)}`),
      ),
    );

  return {
    findTextFacts: (projectId: number): Promise<ProjectTextFacts | null> => findProjectTextFacts(db, projectId),

    /**
     * Saves the form's facts to its project (or makes the project) and adds the run, in one
     * transaction; when the project's brands or places changed, its keywords' intents are forgotten
     * in it too (to be read again). Whether they were.
     */
    async startRun(input: {
      userId: string;
      projectId: number | undefined;
      facts: FormFacts;
      params: unknown;
      requested: number;
    }): Promise<{ projectId: number; runId: number; intentsForgotten: boolean }> {
      const { facts } = input;
      return db.transaction(async (tx) => {
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
            .values({ userId: input.userId, ...facts })
            .returning({ id: projects.id });
          projectId = project!.id;
        }
        const [run] = await tx
          .insert(generationRuns)
          .values({ projectId, userId: input.userId, params: input.params, requested: input.requested })
          .returning({ id: generationRuns.id });
        return { projectId, runId: run!.id, intentsForgotten };
      });
    },

    async markEnqueued(runId: number): Promise<void> {
      await db
        .update(generationRuns)
        .set({ enqueuedAt: sql`now()` })
        .where(eq(generationRuns.id, runId));
    },

    async latestRun(projectId: number): Promise<GenerationRun | undefined> {
      const [run] = await db
        .select()
        .from(generationRuns)
        .where(eq(generationRuns.projectId, projectId))
        .orderBy(desc(generationRuns.id))
        .limit(1);
      return run;
    },

    runKeywords(runId: number): Promise<Keyword[]> {
      return db.select(keywordColumns).from(keywords).where(eq(keywords.generationId, runId)).orderBy(keywords.id);
    },

    /** Takes a run for this process: a pending one, or one whose process stopped beating. */
    async claim(runId: number, staleAfterSeconds: number): Promise<GenerationRun | undefined> {
      const [run] = await db
        .update(generationRuns)
        .set({
          status: 'running',
          heartbeatAt: sql`now()`,
          attempts: sql`${generationRuns.attempts} + 1`,
          startedAt: sql`coalesce(${generationRuns.startedAt}, now())`,
        })
        .where(and(eq(generationRuns.id, runId), takeable(staleAfterSeconds)))
        .returning();
      return run;
    },

    async fail(runId: number, attempt: number, error: string): Promise<void> {
      await db
        .update(generationRuns)
        .set({ status: 'failed', error, finishedAt: sql`now()` })
        .where(owned(runId, attempt));
    },

    async heartbeat(runId: number, attempt: number): Promise<void> {
      await db
        .update(generationRuns)
        .set({ heartbeatAt: sql`now()` })
        .where(owned(runId, attempt));
    },

    async progress(runId: number, attempt: number, generated: number): Promise<void> {
      await db.update(generationRuns).set({ progress: generated }).where(owned(runId, attempt));
    },

    async existingNormalized(projectId: number): Promise<string[]> {
      const rows = await db
        .select({ normalized: keywords.normalized })
        .from(keywords)
        .where(eq(keywords.projectId, projectId));
      return rows.map((row) => row.normalized);
    },

    /**
     * Completes the run with its ideas as the project's keywords, in one transaction, while this
     * attempt still owns it; the unique index keeps a second attempt from adding a keyword twice.
     */
    async complete(run: Pick<GenerationRun, 'id' | 'projectId'>, attempt: number, ideas: string[]): Promise<void> {
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
    },

    /** Marks sent again every run that waits too long or whose process died; their ids. */
    async dueRuns(staleAfterSeconds: number): Promise<number[]> {
      const due = await db
        .update(generationRuns)
        .set({ enqueuedAt: sql`now()` })
        .where(
          and(
            lt(
              sql`coalesce(${generationRuns.enqueuedAt}, ${generationRuns.createdAt})`,
              sql`now() - ${seconds(staleAfterSeconds)}`,
            ),
            takeable(staleAfterSeconds),
          ),
        )
        .returning({ id: generationRuns.id });
      return due.map((row) => row.id);
    },
  };
}
