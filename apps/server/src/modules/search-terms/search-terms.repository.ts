import type { SearchTermsSort } from '@keywright/contract';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { canReadProject, type Caller } from '../../access/access';
import { preparedQuery, type Db } from '../../db/client';
import { projects, searchTermsImports } from '../../db/schema';
import { containsPattern } from '../../queries/keyword-filters';
import type { SearchTermRow } from './search-terms-file';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface NewSearchTermsImport {
  projectId: number;
  userId: string;
  startDate: string | null;
  endDate: string | null;
  currency: string | null;
  rows: number;
}

export interface StoredReport {
  id: number;
  startDate: string | null;
  endDate: string | null;
  currency: string | null;
  rows: number;
  createdAt: Date;
}

export interface SearchTermsFilters {
  /** Lower-cased and spaces collapsed, as terms are kept. */
  contains: string;
  noConversions: boolean;
  minCost: number | undefined;
}

export interface SearchTermsPageOptions extends SearchTermsFilters {
  sort: SearchTermsSort;
  offset: number;
  limit: number;
}

export type StoredSearchTerm = {
  id: number;
  term: string;
  match_type: 'exact' | 'phrase' | 'broad' | null;
  campaign: string | null;
  ad_group: string | null;
  clicks: number | null;
  impressions: number | null;
  cost: number | null;
  conversions: number | null;
  is_keyword: boolean;
};

/**
 * Each sort as an order on `t`, ties broken by id so that pages never overlap. The descending
 * figures and the term read a page from the import's indexes (search_terms_*_idx); the others sort.
 */
const orders: Record<SearchTermsSort, SQL> = {
  '-cost': sql`t.cost desc nulls last, t.id`,
  cost: sql`t.cost asc nulls last, t.id`,
  '-clicks': sql`t.clicks desc nulls last, t.id`,
  clicks: sql`t.clicks asc nulls last, t.id`,
  '-impressions': sql`t.impressions desc nulls last, t.id`,
  impressions: sql`t.impressions asc nulls last, t.id`,
  '-conversions': sql`t.conversions desc nulls last, t.id`,
  conversions: sql`t.conversions asc nulls last, t.id`,
  term: sql`t.normalized, t.id`,
  '-term': sql`t.normalized desc, t.id desc`,
};

function filterConditions(importId: SQL, { contains, noConversions, minCost }: SearchTermsFilters): SQL {
  return sql.join(
    [
      sql`t.import_id = ${importId}`,
      ...(contains ? [sql`t.normalized like ${containsPattern(contains)}`] : []),
      ...(noConversions ? [sql`coalesce(t.conversions, 0) = 0`] : []),
      ...(minCost !== undefined ? [sql`t.cost >= ${minCost}`] : []),
    ],
    sql` and `,
  );
}

/** One row as the JSON document of a batch carries it (see `addRows`). */
const rowCells = (row: SearchTermRow) => [
  row.term,
  row.normalized,
  row.matchType,
  row.status,
  row.campaign,
  row.adGroup,
  row.keyword,
  row.clicks,
  row.impressions,
  row.ctr,
  row.cost,
  row.avgCpc,
  row.conversions,
  row.convValue,
  row.costPerConv,
];

export function createSearchTermsRepository(db: Db) {
  return {
    /**
     * Locks the project's row until the import commits, so that two imports into one project take
     * turns; false when the caller may no longer change it (the upload took a while) or it is gone.
     */
    async lockProject(tx: Tx, caller: Caller, projectId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, projectId), canReadProject(db, projects, caller)))
        .for('update');
      return Boolean(row);
    },

    async startImport(tx: Tx, input: NewSearchTermsImport): Promise<number> {
      const [row] = await tx.insert(searchTermsImports).values(input).returning({ id: searchTermsImports.id });
      return row!.id;
    },

    /**
     * Adds a batch of the report's rows, as one JSON document of arrays: far cheaper to send and
     * parse than a parameter per cell or an array per column.
     */
    async addRows(tx: Tx, importId: number, rows: readonly SearchTermRow[]): Promise<void> {
      if (rows.length === 0) return;
      const document = JSON.stringify(rows.map(rowCells));
      await tx.execute(sql`
        insert into search_terms (import_id, term, normalized, match_type, status, campaign, ad_group, keyword,
          clicks, impressions, ctr, cost, avg_cpc, conversions, conv_value, cost_per_conv)
        select ${importId}, r->>0, r->>1, r->>2, r->>3, r->>4, r->>5, r->>6, (r->>7)::bigint, (r->>8)::bigint,
          (r->>9)::float8, (r->>10)::float8, (r->>11)::float8, (r->>12)::float8, (r->>13)::float8, (r->>14)::float8
        from jsonb_array_elements(${document}::jsonb) as r`);
    },

    /** The project's imports before this one go, their terms with them. */
    async dropEarlierImports(tx: Tx, projectId: number, importId: number): Promise<void> {
      await tx
        .delete(searchTermsImports)
        .where(and(eq(searchTermsImports.projectId, projectId), lt(searchTermsImports.id, importId)));
    },

    /** A big load changes the table's shape at once: the planner learns of it before the next page. */
    async analyze(tx: Tx): Promise<void> {
      await tx.execute(sql`analyze search_terms`);
    },

    /**
     * In one statement, as the view asks for it: whether the caller may read the project (undefined
     * when not, or it is gone), its latest report (null when it has none), a page of the report's
     * terms (each marked when the project has a keyword of its text) and how many pass the filters.
     */
    async readPage(
      caller: Caller,
      projectId: number,
      options: SearchTermsPageOptions,
    ): Promise<{ report: StoredReport | null; terms: StoredSearchTerm[]; total: number } | undefined> {
      const order = orders[options.sort];
      const isFiltered = options.contains !== '' || options.noConversions || options.minCost !== undefined;
      const conditions = filterConditions(sql`i.id`, options);
      const { rows } = await preparedQuery<{
        id: number | null;
        startDate: string | null;
        endDate: string | null;
        currency: string | null;
        rows: number | null;
        createdAt: string | null;
        total: number | null;
        terms: (StoredSearchTerm & { normalized?: string })[] | null;
      }>(
        db,
        sql`
        select i.id::float8 as id, i.start_date::text as "startDate", i.end_date::text as "endDate", i.currency,
          i.rows, i.created_at as "createdAt",
          ${isFiltered ? sql`(select count(*)::int from search_terms t where ${conditions})` : sql`i.rows`} as total,
          (select coalesce(json_agg(t order by ${order}), '[]'::json) from (
            select t.id, t.term, t.normalized, t.match_type, t.campaign, t.ad_group, t.clicks, t.impressions, t.cost,
              t.conversions,
              exists (select 1 from keywords k where k.project_id = ${projectId} and k.normalized = t.normalized)
                as is_keyword
            from (
              select t.* from search_terms t
              where ${conditions}
              order by ${order}
              limit ${options.limit} offset ${options.offset}) t) t) as terms
        from projects
        left join lateral (
          select * from search_terms_imports i where i.project_id = projects.id order by i.id desc limit 1) i on true
        where projects.id = ${projectId} and ${canReadProject(db, projects, caller)}`,
      );
      const [row] = rows;
      if (!row) return undefined;
      if (row.id === null) return { report: null, terms: [], total: 0 };
      return {
        report: {
          id: row.id,
          startDate: row.startDate,
          endDate: row.endDate,
          currency: row.currency,
          rows: row.rows!,
          createdAt: new Date(row.createdAt!),
        },
        terms: (row.terms ?? []).map(({ normalized: _normalized, ...term }) => term),
        total: row.total!,
      };
    },
  };
}

export type SearchTermsRepository = ReturnType<typeof createSearchTermsRepository>;
