import { successSchema } from './common';
import {
  leaveTeamsAnswerSchema,
  teamEmailInputSchema,
  teamMembersAnswerSchema,
  teamMemberSchema,
  updateMemberIdAnswerSchema,
} from './team';
import { define, err } from './endpoint';

/** The caller's team. */
export const teamEndpoints = {
  listTeamMembers: define({
    method: 'GET',
    path: '/api/team/members',
    summary: "The caller's team and the teams the caller is on",
    auth: true,
    response: { 200: teamMembersAnswerSchema, 401: err },
  }),
  addTeamMember: define({
    method: 'POST',
    path: '/api/team/members',
    summary: 'Add a member by e-mail (the person must have an account)',
    auth: true,
    body: teamEmailInputSchema,
    response: { 201: teamMemberSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  removeTeamMember: define({
    method: 'DELETE',
    path: '/api/team/members',
    summary: 'Remove a member from the caller’s team',
    auth: true,
    body: teamEmailInputSchema,
    response: { 200: successSchema, 400: err, 401: err, 404: err },
  }),
  leaveTeams: define({
    method: 'POST',
    path: '/api/team/leave',
    summary: 'Leave every team the caller is on',
    auth: true,
    response: { 200: leaveTeamsAnswerSchema, 401: err },
  }),
  updateMemberId: define({
    method: 'POST',
    path: '/api/team/update-member-id',
    summary: "Link team rows added by the caller's e-mail to the caller's id",
    auth: true,
    response: { 200: updateMemberIdAnswerSchema, 401: err },
  }),
} as const;
