import type { TestContext } from '../harness';
import type { TestUser } from './users';

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
