import { Readable } from 'node:stream';
import {
  keywordExportFileName,
  messages,
  normalizeKeyword,
  paginate,
  tidyKeyword,
  type Keyword,
  type KeywordPage,
  type KeywordSort,
} from '@keywright/contract';
import { eq } from 'drizzle-orm';
import { projects } from '../../db/schema';
import { csvLines, UTF8_BOM } from '../../lib/csv';
import { getChangeableKeyword, getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { createKeywordRepository } from './keywords.repository';

/** `2026-11-21T…` as the en-US `11/21/2026`, cheaply: an export formats 100,000 of them. */
function usDate(iso: string): string {
  return `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
}

export function createKeywordService({ db }: { db: Db }) {
  const repository = createKeywordRepository(db);

  return {
    async listProjectKeywords(caller: Caller, projectId: number): Promise<Keyword[]> {
      await getReadableProject(db, caller, projectId);
      return repository.listForProject(projectId);
    },

    async keywordPage(
      caller: Caller,
      projectId: number,
      query: { page: number; pageSize: number; search: string; sort: KeywordSort },
    ): Promise<KeywordPage> {
      const context = await repository.pageContext(caller, projectId);
      if (!context) throw notFound();
      const { rows, totalCount } = await repository.page({
        projectId,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        search: query.search,
        sort: query.sort,
        context,
      });
      return {
        data: rows,
        pagination: paginate(query.page, query.pageSize, totalCount),
        latestRunId: context.latestRunId,
      };
    },

    /** The CSV file of a project's keywords, streamed from the database batch by batch. */
    async exportKeywords(caller: Caller, projectId: number, now = new Date()) {
      await getReadableProject(db, caller, projectId);
      const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
      const batches = repository.allForExport(projectId);
      async function* lines() {
        yield UTF8_BOM + csvLines([['Keyword', 'Date Added']]);
        for await (const batch of batches) {
          yield csvLines(batch.map((keyword) => [keyword.keyword, usDate(keyword.created_at)]));
        }
      }
      return { fileName: keywordExportFileName(project?.name ?? 'project', now), stream: Readable.from(lines()) };
    },

    async addKeyword(caller: Caller, projectId: number, text: string): Promise<Keyword> {
      await getReadableProject(db, caller, projectId);
      const keyword = tidyKeyword(text);
      const added = await repository.insertIfNew({
        projectId,
        keyword,
        normalized: normalizeKeyword(keyword),
        source: 'manual',
      });
      if (!added) throw new AppError('conflict', messages.keywordExists);
      return added;
    },

    async deleteKeyword(caller: Caller, keywordId: number): Promise<void> {
      const keyword = await getChangeableKeyword(db, caller, keywordId);
      await repository.remove(keyword.id);
    },
  };
}

export type KeywordService = ReturnType<typeof createKeywordService>;
