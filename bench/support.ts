import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { requireUser } from '../apps/server/src/auth/signed-in-user';
import { connect, ensureDatabase, runMigrations, type Database } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { loadEnv } from '../apps/server/src/env';

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** The app's public URL during the benchmark; requests say they come from it. */
const BENCH_ORIGIN = 'http://localhost:3000';

export interface BenchServer {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real app on its own embedded PostgreSQL, listening on loopback, with one
 * extra route: an authenticated `select 1`, the yardstick of the budgets.
 */
export async function startBenchServer(extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  const dir = tempDir('keywright-bench-');
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
  const url = pg.url.replace(/\/postgres$/, '/keywright');
  await ensureDatabase(url);
  const database = connect(url, 20);
  await runMigrations(database);
  const env = loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    APP_URL: BENCH_ORIGIN,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    ...extraEnv,
  });
  const app = await buildApp({ env, database, authRateLimits: { signInPerMinute: 10_000, signUpPerMinute: 10_000 } });
  app.get('/api/bench/memory', async () => {
    const { rss, heapUsed } = process.memoryUsage();
    return { rss, heapUsed };
  });
  app.get('/api/bench/select-1', async (request) => {
    requireUser(request);
    await database.db.execute(sql`select 1`);
    return { ok: 1 };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RemoteBenchServer {
  baseUrl: string;
  database: Database;
  close(): Promise<void>;
}

/** startBenchServer() in a child process; the database is reachable from here for seeding. */
export async function startRemoteBenchServer(extraEnv: Record<string, string> = {}): Promise<RemoteBenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server-process.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_SERVER_ENV: JSON.stringify(extraEnv) },
  });
  // PIN=1: the server on core 0, pinned before it starts its PostgreSQL, which inherits the core
  // (the module run alone pins itself, the load generator, to core 1).
  if (process.env.PIN) execFileSync('taskset', ['-p', '-c', '0', String(child.pid)]);
  const line = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const newline = output.indexOf('\n');
      if (newline >= 0) resolve(output.slice(0, newline));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  const { baseUrl, databaseUrl } = JSON.parse(line) as { baseUrl: string; databaseUrl: string };
  const database = connect(databaseUrl, 4);
  return {
    baseUrl,
    database,
    async close() {
      await database.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function signUp(baseUrl: string, email: string): Promise<{ id: string; token: string }> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN },
    body: JSON.stringify({ email, password: 'bench-password-1', name: 'Bench' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, token: response.headers.get('set-auth-token')! };
}

/**
 * Requests per second at `connections` concurrent connections. With `nextPath`, each request asks
 * for the path it gives (a different page each time: what no answer kept in memory can serve).
 */
export async function throughput(
  url: string,
  token: string,
  connections = 20,
  seconds = 5,
  nextPath?: () => string,
): Promise<number> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
    ...(nextPath && {
      requests: [
        {
          setupRequest: (request) => ({ ...request, path: nextPath() }),
        },
      ],
    }),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

/** Paths of pages 1, 2, … `pages` of `url`, then again from 1: more pages than a server keeps answers for. */
export function cyclingPages(url: string, pages: number, query = ''): () => string {
  const { pathname } = new URL(url);
  let page = 0;
  return () => `${pathname}?page=${(page++ % pages) + 1}${query}`;
}
