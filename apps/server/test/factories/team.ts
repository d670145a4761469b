import type { Keyword, Project } from '@keywright/contract';
import type { TestContext } from '../harness';
import { buildKeyword } from './keywords';
import { buildProject } from './projects';
import { buildUser, type TestUser } from './users';

/** Adds `member` to `owner`'s team through the API. */
export async function addToTeam(ctx: TestContext, owner: TestUser, member: TestUser): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/team/members',
    headers: owner.headers,
    payload: { email: member.email },
  });
  if (response.statusCode !== 201) throw new Error(`team add failed: ${response.statusCode} ${response.body}`);
}

export interface SharedProject {
  owner: TestUser;
  /** On the owner's team. */
  member: TestUser;
  /** Signed in, on no team. */
  stranger: TestUser;
  project: Project;
  keyword: Keyword;
}

/** An owner's project with one keyword, a member of the owner's team and a stranger. */
export async function buildSharedProject(ctx: TestContext): Promise<SharedProject> {
  const [owner, member, stranger] = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
  await addToTeam(ctx, owner, member);
  const project = await buildProject(ctx, { owner });
  const keyword = await buildKeyword(ctx, { as: owner, projectId: project.id });
  return { owner, member, stranger, project, keyword };
}
