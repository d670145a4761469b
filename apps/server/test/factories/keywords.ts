import type { Keyword } from '@keywright/contract';
import type { TestContext } from '../harness';
import type { TestUser } from './users';

export async function buildKeyword(ctx: TestContext, as: TestUser, projectId: number, keyword: string): Promise<Keyword> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/keywords`,
    headers: as.headers,
    payload: { keyword },
  });
  if (response.statusCode !== 201) throw new Error(`keyword add failed: ${response.statusCode} ${response.body}`);
  return response.json() as Keyword;
}
