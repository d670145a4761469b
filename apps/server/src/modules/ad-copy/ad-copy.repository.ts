import type { MetricsSource } from '@keywright/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageLimit } from '../../db/page-limit';
import { metricsJoinAt, metricsScope } from '../../queries/figures';
import type { EditorKeyword } from './ads-editor-csv';

/** A list and its project's facts, for its ads. */
export interface ListForAds {
  id: number;
  name: string;
  projectId: number | null;
  keywordCount: number;
}

export interface ProjectFactsRow {
  id: number;
  name: string;
  description: string;
  country: string;
  city: string;
  language: string;
  siteUrl: string;
  targetAudience: string;
}

type EditorRow = {
  keyword: string;
  high_bid_micros: string | number | null;
  provider: string | null;
  added_at: string;
  keyword_id: string | number;
};

/** Where the list export is up to: the last row's place in the list's order. */
interface Cursor {
  addedAt: string;
  keywordId: number | string;
}

export function createAdCopyRepository(db: Db) {
  /**
   * The cache scope of each project a list's keywords come from, as a small table
   * `s(project_id, geo, language)`: figures are each keyword's own project's (its place and
   * language), worked out by `metricsScope` like everywhere else.
   */
  async function scopesOf(listId: number, provider: MetricsSource): Promise<SQL> {
    const { rows } = await db.execute<{ id: string | number; country: string; city: string; language: string }>(sql`
      select p.id, p.country, p.city, p.language from projects p
      where p.id in (select k.project_id from keyword_list_items i join keywords k on k.id = i.keyword_id
                     where i.list_id = ${listId})`);
    if (rows.length === 0)
      return sql`select null::bigint as project_id, null::text as geo, null::text as language where false`;
    const scopes = rows.map((row) => ({ projectId: Number(row.id), ...metricsScope(provider, row) }));
    return sql`select * from unnest(
      ${sql.param(scopes.map((scope) => scope.projectId))}::bigint[],
      ${sql.param(scopes.map((scope) => scope.geo))}::text[],
      ${sql.param(scopes.map((scope) => scope.language))}::text[]) as scope(project_id, geo, language)`;
  }

  /** The figures join for a list's keywords `k`: none when metrics are off. */
  async function figuresJoin(listId: number, provider: MetricsSource | null): Promise<{ scopes: SQL; join: SQL }> {
    if (!provider) return { scopes: sql`select 1`, join: sql`left join keyword_metrics m on false` };
    return {
      scopes: await scopesOf(listId, provider),
      join: sql`left join s on s.project_id = k.project_id ${metricsJoinAt(provider, sql`s.geo`, sql`s.language`)}`,
    };
  }

  return {
    async findList(listId: number): Promise<ListForAds | null> {
      const { rows } = await db.execute<{
        id: number | string;
        name: string;
        project_id: number | string | null;
        keywords_count: number;
      }>(sql`select id, name, project_id, keywords_count from keyword_lists where id = ${listId}`);
      const row = rows[0];
      if (!row) return null;
      return {
        id: Number(row.id),
        name: row.name,
        projectId: row.project_id == null ? null : Number(row.project_id),
        keywordCount: row.keywords_count,
      };
    },

    async findProject(projectId: number): Promise<ProjectFactsRow | null> {
      const { rows } = await db.execute<Omit<ProjectFactsRow, 'id'> & { id: number | string }>(sql`
        -- Ads speak of the brand people search for (Edit Project), else the project's name.
        select id, coalesce(nullif(trim(brand), ''), name) as name, description, country, city, language,
          site_url as "siteUrl",
          target_audience as "targetAudience"
        from projects where id = ${projectId}`);
      return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
    },

    /**
     * Up to `limit` of the list's keywords: those with cached searches first, the most searched
     * first, then the rest in the list's own order (the latest added first).
     */
    async briefKeywords(listId: number, provider: MetricsSource | null, limit: number): Promise<string[]> {
      const { scopes, join } = await figuresJoin(listId, provider);
      const { rows } = await db.execute<{ keyword: string }>(sql`
        with s as (${scopes})
        select k.keyword
        from keyword_list_items i join keywords k on k.id = i.keyword_id ${join}
        where i.list_id = ${listId}
        order by m.avg_monthly_searches desc nulls last, i.added_at desc, i.keyword_id desc
        ${pageLimit(limit)}`);
      return rows.map((row) => row.keyword);
    },

    /**
     * Every keyword of the list in its own order (the latest added first), with its cached high
     * top-of-page bid when `provider` is set, in batches read by keyset: a list of any size is
     * written with one batch in memory at a time.
     */
    async *keywordsForEditor(
      listId: number,
      provider: MetricsSource | null,
      batchSize = 2000,
    ): AsyncGenerator<EditorKeyword[]> {
      const { scopes, join } = await figuresJoin(listId, provider);
      const batch = async (statement: SQL) => (await db.execute<EditorRow>(statement)).rows;
      let after: Cursor | null = null;
      for (;;) {
        const rows: EditorRow[] = await batch(sql`
          with s as (${scopes})
          select k.keyword, m.high_bid_micros, m.provider, i.added_at::text as added_at, i.keyword_id
          from keyword_list_items i join keywords k on k.id = i.keyword_id ${join}
          where i.list_id = ${listId}
            ${after ? sql`and (i.added_at, i.keyword_id) < (${after.addedAt}::timestamptz, ${after.keywordId}::bigint)` : sql``}
          order by i.added_at desc, i.keyword_id desc
          ${pageLimit(batchSize)}`);
        if (rows.length > 0) {
          yield rows.map((row) => ({
            keyword: row.keyword,
            highBidMicros: row.high_bid_micros == null ? null : Number(row.high_bid_micros),
            isEstimate: row.provider === 'estimate',
          }));
        }
        if (rows.length < batchSize) return;
        const last = rows[rows.length - 1]!;
        after = { addedAt: last.added_at, keywordId: last.keyword_id };
      }
    },
  };
}

export type AdCopyRepository = ReturnType<typeof createAdCopyRepository>;
