import { messages, type Project, type TeamMember } from '@keywright/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema';
import { buildProject } from '../../../test/factories/projects';
import { addToTeam } from '../../../test/factories/team';
import { buildUser, type TestUser } from '../../../test/factories/users';
import { dataSnapshot, errorBody, request, validationError } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';

const ctx = useTestContext();

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function addMember(as: TestUser, email: unknown) {
  return request(ctx, as, { method: 'POST', url: '/api/team/members', payload: { email } });
}

function removeMember(as: TestUser, email: unknown) {
  return request(ctx, as, { method: 'DELETE', url: '/api/team/members', payload: { email } });
}

async function listMembers(as: TestUser): Promise<TeamMember[]> {
  const response = await request(ctx, as, { method: 'GET', url: '/api/team/members' });
  expect(response.statusCode).toBe(200);
  return response.json<{ members: TeamMember[] }>().members;
}

async function visibleProjectIds(as: TestUser): Promise<number[]> {
  const response = await request(ctx, as, { method: 'GET', url: '/api/projects' });
  return response.json<Project[]>().map((project) => project.id);
}

async function projectStatus(as: TestUser, id: number): Promise<number> {
  return (await request(ctx, as, { method: 'GET', url: `/api/projects/${id}` })).statusCode;
}

describe('POST /api/team/members', () => {
  it('adds an account by e-mail, whatever its case, and shares the projects', async () => {
    const [owner, member] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
    const project = await buildProject(ctx, { owner });
    expect(await projectStatus(member, project.id)).toBe(404);

    const response = await addMember(owner, `  ${member.email.toUpperCase()} `);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      email: member.email,
      added_at: expect.stringMatching(ISO_TIMESTAMP),
      is_self: false,
      added_by: owner.id,
      added_by_email: owner.email,
    });
    expect(await projectStatus(member, project.id)).toBe(200);
    expect(await visibleProjectIds(member)).toEqual([project.id]);
  });

  it('answers 404 when no account uses the e-mail, and writes nothing', async () => {
    const owner = await buildUser(ctx);
    const before = await dataSnapshot(ctx);
    const response = await addMember(owner, 'nobody-here@example.com');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(errorBody('not_found', messages.noAccountForEmail));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it.each([
    ['without an @', 'not-an-email', messages.invalidEmail],
    ['empty', '', messages.invalidEmail],
    ['blank', '   ', messages.invalidEmail],
    ['over 320 characters', `${'a'.repeat(320)}@example.com`, messages.invalidEmail],
    ['not a string', 12, 'Invalid input: expected string, received number'],
    ['missing', undefined, 'Invalid input: expected string, received undefined'],
  ])('refuses an e-mail %s with 400 and writes nothing', async (_case, email, message) => {
    const owner = await buildUser(ctx);
    const before = await dataSnapshot(ctx);
    const response = await addMember(owner, email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('body.email', message));
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('refuses adding yourself with 400, in any case', async () => {
    const owner = await buildUser(ctx);
    const before = await dataSnapshot(ctx);
    for (const email of [owner.email, owner.email.toUpperCase()]) {
      const response = await addMember(owner, email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorBody('validation_error', messages.cannotAddSelf));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('refuses a second add of the same person with 409, in any case', async () => {
    const [owner, member] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
    await addToTeam(ctx, owner, member);
    const before = await dataSnapshot(ctx);
    for (const email of [member.email, member.email.toUpperCase()]) {
      const response = await addMember(owner, email);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(errorBody('conflict', messages.alreadyTeamMember));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});

describe('GET /api/team/members', () => {
  it('shows my team (is_self false) and the teams I am on (is_self true, with the owner)', async () => {
    const [me, myMember, otherMember, teamOwner] = await Promise.all([
      buildUser(ctx),
      buildUser(ctx),
      buildUser(ctx),
      buildUser(ctx),
    ]);
    await addToTeam(ctx, me, myMember);
    await addToTeam(ctx, me, otherMember);
    await addToTeam(ctx, teamOwner, me);
    const addedAt = expect.stringMatching(ISO_TIMESTAMP);

    expect(await listMembers(me)).toEqual([
      { email: myMember.email, added_at: addedAt, is_self: false, added_by: me.id, added_by_email: me.email },
      { email: otherMember.email, added_at: addedAt, is_self: false, added_by: me.id, added_by_email: me.email },
      { email: me.email, added_at: addedAt, is_self: true, added_by: teamOwner.id, added_by_email: teamOwner.email },
    ]);
    expect(await listMembers(myMember)).toEqual([
      { email: myMember.email, added_at: addedAt, is_self: true, added_by: me.id, added_by_email: me.email },
    ]);
  });

  it('does not pass membership on: a member of my member sees none of my projects', async () => {
    const [me, member, membersMember] = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
    await addToTeam(ctx, me, member);
    await addToTeam(ctx, member, membersMember);
    const project = await buildProject(ctx, { owner: me });
    expect(await projectStatus(member, project.id)).toBe(200);
    expect(await projectStatus(membersMember, project.id)).toBe(404);
    expect(await visibleProjectIds(membersMember)).toEqual([]);
  });

  it('is empty for someone with no team', async () => {
    expect(await listMembers(await buildUser(ctx))).toEqual([]);
  });
});

describe('DELETE /api/team/members', () => {
  it('removes a member, who loses access', async () => {
    const [owner, member, otherMember] = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
    await addToTeam(ctx, owner, member);
    await addToTeam(ctx, owner, otherMember);
    const project = await buildProject(ctx, { owner });

    const response = await removeMember(owner, member.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await listMembers(owner)).toMatchObject([{ email: otherMember.email }]);
    expect(await listMembers(member)).toEqual([]);
    expect(await projectStatus(member, project.id)).toBe(404);
    expect(await visibleProjectIds(member)).toEqual([]);
    expect(await projectStatus(otherMember, project.id)).toBe(200);
  });

  it('answers 404 for someone not on the team, and writes nothing', async () => {
    const [owner, member, outsider] = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
    await addToTeam(ctx, owner, member);
    const before = await dataSnapshot(ctx);
    for (const email of [outsider.email, 'no-account@example.com']) {
      const response = await removeMember(owner, email);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('not_found', messages.notTeamMember));
    }
    expect(await dataSnapshot(ctx)).toEqual(before);
  });

  it('refuses an e-mail without an @ with 400', async () => {
    const owner = await buildUser(ctx);
    const response = await removeMember(owner, 'nope');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(validationError('body.email', messages.invalidEmail));
  });
});

describe('POST /api/team/leave', () => {
  it('leaves every team: their projects disappear; my own team stays', async () => {
    const [me, firstOwner, secondOwner, myMember] = await Promise.all([
      buildUser(ctx),
      buildUser(ctx),
      buildUser(ctx),
      buildUser(ctx),
    ]);
    await addToTeam(ctx, firstOwner, me);
    await addToTeam(ctx, secondOwner, me);
    await addToTeam(ctx, me, myMember);
    const first = await buildProject(ctx, { owner: firstOwner });
    const second = await buildProject(ctx, { owner: secondOwner });
    const mine = await buildProject(ctx, { owner: me });
    expect(await visibleProjectIds(me)).toEqual([mine.id, second.id, first.id]);

    const response = await request(ctx, me, { method: 'POST', url: '/api/team/leave', payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, left: 2 });

    expect(await visibleProjectIds(me)).toEqual([mine.id]);
    expect(await projectStatus(me, first.id)).toBe(404);
    expect(await projectStatus(me, second.id)).toBe(404);
    expect(await listMembers(firstOwner)).toEqual([]);
    expect(await listMembers(me)).toMatchObject([{ email: myMember.email, is_self: false }]);
    expect(await projectStatus(myMember, mine.id)).toBe(200);

    const again = await request(ctx, me, { method: 'POST', url: '/api/team/leave' });
    expect(again.json()).toEqual({ success: true, left: 0 });
  });
});

describe('POST /api/team/update-member-id', () => {
  it('links a row added by e-mail to the account and restores access', async () => {
    const [owner, member] = await Promise.all([buildUser(ctx), buildUser(ctx)]);
    await addToTeam(ctx, owner, member);
    const project = await buildProject(ctx, { owner });
    // As if the row had been added before the member's account held the e-mail.
    await ctx.database.db
      .update(teamMembers)
      .set({ memberUserId: null })
      .where(eq(teamMembers.memberEmail, member.email));
    expect(await projectStatus(member, project.id)).toBe(404);
    expect(await visibleProjectIds(member)).toEqual([]);

    const response = await request(ctx, member, { method: 'POST', url: '/api/team/update-member-id', payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, linked: 1 });
    expect(await projectStatus(member, project.id)).toBe(200);
    expect(await visibleProjectIds(member)).toEqual([project.id]);
    const [row] = await ctx.database.db.select().from(teamMembers).where(eq(teamMembers.memberEmail, member.email));
    expect(row?.memberUserId).toBe(member.id);

    const again = await request(ctx, member, { method: 'POST', url: '/api/team/update-member-id', payload: {} });
    expect(again.json()).toEqual({ success: true, linked: 0 });
  });

  it("does not link someone else's rows", async () => {
    const [owner, member, other] = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
    await addToTeam(ctx, owner, member);
    await ctx.database.db
      .update(teamMembers)
      .set({ memberUserId: null })
      .where(eq(teamMembers.memberEmail, member.email));
    const before = await dataSnapshot(ctx);
    const response = await request(ctx, other, { method: 'POST', url: '/api/team/update-member-id', payload: {} });
    expect(response.json()).toEqual({ success: true, linked: 0 });
    expect(await dataSnapshot(ctx)).toEqual(before);
  });
});
