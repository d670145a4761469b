import { Readable } from 'node:stream';
import {
  analysisCsvColumns,
  normalizeKeyword,
  paginate,
  safeFileName,
  type AddListKeywordsAnswer,
  type AnalysisFilters,
  type AnalysisPage,
  type MetricsSource,
} from '@keywright/contract';
import { getChangeableList, getChangeableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { csvLines, UTF8_BOM } from '../../lib/csv';
import { moneyCell, moneyColumn, SOURCE_COLUMN, sourceCell } from '../../queries/figures-csv';
import { projectCurrency } from '../../queries/project-currency';
import { notFound } from '../../lib/errors';
import { intentCell } from '../../queries/keyword-intents';
import { metricsScope } from '../../queries/figures';
import {
  currentSearchConsoleImport,
  SEARCH_CONSOLE_COLUMNS,
  searchConsoleCells,
  searchConsoleFiguresOf,
} from '../../queries/search-console-figures';
import { createAnalysisRepository, type AnalysisFilterSet, type AnalysisOrder } from './analysis.repository';

/** `$1.20` from micro-units, or N/A. */
const numberOrNa = (value: number | null | undefined) => (value == null ? 'N/A' : String(value));

function filterSet(query: AnalysisFilterSet): AnalysisFilterSet {
  const { search, competition, minVolume, maxVolume, minCpc, maxCpc, intent } = query;
  // Sorted, so the same levels (or intents) in another order share their counts.
  return {
    search,
    competition: [...competition].sort(),
    minVolume,
    maxVolume,
    minCpc,
    maxCpc,
    intent: [...intent].sort(),
  };
}

/**
 * The Google Ads analysis page: a project's keywords with the figures cached for its place, filtered
 * and sorted in the database. It fetches nothing upstream: the page asks the metrics call to fill the
 * cache first, and `withoutFigures` says whether it needs to.
 */
export function createAnalysisService({
  db,
  metricsSource,
  serverCurrency = 'USD',
}: {
  db: Db;
  metricsSource: MetricsSource | null;
  /** `CURRENCY`: a project's currency when it chose none and its country is unknown. */
  serverCurrency?: string;
}) {
  const repository = createAnalysisRepository(db);

  async function readableSet(caller: Caller, projectId: number, query: AnalysisFilterSet) {
    const context = await repository.context(caller, projectId);
    if (!context) throw notFound();
    const scope = metricsSource ? metricsScope(metricsSource, context.place) : null;
    return { context, set: { projectId, scope, filters: filterSet(query) } };
  }

  return {
    async page(caller: Caller, projectId: number, query: AnalysisFilters): Promise<AnalysisPage> {
      const { context, set } = await readableSet(caller, projectId, query);
      const counts = await repository.counts(set, context);
      const window = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
      const data = await repository.page(set, query, counts, window, context);
      return {
        data,
        pagination: paginate(query.page, query.pageSize, counts.matching),
        source: metricsSource,
        projectKeywordCount: context.keywordsCount,
        // With metrics off no keyword has figures, and none can be fetched.
        withoutFigures: Math.max(0, context.keywordsCount - counts.withFigures),
      };
    },

    /** The filtered and sorted set as a CSV file, streamed from the database batch by batch. */
    async exportCsv(caller: Caller, projectId: number, query: AnalysisFilterSet & AnalysisOrder, now = new Date()) {
      const { context, set } = await readableSet(caller, projectId, query);
      const batches = repository.all(set, query);
      // Search Console's four columns when the project has its queries (issue 26), before the intent.
      const searchConsoleImportId = await currentSearchConsoleImport(db, projectId);
      const { currency } = projectCurrency(
        { country: context.place.country, currency: context.chosenCurrency },
        serverCurrency,
      );
      // SPEC's columns, the bids named with the project's currency; the figures' source before the intent.
      const [keywordColumn, searches, competition, index, low, high, intentColumn] = analysisCsvColumns;
      const header = [
        keywordColumn,
        searches,
        competition,
        index,
        moneyColumn(low, currency),
        moneyColumn(high, currency),
        SOURCE_COLUMN,
        ...(searchConsoleImportId != null ? SEARCH_CONSOLE_COLUMNS : []),
        intentColumn,
      ];
      async function* lines() {
        yield UTF8_BOM + csvLines([header]);
        for await (const batch of batches) {
          const searchConsole =
            searchConsoleImportId != null
              ? await searchConsoleFiguresOf(
                  db,
                  searchConsoleImportId,
                  batch.map((row) => normalizeKeyword(row.keyword)),
                )
              : null;
          yield csvLines(
            batch.map(({ keyword, metrics, intent }) => [
              keyword,
              numberOrNa(metrics?.avg_monthly_searches),
              metrics?.competition ?? 'N/A',
              numberOrNa(metrics?.competition_index),
              moneyCell(metrics?.cpc_low, metrics, currency),
              moneyCell(metrics?.cpc_high, metrics, currency),
              sourceCell(metrics),
              ...(searchConsole ? searchConsoleCells(searchConsole.get(normalizeKeyword(keyword))) : []),
              intentCell(intent),
            ]),
          );
        }
      }
      return {
        fileName: `${safeFileName(context.name, 'project')}_analysis_${now.toISOString().slice(0, 10)}.csv`,
        stream: Readable.from(lines()),
      };
    },

    /** Deletes keywords of a project at once, as whoever may delete one of them; 404 and nothing deleted when one is not the project's. */
    async deleteKeywords(caller: Caller, projectId: number, keywordIds: number[]): Promise<{ deleted: number }> {
      await getChangeableProject(db, caller, projectId);
      if (!(await repository.deleteKeywords(projectId, keywordIds))) throw notFound();
      return { deleted: keywordIds.length };
    },

    /** Adds keywords to a list at once, as the single add does; 404 and nothing added when one may not be read. */
    async addToList(caller: Caller, listId: number, keywordIds: number[]): Promise<AddListKeywordsAnswer> {
      await getChangeableList(db, caller, listId);
      const added = await repository.addToList(caller, listId, keywordIds);
      if (added == null) throw notFound();
      return { added, alreadyInList: keywordIds.length - added };
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
