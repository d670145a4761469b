import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchConsoleImports, searchConsoleProjects } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A query's figures as an import stores them; `normalized` is the key keywords are matched on. */
export interface StoredQueryRow {
  query: string;
  normalized: string;
  clicks: number;
  impressions: number;
  /** A fraction, 0-1. */
  ctr: number;
  position: number;
  page?: string | null;
}

export interface NewImport {
  projectId: number;
  userId: string;
  source: 'api' | 'upload';
  siteUrl?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}

/**
 * The one way an import's rows reach a project (issue 26): rows are written under a running
 * import, and only `completeImport` makes them the project's, in one transaction that also drops
 * the imports before it. Until then the project shows its previous import; a crash leaves the
 * running import's rows where the job resumes from them (`storedRows`).
 */
export function createSearchConsoleImportsRepository(db: Db) {
  return {
    async startImport(input: NewImport, tx: Tx | Db = db): Promise<number> {
      const [row] = await tx
        .insert(searchConsoleImports)
        .values({
          projectId: input.projectId,
          userId: input.userId,
          source: input.source,
          siteUrl: input.siteUrl ?? null,
          startDate: input.startDate ?? null,
          endDate: input.endDate ?? null,
        })
        .returning({ id: searchConsoleImports.id });
      return row!.id;
    },

    /**
     * Adds rows to a running import, one JSON document per batch; a query already there is kept
     * (a resumed page repeats rows). How many were new.
     */
    async addRows(importId: number, rows: readonly StoredQueryRow[], tx: Tx | Db = db): Promise<number> {
      if (rows.length === 0) return 0;
      const document = JSON.stringify(
        rows.map((row) => [
          row.query,
          row.normalized,
          row.clicks,
          row.impressions,
          row.ctr,
          row.position,
          row.page ?? null,
        ]),
      );
      const { rows: result } = await tx.execute<{ added: number }>(sql`
        with added as (
          insert into search_console_queries (import_id, query, normalized, clicks, impressions, ctr, position, page)
          select ${importId}, r->>0, r->>1, (r->>2)::int, (r->>3)::int, (r->>4)::float8, (r->>5)::float8, r->>6
          from jsonb_array_elements(${document}::jsonb) as r
          on conflict (import_id, normalized) do nothing
          returning 1),
        counted as (
          update search_console_imports set rows = rows + (select count(*) from added)
          where id = ${importId})
        select count(*)::int as added from added`);
      return result[0]!.added;
    },

    /** Rows a running import holds: where a resumed job goes on from. */
    async storedRows(importId: number): Promise<number> {
      const { rows } = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from search_console_queries where import_id = ${importId}`,
      );
      return rows[0]!.count;
    },

    /**
     * Makes a running import the project's queries and drops every other finished import of the
     * project (their rows go with them), in the one transaction given or its own. False when the
     * import is no longer running (it failed, or completed before).
     */
    async completeImport(importId: number, tx?: Tx): Promise<boolean> {
      const run = async (t: Tx) => {
        const [done] = await t
          .update(searchConsoleImports)
          .set({ status: 'completed', finishedAt: new Date() })
          .where(and(eq(searchConsoleImports.id, importId), eq(searchConsoleImports.status, 'running')))
          .returning({ projectId: searchConsoleImports.projectId });
        if (!done) return false;
        await t
          .insert(searchConsoleProjects)
          .values({ projectId: done.projectId, currentImportId: importId })
          .onConflictDoUpdate({
            target: searchConsoleProjects.projectId,
            set: { currentImportId: importId, updatedAt: new Date() },
          });
        await t
          .delete(searchConsoleImports)
          .where(
            and(
              eq(searchConsoleImports.projectId, done.projectId),
              ne(searchConsoleImports.id, importId),
              ne(searchConsoleImports.status, 'running'),
            ),
          );
        return true;
      };
      return tx ? run(tx) : db.transaction(run);
    },

    /** Ends a running import with the reason people read; its rows go, the project's queries stay as they were. */
    async failImport(importId: number, error: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from search_console_queries where import_id = ${importId}`);
        await tx
          .update(searchConsoleImports)
          .set({ status: 'failed', error, rows: 0, finishedAt: new Date() })
          .where(and(eq(searchConsoleImports.id, importId), eq(searchConsoleImports.status, 'running')));
      });
    },
  };
}

export type SearchConsoleImportsRepository = ReturnType<typeof createSearchConsoleImportsRepository>;
