import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { projects } from './projects';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * A person's Search Console grant, kept apart from their Drive grant (either may be held alone).
 * Tokens are sealed as Drive's are (lib/secret-box, a key derived from AUTH_SECRET).
 */
export const searchConsoleConnections = pgTable('search_console_connections', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  refreshToken: bytea('refresh_token').notNull(),
  accessToken: bytea('access_token').notNull(),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }).notNull(),
  scope: text('scope').notNull(),
  /** The Google account's e-mail, from the ID token of the code exchange; null when Google did not say. */
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A project's Search Console state: the property it is linked to (null: not linked, or only
 * uploads) and the import its queries are read from. One row per project that ever had either.
 */
export const searchConsoleProjects = pgTable('search_console_projects', {
  projectId: bigint('project_id', { mode: 'number' })
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  siteUrl: text('site_url'),
  /** Whose grant the daily refresh uses: the person who linked the property. */
  linkedBy: text('linked_by').references(() => user.id, { onDelete: 'set null' }),
  linkedAt: timestamp('linked_at', { withTimezone: true }),
  /** The completed import whose queries the project shows; switched in one statement when a newer completes. */
  currentImportId: bigint('current_import_id', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One import of a project's queries. Rows are written under the import while it runs and become
 * the project's only when it completes (`currentImportId`); a crash leaves the previous import
 * shown and this one resumable from the rows it holds.
 */
export const searchConsoleImports = pgTable(
  'search_console_imports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Who ran it: their grant fetches (api), or they uploaded the file (upload). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['api', 'upload'] }).notNull(),
    siteUrl: text('site_url'),
    status: text('status', { enum: ['running', 'completed', 'failed'] })
      .notNull()
      .default('running'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Rows fetched (and stored) so far. */
    rows: integer('rows').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A fetching job's last sign of life; a running api import whose beat is stale is taken over (0015). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** How many times a job took it; past the limit it fails. */
    attempts: integer('attempts').notNull().default(0),
    /** Null while the queries are fetched; then how many (query, page) rows the best-page pass has read. */
    pageRows: integer('page_rows'),
  },
  (table) => [
    index('search_console_imports_project_idx').on(table.projectId, sql`${table.id} desc`),
    // One fetch at a time per project: a refresh meets the running one.
    uniqueIndex('search_console_imports_one_fetch_idx')
      .on(table.projectId)
      .where(sql`${table.status} = 'running' and ${table.source} = 'api'`),
  ],
);

/** The queries of one import, one row per query (its `normalized` form, as keywords are matched). */
export const searchConsoleQueries = pgTable(
  'search_console_queries',
  {
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => searchConsoleImports.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    normalized: text('normalized').notNull(),
    clicks: integer('clicks').notNull(),
    impressions: integer('impressions').notNull(),
    /** A fraction, 0-1. */
    ctr: doublePrecision('ctr').notNull(),
    position: doublePrecision('position').notNull(),
    /** The page with the most impressions for the query; null when unknown (uploads). */
    page: text('page'),
    /** That page's impressions for the query: a later page of the pass replaces it only with more (0015). */
    pageImpressions: integer('page_impressions'),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.normalized] }),
    index('search_console_queries_impressions_idx').on(table.importId, sql`${table.impressions} desc`),
    // The view's other figure sorts, either way (a backward scan), ties by query in an incremental sort (0018).
    index('search_console_queries_clicks_idx').on(table.importId, sql`${table.clicks} desc`),
    index('search_console_queries_ctr_idx').on(table.importId, sql`${table.ctr} desc`),
    index('search_console_queries_position_idx').on(table.importId, table.position),
    // An import's queries containing a text (`normalized like '%…%'`), through pg_trgm and btree_gin (0020).
    index('search_console_queries_normalized_trgm_idx').using(
      'gin',
      table.importId,
      table.normalized.op('gin_trgm_ops'),
    ),
  ],
);
