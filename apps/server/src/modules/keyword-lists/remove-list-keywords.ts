import { sql } from 'drizzle-orm';
import { getChangeableList, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';

/**
 * Takes keywords out of a list in one statement, all or nothing: when one of them is not in the
 * list (another list's, removed meanwhile, made up) nothing is removed and the answer is 404. The
 * keywords stay in their projects. Whoever may change the list may remove from it.
 */
export async function removeListKeywords(
  db: Db,
  caller: Caller,
  listId: number,
  keywordIds: readonly number[],
): Promise<{ removed: number }> {
  await getChangeableList(db, caller, listId);
  const { rows } = await db.execute<{ held: number; removed: number }>(sql`
    with held as (
      select keyword_id from keyword_list_items
      where list_id = ${listId} and keyword_id = any(${sql.param([...keywordIds])}::bigint[])),
    removed as (
      delete from keyword_list_items
      where list_id = ${listId} and keyword_id in (select keyword_id from held)
        and (select count(*) from held) = ${keywordIds.length}
      returning keyword_id)
    select (select count(*)::int from held) as held, (select count(*)::int from removed) as removed`);
  const row = rows[0]!;
  if (row.held !== keywordIds.length) throw notFound();
  return { removed: row.removed };
}
