import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { projects } from './projects';

/**
 * A project's negative keyword list (issue 27): the searches its ads should not show for. It goes
 * with its project: whoever may read the project may read and change its lists.
 */
export const negativeLists = pgTable(
  'negative_lists',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Two lists of one project may not share a name, whatever its case.
    uniqueIndex('negative_lists_project_name_idx').on(table.projectId, sql`lower(${table.name})`),
  ],
);

/**
 * A negative keyword of a list: exact or phrase match, never broad; for the whole campaign, or for
 * one ad group (named, as the export names it) when the search belongs in another of the project's groups.
 */
export const negativeListItems = pgTable(
  'negative_list_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listId: bigint('list_id', { mode: 'number' })
      .notNull()
      .references(() => negativeLists.id, { onDelete: 'cascade' }),
    /** As typed, spaces collapsed. */
    text: text('text').notNull(),
    /** Its identity in the list: `normalizeKeyword` of the text. */
    normalized: text('normalized').notNull(),
    matchType: text('match_type', { enum: ['exact', 'phrase'] }).notNull(),
    /** The ad group it is a negative of; null: the whole campaign. */
    adGroup: text('ad_group'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The same text once per match type and level (the campaign, or an ad group whatever its case);
    // a list's page reads its items in this order (by text).
    uniqueIndex('negative_list_items_list_text_level_idx').on(
      table.listId,
      table.normalized,
      table.matchType,
      sql`lower(coalesce(${table.adGroup}, ''))`,
    ),
    check('negative_list_items_match_type_check', sql`${table.matchType} in ('exact', 'phrase')`),
  ],
);
