import { Readable } from 'node:stream';
import {
  keywordExportFileName,
  messages,
  normalizeKeyword,
  paginate,
  tidyKeyword,
  type Keyword,
  type KeywordPage,
  type KeywordPageSort,
  type MetricsSource,
  type SearchIntent,
} from '@keywright/contract';
import { csvLines, UTF8_BOM } from '../../lib/csv';
import { cpcRangeCell, moneyColumn, SOURCE_COLUMN, sourceCell } from '../../queries/figures-csv';
import { SEARCH_CONSOLE_COLUMNS, searchConsoleCells } from '../../queries/search-console-figures';
import { projectCurrency } from '../../queries/project-currency';
import { getChangeableKeyword, getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { MetricsPlace } from '../../providers/metrics/metrics-provider';
import { metricsScope } from '../../queries/figures';
import { addPastedKeywords } from './add-keywords';
import { intentCell, withIntents } from '../../queries/keyword-intents';
import { createKeywordPageRepository, type PageMetrics } from './keyword-page.repository';
import { createKeywordRepository } from './keywords.repository';

/** `2026-11-21T…` as the en-US `11/21/2026`, cheaply: an export formats 100,000 of them. */
function usDate(iso: string): string {
  return `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
}

type MetricsQuery = { metrics: boolean; minCpc: number | null; maxCpc: number | null };
type FilterQuery = MetricsQuery & { intent: SearchIntent[] };

/** `_filtered_1.5-3` for an export inside CPC bounds; a missing bound reads 0 or any. */
function filteredSuffix({ minCpc, maxCpc }: MetricsQuery): string {
  if (minCpc == null && maxCpc == null) return '';
  return `_filtered_${minCpc ?? 0}-${maxCpc ?? 'any'}`;
}

export function createKeywordService({
  db,
  metricsSource,
  serverCurrency = 'USD',
}: {
  db: Db;
  metricsSource: MetricsSource | null;
  /** `CURRENCY`: a project's currency when it chose none and its country is unknown. */
  serverCurrency?: string;
}) {
  const repository = createKeywordRepository(db);
  const pages = createKeywordPageRepository(db);

  /** What a page or export merges and filters by: null when neither figures nor bounds are asked for. */
  function pageMetrics(query: MetricsQuery, place: MetricsPlace): PageMetrics | undefined {
    if (!query.metrics && query.minCpc == null && query.maxCpc == null) return undefined;
    // With metrics turned off there are no figures: every row shows N/A and bounds exclude all.
    const scope = metricsSource ? metricsScope(metricsSource, place) : null;
    return { scope, minCpc: query.minCpc, maxCpc: query.maxCpc };
  }

  async function keywordPage(
    caller: Caller,
    projectId: number,
    query: {
      page: number;
      pageSize: number;
      search: string;
      sort: KeywordPageSort;
      searchConsole?: boolean;
    } & FilterQuery,
  ): Promise<KeywordPage> {
    const wantsFigures = query.metrics || query.minCpc != null || query.maxCpc != null;
    const page = await pages.page(caller, projectId, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
      search: query.search,
      intents: query.intent,
      sort: query.sort,
      metrics: wantsFigures ? { source: metricsSource, minCpc: query.minCpc, maxCpc: query.maxCpc } : undefined,
      searchConsole: query.searchConsole ?? false,
    });
    if (!page) throw notFound();
    return {
      data: page.rows,
      pagination: paginate(query.page, query.pageSize, page.totalCount),
      latestRunId: page.context.latestRunId,
    };
  }

  return {
    async listProjectKeywords(caller: Caller, projectId: number): Promise<Keyword[]> {
      await getReadableProject(db, caller, projectId);
      return repository.listForProject(projectId);
    },

    /** A page of the project's keywords (its JSON: keywords.serializer.ts). */
    keywordPage,

    /**
     * The CSV file of a project's keywords, streamed from the database batch by batch; with the
     * metrics columns when metrics are asked for, only the rows inside CPC bounds and only those
     * carrying the intents asked for.
     */
    async exportKeywords(caller: Caller, projectId: number, query: FilterQuery, now = new Date()) {
      const project = await repository.exportContext(caller, projectId);
      if (!project) throw notFound();
      const metrics = pageMetrics(query, project.place);
      const withFigures = query.metrics;
      const { currency } = projectCurrency(
        { country: project.place.country, currency: project.chosenCurrency },
        serverCurrency,
      );
      const { searchConsoleImportId } = project;
      const withSearchConsole = searchConsoleImportId != null;
      const batches = repository.allForExport(projectId, { metrics, intents: query.intent, searchConsoleImportId });
      // Search Console's four columns when the project has its queries (issue 26), before the intent.
      const searchConsoleHeader = withSearchConsole ? SEARCH_CONSOLE_COLUMNS : [];
      async function* lines() {
        // SPEC's columns where SPEC puts them (CPC named with its currency), the figures' source, the intent last.
        const header = withFigures
          ? [
              'Keyword',
              'Date Added',
              'Search Volume',
              'Competition',
              moneyColumn('CPC', currency),
              'Difficulty',
              SOURCE_COLUMN,
              ...searchConsoleHeader,
              'Intent',
            ]
          : ['Keyword', 'Date Added', ...searchConsoleHeader, 'Intent'];
        yield UTF8_BOM + csvLines([header]);
        for await (const batch of batches) {
          yield csvLines(
            batch.map((keyword) => {
              const row = [keyword.keyword, usDate(keyword.created_at)];
              const intent = intentCell(keyword.intent);
              const searchConsole = withSearchConsole ? searchConsoleCells(keyword.search_console) : [];
              if (!withFigures) return [...row, ...searchConsole, intent];
              const figures = keyword.metrics;
              return [
                ...row,
                figures?.avg_monthly_searches == null ? 'N/A' : String(figures.avg_monthly_searches),
                figures?.competition ?? 'N/A',
                cpcRangeCell(figures, currency),
                figures?.difficulty == null ? 'N/A' : String(figures.difficulty),
                sourceCell(figures),
                ...searchConsole,
                intent,
              ];
            }),
          );
        }
      }
      return {
        fileName: keywordExportFileName(project.name, now, filteredSuffix(query)),
        stream: Readable.from(lines()),
      };
    },

    async addKeyword(
      caller: Caller,
      projectId: number,
      input: { keyword: string; source: 'manual' | 'suggestion' },
    ): Promise<Keyword> {
      await getReadableProject(db, caller, projectId);
      const facts = await repository.findTextFacts(projectId);
      if (!facts) throw notFound();
      const keyword = tidyKeyword(input.keyword);
      const [row] = withIntents(facts, [
        { projectId, keyword, normalized: normalizeKeyword(keyword), source: input.source },
      ]);
      const added = await repository.insertIfNew(row!);
      if (!added) throw new AppError('conflict', messages.keywordExists);
      return added;
    },

    /** A pasted list: repeats and keywords the project has are skipped and named; the rest added at once. */
    addKeywords: (caller: Caller, projectId: number, texts: readonly string[]) =>
      addPastedKeywords(db, repository, caller, projectId, texts),

    async deleteKeyword(caller: Caller, keywordId: number): Promise<void> {
      const keyword = await getChangeableKeyword(db, caller, keywordId);
      await repository.remove(keyword.id);
    },
  };
}

export type KeywordService = ReturnType<typeof createKeywordService>;
