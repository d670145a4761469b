import type { SearchTermsSort } from '@keywright/contract';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { canReadProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
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

function filterConditions(importId: number, { contains, noConversions, minCost }: SearchTermsFilters): SQL {
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
     * In one statement: whether the caller may read the project (undefined when not, or it is
     * gone) and its latest report (null when it has none).
     */
    async findReport(caller: Caller, projectId: number): Promise<StoredReport | null | undefined> {
      const [row] = await db
        .select({
          id: searchTermsImports.id,
          startDate: searchTermsImports.startDate,
          endDate: searchTermsImports.endDate,
          currency: searchTermsImports.currency,
          rows: searchTermsImports.rows,
          createdAt: searchTermsImports.createdAt,
        })
        .from(projects)
        .leftJoin(searchTermsImports, eq(searchTermsImports.projectId, projects.id))
        .where(and(eq(projects.id, projectId), canReadProject(db, projects, caller)))
        .orderBy(desc(searchTermsImports.id))
        .limit(1);
      if (!row) return undefined;
      return row.id === null ? null : (row as StoredReport);
    },

    /** A page of an import's terms, each marked when the project has a keyword of its text. */
    async page(projectId: number, importId: number, options: SearchTermsPageOptions): Promise<StoredSearchTerm[]> {
      const order = orders[options.sort];
      const { rows } = await db.execute<StoredSearchTerm>(sql`
        select t.id::float8 as id, t.term, t.match_type, t.campaign, t.ad_group, t.clicks::float8 as clicks,
          t.impressions::float8 as impressions, t.cost, t.conversions,
          exists (select 1 from keywords k where k.project_id = ${projectId} and k.normalized = t.normalized)
            as is_keyword
        from (
          select t.* from search_terms t
          where ${filterConditions(importId, options)}
          order by ${order}
          limit ${options.limit} offset ${options.offset}) t
        order by ${order}`);
      return rows;
    },

    /** Terms of an import that pass the filters. */
    async count(importId: number, filters: SearchTermsFilters): Promise<number> {
      const { rows } = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from search_terms t where ${filterConditions(importId, filters)}`,
      );
      return rows[0]!.count;
    },
  };
}

export type SearchTermsRepository = ReturnType<typeof createSearchTermsRepository>;
