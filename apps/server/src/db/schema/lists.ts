import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { keywords, projects } from './projects';

/** A named group of keywords, for a project or none ("No Project"). */
export const keywordLists = pgTable(
  'keyword_lists',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // Deleting the project keeps the list, unlinked.
    projectId: bigint('project_id', { mode: 'number' }).references(() => projects.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Kept by statement-level triggers on keyword_list_items (migration 0007). */
    keywordsCount: integer('keywords_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Two lists of one owner may not share a name, whatever its case.
    uniqueIndex('keyword_lists_owner_name_idx').on(table.userId, sql`lower(${table.name})`),
    index('keyword_lists_project_idx')
      .on(table.projectId)
      .where(sql`${table.projectId} is not null`),
  ],
);

export const keywordListItems = pgTable(
  'keyword_list_items',
  {
    listId: bigint('list_id', { mode: 'number' })
      .notNull()
      .references(() => keywordLists.id, { onDelete: 'cascade' }),
    // A keyword deleted from its project (or with it) leaves every list.
    keywordId: bigint('keyword_id', { mode: 'number' })
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.keywordId] }),
    index('keyword_list_items_keyword_idx').on(table.keywordId),
    index('keyword_list_items_list_added_idx').on(table.listId, table.addedAt, table.keywordId),
  ],
);

/**
 * Moves whenever anything an owner's keyword lists show in the lists page changes (a list added,
 * renamed, moved or deleted, its keyword count, its project's name, the owner's e-mail); kept by
 * triggers (migration 0007). A caller's lists page is unchanged while the versions of its owners are.
 */
export const keywordListVersions = pgTable('keyword_list_versions', {
  // No foreign key: the triggers write here while an owner's account and lists are being deleted.
  ownerId: text('owner_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
