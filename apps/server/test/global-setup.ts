import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}

/**
 * One PostgreSQL server for the run: the machine's (TEST_DATABASE_URL) or an
 * embedded one in a temporary directory. Each test file makes its own database.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('databaseServerUrl', external);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keywright-test-pg-'));
  chmodSync(dir, 0o755); // when run as root, PostgreSQL runs as the postgres user and must reach its directory
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
  project.provide('databaseServerUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
