import { normalizeKeyword, type SearchConsoleQueriesAnswer, type SearchConsoleSort } from '@keywright/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageLimit } from '../../db/page-limit';
import { containsPattern } from '../../queries/keyword-filters';
import { currentImportValue } from '../../queries/search-console-figures';

export interface QueriesOptions {
  offset: number;
  limit: number;
  sort: SearchConsoleSort;
  q: string;
  minPosition?: number;
  maxPosition?: number;
  minImpressions?: number;
  notInProject: boolean;
}

/** Each sort's order; ties by the normalized query, which the primary key (import_id, normalized) holds. */
const orders: Record<SearchConsoleSort, SQL> = {
  impressions: sql`q.impressions asc, q.normalized asc`,
  '-impressions': sql`q.impressions desc, q.normalized asc`,
  clicks: sql`q.clicks asc, q.normalized asc`,
  '-clicks': sql`q.clicks desc, q.normalized asc`,
  ctr: sql`q.ctr asc, q.normalized asc`,
  '-ctr': sql`q.ctr desc, q.normalized asc`,
  position: sql`q.position asc, q.normalized asc`,
  '-position': sql`q.position desc, q.normalized asc`,
  query: sql`q.normalized asc`,
  '-query': sql`q.normalized desc`,
};

type QueryRow = {
  query: string;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
  page: string | null;
  in_project: boolean;
};

/**
 * A page of a project's queries in its current import, filtered, sorted and paged in the
 * database; whether each is a keyword of the project is one index lookup per row of the page
 * (keywords' (project_id, normalized)). The caller's access is checked before (a guard).
 */
export async function readSearchConsoleQueries(
  db: Db,
  projectId: number,
  options: QueriesOptions,
): Promise<SearchConsoleQueriesAnswer> {
  const inProject = sql`exists (select 1 from keywords k where k.project_id = ${projectId} and k.normalized = q.normalized)`;
  const search = normalizeKeyword(options.q);
  const filters: SQL[] = [
    ...(search ? [sql`q.normalized like ${containsPattern(search)}`] : []),
    ...(options.minPosition != null ? [sql`q.position >= ${options.minPosition}`] : []),
    ...(options.maxPosition != null ? [sql`q.position <= ${options.maxPosition}`] : []),
    ...(options.minImpressions != null ? [sql`q.impressions >= ${options.minImpressions}`] : []),
    ...(options.notInProject ? [sql`not ${inProject}`] : []),
  ];
  const where = sql.join([sql`q.import_id = current_import.id`, ...filters], sql` and `);
  const current = sql`(select ${currentImportValue(projectId)} as id) current_import`;
  const [{ rows }, total] = await Promise.all([
    db.execute<QueryRow>(sql`
      select q.query, q.clicks, q.impressions, q.ctr, q.position, q.page, ${inProject} as in_project
      from ${current} join search_console_queries q on ${where}
      order by ${orders[options.sort]} ${pageLimit(options.limit, options.offset)}`),
    countQueries(db, current, where),
  ]);
  return {
    queries: rows.map((row) => ({
      query: row.query,
      clicks: Number(row.clicks),
      impressions: Number(row.impressions),
      ctr: Number(row.ctr),
      position: Number(row.position),
      page: row.page,
      in_project: row.in_project,
    })),
    total,
  };
}

/** How many queries the filters keep. */
async function countQueries(db: Db, current: SQL, where: SQL): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from ${current} join search_console_queries q on ${where}`,
  );
  return rows[0]?.count ?? 0;
}
