import { Readable } from 'node:stream';
import {
  keywordListFileName,
  keywordListsSchema,
  messages,
  normalizeKeyword,
  paginate,
  tidyKeyword,
  type KeywordList,
  type KeywordListDetail,
  type KeywordListItem,
  type KeywordListItemAdded,
  type KeywordListMetricsAnswer,
  type KeywordListRefs,
} from '@keywright/contract';
import { and, eq } from 'drizzle-orm';
import {
  checkLinkableProject,
  getChangeableList,
  getDeletableList,
  getReadableKeyword,
  getReadableList,
  getReadableProject,
  type Caller,
} from '../../access/access';
import type { Db } from '../../db/client';
import { keywords, projects } from '../../db/schema';
import { csvLines, UTF8_BOM } from '../../lib/csv';
import { AppError, notFound } from '../../lib/errors';
import { createFingerprintedJsonCache } from '../../lib/fingerprinted-json-cache';
import { amountCell, moneyColumn, SOURCE_COLUMN, sourceCell } from '../../queries/figures-csv';
import type { MetricsService } from '../metrics/metrics.service';
import { projectCurrency } from '../../queries/project-currency';
import { findProjectTextFacts, intentCell, withIntents } from '../../queries/keyword-intents';
import { keywordColumns } from '../../queries/keyword-columns';
import { createKeywordListRepository } from './keyword-lists.repository';
import { removeListKeywords } from './remove-list-keywords';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A keyword as a list item shows it, before it is added. */
const itemColumnsWithTime = {
  id: keywords.id,
  keyword: keywords.keyword,
  project_id: keywords.projectId,
  source: keywords.source,
  created_at: keywordColumns.created_at,
};

/** Dollars with two decimals from micro-units, for a spreadsheet; N/A when unknown. */
export function createKeywordListService({
  db,
  metrics,
  serverCurrency = 'USD',
}: {
  db: Db;
  metrics: MetricsService;
  /** `CURRENCY`: the money columns' currency for a list of no project (or a project of no known country). */
  serverCurrency?: string;
}) {
  const repository = createKeywordListRepository(db);
  const cachedJson = createFingerprintedJsonCache();

  async function getList(id: number): Promise<KeywordList> {
    const list = await repository.find(id);
    if (!list) throw notFound();
    return list;
  }

  function requireMetrics() {
    if (!metrics.source) throw new AppError('unavailable', messages.metricsOff);
    return metrics.source;
  }

  /** Adds a keyword (made in its project first when asked) to a list, in one transaction; 409 when it is there. */
  async function addToList(
    listId: number,
    keyword: { id: number } | { projectId: number; text: string; create: boolean; source: 'manual' | 'suggestion' },
  ): Promise<KeywordListItemAdded> {
    return db.transaction(async (tx) => {
      const row = 'id' in keyword ? await keywordById(tx, keyword.id) : await findOrCreateKeyword(tx, keyword);
      const added = await repository.addItem(tx, listId, row.id);
      // Rolls back a keyword made just now, too: a refused call changes nothing.
      if (!added) throw new AppError('conflict', messages.keywordAlreadyInList);
      const item: KeywordListItem = { ...row, added_at: added.added_at };
      return { list_id: listId, item };
    });
  }

  return {
    /**
     * The lists page as JSON with its fingerprint (the ETag). A caller whose lists have not changed
     * gets the answer serialized last time; `refresh` reads them anew.
     */
    listListsJson: (caller: Caller, refresh: boolean) =>
      cachedJson(
        caller.id,
        () => repository.listFingerprint(caller),
        async () => JSON.stringify(keywordListsSchema.parse(await repository.listReadable(caller))),
        refresh,
      ),

    async getListDetail(
      caller: Caller,
      id: number,
      query: { page: number; pageSize: number; metrics: boolean },
    ): Promise<KeywordListDetail> {
      const page = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
      const source = query.metrics ? metrics.source : undefined;
      const found = await repository.readablePage(caller, id, page, source);
      if (!found) throw notFound();
      const { list, items } = found;
      // The figures loaded once (Load CPC here, or Show CPC on the project page) are the server's to remember.
      const summary = source ? await repository.summary(id, source) : null;
      return {
        ...list,
        keywords: items,
        pagination: paginate(query.page, query.pageSize, list.count),
        ...(query.metrics && { summary: summary && summary.with_figures > 0 ? summary : null }),
      };
    },

    async createList(caller: Caller, input: { name: string; project_id?: number | null }): Promise<KeywordList> {
      const projectId = input.project_id ?? null;
      if (projectId != null) await checkLinkableProject(db, caller, projectId);
      const id = await repository.insert({ userId: caller.id, name: input.name, projectId });
      if (id == null) throw new AppError('conflict', messages.listNameTaken);
      return getList(id);
    },

    async updateList(caller: Caller, id: number, input: { name: string; project_id: number | null }) {
      const list = await getChangeableList(db, caller, id);
      // Moving the list needs the new project to be readable; keeping its project needs nothing.
      if (input.project_id != null && input.project_id !== list.projectId) {
        await checkLinkableProject(db, caller, input.project_id);
      }
      if (!(await repository.update(id, { name: input.name, projectId: input.project_id }))) {
        throw new AppError('conflict', messages.listNameTaken);
      }
      return getList(id);
    },

    async deleteList(caller: Caller, id: number): Promise<void> {
      await getDeletableList(db, caller, id);
      await repository.remove(id);
    },

    /** The list as a CSV file, streamed: Keyword, the figure columns when any figures are cached, and Intent. */
    async exportList(caller: Caller, id: number, now = new Date()) {
      await getReadableList(db, caller, id);
      const list = await getList(id);
      const source = metrics.source;
      const withFigures = source != null && (await repository.hasFigures(id, source));
      const batches = repository.allForExport(id, withFigures ? source : undefined);
      // The bids are named with the list's project's currency; a bid in another keeps its code.
      const [project] = list.project_id
        ? await db
            .select({ country: projects.country, currency: projects.currency })
            .from(projects)
            .where(eq(projects.id, list.project_id))
        : [];
      const { currency } = projectCurrency(project ?? { country: '', currency: '' }, serverCurrency);
      async function* lines() {
        yield (
          UTF8_BOM +
          csvLines([
            withFigures
              ? [
                  'Keyword',
                  'Search Volume',
                  'Competition',
                  moneyColumn('Low CPC', currency),
                  moneyColumn('High CPC', currency),
                  SOURCE_COLUMN,
                  'Intent',
                ]
              : ['Keyword', 'Intent'],
          ])
        );
        for await (const batch of batches) {
          yield csvLines(
            batch.map(({ keyword, metrics: figures, intent }) =>
              withFigures
                ? [
                    keyword,
                    figures?.avg_monthly_searches == null ? 'N/A' : String(figures.avg_monthly_searches),
                    figures?.competition ?? 'N/A',
                    amountCell(figures?.cpc_low, figures, currency),
                    amountCell(figures?.cpc_high, figures, currency),
                    sourceCell(figures),
                    intentCell(intent),
                  ]
                : [keyword, intentCell(intent)],
            ),
          );
        }
      }
      return { fileName: keywordListFileName(list.name, now), stream: Readable.from(lines()) };
    },

    /** Load CPC: fetches the figures the cache lacks (every one when refreshing), then sums the list up. */
    async loadMetrics(caller: Caller, id: number, refresh: boolean): Promise<KeywordListMetricsAnswer> {
      await getReadableList(db, caller, id);
      const source = requireMetrics();
      for (const group of await repository.keywordsToFetch(id, source, refresh)) {
        await metrics.fetchFigures(group.place, group.keywords);
      }
      return { summary: await repository.summary(id, source) };
    },

    /** Adds a keyword by its text to the list's project (made there when new) and to the list. */
    async addText(
      caller: Caller,
      listId: number,
      input: { keyword_text: string; source: 'manual' | 'suggestion' },
    ): Promise<KeywordListItemAdded> {
      const list = await getChangeableList(db, caller, listId);
      if (list.projectId == null) throw new AppError('validation_error', messages.listTextNeedsProject);
      try {
        await getReadableProject(db, caller, list.projectId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') {
          throw new AppError('not_found', messages.projectNotFoundForList);
        }
        throw error;
      }
      return addToList(listId, {
        projectId: list.projectId,
        text: input.keyword_text,
        create: true,
        source: input.source,
      });
    },

    async addItem(
      caller: Caller,
      input:
        | { list_id: number; keyword_id: number }
        | {
            list_id: number;
            keyword_text: string;
            project_id: number;
            create_keyword: boolean;
            source: 'manual' | 'suggestion';
          },
    ): Promise<KeywordListItemAdded> {
      await getChangeableList(db, caller, input.list_id);
      if ('keyword_id' in input) {
        await getReadableKeyword(db, caller, input.keyword_id);
        return addToList(input.list_id, { id: input.keyword_id });
      }
      await getReadableProject(db, caller, input.project_id);
      return addToList(input.list_id, {
        projectId: input.project_id,
        text: input.keyword_text,
        create: input.create_keyword,
        source: input.source,
      });
    },

    async removeItem(caller: Caller, listId: number, keywordId: number): Promise<void> {
      await getChangeableList(db, caller, listId);
      if (!(await repository.removeItem(listId, keywordId))) throw notFound();
    },

    /** Several keywords out of the list at once; 404 and nothing removed when one is not in it. */
    removeItems: (caller: Caller, listId: number, keywordIds: readonly number[]) =>
      removeListKeywords(db, caller, listId, keywordIds),

    /** The lists holding each keyword of a page: what its rows show as saved. */
    keywordHoldings: (caller: Caller, keywordIds: number[]) => repository.holdings(caller, keywordIds),

    async listsForKeyword(caller: Caller, keywordId: number): Promise<KeywordListRefs> {
      await getReadableKeyword(db, caller, keywordId);
      return repository.listsHolding(caller, keywordId);
    },
  };
}

async function keywordById(tx: Transaction, id: number): Promise<Omit<KeywordListItem, 'added_at'>> {
  const [row] = await tx.select(itemColumnsWithTime).from(keywords).where(eq(keywords.id, id));
  if (!row) throw notFound();
  return row;
}

/** The project's keyword of this text; made when `create` and it is new, else 404. */
async function findOrCreateKeyword(
  tx: Transaction,
  keyword: { projectId: number; text: string; create: boolean; source: 'manual' | 'suggestion' },
): Promise<Omit<KeywordListItem, 'added_at'>> {
  const text = tidyKeyword(keyword.text);
  const normalized = normalizeKeyword(text);
  const [existing] = await tx
    .select(itemColumnsWithTime)
    .from(keywords)
    .where(and(eq(keywords.projectId, keyword.projectId), eq(keywords.normalized, normalized)));
  if (existing) return existing;
  if (!keyword.create) throw new AppError('not_found', messages.keywordNotInProject);
  const facts = await findProjectTextFacts(tx, keyword.projectId);
  if (!facts) throw notFound();
  const [made] = await tx
    .insert(keywords)
    .values(withIntents(facts, [{ projectId: keyword.projectId, keyword: text, normalized, source: keyword.source }]))
    .onConflictDoNothing({ target: [keywords.projectId, keywords.normalized] })
    .returning(itemColumnsWithTime);
  // Made by someone else a moment ago: use theirs.
  return made ?? (await findOrCreateKeyword(tx, { ...keyword, create: false }));
}

export type KeywordListService = ReturnType<typeof createKeywordListService>;
