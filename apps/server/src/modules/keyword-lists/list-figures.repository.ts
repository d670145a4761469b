import { sql, type SQL } from 'drizzle-orm';
import type { KeywordListSummary, MetricsSource } from '@keywright/contract';
import type { Db } from '../../db/client';
import type { MetricsPlace } from '../../providers/metrics/metrics-provider';
import { metricsJoinAt, metricsScope } from '../../queries/figures';

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

/** A list's figures as a whole: its summary, what Load CPC must fetch, whether its CSV has figure columns. */
export function createListFiguresRepository(db: Db) {
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

  return {
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
  };
}
