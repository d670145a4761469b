import { messages, type TeamMember } from '@keywright/contract';
import type { AuthUser } from '../../auth/signed-in-user';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createTeamRepository } from './team.repository';

/** A person manages their own team, and leaves the teams they are on. */
export function createTeamService({ db }: { db: Db }) {
  const repository = createTeamRepository(db);

  return {
    /** The caller's own team, then the teams the caller is on (is_self). */
    async listMembers(caller: AuthUser): Promise<TeamMember[]> {
      const own = await repository.ownTeam(caller.id);
      const memberships = await repository.memberships(caller.id);
      return [...own, ...memberships];
    },

    async addMember(caller: AuthUser, email: string): Promise<TeamMember> {
      if (email === caller.email.toLowerCase()) throw new AppError('validation_error', messages.cannotAddSelf);
      const memberUserId = await repository.findUserIdByEmail(email);
      if (!memberUserId) throw new AppError('not_found', messages.noAccountForEmail);
      const row = await repository.insert({ ownerId: caller.id, memberEmail: email, memberUserId });
      if (!row) throw new AppError('conflict', messages.alreadyTeamMember);
      return { email, added_at: row.added_at, is_self: false, added_by: caller.id, added_by_email: caller.email };
    },

    async removeMember(caller: AuthUser, email: string): Promise<void> {
      if (!(await repository.remove(caller.id, email))) throw new AppError('not_found', messages.notTeamMember);
    },

    leaveAllTeams: (caller: AuthUser): Promise<number> =>
      repository.removeMemberships(caller.id, caller.email.toLowerCase()),

    /** Rows added by e-mail point at the account that now holds that e-mail. */
    linkMemberId: (caller: AuthUser): Promise<number> => repository.linkMemberId(caller.id, caller.email.toLowerCase()),
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
