import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeamMember } from '@keywright/contract';
import type { Db } from '../../db/client';
import { teamMembers, user } from '../../db/schema';

const iso = (column: typeof teamMembers.addedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const adder = alias(user, 'adder');

/**
 * Team rows as the team page shows them. A membership (`is_self`) is shown as added by its
 * team's owner; a row of one's own team, by whoever added it.
 */
function memberRows(db: Db, isSelf: boolean) {
  const addedBy = isSelf ? teamMembers.ownerId : teamMembers.addedBy;
  return db
    .select({
      email: teamMembers.memberEmail,
      added_at: iso(teamMembers.addedAt),
      is_self: sql<boolean>`${sql.raw(String(isSelf))}`,
      added_by: addedBy,
      added_by_email: adder.email,
    })
    .from(teamMembers)
    .leftJoin(adder, eq(adder.id, addedBy));
}

/** A team is an owner's: each row is one member, added by e-mail and linked to the account that has it. */
export function createTeamRepository(db: Db) {
  return {
    async findUserIdByEmail(email: string): Promise<string | null> {
      const [row] = await db
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.email}) = ${email}`);
      return row?.id ?? null;
    },

    /** The owner's team, earliest added first, with who added each. */
    ownTeam: (ownerId: string): Promise<TeamMember[]> =>
      memberRows(db, false)
        .where(eq(teamMembers.ownerId, ownerId))
        .orderBy(teamMembers.addedAt, teamMembers.memberEmail),

    /** The teams the person is on, each as the row that says so. */
    memberships: (memberUserId: string): Promise<TeamMember[]> =>
      memberRows(db, true).where(eq(teamMembers.memberUserId, memberUserId)).orderBy(teamMembers.addedAt),

    /** Adds a member to the owner's team; null when the e-mail is on it already. */
    async insert(values: {
      ownerId: string;
      memberEmail: string;
      memberUserId: string;
    }): Promise<{ added_at: string } | null> {
      const [row] = await db
        .insert(teamMembers)
        .values({ ...values, addedBy: values.ownerId })
        .onConflictDoNothing()
        .returning({ added_at: iso(teamMembers.addedAt) });
      return row ?? null;
    },

    /** Takes an e-mail off the owner's team; false when it was not on it. */
    async remove(ownerId: string, memberEmail: string): Promise<boolean> {
      const removed = await db
        .delete(teamMembers)
        .where(and(eq(teamMembers.ownerId, ownerId), eq(teamMembers.memberEmail, memberEmail)))
        .returning({ email: teamMembers.memberEmail });
      return removed.length > 0;
    },

    /** Takes the person off every team, by account or by (lower-case) e-mail; how many. */
    async removeMemberships(memberUserId: string, memberEmail: string): Promise<number> {
      const removed = await db
        .delete(teamMembers)
        .where(or(eq(teamMembers.memberUserId, memberUserId), eq(teamMembers.memberEmail, memberEmail)))
        .returning({ ownerId: teamMembers.ownerId });
      return removed.length;
    },

    /** Points the rows of this (lower-case) e-mail at the account; how many changed. */
    async linkMemberId(memberUserId: string, memberEmail: string): Promise<number> {
      const linked = await db
        .update(teamMembers)
        .set({ memberUserId })
        .where(
          and(
            eq(teamMembers.memberEmail, memberEmail),
            sql`${teamMembers.memberUserId} is distinct from ${memberUserId}`,
          ),
        )
        .returning({ ownerId: teamMembers.ownerId });
      return linked.length;
    },
  };
}
