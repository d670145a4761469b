import type { ProjectSearchConsole, SearchConsoleImport } from '@keywright/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects, searchConsoleImports, searchConsoleProjects, user } from '../../db/schema';

type ImportRow = typeof searchConsoleImports.$inferSelect;

/** An import as the contract answers it. */
export function importAnswer(row: ImportRow): SearchConsoleImport {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    rows: row.rows,
    startDate: row.startDate,
    endDate: row.endDate,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * A project's Search Console state (`GET /api/projects/:projectId/search-console` and the link's
 * answer): the linked property and who linked it, the import its queries come from, the newest
 * import when it is another (running, or failed after it), and how many queries are shown.
 * Access is the caller's to check first.
 */
export async function readProjectSearchConsole(db: Db, projectId: number): Promise<ProjectSearchConsole> {
  const [link] = await db
    .select({
      siteUrl: searchConsoleProjects.siteUrl,
      linkedBy: user.email,
      currentImportId: searchConsoleProjects.currentImportId,
    })
    .from(searchConsoleProjects)
    .leftJoin(user, eq(user.id, searchConsoleProjects.linkedBy))
    .where(eq(searchConsoleProjects.projectId, projectId));
  const currentId = link?.currentImportId ?? null;
  const [latest] = await db
    .select()
    .from(searchConsoleImports)
    .where(eq(searchConsoleImports.projectId, projectId))
    .orderBy(desc(searchConsoleImports.id))
    .limit(1);
  const [current] =
    currentId === null
      ? []
      : await db.select().from(searchConsoleImports).where(eq(searchConsoleImports.id, currentId));
  // A completed import's count of rows is its count of queries (each query is stored once).
  const queries = current?.rows ?? 0;
  return {
    siteUrl: link?.siteUrl ?? null,
    linkedBy: link?.siteUrl ? (link.linkedBy ?? null) : null,
    current: current ? importAnswer(current) : null,
    latest: latest && latest.id !== current?.id ? importAnswer(latest) : null,
    queries,
  };
}

/** What a refresh and the job need of a project's link. */
export interface ProjectLink {
  siteUrl: string | null;
  linkedBy: string | null;
  /** The e-mail of whoever ran the import shown (for the teammate told to connect their own account). */
  importedBy: string | null;
}

export function createSearchConsoleStateRepository(db: Db) {
  return {
    async findLink(projectId: number): Promise<ProjectLink> {
      const { rows } = await db.execute<{
        site_url: string | null;
        linked_by: string | null;
        imported_by: string | null;
      }>(
        sql`select p.site_url, p.linked_by, u.email as imported_by
            from search_console_projects p
            left join search_console_imports i on i.id = p.current_import_id
            left join "user" u on u.id = i.user_id
            where p.project_id = ${projectId}`,
      );
      const row = rows[0];
      return { siteUrl: row?.site_url ?? null, linkedBy: row?.linked_by ?? null, importedBy: row?.imported_by ?? null };
    },

    /** The project's own site URL ('' when none). */
    async projectSiteUrl(projectId: number): Promise<string> {
      const [row] = await db.select({ siteUrl: projects.siteUrl }).from(projects).where(eq(projects.id, projectId));
      return row?.siteUrl ?? '';
    },

    async link(projectId: number, siteUrl: string, userId: string): Promise<void> {
      const values = { siteUrl, linkedBy: userId, linkedAt: new Date(), updatedAt: new Date() };
      await db
        .insert(searchConsoleProjects)
        .values({ projectId, ...values })
        .onConflictDoUpdate({ target: searchConsoleProjects.projectId, set: values });
    },

    /** No more daily refreshes; the imported queries stay. */
    async unlink(projectId: number): Promise<void> {
      await db
        .update(searchConsoleProjects)
        .set({ siteUrl: null, linkedBy: null, linkedAt: null, updatedAt: new Date() })
        .where(eq(searchConsoleProjects.projectId, projectId));
    },

    /** The project's fetch under way, if any. */
    async runningFetch(projectId: number): Promise<ImportRow | undefined> {
      const [row] = await db
        .select()
        .from(searchConsoleImports)
        .where(
          and(
            eq(searchConsoleImports.projectId, projectId),
            eq(searchConsoleImports.status, 'running'),
            eq(searchConsoleImports.source, 'api'),
          ),
        );
      return row;
    },

    async findImport(importId: number): Promise<ImportRow | undefined> {
      const [row] = await db.select().from(searchConsoleImports).where(eq(searchConsoleImports.id, importId));
      return row;
    },
  };
}

export type SearchConsoleStateRepository = ReturnType<typeof createSearchConsoleStateRepository>;
