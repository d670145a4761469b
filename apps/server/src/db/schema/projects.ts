import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchIntents } from '@keywright/contract';
import { user } from './auth';

export const projects = pgTable(
  'projects',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    country: text('country').notNull().default(''),
    city: text('city').notNull().default(''),
    language: text('language').notNull().default(''),
    siteUrl: text('site_url').notNull().default(''),
    targetAudience: text('target_audience').notNull().default(''),
    competitors: text('competitors').notNull().default(''),
    /** The name people search for; empty: the project's name (`projectBrand`). */
    brand: text('brand').notNull().default(''),
    /** The ISO 4217 code chosen for its money; empty: its country's (`projects/project-currency.ts`). */
    currency: text('currency').notNull().default(''),
    /** Kept by a statement-level trigger on keywords (migration 0001). */
    keywordsCount: integer('keywords_count').notNull().default(0),
    /** Bumped by the same trigger on every change to the project's keywords (migration 0003). */
    keywordsVersion: bigint('keywords_version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('projects_user_id_idx').on(table.userId, table.createdAt)],
);

export const keywords = pgTable(
  'keywords',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    normalized: text('normalized').notNull(),
    source: text('source', { enum: ['generated', 'manual', 'suggestion', 'import'] })
      .notNull()
      .default('manual'),
    generationId: bigint('generation_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Its search intents, strongest first (modules/keywords/keyword-intents.ts). Null until read:
     * rows stored before migration 0010 are read by the intent filler after start-up.
     */
    intent: text('intent', { enum: searchIntents }).array(),
    /**
     * Whether no rule spoke for it (`readIntent`'s `open`): true while the language model, when
     * configured, has not read it (modules/keywords/open-intents.ts); false once the rules or the
     * model decided. Null until told apart: rows stored before migration 0011, and paths that
     * write `intent` without it; the open-intents pass tells them apart when it runs.
     */
    intentOpen: boolean('intent_open'),
  },
  (table) => [
    uniqueIndex('keywords_project_normalized_idx').on(table.projectId, table.normalized),
    // A project's keywords carrying any of some intents (`intent && $1`), through btree_gin (migration 0010).
    index('keywords_project_intent_idx').using('gin', table.projectId, table.intent),
    index('keywords_intent_unknown_idx')
      .on(table.projectId)
      .where(sql`${table.intent} is null`),
    // The keywords the open-intents pass has left to look at (`intent_open is not false`).
    index('keywords_intent_open_idx')
      .on(table.projectId)
      .where(sql`${table.intentOpen} is not false`),
    index('keywords_generation_idx')
      .on(table.generationId)
      .where(sql`${table.generationId} is not null`),
    index('keywords_project_created_idx').on(table.projectId, sql`${table.createdAt} desc`, sql`${table.id} desc`),
    // A project's keywords containing a text (`normalized like '%…%'`): trigrams through pg_trgm, the
    // project's own entries through btree_gin (migration 0020).
    index('keywords_project_normalized_trgm_idx').using('gin', table.projectId, table.normalized.op('gin_trgm_ops')),
  ],
);

/**
 * Moves whenever anything an owner's projects show in a list changes (a project added,
 * edited or deleted, its keyword count, the owner's e-mail); kept by triggers (migration
 * 0006). A caller's projects list is unchanged while the versions of its owners are.
 */
export const projectListVersions = pgTable('project_list_versions', {
  // No foreign key: the triggers write here while an owner's account and projects are being deleted.
  ownerId: text('owner_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
