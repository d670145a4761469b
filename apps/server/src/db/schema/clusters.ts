import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clusterTightness } from '@keywright/contract';
import { projects } from './projects';

/** What a person changed in a project's groups, kept by group key so it outlives a recompute (see clusters.service). */
export interface ClusterEdits {
  /** Group key -> the name a person gave it. */
  names: Record<string, string>;
  /** Group key -> the key of the group it was merged into. */
  merges: Record<string, string>;
  /** Keyword id -> the key of the group a person moved it to. */
  pins: Record<string, string>;
}

/**
 * A project's groups at one tightness: which keywords version and project facts they were made
 * for, the background job working them out (the row is the truth, pg-boss carries the work, as
 * for generation runs), and a person's edits.
 */
export const keywordClusterSets = pgTable(
  'keyword_cluster_sets',
  {
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tightness: text('tightness', { enum: clusterTightness }).notNull(),
    /** The project's keywords_version the stored groups were made for; null until made (or after a recompute call). */
    version: bigint('version', { mode: 'number' }),
    /** The brands and places the groups were made with: a renamed project or a new competitor regroups. */
    facts: text('facts').notNull().default(''),
    /** The keywords version a background job is asked to work the groups out for; null when none is. */
    jobVersion: bigint('job_version', { mode: 'number' }),
    /** Claims of the job since it was asked for: it gives up after a few. */
    jobAttempts: integer('job_attempts').notNull().default(0),
    /** The claim working the job now: only its writes count. */
    jobToken: text('job_token'),
    /** 0-100, for the 202 answer. */
    jobProgress: smallint('job_progress').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }),
    /** The keywords version whose job gave up after its attempts: not asked again until the keywords change. */
    failedVersion: bigint('failed_version', { mode: 'number' }),
    /** Keywords placed one by one (see queries/cluster-updates.ts) since the groups were last worked out whole. */
    placedKeywords: integer('placed_keywords').notNull().default(0),
    edits: jsonb('edits')
      .$type<ClusterEdits>()
      .notNull()
      .default(sql`'{"names":{},"merges":{},"pins":{}}'::jsonb`),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.tightness] })],
);

/** One group of a set: its key (what its keywords share), its name and its keywords. */
export const keywordClusters = pgTable(
  'keyword_clusters',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    tightness: text('tightness', { enum: clusterTightness }).notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    keywordIds: bigint('keyword_ids', { mode: 'number' }).array().notNull(),
    /** The stems its keywords hold, when a small group may join it: an added keyword's host is found by them. */
    hostStems: text('host_stems')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [
    // A group keeps its row (and id) across recomputes while its key stands.
    uniqueIndex('keyword_clusters_set_key_idx').on(table.projectId, table.tightness, table.key),
    // An added keyword's host is looked up by its stems among a set's groups (tens of thousands at 1,000,000 keywords).
    index('keyword_clusters_host_stems_idx').using('gin', table.hostStems),
    foreignKey({
      name: 'keyword_clusters_set_fk',
      columns: [table.projectId, table.tightness],
      foreignColumns: [keywordClusterSets.projectId, keywordClusterSets.tightness],
    }).onDelete('cascade'),
  ],
);

/**
 * Where the grouper sent the keywords of one first-level key of a set (see `ClusterRoute`): a
 * keyword added later is placed by its key's route, in the transaction that adds it.
 */
export const keywordClusterRoutes = pgTable(
  'keyword_cluster_routes',
  {
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    tightness: text('tightness', { enum: clusterTightness }).notNull(),
    baseKey: text('base_key').notNull(),
    /** The group's key; null when split. */
    target: text('target'),
    /** `finer` (by one more modifier) or `brand` (within the brand); null when sent to `target`. */
    split: text('split', { enum: ['finer', 'brand'] }),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.tightness, table.baseKey] }),
    foreignKey({
      name: 'keyword_cluster_routes_set_fk',
      columns: [table.projectId, table.tightness],
      foreignColumns: [keywordClusterSets.projectId, keywordClusterSets.tightness],
    }).onDelete('cascade'),
  ],
);
