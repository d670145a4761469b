import type { KeywordList } from '@keywright/contract';
import type { TestContext } from '../harness';
import { buildUser, type TestUser } from './users';

let counter = 0;

/**
 * Creates a keyword list through the API as its owner (a new user when none is
 * given), for `projectId` (No Project when none is given), and adds
 * `keywordIds` to it in that order.
 */
export async function buildKeywordList(
  ctx: TestContext,
  {
    owner,
    projectId,
    name,
    keywordIds = [],
  }: { owner?: TestUser; projectId?: number | null; name?: string; keywordIds?: number[] } = {},
): Promise<KeywordList> {
  counter += 1;
  const caller = owner ?? (await buildUser(ctx));
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/keyword-lists',
    headers: caller.headers,
    payload: { name: name ?? `List ${counter}`, ...(projectId !== undefined && { project_id: projectId }) },
  });
  if (response.statusCode !== 201) throw new Error(`list create failed: ${response.statusCode} ${response.body}`);
  const list = response.json() as KeywordList;
  for (const keywordId of keywordIds) {
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/keyword-list-items',
      headers: caller.headers,
      payload: { list_id: list.id, keyword_id: keywordId },
    });
    if (added.statusCode !== 201) throw new Error(`list item add failed: ${added.statusCode} ${added.body}`);
  }
  return { ...list, count: list.count + keywordIds.length };
}

/**
 * Puts every keyword of `projectId` into the list straight in the database, the
 * lowest id added first and each next one a millisecond later. For paging and
 * export tests that need thousands of items.
 */
export async function fillKeywordList(ctx: TestContext, listId: number, projectId: number): Promise<void> {
  await ctx.database.pool.query(
    `insert into keyword_list_items (list_id, keyword_id, added_at)
     select $1, id, now() - interval '1 day' + row_number() over (order by id) * interval '1 millisecond'
     from keywords where project_id = $2`,
    [listId, projectId],
  );
}
