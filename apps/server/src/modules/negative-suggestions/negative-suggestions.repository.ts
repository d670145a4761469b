import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';
import type { NegativeMatchType } from '@keywright/contract';
import type { ReportTerm } from './suggest';

export interface ProjectFactsRow {
  name: string;
  brand: string;
  description: string;
  targetAudience: string;
  siteUrl: string;
  competitors: string;
  country: string;
  city: string;
  language: string;
}

/** What the suggestions read of a project: the SQL. Access is checked by the service before. */
export function createNegativeSuggestionsRepository(db: Db) {
  return {
    async facts(projectId: number): Promise<ProjectFactsRow | undefined> {
      const [row] = await db
        .select({
          name: projects.name,
          brand: projects.brand,
          description: projects.description,
          targetAudience: projects.targetAudience,
          siteUrl: projects.siteUrl,
          competitors: projects.competitors,
          country: projects.country,
          city: projects.city,
          language: projects.language,
        })
        .from(projects)
        .where(eq(projects.id, projectId));
      return row;
    },

    /** The project's latest report: its currency and its rows; undefined before the first import. */
    async latestReport(projectId: number): Promise<{ currency: string | null; terms: ReportTerm[] } | undefined> {
      const { rows: imports } = await db.execute<{ id: number; currency: string | null }>(sql`
        select id::float8 as id, currency from search_terms_imports
        where project_id = ${projectId} order by id desc limit 1`);
      const [latest] = imports;
      if (!latest) return undefined;
      const { rows } = await db.execute<ReportTerm>(sql`
        select normalized, ad_group as "adGroup", cost, conversions from search_terms where import_id = ${latest.id}`);
      return { currency: latest.currency, terms: rows };
    },

    async keywords(projectId: number): Promise<string[]> {
      const { rows } = await db.execute<{ normalized: string }>(
        sql`select normalized from keywords where project_id = ${projectId}`,
      );
      return rows.map((row) => row.normalized);
    },

    /** Every term of the project's negative lists, with its ad group (null: the whole campaign). */
    async negatives(
      projectId: number,
    ): Promise<Array<{ text: string; match_type: NegativeMatchType; ad_group: string | null }>> {
      const { rows } = await db.execute<{ text: string; match_type: NegativeMatchType; ad_group: string | null }>(sql`
        select distinct i.normalized as text, i.match_type, i.ad_group from negative_list_items i
        join negative_lists l on l.id = i.list_id where l.project_id = ${projectId}`);
      return rows;
    },
  };
}
