import { sql, type SQL } from 'drizzle-orm';
import {
  constants,
  type KeywordFigures,
  type KeywordList,
  type KeywordListHoldings,
  type KeywordListItem,
  type KeywordListSummary,
  type MetricsSource,
  type SearchIntent,
} from '@keywright/contract';
import { canReadOwnedBy, type Caller } from '../../access/access';
import { preparedQuery, type Db } from '../../db/client';
import { pageLimit } from '../../db/page-limit';
import { alias } from 'drizzle-orm/pg-core';
import { keywordLists, keywordListVersions, projects } from '../../db/schema';
import { freeName } from '../../lib/free-name';
import { ownerVersionsFingerprint } from '../../access/owner-versions';
import type { MetricsPlace } from '../../providers/metrics/metrics-provider';
import {
  createFiguresCache as createMetricsRepository,
  metricsJoinAt,
  metricsScope,
  type MetricsScope,
} from '../../queries/figures';

/** `keyword_lists` as `l`, for conditions built by drizzle in queries written in SQL. */
const l = alias(keywordLists, 'l');

const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A list as the API shows it, its keyword count and its owner's e-mail beside it, from `keyword_lists l`. */
const listColumns = sql.raw(`l.id, l.name, l.project_id, p.name as project_name, l.user_id, u.email as owner_email,
  ${isoTime('l.created_at')} as created_at, l.keywords_count as count`);
const listJoins = sql.raw(`left join projects p on p.id = l.project_id left join "user" u on u.id = l.user_id`);

type ListRow = Omit<KeywordList, 'id' | 'project_id'> & { id: number | string; project_id: number | string | null };

function toList(row: ListRow): KeywordList {
  return { ...row, id: Number(row.id), project_id: row.project_id == null ? null : Number(row.project_id) };
}

/** A keyword's normalized text and its project's place: which cached figures are its. */
type PlaceRow = { country: string; city: string; language: string; normalized: string };

type ItemRow = Omit<KeywordListItem, 'id' | 'project_id' | 'metrics'> & {
  id: number | string;
  project_id: number | string;
};

const itemColumns = sql.raw(`k.id, k.keyword, k.project_id, k.source, ${isoTime('k.created_at')} as created_at,
  ${isoTime('i.added_at')} as added_at, coalesce(k.intent, '{}') as intent`);

/**
 * Each keyword's figures are its own project's: the place and language it was researched for.
 * A list's keywords come from few projects, so their cache scopes are worked out here and
 * given to the query as a small table `s(project_id, geo, language)`.
 */
function scopesTable(provider: MetricsSource, places: ReadonlyArray<{ projectId: number } & MetricsPlace>): SQL {
  if (places.length === 0)
    return sql`select null::bigint as project_id, null::text as geo, null::text as language where false`;
  const scopes = places.map((place) => ({ projectId: place.projectId, ...metricsScope(provider, place) }));
  return sql`select * from unnest(
    ${sql.param(scopes.map((scope) => scope.projectId))}::bigint[],
    ${sql.param(scopes.map((scope) => scope.geo))}::text[],
    ${sql.param(scopes.map((scope) => scope.language))}::text[]) as scope(project_id, geo, language)`;
}

/** PostgreSQL's unique_violation, as pg reports it (drizzle may wrap it as the cause). */
function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

export interface ListItemPage {
  offset: number;
  limit: number;
}

export function createKeywordListRepository(db: Db) {
  const metricsCache = createMetricsRepository(db);

  /** The places of the projects a list's keywords belong to. */
  async function placesOf(listId: number): Promise<Array<{ projectId: number } & MetricsPlace>> {
    const { rows } = await db.execute<{ id: string | number; country: string; city: string; language: string }>(sql`
      select p.id, p.country, p.city, p.language from projects p
      where p.id in (select k.project_id from keyword_list_items i join keywords k on k.id = i.keyword_id
                     where i.list_id = ${listId})`);
    return rows.map((row) => ({
      projectId: Number(row.id),
      country: row.country,
      city: row.city,
      language: row.language,
    }));
  }

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

  /**
   * The list, if the caller may read it, and a page of its keywords beside it: access, the list and
   * its page in one statement (`items` plus `findReadable`, one round trip fewer); null when hidden.
   */
  async function readablePage(
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
        where l.id = ${listId} and ${canReadOwnedBy(db, l.userId, caller)}),
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
    /** Moves whenever the caller's lists page changes (see keyword_list_versions). */
    listFingerprint: (caller: Caller) =>
      ownerVersionsFingerprint(
        db,
        { table: keywordListVersions, ownerId: keywordListVersions.ownerId, version: keywordListVersions.version },
        caller,
      ),

    /** The lists linked to a project that the caller may read, by name. */
    async readableOfProject(caller: Caller, projectId: number): Promise<Array<{ id: number; name: string }>> {
      const { rows } = await db.execute<{ id: number; name: string }>(sql`
        select l.id, l.name from keyword_lists l
        where l.project_id = ${projectId} and ${canReadOwnedBy(db, l.userId, caller)}
        order by lower(l.name), l.id`);
      return rows.map((row) => ({ id: Number(row.id), name: row.name }));
    },

    /** Every list the caller may read, newest first, counts included: one statement. */
    async listReadable(caller: Caller): Promise<KeywordList[]> {
      const { rows } = await preparedQuery<ListRow>(
        db,
        sql`select ${listColumns} from keyword_lists l ${listJoins}
            where ${canReadOwnedBy(db, l.userId, caller)}
            order by l.created_at desc, l.id desc`,
      );
      return rows.map(toList);
    },

    async find(id: number): Promise<KeywordList | null> {
      const { rows } = await db.execute<ListRow>(
        sql`select ${listColumns} from keyword_lists l ${listJoins} where l.id = ${id}`,
      );
      return rows[0] ? toList(rows[0]) : null;
    },

    /** Inserts the list unless its owner has one of that name (any case); null then. */
    async insert(values: { userId: string; name: string; projectId: number | null }): Promise<number | null> {
      const { rows } = await db.execute<{ id: number | string }>(sql`
        insert into keyword_lists (user_id, name, project_id) values (${values.userId}, ${values.name}, ${values.projectId})
        on conflict do nothing returning id`);
      return rows[0] ? Number(rows[0].id) : null;
    },

    /**
     * Makes lists of an owner linked to a project, each with those of its keywords that are still
     * the project's, in one transaction. Each takes its name, or when the owner has a list of that
     * name (any case) the name with " (2)", " (3)"… after it: no list is ever overwritten. Lists
     * made at the same moment under a name are settled by the unique index: the batch tries again.
     */
    async insertNamedLists({
      userId,
      projectId,
      lists,
    }: {
      userId: string;
      projectId: number;
      lists: ReadonlyArray<{ name: string; keywordIds: readonly number[] }>;
    }): Promise<Array<{ id: number; name: string; count: number }>> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const { rows: owned } = await tx.execute<{ name: string }>(
              sql`select lower(name) as name from keyword_lists where user_id = ${userId}`,
            );
            const taken = new Set(owned.map((row) => row.name));
            const names = lists.map(({ name }) => {
              const free = freeName(name, taken, constants.limits.listName);
              taken.add(free.toLowerCase());
              return free;
            });
            const { rows: made } = await tx.execute<{ id: number; name: string }>(sql`
              insert into keyword_lists (user_id, name, project_id)
              select ${userId}, name, ${projectId} from unnest(${sql.param(names)}::text[]) as l(name)
              returning id, name`);
            // The names differ (in any case) from each other, so each finds its own list.
            const idByName = new Map(made.map((row) => [row.name, Number(row.id)]));
            const ids = names.map((name) => idByName.get(name)!);
            await tx.execute(sql`
              insert into keyword_list_items (list_id, keyword_id)
              select l.id, k.id
              from unnest(${sql.param(ids)}::bigint[], ${sql.param(lists.map((list) => `{${list.keywordIds.join(',')}}`))}::text[])
                as l(id, keyword_ids)
                cross join lateral unnest(l.keyword_ids::bigint[]) as member(id)
                join keywords k on k.id = member.id and k.project_id = ${projectId}
              on conflict do nothing`);
            const { rows: counted } = await tx.execute<{ id: number; keywords_count: number }>(
              sql`select id, keywords_count from keyword_lists where id = any(${sql.param(ids)}::bigint[])`,
            );
            const counts = new Map(counted.map((row) => [Number(row.id), row.keywords_count]));
            return ids.map((id, index) => ({ id, name: names[index]!, count: counts.get(id) ?? 0 }));
          });
        } catch (error) {
          if (!isUniqueViolation(error) || attempt === 3) throw error;
        }
      }
    },

    /** Renames and relinks; false when another list of the owner has the name. */
    async update(id: number, values: { name: string; projectId: number | null }): Promise<boolean> {
      try {
        const { rows } = await db.execute<{ id: number | string }>(sql`
          update keyword_lists l set name = ${values.name}, project_id = ${values.projectId}
          where l.id = ${id} and not exists (
            select 1 from keyword_lists other
            where other.user_id = l.user_id and lower(other.name) = lower(${values.name}) and other.id <> l.id)
          returning l.id`);
        return rows.length > 0;
      } catch (error) {
        // The same name given to another list at the same moment: the unique index decides.
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async remove(id: number): Promise<void> {
      await db.execute(sql`delete from keyword_lists where id = ${id}`);
    },

    readablePage,

    async count(listId: number): Promise<number> {
      const { rows } = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from keyword_list_items where list_id = ${listId}`,
      );
      return rows[0]?.count ?? 0;
    },

    /** Total reach and average CPC over every keyword of the list that has cached figures. */
    async summary(listId: number, provider: MetricsSource): Promise<KeywordListSummary> {
      const places = await placesOf(listId);
      const { rows } = await db.execute<{
        with_figures: number;
        total_reach: string | number | null;
        avg_low: string | number | null;
        avg_high: string | number | null;
        currencies: number;
        currency: string | null;
      }>(sql`
        with s as (${scopesTable(provider, places)})
        select count(m.keyword) filter (where m.avg_monthly_searches is not null or m.low_bid_micros is not null)::int
                 as with_figures,
               coalesce(sum(m.avg_monthly_searches), 0) as total_reach,
               round(avg(m.low_bid_micros)) as avg_low, round(avg(m.high_bid_micros)) as avg_high,
               count(distinct m.currency) filter (where m.low_bid_micros is not null)::int as currencies,
               min(m.currency) filter (where m.low_bid_micros is not null) as currency
        from keyword_list_items i join keywords k on k.id = i.keyword_id
          join s on s.project_id = k.project_id ${metricsJoinAt(provider, sql`s.geo`, sql`s.language`)}
        where i.list_id = ${listId}`);
      const row = rows[0]!;
      const toNumber = (value: string | number | null) => (value == null ? null : Number(value));
      // Bids in several currencies are not averaged: a converted average would be a guess.
      const isMixed = row.currencies > 1;
      return {
        total_reach: Number(row.total_reach ?? 0),
        avg_cpc_low: isMixed ? null : toNumber(row.avg_low),
        avg_cpc_high: isMixed ? null : toNumber(row.avg_high),
        with_figures: row.with_figures,
        source: provider,
        currency: isMixed ? null : row.currency,
        mixed_currencies: isMixed,
      };
    },

    /** The list's keywords without fresh figures (all of them when refreshing), grouped by their project's place. */
    async keywordsToFetch(listId: number, provider: MetricsSource, refresh: boolean) {
      const places = await placesOf(listId);
      const { rows } = await db.execute<{ project_id: number | string; normalized: string }>(sql`
        with s as (${scopesTable(provider, places)})
        select k.project_id, k.normalized
        from keyword_list_items i join keywords k on k.id = i.keyword_id
          ${refresh ? sql`` : sql`join s on s.project_id = k.project_id ${metricsJoinAt(provider, sql`s.geo`, sql`s.language`)}`}
        where i.list_id = ${listId} ${refresh ? sql`` : sql`and m.keyword is null`}`);
      // One fetch per place: projects in the same place share their figures.
      const projectPlaces = new Map(places.map(({ projectId, ...place }) => [projectId, place]));
      const groups = new Map<string, { place: MetricsPlace; keywords: Set<string> }>();
      for (const row of rows) {
        const place = projectPlaces.get(Number(row.project_id))!;
        const scope = metricsScope(provider, place);
        const key = `${scope.geo}\n${scope.language}`;
        if (!groups.has(key)) groups.set(key, { place, keywords: new Set() });
        groups.get(key)!.keywords.add(row.normalized);
      }
      return [...groups.values()].map((group) => ({ place: group.place, keywords: [...group.keywords] }));
    },

    /** Every keyword of the list for its CSV file, in batches, with cached figures when `provider` is set. */
    async *allForExport(listId: number, provider?: MetricsSource | null, batchSize = 2000) {
      for (let offset = 0; ; offset += batchSize) {
        const batch = await items(listId, { offset, limit: batchSize }, provider);
        if (batch.length > 0) yield batch;
        if (batch.length < batchSize) return;
      }
    },

    /** Whether any keyword of the list has figures cached for its place. */
    async hasFigures(listId: number, provider: MetricsSource): Promise<boolean> {
      const places = await placesOf(listId);
      const { rows } = await db.execute<{ found: boolean }>(sql`
        with s as (${scopesTable(provider, places)})
        select exists (
          select 1 from keyword_list_items i join keywords k on k.id = i.keyword_id
            join s on s.project_id = k.project_id ${metricsJoinAt(provider, sql`s.geo`, sql`s.language`, 'inner')}
          where i.list_id = ${listId}) as found`);
      return rows[0]?.found ?? false;
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

    /** For each of these keywords the caller may read, the lists holding it that the caller may read. */
    async holdings(caller: Caller, keywordIds: readonly number[]): Promise<KeywordListHoldings> {
      const { rows } = await db.execute<{
        keyword_id: number | string;
        id: number | string | null;
        name: string | null;
      }>(
        sql`
        select k.id as keyword_id, l.id, l.name
        from keywords k join projects on projects.id = k.project_id
          left join keyword_list_items i on i.keyword_id = k.id
          left join keyword_lists l on l.id = i.list_id and ${canReadOwnedBy(db, l.userId, caller)}
        where k.id = any(${sql.param([...keywordIds])}::bigint[]) and ${canReadOwnedBy(db, projects.userId, caller)}
        order by k.id, lower(l.name), l.id`,
      );
      const byKeyword = new Map<number, KeywordListHoldings[number]>();
      for (const row of rows) {
        const keywordId = Number(row.keyword_id);
        if (!byKeyword.has(keywordId)) byKeyword.set(keywordId, { keyword_id: keywordId, lists: [] });
        if (row.id != null) byKeyword.get(keywordId)!.lists.push({ id: Number(row.id), name: row.name! });
      }
      return [...byKeyword.values()];
    },

    /** The lists holding a keyword, among those the caller may read. */
    async listsHolding(caller: Caller, keywordId: number): Promise<Array<{ id: number; name: string }>> {
      const { rows } = await db.execute<{ id: number | string; name: string }>(sql`
        select l.id, l.name from keyword_list_items i join keyword_lists l on l.id = i.list_id
        where i.keyword_id = ${keywordId} and ${canReadOwnedBy(db, l.userId, caller)}
        order by lower(l.name), l.id`);
      return rows.map((row) => ({ id: Number(row.id), name: row.name }));
    },
  };
}

export type KeywordListRepository = ReturnType<typeof createKeywordListRepository>;
