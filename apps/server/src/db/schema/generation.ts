import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { projects } from './projects';

export const generationRunStatuses = ['pending', 'running', 'completed', 'failed'] as const;

/** One keyword generation run; pg-boss carries the work, this row carries the truth. */
export const generationRuns = pgTable(
  'generation_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['generate', 'more'] })
      .notNull()
      .default('generate'),
    status: text('status', { enum: generationRunStatuses }).notNull().default('pending'),
    /** What to generate: the project's facts as they were, the count and the length rule. */
    params: jsonb('params').notNull(),
    error: text('error'),
    requested: integer('requested').notNull(),
    /** Keywords generated so far, for progress; they are written only when the run completes. */
    progress: integer('progress').notNull().default(0),
    keywordsAdded: integer('keywords_added').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('generation_runs_project_idx').on(table.projectId, sql`${table.id} desc`),
    index('generation_runs_unfinished_idx')
      .on(table.status)
      .where(sql`${table.status} in ('pending', 'running')`),
  ],
);
