import type {
  ProjectSearchConsole,
  SearchConsoleImportAnswer,
  SearchConsoleQueriesAnswer,
  SearchConsoleSort,
} from '@keywright/contract';
import { getChangeableProject, getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { SearchConsoleFile } from './search-console-file';
import { createSearchConsoleImportsRepository } from './search-console-imports.repository';
import { createSearchConsoleQueriesRepository } from './search-console-queries.repository';
import { readProjectSearchConsole } from './search-console-state.repository';

/** Rows a statement writes: its JSON document stays a few megabytes however large the file. */
const BATCH_ROWS = 5_000;

export interface SearchConsoleQueriesQuery {
  page: number;
  pageSize: number;
  sort: SearchConsoleSort;
  q: string;
  minPosition?: number;
  maxPosition?: number;
  minImpressions?: number;
  notInProject: boolean;
}

/**
 * A project's Search Console data (issue 26): its state, an uploaded export made its queries, and
 * the pages of those queries. Owners and team members; anyone else is told the project does not exist.
 */
export function createSearchConsoleDataService({ db }: { db: Db }) {
  const imports = createSearchConsoleImportsRepository(db);
  const queryPages = createSearchConsoleQueriesRepository(db);

  return {
    async projectState(caller: Caller, projectId: number): Promise<ProjectSearchConsole> {
      await getReadableProject(db, caller, projectId);
      return readProjectSearchConsole(db, projectId);
    },

    /** Before the upload is read: a file for a project the caller cannot change is not parsed. */
    async checkAccess(caller: Caller, projectId: number): Promise<void> {
      await getChangeableProject(db, caller, projectId);
    },

    /**
     * Makes the file's queries the project's, all or nothing: the import is started, filled and
     * made current in one transaction, so a failure anywhere leaves the previous queries shown.
     */
    async importFile(caller: Caller, projectId: number, file: SearchConsoleFile): Promise<SearchConsoleImportAnswer> {
      await getChangeableProject(db, caller, projectId);
      await db.transaction(async (tx) => {
        const importId = await imports.startImport({ projectId, userId: caller.id, source: 'upload' }, tx);
        for (let start = 0; start < file.rows.length; start += BATCH_ROWS)
          await imports.addRows(importId, file.rows.slice(start, start + BATCH_ROWS), tx);
        if (!(await imports.completeImport(importId, tx))) throw new Error(`import ${importId} did not complete`);
      });
      return {
        read: file.read,
        stored: file.stored,
        skipped: file.read - file.stored,
        skips: file.skipped,
      };
    },

    async queries(
      caller: Caller,
      projectId: number,
      query: SearchConsoleQueriesQuery,
    ): Promise<SearchConsoleQueriesAnswer> {
      const page = await queryPages.page(caller, projectId, {
        ...query,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      if (!page) throw notFound();
      return page;
    },
  };
}

export type SearchConsoleDataService = ReturnType<typeof createSearchConsoleDataService>;
