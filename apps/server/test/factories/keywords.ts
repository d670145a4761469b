import type { Keyword } from '@keywright/contract';
import { createIntentFiller } from '../../src/modules/keywords/intent-filler';
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

/**
 * Many keywords at once, straight into the database: `term 1` is the
 * newest and each next one a second older. For paging and export tests.
 */
export async function insertKeywords(ctx: TestContext, projectId: number, count: number): Promise<void> {
  await ctx.database.pool.query(
    `insert into keywords (project_id, keyword, normalized, source, created_at)
     select $1, 'term ' || g, 'term ' || g, 'import', now() - g * interval '1 second'
     from generate_series(1, $2::int) g`,
    [projectId, count],
  );
}

/** Reads the intents of a project's keywords stored without them, as the server's filler does in the background. */
export function fillIntents(ctx: TestContext, projectId: number): Promise<number> {
  return createIntentFiller({ db: ctx.database.db }).fillProject(projectId);
}
