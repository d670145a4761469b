import { sql, type SQL } from 'drizzle-orm';

/**
 * `limit n [offset m]` for the hot prepared statements (see preparedQuery), written into the text
 * rather than bound: with LIMIT and OFFSET as parameters PostgreSQL cannot cost a generic plan
 * (it guesses a tenth of the rows), so it plans every execution anew, which costs more than running
 * it. A page size is one of a few validated integers, and a first page has no OFFSET at all, so the
 * texts stay few; a deeper offset is still bound (those statements keep being planned per call).
 */
export function pageLimit(limit: number, offset = 0): SQL {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a page size: ${limit}`);
  return offset === 0 ? sql.raw(`limit ${limit}`) : sql`${sql.raw(`limit ${limit}`)} offset ${offset}`;
}
