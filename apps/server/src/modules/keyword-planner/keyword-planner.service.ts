import type { KeywordPlannerImportAnswer } from '@keywright/contract';
import { getChangeableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { metricsScope } from '../../queries/figures';
import type { KeywordPlannerFile, KeywordPlannerRow } from './keyword-planner-file';
import { createKeywordPlannerRepository } from './keyword-planner.repository';

/** Rows a statement writes: its parameters stay a few megabytes however large the file. */
const BATCH_ROWS = 5_000;

function hasFigures(row: KeywordPlannerRow): boolean {
  return (
    row.avgMonthlySearches !== null ||
    row.competition !== null ||
    row.competitionIndex !== null ||
    row.lowBidMicros !== null ||
    row.highBidMicros !== null ||
    row.searches !== null
  );
}

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += BATCH_ROWS) yield items.slice(start, start + BATCH_ROWS);
}

export function createKeywordPlannerService({ db }: { db: Db }) {
  const repository = createKeywordPlannerRepository(db);

  return {
    /** Before the upload is read: a file for a project the caller cannot change is not parsed. */
    async checkAccess(caller: Caller, projectId: number): Promise<void> {
      await getChangeableProject(db, caller, projectId);
    },

    /**
     * Adds the file's keywords to the project (those it has are merged) and keeps their figures as
     * the project's own Keyword Planner figures, all in one transaction. Rows without any figure add their
     * keyword only: whatever figures the keyword has from elsewhere stay in view.
     */
    async importFile(caller: Caller, projectId: number, file: KeywordPlannerFile): Promise<KeywordPlannerImportAnswer> {
      // One order for every import, so two imports sharing keywords cannot lock them crosswise.
      const withFigures = file.rows
        .filter(hasFigures)
        .sort((a, b) => (a.normalized < b.normalized ? -1 : a.normalized > b.normalized ? 1 : 0));
      const added = await db.transaction(async (tx) => {
        const place = await repository.lockProject(tx, caller, projectId);
        const facts = place && (await repository.findTextFacts(tx, projectId));
        if (!place || !facts) throw notFound();
        let added = 0;
        for (const batch of batches(file.rows)) added += await repository.addKeywords(tx, projectId, facts, batch);
        if (withFigures.length > 0) {
          // The project's own, for its place: no other project sees them (`keyword_metrics.project_id`).
          const scope = metricsScope('estimate', place);
          for (const batch of batches(withFigures))
            await repository.storeFigures(tx, projectId, scope, file.months, batch, file.currency);
          await repository.figuresChanged(tx, withFigures.length);
        }
        return added;
      });
      return {
        read: file.read,
        added,
        merged: file.rows.length - added,
        skipped: file.skipped,
        withFigures: withFigures.length,
        skips: file.skips,
        source: 'keyword-planner',
        currency: file.currency,
      };
    },
  };
}

export type KeywordPlannerService = ReturnType<typeof createKeywordPlannerService>;
