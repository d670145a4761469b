import {
  normalizeKeyword,
  type SearchTermsAnswer,
  type SearchTermsImportAnswer,
  type searchTermsQuerySchema,
} from '@keywright/contract';
import type { z } from 'zod';
import { getChangeableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { SearchTermsReport } from './search-terms-file';
import { createSearchTermsRepository } from './search-terms.repository';

/** Rows a statement writes: its JSON document stays a few megabytes however large the report. */
const BATCH_ROWS = 5_000;
/** From this many terms, the import's statistics are refreshed before it commits. */
const ANALYZE_FROM_ROWS = 5_000;

type SearchTermsQuery = z.output<typeof searchTermsQuerySchema>;

export function createSearchTermsService({ db }: { db: Db }) {
  const repository = createSearchTermsRepository(db);

  return {
    /** Before the upload is read: a file for a project the caller cannot change is not parsed. */
    async checkAccess(caller: Caller, projectId: number): Promise<void> {
      await getChangeableProject(db, caller, projectId);
    },

    /**
     * Makes the report the project's search terms, replacing the one before, in one transaction:
     * until it commits the project shows its previous report, and a failure leaves it as it was.
     */
    async importReport(caller: Caller, projectId: number, report: SearchTermsReport): Promise<SearchTermsImportAnswer> {
      await db.transaction(async (tx) => {
        if (!(await repository.lockProject(tx, caller, projectId))) throw notFound();
        const importId = await repository.startImport(tx, {
          projectId,
          userId: caller.id,
          startDate: report.startDate,
          endDate: report.endDate,
          currency: report.currency,
          rows: report.stored,
        });
        for (let start = 0; start < report.rows.length; start += BATCH_ROWS) {
          await repository.addRows(tx, importId, report.rows.slice(start, start + BATCH_ROWS));
        }
        await repository.dropEarlierImports(tx, projectId, importId);
        if (report.stored >= ANALYZE_FROM_ROWS) await repository.analyze(tx);
      });
      return {
        read: report.read,
        stored: report.stored,
        skipped: report.read - report.stored,
        skips: report.skipped,
        startDate: report.startDate,
        endDate: report.endDate,
        currency: report.currency,
      };
    },

    /** A page of the project's latest report's terms; none (and no report) before the first import. */
    async page(caller: Caller, projectId: number, query: SearchTermsQuery): Promise<SearchTermsAnswer> {
      const found = await repository.readPage(caller, projectId, {
        contains: normalizeKeyword(query.q),
        noConversions: query.noConversions,
        minCost: query.minCost,
        sort: query.sort,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      if (!found) throw notFound();
      const { report, terms, total } = found;
      if (!report) return { terms: [], total: 0, report: null };
      return {
        terms: terms.map((term) => ({ ...term, currency: report.currency })),
        total,
        report: {
          startDate: report.startDate,
          endDate: report.endDate,
          currency: report.currency,
          rows: report.rows,
          importedAt: report.createdAt.toISOString(),
        },
      };
    },
  };
}

export type SearchTermsService = ReturnType<typeof createSearchTermsService>;
