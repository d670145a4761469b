import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminQuery, withDatabase } from '../src/db/admin';
import { connect, runMigrations } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { startJobQueue } from '../src/jobs/queue';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    /** A database with every migration and the job queue's tables, which each test file's database copies. */
    databaseTemplate: string;
  }
}

/**
 * One database migrated once for the run; each test file's database is a copy of it
 * (CREATE DATABASE … TEMPLATE), which takes a fraction of running the migrations again.
 */
async function makeTemplate(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `keywright_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const database = connect(withDatabase(serverUrl, name), 2);
  try {
    await runMigrations(database);
    const queue = await startJobQueue({ pool: database.pool, log: () => {} });
    await queue.stop();
  } finally {
    await database.close();
  }
  return { name, drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * One PostgreSQL server for the run: the machine's (TEST_DATABASE_URL) or an
 * embedded one in a temporary directory. Each test file makes its own database.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const template = await makeTemplate(external);
    project.provide('databaseServerUrl', external);
    project.provide('databaseTemplate', template.name);
    return template.drop;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keywright-test-pg-'));
  chmodSync(dir, 0o755); // when run as root, PostgreSQL runs as the postgres user and must reach its directory
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
  // A cluster thrown away after the run: commits need not wait for the disk (nothing here crashes it).
  for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']) {
    await adminQuery(server.url, `alter system set ${setting}`);
  }
  await adminQuery(server.url, 'select pg_reload_conf()');
  const template = await makeTemplate(server.url);
  project.provide('databaseServerUrl', server.url);
  project.provide('databaseTemplate', template.name);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
