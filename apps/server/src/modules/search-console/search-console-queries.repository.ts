import {
  normalizeKeyword,
  searchConsoleSorts,
  type SearchConsoleQueriesAnswer,
  type SearchConsoleSort,
} from '@keywright/contract';
import { sql, type SQL } from 'drizzle-orm';
import { canReadProject, type Caller } from '../../access/access';
import { preparedQuery, type Db } from '../../db/client';
import { projects } from '../../db/schema';
import { setBounded } from '../../lib/bounded-map';
import { pageLimit } from '../../db/page-limit';
import { containsPattern } from '../../queries/keyword-filters';

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

/** A sort's order on the rows of `alias`: its figure, ties by the normalized query (the primary key's). */
function orderText(sort: SearchConsoleSort, alias: string): string {
  const descending = sort.startsWith('-');
  const column = sort.replace('-', '');
  const direction = descending ? 'desc' : 'asc';
  if (column === 'query') return `${alias}.normalized ${direction}`;
  return `${alias}.${column} ${direction}, ${alias}.normalized asc`;
}

const ordersOf = (alias: string) =>
  Object.fromEntries(searchConsoleSorts.map((sort) => [sort, sql.raw(orderText(sort, alias))])) as Record<
    SearchConsoleSort,
    SQL
  >;
/** Each sort's order on the queries `q`, and on the page's rows once read (`page`). */
const orders = ordersOf('q');
const pageOrders = ordersOf('page');

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
 * Counts and pages kept: an import's rows never change once it is current, so a count holds while
 * it is (and the project's keywords are, for `notInProject`), a page while both are.
 */
const MAX_COUNTS = 500;
const MAX_PAGES = 500;

/**
 * Pages of a project's queries in its current import, filtered, sorted and paged in the database.
 * Whether each is a keyword of the project is looked up for the page's rows only (keywords'
 * (project_id, normalized) index). A filter's count is worked out once per import (and version of
 * the project's keywords, for `notInProject`) and kept; a page asked for again costs the read of
 * those two facts (with the caller's access) while they hold.
 */
export function createSearchConsoleQueriesRepository(db: Db) {
  const counts = new Map<string, number>();
  const pages = new Map<string, SearchConsoleQueriesAnswer>();

  return {
    /** A page, or null when the caller may not read the project. */
    async page(caller: Caller, projectId: number, options: QueriesOptions): Promise<SearchConsoleQueriesAnswer | null> {
      const { rows: facts } = await preparedQuery<{
        import_id: number | string | null;
        keywords_version: number | string;
      }>(
        db,
        sql`
        select scp.current_import_id as import_id, projects.keywords_version
        from projects left join search_console_projects scp on scp.project_id = projects.id
        where projects.id = ${projectId} and ${canReadProject(db, projects, caller)}`,
      );
      const fact = facts[0];
      if (!fact) return null;
      if (fact.import_id == null) return { queries: [], total: 0 };
      const importId = Number(fact.import_id);
      const pageKey = JSON.stringify([importId, Number(fact.keywords_version), options]);
      const keptPage = pages.get(pageKey);
      if (keptPage) return keptPage;

      const inProject = (alias: string) =>
        sql`exists (select 1 from keywords k where k.project_id = ${projectId} and k.normalized = ${sql.raw(alias)}.normalized)`;
      const search = normalizeKeyword(options.q);
      const filters: SQL[] = [
        ...(search ? [sql`q.normalized like ${containsPattern(search)}`] : []),
        ...(options.minPosition != null ? [sql`q.position >= ${options.minPosition}`] : []),
        ...(options.maxPosition != null ? [sql`q.position <= ${options.maxPosition}`] : []),
        ...(options.minImpressions != null ? [sql`q.impressions >= ${options.minImpressions}`] : []),
        ...(options.notInProject ? [sql`not ${inProject('q')}`] : []),
      ];
      const where = sql.join([sql`q.import_id = ${importId}`, ...filters], sql` and `);
      const countKey = JSON.stringify([
        importId,
        search,
        options.minPosition,
        options.maxPosition,
        options.minImpressions,
        options.notInProject ? Number(fact.keywords_version) : null,
      ]);
      const kept = counts.get(countKey);
      const [{ rows }, total] = await Promise.all([
        // The page first, then whether its rows are keywords: one lookup a row of the page.
        preparedQuery<QueryRow>(
          db,
          sql`
          select page.*, ${inProject('page')} as in_project from (
            select q.query, q.normalized, q.clicks, q.impressions, q.ctr, q.position, q.page
            from search_console_queries q where ${where}
            order by ${orders[options.sort]} ${pageLimit(options.limit, options.offset)}
          ) page
          order by ${pageOrders[options.sort]}`,
        ),
        kept ?? countQueries(db, where),
      ]);
      if (kept === undefined) setBounded(counts, countKey, total, MAX_COUNTS);
      const answer: SearchConsoleQueriesAnswer = {
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
      setBounded(pages, pageKey, answer, MAX_PAGES);
      return answer;
    },
  };
}

/** How many queries the filters keep. */
async function countQueries(db: Db, where: SQL): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from search_console_queries q where ${where}`,
  );
  return rows[0]?.count ?? 0;
}
