import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import type { TeamService } from './team.service';

export function registerTeamRoutes(app: FastifyInstance, team: TeamService): void {
  addRoute(app, endpoints.listTeamMembers, async ({ user }) => ({ members: await team.listMembers(user) }));
  addRoute(app, endpoints.addTeamMember, ({ user, body }) => team.addMember(user, body.email));
  addRoute(app, endpoints.removeTeamMember, async ({ user, body }) => {
    await team.removeMember(user, body.email);
    return { success: true as const };
  });
  addRoute(app, endpoints.leaveTeams, async ({ user }) => ({
    success: true as const,
    left: await team.leaveAllTeams(user),
  }));
  addRoute(app, endpoints.updateMemberId, async ({ user }) => ({
    success: true as const,
    linked: await team.linkMemberId(user),
  }));
}
