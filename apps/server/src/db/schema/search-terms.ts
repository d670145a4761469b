import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { projects } from './projects';

/**
 * A Google Ads search terms report imported on a project (issue 27). A project keeps its latest
 * only: the import that replaces it deletes it (and its terms) in the same transaction.
 */
export const searchTermsImports = pgTable(
  'search_terms_imports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Who uploaded it. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The report's date range, from its title lines; null when they give none. */
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** The report's Currency code: every money figure of its terms is in it. */
    currency: text('currency'),
    /** Terms stored. */
    rows: integer('rows').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('search_terms_imports_project_idx').on(table.projectId, sql`${table.id} desc`)],
);

/**
 * One row of a report: a search term per campaign, ad group and match type, its figures as the
 * report gives them (null for "--" or a column it lacks). Money in the import's currency, in units.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => searchTermsImports.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    /** Lower-cased, spaces collapsed: how keywords are matched. */
    normalized: text('normalized').notNull(),
    matchType: text('match_type', { enum: ['exact', 'phrase', 'broad'] }),
    status: text('status', { enum: ['added', 'excluded', 'added_excluded', 'none'] }),
    campaign: text('campaign'),
    adGroup: text('ad_group'),
    /** The keyword that showed the ad, as the report writes it. */
    keyword: text('keyword'),
    // bigint: a count in a file may pass 2^31 (Google Ads itself never writes one so large).
    clicks: bigint('clicks', { mode: 'number' }),
    impressions: bigint('impressions', { mode: 'number' }),
    /** A fraction, 0-1. */
    ctr: doublePrecision('ctr'),
    cost: doublePrecision('cost'),
    avgCpc: doublePrecision('avg_cpc'),
    conversions: doublePrecision('conversions'),
    convValue: doublePrecision('conv_value'),
    costPerConv: doublePrecision('cost_per_conv'),
  },
  // The view's descending sorts read a page straight from these; its others sort the import's terms.
  (table) => [
    index('search_terms_cost_idx').on(table.importId, sql`${table.cost} desc nulls last`, table.id),
    index('search_terms_clicks_idx').on(table.importId, sql`${table.clicks} desc nulls last`, table.id),
    index('search_terms_impressions_idx').on(table.importId, sql`${table.impressions} desc nulls last`, table.id),
    index('search_terms_conversions_idx').on(table.importId, sql`${table.conversions} desc nulls last`, table.id),
    index('search_terms_normalized_idx').on(table.importId, table.normalized, table.id),
    // An import's terms containing a text (`normalized like '%…%'`), through pg_trgm and btree_gin (0020).
    index('search_terms_normalized_trgm_idx').using('gin', table.importId, table.normalized.op('gin_trgm_ops')),
  ],
);
