import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A query people typed before they saw the project's site (Search Console), with how often it showed. */
export type SearchedQuery = {
  query: string;
  impressions: number;
};

/** How many of a project's queries seed its keyword ideas: the most seen, enough to cover its vocabulary. */
export const SEARCHED_QUERY_SEEDS = 200;

/**
 * The project's Search Console queries of its current import, the most seen first (issue 26):
 * the real vocabulary the generator and the suggestions start from. None without an import.
 */
export async function topSearchedQueries(
  db: Db,
  projectId: number,
  limit: number = SEARCHED_QUERY_SEEDS,
): Promise<SearchedQuery[]> {
  const { rows } = await db.execute<SearchedQuery>(sql`
    select q.query, q.impressions
    from search_console_projects p
    join search_console_queries q on q.import_id = p.current_import_id
    where p.project_id = ${projectId}
    order by q.impressions desc, q.normalized
    limit ${limit}`);
  return rows;
}
