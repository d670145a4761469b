import type { ProjectSearchConsole, SearchConsoleImport } from '@keywright/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type ImportRow = {
  id: number | string;
  source: 'api' | 'upload';
  status: 'running' | 'completed' | 'failed';
  rows: number;
  start_date: string | null;
  end_date: string | null;
  error: string | null;
  started_at: string;
  finished_at: string | null;
  is_current: boolean;
};

const iso = (value: string | null) => (value == null ? null : new Date(value).toISOString());

function toImport(row: ImportRow): SearchConsoleImport {
  return {
    id: Number(row.id),
    source: row.source,
    status: row.status,
    rows: Number(row.rows),
    startDate: row.start_date,
    endDate: row.end_date,
    error: row.error,
    startedAt: iso(row.started_at)!,
    finishedAt: iso(row.finished_at),
  };
}

/**
 * A project's Search Console state as its page shows it: the linked property and who linked it,
 * the import its queries come from, the newest import when it is another (running, or failed),
 * and how many queries the current one holds. The caller's access is checked before (a guard).
 */
export async function readProjectSearchConsole(db: Db, projectId: number): Promise<ProjectSearchConsole> {
  const [{ rows: links }, { rows: imports }] = await Promise.all([
    db.execute<{ site_url: string | null; linked_by: string | null }>(sql`
      select scp.site_url, u.email as linked_by
      from search_console_projects scp left join "user" u on u.id = scp.linked_by
      where scp.project_id = ${projectId}`),
    db.execute<ImportRow>(sql`
      select i.id, i.source, i.status, i.rows, i.start_date::text as start_date, i.end_date::text as end_date,
        i.error, i.started_at::text as started_at, i.finished_at::text as finished_at,
        i.id = scp.current_import_id as is_current
      from search_console_imports i
      left join search_console_projects scp on scp.project_id = i.project_id
      where i.project_id = ${projectId}
        and (i.id = scp.current_import_id
          or i.id = (select max(id) from search_console_imports where project_id = ${projectId}))
      order by i.id desc`),
  ]);
  const link = links[0];
  const current = imports.find((row) => row.is_current);
  const newest = imports[0];
  return {
    siteUrl: link?.site_url ?? null,
    linkedBy: link?.linked_by ?? null,
    current: current ? toImport(current) : null,
    latest: newest && newest !== current ? toImport(newest) : null,
    queries: current ? Number(current.rows) : 0,
  };
}
