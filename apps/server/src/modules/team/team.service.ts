import { messages, type TeamMember } from '@keywright/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../auth/signed-in-user';
import type { Db } from '../../db/client';
import { teamMembers, user } from '../../db/schema';
import { AppError } from '../../lib/errors';

const iso = (column: typeof teamMembers.addedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function createTeamService({ db }: { db: Db }) {
  const adder = alias(user, 'adder');
  const owner = alias(user, 'owner');

  async function findUserIdByEmail(email: string): Promise<string | null> {
    const [row] = await db
      .select({ id: user.id })
      .from(user)
      .where(sql`lower(${user.email}) = ${email}`);
    return row?.id ?? null;
  }

  return {
    /** The caller's own team, then the teams the caller is on (is_self). */
    async listMembers(caller: AuthUser): Promise<TeamMember[]> {
      const own = await db
        .select({
          email: teamMembers.memberEmail,
          added_at: iso(teamMembers.addedAt),
          is_self: sql<boolean>`false`,
          added_by: teamMembers.addedBy,
          added_by_email: adder.email,
        })
        .from(teamMembers)
        .leftJoin(adder, eq(adder.id, teamMembers.addedBy))
        .where(eq(teamMembers.ownerId, caller.id))
        .orderBy(teamMembers.addedAt, teamMembers.memberEmail);
      const memberships = await db
        .select({
          email: teamMembers.memberEmail,
          added_at: iso(teamMembers.addedAt),
          is_self: sql<boolean>`true`,
          added_by: teamMembers.ownerId,
          added_by_email: owner.email,
        })
        .from(teamMembers)
        .leftJoin(owner, eq(owner.id, teamMembers.ownerId))
        .where(eq(teamMembers.memberUserId, caller.id))
        .orderBy(teamMembers.addedAt);
      return [...own, ...memberships];
    },

    async addMember(caller: AuthUser, email: string): Promise<TeamMember> {
      if (email === caller.email.toLowerCase()) throw new AppError('validation_error', messages.cannotAddSelf);
      const memberUserId = await findUserIdByEmail(email);
      if (!memberUserId) throw new AppError('not_found', messages.noAccountForEmail);
      const [row] = await db
        .insert(teamMembers)
        .values({ ownerId: caller.id, memberEmail: email, memberUserId, addedBy: caller.id })
        .onConflictDoNothing()
        .returning({ added_at: iso(teamMembers.addedAt) });
      if (!row) throw new AppError('conflict', messages.alreadyTeamMember);
      return { email, added_at: row.added_at, is_self: false, added_by: caller.id, added_by_email: caller.email };
    },

    async removeMember(caller: AuthUser, email: string): Promise<void> {
      const removed = await db
        .delete(teamMembers)
        .where(and(eq(teamMembers.ownerId, caller.id), eq(teamMembers.memberEmail, email)))
        .returning({ email: teamMembers.memberEmail });
      if (removed.length === 0) throw new AppError('not_found', messages.notTeamMember);
    },

    async leaveAllTeams(caller: AuthUser): Promise<number> {
      const removed = await db
        .delete(teamMembers)
        .where(or(eq(teamMembers.memberUserId, caller.id), eq(teamMembers.memberEmail, caller.email.toLowerCase())))
        .returning({ ownerId: teamMembers.ownerId });
      return removed.length;
    },

    /** Rows added by e-mail point at the account that now holds that e-mail. */
    async linkMemberId(caller: AuthUser): Promise<number> {
      const linked = await db
        .update(teamMembers)
        .set({ memberUserId: caller.id })
        .where(
          and(
            eq(teamMembers.memberEmail, caller.email.toLowerCase()),
            sql`${teamMembers.memberUserId} is distinct from ${caller.id}`,
          ),
        )
        .returning({ ownerId: teamMembers.ownerId });
      return linked.length;
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
