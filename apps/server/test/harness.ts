import { randomBytes } from 'node:crypto';
import type { ErrorCode } from '@keywright/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { AuthRateLimits } from '../src/auth/auth';
import { adminQuery, withDatabase } from '../src/db/admin';
import { connect, runMigrations, type Database } from '../src/db/client';
import { loadEnv, type Env } from '../src/env';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  authRateLimits?: AuthRateLimits;
  /** Providers, job timings and the like, passed on to buildApp. */
  app?: Pick<
    BuildAppOptions,
    'providers' | 'jobs' | 'generationTimings' | 'clusterTimings' | 'searchConsoleTimings' | 'logger' | 'webDir'
  >;
}

/** A fresh database with every migration applied (a copy of the run's migrated template), and the app built on it. */
export async function createTestContext(options: TestAppOptions = {}): Promise<TestContext> {
  const serverUrl = inject('databaseServerUrl');
  const name = `keywright_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${inject('databaseTemplate')}`);
  const database = connect(withDatabase(serverUrl, name), 5);
  await runMigrations(database); // nothing left to apply; kept so that a database is never a migration behind
  const env = loadEnv({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    APP_URL: 'http://localhost:3000',
    DATA_DIR: '/nonexistent-keywright-test',
    ...options.env,
  });
  const app = await buildApp({
    env,
    database,
    authRateLimits: options.authRateLimits ?? { signInPerMinute: 1000, signUpPerMinute: 1000 },
    ...options.app,
  });
  await app.ready();
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Signed-out, or signed in as a user made by the users factory. */
export type As = { headers: Record<string, string> } | null;

export function request(ctx: TestContext, as: As, options: InjectOptions) {
  return ctx.app.inject({
    ...options,
    headers: { ...(as?.headers ?? {}), ...(options.headers ?? {}) },
  });
}

/** The one wire body of every error answer. */
export function errorBody(code: ErrorCode, message: string, issues?: { path: string; message: string }[]) {
  return { error: { code, message, ...(issues && { issues }) } };
}

/** A 400 with one issue whose message is also the answer's message. */
export function validationError(path: string, message: string) {
  return errorBody('validation_error', message, [{ path, message }]);
}

/**
 * Every row of the product's own tables, in a stable order: compare a snapshot
 * taken before a rejected call with one taken after to show nothing was written.
 * A file that starts generation runs should build its context with jobs 'off',
 * so that no run writes in the background between two snapshots.
 */
export async function dataSnapshot(ctx: TestContext): Promise<Record<string, unknown[]>> {
  const tables = {
    projects: 'select * from projects order by id',
    keywords: 'select * from keywords order by id',
    team_members: 'select * from team_members order by owner_id, member_email',
    generation_runs: 'select * from generation_runs order by id',
    keyword_metrics: 'select * from keyword_metrics order by provider, geo, language, keyword',
    keyword_lists: 'select * from keyword_lists order by id',
    keyword_list_items: 'select * from keyword_list_items order by list_id, keyword_id',
    negative_lists: 'select * from negative_lists order by id',
    negative_list_items: 'select * from negative_list_items order by id',
    users: 'select id, email, name from "user" order by id',
  };
  const snapshot: Record<string, unknown[]> = {};
  for (const [name, text] of Object.entries(tables)) snapshot[name] = (await ctx.database.pool.query(text)).rows;
  return snapshot;
}

/**
 * A row count and a checksum of every table the app writes, found in the catalog so that a new
 * table is covered the day it is added; one query, cheap enough to take around every few calls
 * (the fuzz test does). Only the queue's jobs of pg-boss's own tables: its maintenance writes the rest.
 */
export async function dataChecksums(ctx: TestContext): Promise<Record<string, string>> {
  const { rows: tables } = await ctx.database.pool.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname = 'public' or (schemaname = 'pgboss' and tablename in ('job', 'queue'))
     order by 1`,
  );
  const { rows } = await ctx.database.pool.query<{ name: string; sum: string }>(
    tables
      .map(
        ({ name }) =>
          `select '${name.replaceAll("'", "''")}' as name, count(*) || ':' || md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum from ${name} t`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(rows.map(({ name, sum }) => [name, sum]));
}

/** The `name=value` session cookie a browser holds after signing in as this person (same-site). */
export async function sessionCookieOf(ctx: TestContext, user: { email: string; password: string }): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ctx.env.APP_URL },
    payload: { email: user.email, password: user.password },
  });
  const cookie = ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((line) => line.startsWith('better-auth.session_token='));
  if (!cookie) throw new Error(`sign-in gave no session cookie: ${response.statusCode} ${response.body}`);
  return cookie.split(';')[0]!;
}
