import { and, eq, sql } from 'drizzle-orm';
import { updateClustersForKeywords } from '../../queries/cluster-updates';
import type { KeywordFigures, KeywordList, KeywordListItem, MetricsSource, SearchIntent } from '@keywright/contract';
import { canReadList, type Caller } from '../../access/access';
import { preparedQuery, type Db } from '../../db/client';
import { pageLimit } from '../../db/page-limit';
import { keywords } from '../../db/schema';
import { createFiguresCache, metricsScope, type MetricsScope } from '../../queries/figures';
import { findProjectTextFacts, withIntents, type ProjectTextFacts } from '../../queries/keyword-intents';
import { keywordColumns } from '../../queries/keyword-columns';
import {
  isoTime,
  l,
  listColumns,
  listJoins,
  toList,
  type ItemRow,
  type ListRow,
  type PlaceRow,
} from './keyword-list-rows';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ListItemPage {
  offset: number;
  limit: number;
}

const itemColumns = sql.raw(`k.id, k.keyword, k.project_id, k.source, ${isoTime('k.created_at')} as created_at,
  ${isoTime('i.added_at')} as added_at, coalesce(k.intent, '{}') as intent`);

/** A keyword as a list item shows it, before it is added. */
const itemColumnsWithTime = {
  id: keywords.id,
  keyword: keywords.keyword,
  project_id: keywords.projectId,
  source: keywords.source,
  created_at: keywordColumns.created_at,
};

type NewItem = Omit<KeywordListItem, 'added_at'>;

/** A list's keywords: its pages (with cached figures when asked), adding and taking out. */
export function createListItemsRepository(db: Db) {
  const metricsCache = createFiguresCache(db);

  /** A page of the list's keywords, the latest added first; with each one's cached figures when asked, and its intents. */
  async function items(
    listId: number,
    page: ListItemPage,
    provider?: MetricsSource | null,
  ): Promise<Array<KeywordListItem & { intent: SearchIntent[] }>> {
    const { rows } = await preparedQuery<ItemRow & PlaceRow & { intent: SearchIntent[] }>(
      db,
      sql`
      with page as (
        select keyword_id, added_at from keyword_list_items where list_id = ${listId}
        order by added_at desc, keyword_id desc ${pageLimit(page.limit, page.offset)})
      select ${itemColumns}, k.normalized, p.country, p.city, p.language
      from page i join keywords k on k.id = i.keyword_id join projects p on p.id = k.project_id
      order by i.added_at desc, i.keyword_id desc`,
    );
    const listed = await toItems(rows, provider);
    return listed.map((item, index) => ({ ...item, intent: rows[index]!.intent }));
  }

  /** Item rows as the API shows them; with each one's cached figures when a provider is given (null: metrics off). */
  async function toItems(
    rows: ReadonlyArray<ItemRow & PlaceRow>,
    provider?: MetricsSource | null,
  ): Promise<KeywordListItem[]> {
    const figures = provider ? await cachedFigures(provider, rows) : null;
    return rows.map((row, index) => {
      const item: KeywordListItem = {
        id: Number(row.id),
        keyword: row.keyword,
        project_id: Number(row.project_id),
        source: row.source,
        created_at: row.created_at,
        added_at: row.added_at,
      };
      if (provider !== undefined) item.metrics = figures?.[index] ?? null;
      return item;
    });
  }

  /** Each row's cached figures for its own project's place, looked up by primary key, a place at a time. */
  async function cachedFigures(
    provider: MetricsSource,
    rows: ReadonlyArray<PlaceRow & { project_id: number | string }>,
  ) {
    const byScope = new Map<string, { scope: MetricsScope; projectId: number; keywords: string[] }>();
    const scopes = rows.map((row) => {
      const scope = metricsScope(provider, row);
      const projectId = Number(row.project_id);
      // Per project too: a project's imported figures are its own.
      const key = `${projectId}\n${scope.geo}\n${scope.language}`;
      if (!byScope.has(key)) byScope.set(key, { scope, projectId, keywords: [] });
      byScope.get(key)!.keywords.push(row.normalized);
      return key;
    });
    const found = new Map<string, Map<string, KeywordFigures>>();
    for (const [key, group] of byScope)
      found.set(key, await metricsCache.cached(group.scope, group.keywords, group.projectId));
    return rows.map((row, index) => found.get(scopes[index]!)?.get(row.normalized) ?? null);
  }

  return {
    /**
     * The list, if the caller may read it, and a page of its keywords beside it: access, the list and
     * its page in one statement (`items` plus `findReadable`, one round trip fewer); null when hidden.
     */
    async readablePage(
      caller: Caller,
      listId: number,
      page: ListItemPage,
      provider?: MetricsSource | null,
    ): Promise<{ list: KeywordList; items: KeywordListItem[] } | null> {
      const { rows } = await preparedQuery<ListRow & { [key: `item_${string}`]: unknown } & { item_position: unknown }>(
        db,
        sql`
      with l as (
        select ${listColumns} from keyword_lists l ${listJoins}
        where l.id = ${listId} and ${canReadList(db, l, caller)}),
      page as (
        select keyword_id, added_at from keyword_list_items where list_id = ${listId}
        order by added_at desc, keyword_id desc ${pageLimit(page.limit, page.offset)})
      select l.*, r.* from l left join lateral (
        select k.id as item_id, k.keyword as item_keyword, k.project_id as item_project_id, k.source as item_source,
          ${sql.raw(isoTime('k.created_at'))} as item_created_at, ${sql.raw(isoTime('i.added_at'))} as item_added_at,
          k.normalized as item_normalized, p.country as item_country, p.city as item_city, p.language as item_language,
          row_number() over (order by i.added_at desc, i.keyword_id desc) as item_position
        from page i join keywords k on k.id = i.keyword_id join projects p on p.id = k.project_id
      ) r on true
      order by r.item_position`,
      );
      const [first] = rows;
      if (!first) return null;
      const list = toList({
        id: first.id,
        name: first.name,
        project_id: first.project_id,
        project_name: first.project_name,
        user_id: first.user_id,
        owner_email: first.owner_email,
        created_at: first.created_at,
        count: first.count,
      });
      const itemRows = rows
        .filter((row) => row.item_id != null)
        .map((row) => ({
          id: row.item_id as number | string,
          keyword: row.item_keyword as string,
          project_id: row.item_project_id as number | string,
          source: row.item_source as KeywordListItem['source'],
          created_at: row.item_created_at as string,
          added_at: row.item_added_at as string,
          normalized: row.item_normalized as string,
          country: row.item_country as string,
          city: row.item_city as string,
          language: row.item_language as string,
        }));
      return { list, items: await toItems(itemRows, provider) };
    },

    /** Every keyword of the list for its CSV file, in batches, with cached figures when `provider` is set. */
    async *allForExport(listId: number, provider?: MetricsSource | null, batchSize = 2000) {
      for (let offset = 0; ; offset += batchSize) {
        const batch = await items(listId, { offset, limit: batchSize }, provider);
        if (batch.length > 0) yield batch;
        if (batch.length < batchSize) return;
      }
    },

    /** A keyword as a list item shows it; null when there is none of that id. */
    async findKeyword(tx: Transaction, id: number): Promise<NewItem | null> {
      const [row] = await tx.select(itemColumnsWithTime).from(keywords).where(eq(keywords.id, id));
      return row ?? null;
    },

    /** The project's keyword of this normalized text; null when it has none. */
    async findProjectKeyword(tx: Transaction, projectId: number, normalized: string): Promise<NewItem | null> {
      const [row] = await tx
        .select(itemColumnsWithTime)
        .from(keywords)
        .where(and(eq(keywords.projectId, projectId), eq(keywords.normalized, normalized)));
      return row ?? null;
    },

    /** What a new keyword's intent is read against; null when the project is gone. */
    projectTextFacts: (tx: Transaction, projectId: number): Promise<ProjectTextFacts | null> =>
      findProjectTextFacts(tx, projectId),

    /** Makes the project's keyword, its intent read from the project's facts; null when the project has it already. */
    async insertKeyword(
      tx: Transaction,
      facts: ProjectTextFacts,
      keyword: { projectId: number; keyword: string; normalized: string; source: 'manual' | 'suggestion' },
    ): Promise<NewItem | null> {
      const [made] = await tx
        .insert(keywords)
        .values(withIntents(facts, [keyword]))
        .onConflictDoNothing({ target: [keywords.projectId, keywords.normalized] })
        .returning(itemColumnsWithTime);
      if (made) await updateClustersForKeywords(tx, keyword.projectId, { added: [made] });
      return made ?? null;
    },

    /** Adds a keyword to a list; false when it is there already. */
    async addItem(tx: Pick<Db, 'execute'>, listId: number, keywordId: number): Promise<{ added_at: string } | null> {
      const { rows } = await tx.execute<{ added_at: string }>(sql`
        insert into keyword_list_items (list_id, keyword_id) values (${listId}, ${keywordId})
        on conflict do nothing returning ${sql.raw(isoTime('added_at'))} as added_at`);
      return rows[0] ?? null;
    },

    /** Takes a keyword out of a list; false when it was not in it. */
    async removeItem(listId: number, keywordId: number): Promise<boolean> {
      const { rows } = await db.execute(sql`
        delete from keyword_list_items where list_id = ${listId} and keyword_id = ${keywordId} returning keyword_id`);
      return rows.length > 0;
    },

    /**
     * Takes keywords out of a list in one statement, all or nothing: when one of them is not in the
     * list (another list's, removed meanwhile, made up) nothing is removed; `held` says how many were
     * in it. The keywords stay in their projects.
     */
    async removeItems(listId: number, keywordIds: readonly number[]): Promise<{ held: number; removed: number }> {
      const { rows } = await db.execute<{ held: number; removed: number }>(sql`
        with held as (
          select keyword_id from keyword_list_items
          where list_id = ${listId} and keyword_id = any(${sql.param([...keywordIds])}::bigint[])),
        removed as (
          delete from keyword_list_items
          where list_id = ${listId} and keyword_id in (select keyword_id from held)
            and (select count(*) from held) = ${keywordIds.length}
          returning keyword_id)
        select (select count(*)::int from held) as held, (select count(*)::int from removed) as removed`);
      return rows[0]!;
    },
  };
}
