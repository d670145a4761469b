import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';

export const teamMembers = pgTable(
  'team_members',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    memberEmail: text('member_email').notNull(),
    memberUserId: text('member_user_id').references(() => user.id, { onDelete: 'set null' }),
    addedBy: text('added_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('team_members_owner_email_idx').on(table.ownerId, table.memberEmail),
    index('team_members_member_user_idx').on(table.memberUserId),
    index('team_members_member_email_idx').on(table.memberEmail),
  ],
);
