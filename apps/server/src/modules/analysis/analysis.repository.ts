import type { AnalysisRow } from '@keywright/contract';
import { sql, type SQL } from 'drizzle-orm';
import { updateClustersForKeywords } from '../../queries/cluster-updates';
import { canReadProject, type Caller } from '../../access/access';
import { preparedQuery, type Db } from '../../db/client';
import { projects } from '../../db/schema';
import { createVersionedCache } from '../../lib/versioned-cache';
import type { MetricsPlace } from '../../providers/metrics/metrics-provider';
import {
  figureColumns,
  figuresFromColumns,
  metricsJoin,
  metricsVersionValue,
  type MetricsScope,
} from '../../queries/figures';
import {
  and,
  figureConditions,
  figureKeys,
  figureSorts,
  hasFigureFilter,
  isFigureSort,
  keywordConditions,
  ordering,
  partsOf,
  type AnalysisFilterSet,
  type AnalysisOrder,
  type Cursor,
  type CursorRow,
  type FigureSort,
  type Part,
  type Row,
} from './analysis-query-parts';
import { anchorsKey, createAnalysisAnchors } from './analysis-anchors';

export type { AnalysisFilterSet, AnalysisOrder } from './analysis-query-parts';

/** Which keywords a page or export is about: the project's, with its figures from `scope` (null: metrics off). */
export interface AnalysisSet {
  projectId: number;
  scope: MetricsScope | null;
  filters: AnalysisFilterSet;
}

/** The project as a page needs it; the versions say when counts worked out before are out of date. */
export interface AnalysisContext {
  name: string;
  place: MetricsPlace;
  keywordsCount: number;
  keywordsVersion: number;
  metricsVersion: number;
  /** The currency the project chose ('' follows its country). */
  chosenCurrency: string;
}

/** What the counts statement answers, per set of filters. */
export interface AnalysisCounts {
  /** The project's keywords with figures (the rest have none cached). */
  withFigures: number;
  /** Keywords inside the filters. */
  matching: number;
  /** Of those, how many have each sort's figure: they come first, the rest after them. */
  withSortFigure: Record<FigureSort, number>;
  /** Keywords the search and the intents keep (figure filters aside); null without either. */
  keywordMatches: number | null;
}

/**
 * A search (or intent filter) that keeps at most this many keywords is looked up first (a search
 * through the trigram index, migration 0020), put in order once and paged from that list;
 * PostgreSQL cannot tell how selective `like '%…%'` is, and otherwise walks the cache in order,
 * past hundreds of keywords the search does not keep for each it does.
 */
const FEW_KEYWORD_MATCHES = 20_000;
/**
 * A set of at most this many keywords is put in order once per sort and versions of the data, and
 * its pages are slices of that list: the cache's index in order serves a dense set (most keywords
 * in it), but would be walked far for each page of a sparse one.
 */
const ORDERED_IDS_MAX = 10_000;
/** Cached figures also age out by time, so what is worked out from them is kept for minutes at most. */
const WORKED_OUT_TTL_MS = 5 * 60 * 1000;

const rowColumns = sql.raw(
  `k.id, k.keyword, to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
   coalesce(k.intent, '{}') as intent`,
);

function toRow(row: Row, scope: MetricsScope | null): AnalysisRow {
  return {
    id: Number(row.id),
    keyword: row.keyword,
    intent: row.intent,
    created_at: row.created_at,
    metrics: scope ? figuresFromColumns(row, scope.provider) : null,
  };
}

const versionsOf = (context: AnalysisContext) => `${context.keywordsVersion}:${context.metricsVersion}`;

export function createAnalysisRepository(db: Db) {
  /** Per project and scope: how many of its keywords have figures. */
  const withFiguresCounts = createVersionedCache<number>(256, WORKED_OUT_TTL_MS);
  /** Per project, scope and filters. */
  const filteredCounts = createVersionedCache<AnalysisCounts>(256, WORKED_OUT_TTL_MS);
  /** The ids of a small set in order, per project, scope, filters and order (at most 64 x 10,000 ids). */
  const orderedSets = createVersionedCache<number[]>(64, WORKED_OUT_TTL_MS);
  const anchors = createAnalysisAnchors(db);

  async function countWithFigures({ projectId, scope }: AnalysisSet): Promise<number> {
    const { rows } = await db.execute<{ count: number }>(sql`
      select count(*)::int as count from keywords k ${metricsJoin(scope, 'inner')} where k.project_id = ${projectId}`);
    return rows[0]!.count;
  }

  /**
   * One pass over the keywords the search and intents keep (all of them without those) that have
   * figures: a join of every such keyword, which is why its answer is kept.
   */
  async function readCounts(set: AnalysisSet, context: AnalysisContext, versions: string): Promise<AnalysisCounts> {
    const { projectId, scope, filters } = set;
    const figuresOk = and(figureConditions(filters));
    const sortCounts = sql.join(
      figureSorts.map((sort) => sql`count(*) filter (where ${figuresOk} and ${figureKeys[sort]} is not null)::int`),
      sql`, `,
    );
    const keywordFilters = keywordConditions(filters);
    const isKeywordFiltered = keywordFilters.length > 0;
    const keywordCount = isKeywordFiltered
      ? sql`(select count(*)::int from keywords k where k.project_id = ${projectId} and ${and(keywordFilters)})`
      : sql`null::int`;
    const { rows } = await db.execute<{
      with_figures: number;
      matching_with_figures: number;
      sort_counts: number[];
      keyword_matches: number | null;
    }>(sql`
      select count(*)::int as with_figures, count(*) filter (where ${figuresOk})::int as matching_with_figures,
        array[${sortCounts}] as sort_counts, ${keywordCount} as keyword_matches
      from keywords k ${metricsJoin(scope, 'inner')}
      where ${and([sql`k.project_id = ${projectId}`, ...keywordFilters])}`);
    const row = rows[0]!;
    const projectKey = JSON.stringify([projectId, scope]);
    // Without a search or intents the pass counted every keyword with figures; with them, that count is the project's own.
    if (!isKeywordFiltered) withFiguresCounts.put(projectKey, versions, Promise.resolve(row.with_figures));
    const withFigures = isKeywordFiltered
      ? await withFiguresCounts.get(projectKey, versions, () => countWithFigures(set))
      : row.with_figures;
    return {
      withFigures,
      matching: hasFigureFilter(filters) ? row.matching_with_figures : (row.keyword_matches ?? context.keywordsCount),
      withSortFigure: Object.fromEntries(figureSorts.map((sort, index) => [sort, row.sort_counts[index]!])) as Record<
        FigureSort,
        number
      >,
      keywordMatches: row.keyword_matches,
    };
  }

  /**
   * The statement for one part of the order and a window of it: from `keywords k`, or, for a search
   * or intents of few keywords, from a table `k` of those few looked up first.
   */
  function partQuery(
    set: AnalysisSet,
    part: Part,
    order: AnalysisOrder,
    window: { limit?: number; offset?: number; after?: Cursor },
    {
      keywordsFirst = false,
      idsOnly = false,
      ranked = false,
    }: {
      keywordsFirst?: boolean;
      idsOnly?: boolean;
      /** Every row's id and cursor with its place in the order (`position`, from 1), in no order. */
      ranked?: boolean;
    } = {},
  ): SQL {
    const { projectId, scope, filters } = set;
    const { by, cursorColumns, after } = ordering(part, order);
    const key = isFigureSort(order.sort) ? figureKeys[order.sort] : undefined;
    const limit = ranked
      ? sql``
      : sql`${window.limit == null ? sql`` : sql`limit ${window.limit}`} ${window.offset ? sql`offset ${window.offset}` : sql``}`;
    const selected = ranked
      ? sql`k.id, ${cursorColumns}, row_number() over (order by ${by}) as position`
      : idsOnly
        ? sql`k.id`
        : sql`${rowColumns}, ${figureColumns}, ${cursorColumns}`;
    const orderBy = ranked ? sql`` : sql`order by ${by}`;
    const searched = keywordsFirst
      ? sql`k as materialized (select id, project_id, keyword, normalized, created_at, intent from keywords k
          where ${and([sql`k.project_id = ${projectId}`, ...keywordConditions(filters)])})`
      : undefined;
    const from = searched ? sql`k` : sql`keywords k`;
    const keywordFilters = searched ? [] : [sql`k.project_id = ${projectId}`, ...keywordConditions(filters)];
    const resume = window.after ? [after(window.after)] : [];
    if (part !== 'figured' && !hasFigureFilter(filters)) {
      // The keywords alone decide the page: its ids first, read from a keyword index that skips
      // through an OFFSET cheaply, then their figures. Without the sort's figure means no winning
      // row has it; `(select k.normalized, k.project_id) k` hands the keyword to the join under the name it expects.
      const conditions = [
        ...keywordFilters,
        ...(part === 'rest'
          ? [
              sql`not exists (select 1 from (select k.normalized, k.project_id) k ${metricsJoin(scope, 'inner')} where ${key} is not null)`,
            ]
          : []),
        ...resume,
      ];
      const ids = sql`select ${ranked ? selected : sql`k.id`} from ${from} where ${and(conditions)} ${orderBy} ${limit}`;
      if (idsOnly || ranked) return searched ? sql`with ${searched} ${ids}` : ids;
      return sql`with ${searched ? sql`${searched}, ` : sql``}page as (${ids})
        select ${selected} from keywords k join page using (id) ${metricsJoin(scope)} order by ${by}`;
    }
    // Only keywords with figures can be inside a figure filter or have the sort's figure: read from
    // the cache's index in order, or from the few keywords a search found.
    const conditions = [
      ...keywordFilters,
      ...figureConditions(filters),
      ...(part === 'figured' ? [sql`${key} is not null`] : []),
      ...(part === 'rest' ? [sql`${key} is null`] : []),
      ...resume,
    ];
    return sql`${searched ? sql`with ${searched} ` : sql``}select ${selected} from ${from} ${metricsJoin(scope, 'inner')}
      where ${and(conditions)} ${orderBy} ${limit}`;
  }

  async function readPart(...args: Parameters<typeof partQuery>): Promise<CursorRow[]> {
    const { rows } = await db.execute<CursorRow>(partQuery(...args));
    return rows;
  }

  /** Every keyword id of a (small) set, in order. */
  async function readOrderedIds(set: AnalysisSet, order: AnalysisOrder, keywordsFirst: boolean): Promise<number[]> {
    const ids = async (part: Part, partOrder: AnalysisOrder) => {
      const query = partQuery(set, part, partOrder, {}, { keywordsFirst, idsOnly: true });
      const { rows } = await db.execute<{ id: number }>(query);
      return rows.map((row) => Number(row.id));
    };
    if (!isFigureSort(order.sort)) return ids('all', order);
    const figured = await ids('figured', order);
    if (hasFigureFilter(set.filters)) return [...figured, ...(await ids('rest', order))];
    // Without a figure filter the set is every keyword the search keeps: those not in the first
    // part, by keyword, are the rest (cheaper than asking of each whether it lacks the figure).
    const first = new Set(figured);
    const byKeyword = await ids('all', { sort: 'keyword', order: order.order });
    return [...figured, ...byKeyword.filter((id) => !first.has(id))];
  }

  /** These keywords with their figures, in the order given. */
  async function readByIds(set: AnalysisSet, ids: number[]): Promise<AnalysisRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await preparedQuery<Row>(
      db,
      sql`
      select ${rowColumns}, ${figureColumns}
      from unnest(${sql.param(ids)}::bigint[]) with ordinality as page(id, position)
        join keywords k on k.id = page.id ${metricsJoin(set.scope)}
      order by page.position`,
    );
    return rows.map((row) => toRow(row, set.scope));
  }

  return {
    /** The project if the caller may read it, with its keyword count, place and versions; null otherwise. */
    async context(caller: Caller, projectId: number): Promise<AnalysisContext | null> {
      const { rows } = await preparedQuery<{
        name: string;
        country: string;
        city: string;
        language: string;
        keywords_count: number;
        keywords_version: number;
        metrics_version: number;
        chosen_currency: string;
      }>(
        db,
        sql`
        select projects.name, projects.country, projects.city, projects.language, projects.keywords_count,
          projects.keywords_version, ${metricsVersionValue} as metrics_version, projects.currency as chosen_currency
        from projects
        where projects.id = ${projectId} and ${canReadProject(db, projects, caller)}`,
      );
      const row = rows[0];
      if (!row) return null;
      return {
        name: row.name,
        place: { country: row.country, city: row.city, language: row.language },
        keywordsCount: Number(row.keywords_count),
        keywordsVersion: Number(row.keywords_version),
        metricsVersion: Number(row.metrics_version),
        chosenCurrency: row.chosen_currency,
      };
    },

    /**
     * How many keywords the filters keep, and with which figures: a pass over the project's keywords
     * (those the search keeps), so it is worked out once per set of filters and versions of the
     * project's keywords and of the figures cache, and shared by every page and sort of that set.
     */
    counts(set: AnalysisSet, context: AnalysisContext): Promise<AnalysisCounts> {
      const versions = versionsOf(context);
      return filteredCounts.get(JSON.stringify([set.projectId, set.scope, set.filters]), versions, () =>
        readCounts(set, context, versions),
      );
    },

    /**
     * A page of the set in order: a slice of its ordered ids when the set is small, else a window
     * of each part of the order the page reaches, deep ones resumed from a kept key.
     */
    async page(
      set: AnalysisSet,
      order: AnalysisOrder,
      counts: AnalysisCounts,
      window: { offset: number; limit: number },
      context: AnalysisContext,
    ): Promise<AnalysisRow[]> {
      const { offset, limit } = window;
      if (offset >= counts.matching) return [];
      const keywordsFirst = counts.keywordMatches != null && counts.keywordMatches <= FEW_KEYWORD_MATCHES;
      if (counts.matching <= ORDERED_IDS_MAX || keywordsFirst) {
        const ids = await orderedSets.get(
          JSON.stringify([set.projectId, set.scope, set.filters, order.sort, order.order]),
          versionsOf(context),
          () => readOrderedIds(set, order, keywordsFirst),
        );
        return readByIds(set, ids.slice(offset, offset + limit));
      }
      // A window of one part: deep in it, from the kept key of the block before (analysis-anchors.ts).
      const readWindow = async (part: Part, partWindow: { offset: number; limit: number }) => {
        const key = anchorsKey([set.projectId, set.scope, set.filters, order.sort, order.order], part);
        const anchored = await anchors.window(key, versionsOf(context), partWindow.offset, set.projectId, () =>
          partQuery(set, part, order, {}, { keywordsFirst, ranked: true }),
        );
        return readPart(set, part, order, { ...partWindow, ...anchored }, { keywordsFirst });
      };
      if (!isFigureSort(order.sort)) {
        const rows = await readWindow('all', window);
        return rows.map((row) => toRow(row, set.scope));
      }
      const figured = counts.withSortFigure[order.sort];
      const first = offset < figured ? await readWindow('figured', { offset, limit }) : [];
      const rest =
        first.length < limit && offset + limit > figured
          ? await readWindow('rest', { offset: Math.max(0, offset - figured), limit: limit - first.length })
          : [];
      return [...first, ...rest].map((row) => toRow(row, set.scope));
    },

    /** Every keyword of the set in order, in batches that each resume after the last row's key. */
    async *all(set: AnalysisSet, order: AnalysisOrder, batchSize = 2000): AsyncGenerator<AnalysisRow[]> {
      for (const part of partsOf(order)) {
        let after: Cursor | undefined;
        for (;;) {
          const rows = await readPart(set, part, order, { limit: batchSize, after });
          if (rows.length > 0) yield rows.map((row) => toRow(row, set.scope));
          if (rows.length < batchSize) break;
          const last = rows[rows.length - 1]!;
          after = { value: last.cursor_value, keyword: last.cursor_keyword, id: Number(last.id) };
        }
      }
    },

    /** Deletes these keywords of the project, all or none: false (and nothing deleted) when one is not the project's. */
    async deleteKeywords(projectId: number, keywordIds: readonly number[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ deleted: number }>(sql`
          with doomed as (
            select id from keywords where project_id = ${projectId} and id = any(${sql.param([...keywordIds])}::bigint[])),
          deleted as (
            delete from keywords where id in (select id from doomed)
              and (select count(*) from doomed) = ${keywordIds.length}
            returning id)
          select count(*)::int as deleted from deleted`);
        const done = rows[0]!.deleted === keywordIds.length;
        if (done) await updateClustersForKeywords(tx, projectId, { deleted: keywordIds });
        return done;
      });
    },

    /**
     * Adds these keywords to the list in one statement, all or none: null (and nothing added) when
     * the caller may not read one of them; else how many were added (the rest were in the list).
     */
    async addToList(caller: Caller, listId: number, keywordIds: readonly number[]): Promise<number | null> {
      const { rows } = await db.execute<{ readable: number; added: number }>(sql`
        with readable as (
          select k.id from keywords k join projects on projects.id = k.project_id
          where k.id = any(${sql.param([...keywordIds])}::bigint[]) and ${canReadProject(db, projects, caller)}),
        added as (
          insert into keyword_list_items (list_id, keyword_id)
          select ${listId}, id from readable where (select count(*) from readable) = ${keywordIds.length}
          on conflict do nothing
          returning keyword_id)
        select (select count(*)::int from readable) as readable, (select count(*)::int from added) as added`);
      const row = rows[0]!;
      return row.readable === keywordIds.length ? row.added : null;
    },
  };
}

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
