import type { SearchConsoleFigures } from '@keywright/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A keyword's Search Console figures (issue 26): those of the query with its normalized text in
 * the project's current import (`search_console_projects.current_import_id`), for the keywords
 * page, its export and the analysis export.
 */

/** The figures as columns of a statement that joined `scq` (see `searchConsoleJoin`). */
export const searchConsoleColumns = sql.raw(
  'scq.clicks as sc_clicks, scq.impressions as sc_impressions, scq.ctr as sc_ctr, scq.position as sc_position',
);

export type SearchConsoleColumns = {
  sc_clicks: number | null;
  sc_impressions: number | null;
  sc_ctr: number | null;
  sc_position: number | null;
};

/** Keywords `k` with the query `scq` of import `importId` (an SQL value: a column or a parameter), if any. */
export function searchConsoleJoin(importId: SQL): SQL {
  return sql`left join search_console_queries scq on scq.import_id = ${importId} and scq.normalized = k.normalized`;
}

/** The import whose queries project `projectId` shows, as an SQL value. */
export function currentImportValue(projectId: number): SQL {
  return sql`(select current_import_id from search_console_projects where project_id = ${projectId})`;
}

/** The figures of a row read with `searchConsoleColumns`; null when no query matched. */
export function searchConsoleFigures(row: Partial<SearchConsoleColumns>): SearchConsoleFigures | null {
  if (row.sc_clicks == null) return null;
  return {
    clicks: Number(row.sc_clicks),
    impressions: Number(row.sc_impressions),
    ctr: Number(row.sc_ctr),
    position: Number(row.sc_position),
  };
}

/** The project's current import, or null when it has none. */
export async function currentSearchConsoleImport(db: Db, projectId: number): Promise<number | null> {
  const { rows } = await db.execute<{ id: number | string | null }>(sql`select ${currentImportValue(projectId)} as id`);
  const id = rows[0]?.id;
  return id == null ? null : Number(id);
}

/** The figures of these normalized texts in import `importId`, by normalized text (those without a query left out). */
export async function searchConsoleFiguresOf(
  db: Db,
  importId: number,
  normalized: readonly string[],
): Promise<Map<string, SearchConsoleFigures>> {
  if (normalized.length === 0) return new Map();
  const { rows } = await db.execute<SearchConsoleColumns & { normalized: string }>(sql`
    select scq.normalized, ${searchConsoleColumns} from search_console_queries scq
    where scq.import_id = ${importId} and scq.normalized = any(${sql.param([...new Set(normalized)])}::text[])`);
  return new Map(rows.map((row) => [row.normalized, searchConsoleFigures(row)!]));
}

/** The four columns an export adds when the project has a current import, as Search Console names them. */
export const SEARCH_CONSOLE_COLUMNS = ['Clicks', 'Impressions', 'CTR', 'Position'];

/** `12.5%`: a click-through rate as Search Console's export writes it (two decimals at most). */
export function ctrCell(ctr: number): string {
  return `${Number((ctr * 100).toFixed(2))}%`;
}

/** The four cells of a keyword: its figures (a position with one decimal), or N/A when no query matches. */
export function searchConsoleCells(figures: SearchConsoleFigures | null | undefined): string[] {
  if (!figures) return ['N/A', 'N/A', 'N/A', 'N/A'];
  return [String(figures.clicks), String(figures.impressions), ctrCell(figures.ctr), figures.position.toFixed(1)];
}
