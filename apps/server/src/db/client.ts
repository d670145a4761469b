import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

// int8 (bigint ids, counts) arrives as a JavaScript number; ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function connect(url: string, max = 20): Database {
  // A database out of reach fails a call within seconds (a 503) rather than holding it open.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => {}); // a dropped idle client is replaced on next use
  return {
    db: drizzle(pool, { schema }),
    pool,
    url,
    close: () => pool.end(),
  };
}

/** The committed migrations folder, found from src/ (tests, tsx) or dist/ (built). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'migrations');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder not found');
}

/** Applies pending migrations; an advisory lock keeps concurrent instances in turn. */
export async function runMigrations(database: Database): Promise<void> {
  const lockClient = await database.pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(7263514)');
    await migrate(database.db, { migrationsFolder: migrationsFolder() });
  } finally {
    await lockClient.query('select pg_advisory_unlock(7263514)').catch(() => {});
    lockClient.release();
  }
}

/** Creates the database named in `url` on its server when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement: each connection parses and plans a text
 * once and then only binds values. For the hot read paths, whose texts come from a handful
 * of shapes (never from values).
 */
export async function preparedQuery<Row extends Record<string, unknown>>(
  db: Db,
  statement: SQL,
): Promise<{ rows: Row[] }> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return db.$client.query<Row>({ name: `kw_${hashText(text)}`, text, values: params });
}

/** A short stable name for a statement text (FNV-1a, 32 bits, and the length). */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${(hash >>> 0).toString(36)}_${text.length}`;
}
