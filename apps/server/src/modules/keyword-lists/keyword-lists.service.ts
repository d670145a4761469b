import { Readable } from 'node:stream';
import {
  keywordListFileName,
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
import {
  checkLinkableProject,
  getChangeableList,
  getDeletableList,
  getReadableKeyword,
  getReadableList,
  getReadableListProject,
  getReadableProject,
  type Caller,
} from '../../access/access';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { MetricsService } from '../metrics/metrics.service';
import { projectCurrency } from '../../queries/project-currency';
import { keywordListCsv } from './keyword-list-csv';
import { createKeywordListRepository } from './keyword-lists.repository';
import { createListFiguresRepository } from './list-figures.repository';
import { createListItemsRepository, type Transaction } from './list-items.repository';

type NewKeyword = { projectId: number; text: string; create: boolean; source: 'manual' | 'suggestion' };

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
  const items = createListItemsRepository(db);
  const figures = createListFiguresRepository(db);

  async function getList(id: number): Promise<KeywordList> {
    const list = await repository.find(id);
    if (!list) throw notFound();
    return list;
  }

  function requireMetrics() {
    if (!metrics.source) throw new AppError('unavailable', messages.metricsOff);
    return metrics.source;
  }

  async function keywordById(tx: Transaction, id: number): Promise<Omit<KeywordListItem, 'added_at'>> {
    const row = await items.findKeyword(tx, id);
    if (!row) throw notFound();
    return row;
  }

  /** The project's keyword of this text; made when `create` and it is new, else 404. */
  async function findOrCreateKeyword(tx: Transaction, keyword: NewKeyword): Promise<Omit<KeywordListItem, 'added_at'>> {
    const text = tidyKeyword(keyword.text);
    const normalized = normalizeKeyword(text);
    const existing = await items.findProjectKeyword(tx, keyword.projectId, normalized);
    if (existing) return existing;
    if (!keyword.create) throw new AppError('not_found', messages.keywordNotInProject);
    const facts = await items.projectTextFacts(tx, keyword.projectId);
    if (!facts) throw notFound();
    const made = await items.insertKeyword(tx, facts, {
      projectId: keyword.projectId,
      keyword: text,
      normalized,
      source: keyword.source,
    });
    // Made by someone else a moment ago: use theirs.
    return made ?? (await findOrCreateKeyword(tx, { ...keyword, create: false }));
  }

  /** Adds a keyword (made in its project first when asked) to a list, in one transaction; 409 when it is there. */
  async function addToList(listId: number, keyword: { id: number } | NewKeyword): Promise<KeywordListItemAdded> {
    return db.transaction(async (tx) => {
      const row = 'id' in keyword ? await keywordById(tx, keyword.id) : await findOrCreateKeyword(tx, keyword);
      const added = await items.addItem(tx, listId, row.id);
      // Rolls back a keyword made just now, too: a refused call changes nothing.
      if (!added) throw new AppError('conflict', messages.keywordAlreadyInList);
      const item: KeywordListItem = { ...row, added_at: added.added_at };
      return { list_id: listId, item };
    });
  }

  return {
    /** Moves whenever the caller's lists page changes: the lists page's ETag. */
    listFingerprint: (caller: Caller) => repository.listFingerprint(caller),

    /** Every list the caller may read, newest first. */
    listLists: (caller: Caller) => repository.listReadable(caller),

    async getListDetail(
      caller: Caller,
      id: number,
      query: { page: number; pageSize: number; metrics: boolean },
    ): Promise<KeywordListDetail> {
      const page = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
      const source = query.metrics ? metrics.source : undefined;
      const found = await items.readablePage(caller, id, page, source);
      if (!found) throw notFound();
      const { list, items: keywords } = found;
      // The figures loaded once (Load CPC here, or Show CPC on the project page) are the server's to remember.
      const summary = source ? await figures.summary(id, source) : null;
      return {
        ...list,
        keywords,
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
      const withFigures = source != null && (await figures.hasFigures(id, source));
      const batches = items.allForExport(id, withFigures ? source : undefined);
      // The bids are named with the list's project's currency; a bid in another keeps its code.
      const project = list.project_id ? await repository.findProjectCurrency(list.project_id) : null;
      const { currency } = projectCurrency(project ?? { country: '', currency: '' }, serverCurrency);
      const lines = keywordListCsv(batches, { withFigures, currency });
      return { fileName: keywordListFileName(list.name, now), stream: Readable.from(lines) };
    },

    /** Load CPC: fetches the figures the cache lacks (every one when refreshing), then sums the list up. */
    async loadMetrics(caller: Caller, id: number, refresh: boolean): Promise<KeywordListMetricsAnswer> {
      await getReadableList(db, caller, id);
      const source = requireMetrics();
      for (const group of await figures.keywordsToFetch(id, source, refresh)) {
        await metrics.fetchFigures(group.place, group.keywords);
      }
      return { summary: await figures.summary(id, source) };
    },

    /** Adds a keyword by its text to the list's project (made there when new) and to the list. */
    async addText(
      caller: Caller,
      listId: number,
      input: { keyword_text: string; source: 'manual' | 'suggestion' },
    ): Promise<KeywordListItemAdded> {
      const list = await getChangeableList(db, caller, listId);
      if (list.projectId == null) throw new AppError('validation_error', messages.listTextNeedsProject);
      await getReadableListProject(db, caller, list.projectId);
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
      if (!(await items.removeItem(listId, keywordId))) throw notFound();
    },

    /**
     * Several keywords out of the list at once, all or nothing: 404 and nothing removed when one is
     * not in it (another list's, removed meanwhile, made up). Whoever may change the list may remove from it.
     */
    async removeItems(caller: Caller, listId: number, keywordIds: readonly number[]): Promise<{ removed: number }> {
      await getChangeableList(db, caller, listId);
      const { held, removed } = await items.removeItems(listId, keywordIds);
      if (held !== keywordIds.length) throw notFound();
      return { removed };
    },

    /** The lists holding each keyword of a page: what its rows show as saved. */
    keywordHoldings: (caller: Caller, keywordIds: number[]) => repository.holdings(caller, keywordIds),

    async listsForKeyword(caller: Caller, keywordId: number): Promise<KeywordListRefs> {
      await getReadableKeyword(db, caller, keywordId);
      return repository.listsHolding(caller, keywordId);
    },
  };
}

export type KeywordListService = ReturnType<typeof createKeywordListService>;
