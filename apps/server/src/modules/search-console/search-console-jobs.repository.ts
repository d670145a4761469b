import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchConsoleImports } from '../../db/schema';
import { createSearchConsoleImportsRepository } from './search-console-imports.repository';

type ImportRow = typeof searchConsoleImports.$inferSelect;

const seconds = (value: number) => sql`make_interval(secs => ${value})`;

/** A query's best page so far in the (query, page) pass. */
export interface BestPage {
  normalized: string;
  page: string;
  impressions: number;
}

/**
 * The fetch job's own bookkeeping around the imports protocol (search-console-imports.repository):
 * one fetch at a time per project, taking a fetch over when its process died, the best-page pass
 * and the daily refresh.
 */
export function createSearchConsoleJobsRepository(db: Db) {
  const imports = createSearchConsoleImportsRepository(db);

  /** Running fetches a process may take: never taken, or whose process stopped beating. */
  const takeable = (staleAfterSeconds: number) =>
    and(
      eq(searchConsoleImports.status, 'running'),
      eq(searchConsoleImports.source, 'api'),
      or(
        isNull(searchConsoleImports.heartbeatAt),
        lt(searchConsoleImports.heartbeatAt, sql`now() - ${seconds(staleAfterSeconds)}`),
      ),
    );

  return {
    /**
     * Starts a fetch of the project's property with `userId`'s grant, unless one is running: then
     * that one. Earlier failed fetches go (the project shows the newest only).
     */
    async startFetch(input: {
      projectId: number;
      userId: string;
      siteUrl: string;
      startDate: string;
      endDate: string;
    }): Promise<{ row: ImportRow; started: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(2026026, ${input.projectId}::int)`);
        const [running] = await tx
          .select()
          .from(searchConsoleImports)
          .where(
            and(
              eq(searchConsoleImports.projectId, input.projectId),
              eq(searchConsoleImports.status, 'running'),
              eq(searchConsoleImports.source, 'api'),
            ),
          );
        if (running?.siteUrl === input.siteUrl) return { row: running, started: false };
        // A fetch of the property linked before is dropped with its rows; its job finds it gone and stops.
        if (running) await tx.delete(searchConsoleImports).where(eq(searchConsoleImports.id, running.id));
        await tx
          .delete(searchConsoleImports)
          .where(and(eq(searchConsoleImports.projectId, input.projectId), eq(searchConsoleImports.status, 'failed')));
        const id = await imports.startImport({ ...input, source: 'api' }, tx);
        const [row] = await tx.select().from(searchConsoleImports).where(eq(searchConsoleImports.id, id));
        return { row: row!, started: true };
      });
    },

    /** Takes a fetch for this process (counting the attempt); undefined when done or another process has it. */
    async claim(importId: number, staleAfterSeconds: number): Promise<ImportRow | undefined> {
      const [row] = await db
        .update(searchConsoleImports)
        .set({ heartbeatAt: sql`now()`, attempts: sql`${searchConsoleImports.attempts} + 1` })
        .where(and(eq(searchConsoleImports.id, importId), takeable(staleAfterSeconds)))
        .returning();
      return row;
    },

    async heartbeat(importId: number, attempt: number): Promise<void> {
      await db
        .update(searchConsoleImports)
        .set({ heartbeatAt: sql`now()` })
        .where(
          and(
            eq(searchConsoleImports.id, importId),
            eq(searchConsoleImports.attempts, attempt),
            eq(searchConsoleImports.status, 'running'),
          ),
        );
    },

    /** The queries are all in: the best-page pass begins (kept at 0 when it had begun). */
    async beginPagePass(importId: number): Promise<void> {
      await db
        .update(searchConsoleImports)
        .set({ pageRows: sql`coalesce(${searchConsoleImports.pageRows}, 0)` })
        .where(eq(searchConsoleImports.id, importId));
    },

    /**
     * Sets each query's page where this one showed it more than the page it has, and counts the
     * (query, page) rows read, in one transaction: a resumed pass starts after them.
     */
    async applyBestPages(importId: number, best: readonly BestPage[], rowsRead: number): Promise<void> {
      const document = JSON.stringify(best.map((row) => [row.normalized, row.page, row.impressions]));
      await db.transaction(async (tx) => {
        if (best.length > 0) {
          await tx.execute(sql`
            update search_console_queries q
            set page = r->>1, page_impressions = (r->>2)::int
            from jsonb_array_elements(${document}::jsonb) as r
            where q.import_id = ${importId} and q.normalized = r->>0
              and (q.page_impressions is null or q.page_impressions < (r->>2)::int)`);
        }
        await tx
          .update(searchConsoleImports)
          .set({ pageRows: sql`coalesce(${searchConsoleImports.pageRows}, 0) + ${rowsRead}` })
          .where(eq(searchConsoleImports.id, importId));
      });
    },

    /** Running fetches whose job was lost or whose process died: their ids, to send again. */
    async dueFetches(staleAfterSeconds: number): Promise<number[]> {
      const rows = await db
        .select({ id: searchConsoleImports.id })
        .from(searchConsoleImports)
        .where(
          and(
            takeable(staleAfterSeconds),
            lt(
              sql`coalesce(${searchConsoleImports.heartbeatAt}, ${searchConsoleImports.startedAt})`,
              sql`now() - ${seconds(staleAfterSeconds)}`,
            ),
          ),
        );
      return rows.map((row) => row.id);
    },

    /**
     * Linked projects due a daily refresh: nothing running, and the newest import started longer
     * ago than `everyHours` (or none yet). With the property and whose grant fetches (the linker's).
     */
    async dueRefreshes(everyHours: number): Promise<Array<{ projectId: number; siteUrl: string; linkedBy: string }>> {
      const { rows } = await db.execute<{ project_id: number; site_url: string; linked_by: string }>(sql`
        select p.project_id::int as project_id, p.site_url, p.linked_by
        from search_console_projects p
        where p.site_url is not null and p.linked_by is not null
          and not exists (
            select 1 from search_console_imports i
            where i.project_id = p.project_id
              and (i.status = 'running' or i.started_at > now() - ${seconds(everyHours * 3600)}))
        order by p.project_id
        limit 100`);
      return rows.map((row) => ({ projectId: row.project_id, siteUrl: row.site_url, linkedBy: row.linked_by }));
    },

    async findFetch(importId: number): Promise<ImportRow | undefined> {
      const [row] = await db.select().from(searchConsoleImports).where(eq(searchConsoleImports.id, importId));
      return row;
    },

    /** Whether the import is still this attempt's and running. */
    async stillMine(importId: number, attempt: number): Promise<boolean> {
      const [row] = await db
        .select({ id: searchConsoleImports.id })
        .from(searchConsoleImports)
        .where(
          and(
            eq(searchConsoleImports.id, importId),
            eq(searchConsoleImports.attempts, attempt),
            eq(searchConsoleImports.status, 'running'),
            ne(searchConsoleImports.source, 'upload'),
          ),
        );
      return Boolean(row);
    },

    imports,
  };
}

export type SearchConsoleJobsRepository = ReturnType<typeof createSearchConsoleJobsRepository>;
