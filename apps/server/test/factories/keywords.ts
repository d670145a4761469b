import type { Keyword } from '@keywright/contract';
import type { TestContext } from '../harness';
import { buildProject } from './projects';
import { buildUser, type TestUser } from './users';

let counter = 0;

/**
 * Adds a keyword through the API as `as` (a new user when none is given) to
 * `projectId` (a new project of `as` when none is given).
 */
export async function buildKeyword(
  ctx: TestContext,
  { as, projectId, keyword }: { as?: TestUser; projectId?: number; keyword?: string } = {},
): Promise<Keyword> {
  counter += 1;
  const caller = as ?? (await buildUser(ctx));
  const targetId = projectId ?? (await buildProject(ctx, { owner: caller })).id;
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${targetId}/keywords`,
    headers: caller.headers,
    payload: { keyword: keyword ?? `keyword ${counter}` },
  });
  if (response.statusCode !== 201) throw new Error(`keyword add failed: ${response.statusCode} ${response.body}`);
  return response.json() as Keyword;
}
