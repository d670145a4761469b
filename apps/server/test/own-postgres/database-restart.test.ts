import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorBodySchema, messages, readySchema } from '@keywright/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureDatabase } from '../../src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded';
import { startFakeChatServer, type FakeChatServer } from '../fakes/chat-completions';
import { api, startServer, stopServer, type ServerProcess } from '../support/process';

// An external PostgreSQL (DATABASE_URL) stopped and started again under a running Keywright.

let dir: string;
let postgres: EmbeddedPostgres;
let postgresPort: number;
let server: ServerProcess;
let llm: FakeChatServer;

const origin = 'http://localhost:3000';
const json = (token?: string) => ({
  'content-type': 'application/json',
  origin,
  ...(token && { authorization: `Bearer ${token}` }),
});

async function signIn(): Promise<Response> {
  return api(server.port, '/api/auth/sign-in/email', {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({ email: 'restart@example.com', password: 'restart-password' }),
  });
}

/** A call and how long it took to be answered. */
async function timed(pathname: string, init: RequestInit = {}): Promise<{ response: Response; ms: number }> {
  const started = Date.now();
  const response = await api(server.port, pathname, { ...init, signal: AbortSignal.timeout(30_000) });
  return { response, ms: Date.now() - started };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'keywright-db-restart-'));
  chmodSync(dir, 0o755); // when run as root, PostgreSQL runs as the postgres user and must reach its directory
  postgres = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
  postgresPort = Number(new URL(postgres.url).port);
  const url = postgres.url.replace(/\/postgres$/, '/keywright');
  await ensureDatabase(url);
  // Generation through a language model that the test holds, so a run is in flight when the database stops.
  llm = await startFakeChatServer();
  server = await startServer({
    env: {
      DATABASE_URL: url,
      AUTH_SECRET: 'restart-secret-restart-secret-0123456',
      APP_URL: origin,
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'test-model',
      // Long enough for the database to be down when it runs out; a time-out is not tried again.
      LLM_TIMEOUT_SECONDS: '4',
    },
  });
});

afterAll(async () => {
  if (server) await stopServer(server);
  await llm?.close();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

// Keywords the phrase gate keeps for this product (as in lifecycle.test.ts): one model answer per run.
const keywords = ['cold brew kit', 'coffee kit', 'brew kit gift', 'cold brew coffee', 'iced coffee kit'];
keywords.push('brew at home', 'cold brew bags', 'coffee gift set', 'brew kit sale', 'kit for brewing');

async function startRun(token: string, projectName: string): Promise<number> {
  const started = await api(server.port, '/api/start-keyword-generation', {
    method: 'POST',
    headers: json(token),
    body: JSON.stringify({
      projectName,
      productService: 'Cold brew coffee kits',
      keywordCount: 10,
      keywordLength: '2-3',
    }),
  });
  expect(started.status).toBe(202);
  return ((await started.json()) as { projectId: number }).projectId;
}

/** The run's status once it has ended (completed or failed), within `timeout`. */
async function runEnded(token: string, projectId: number, timeout: number): Promise<string> {
  return vi.waitFor(
    async () => {
      const answer = await api(server.port, `/api/project-status/${projectId}`, { headers: json(token) });
      const { status } = (await answer.json()) as { status: string };
      if (status === 'pending') throw new Error(`run of project ${projectId} still pending`);
      return status;
    },
    { timeout, interval: 250 },
  );
}

describe('PostgreSQL restarted under a running Keywright', () => {
  it(
    'answers 503 while the database is down and recovers by itself once it is back',
    { timeout: 150_000 },
    async () => {
      const signUp = await api(server.port, '/api/auth/sign-up/email', {
        method: 'POST',
        headers: json(),
        body: JSON.stringify({ email: 'restart@example.com', password: 'restart-password', name: 'Restart' }),
      });
      expect(signUp.status).toBe(200);
      const token = signUp.headers.get('set-auth-token')!;
      expect((await api(server.port, '/api/ready')).status).toBe(200);
      const pid = server.child.pid;

      // A generation run in flight: the model holds its answer past the time-out, while the database is down.
      const answer = { content: JSON.stringify({ keywords }) };
      llm.script({ hang: true }, answer, answer, answer);
      const interrupted = await startRun(token, 'Cold Brew in flight');
      await vi.waitFor(() => expect(llm.requests).toHaveLength(1), { timeout: 20_000, interval: 50 });

      await postgres.stop();
      const stoppedAt = Date.now();

      // Not ready, at once, in the ready call's own shape.
      const ready = await timed('/api/ready');
      expect(ready.response.status).toBe(503);
      expect(readySchema.parse(await ready.response.json())).toEqual({ status: 'unavailable' });
      expect(ready.ms).toBeLessThan(6_000);
      // Alive all the same: nothing to restart.
      expect((await api(server.port, '/api/health')).status).toBe(200);

      // Every call that needs the database says so plainly: 503, the one error body, no stack.
      const unavailable = { error: { code: 'unavailable', message: messages.databaseUnavailable } };
      const attempts: Array<[string, RequestInit]> = [
        ['/api/projects', { headers: json(token) }],
        [
          '/api/projects',
          { method: 'POST', headers: json(token), body: JSON.stringify({ name: 'P', description: 'D' }) },
        ],
        [
          '/api/start-keyword-generation',
          {
            method: 'POST',
            headers: json(token),
            body: JSON.stringify({ projectName: 'Bakery', productService: 'Sourdough bread', keywordCount: 10 }),
          },
        ],
        [
          '/api/auth/sign-in/email',
          {
            method: 'POST',
            headers: json(),
            body: JSON.stringify({ email: 'restart@example.com', password: 'restart-password' }),
          },
        ],
      ];
      for (const [pathname, init] of attempts) {
        const { response, ms } = await timed(pathname, init);
        const body: unknown = await response.json();
        expect({ pathname, status: response.status, body }).toEqual({ pathname, status: 503, body: unavailable });
        expect(errorBodySchema.safeParse(body).success).toBe(true);
        expect(ms, pathname).toBeLessThan(6_000);
      }

      // The run's model call times out while the database is down: neither the run nor its job can
      // be marked, which is logged, and the process goes on.
      await vi.waitFor(
        () => {
          const output = server.output();
          const failedAt = output.indexOf('generation run failed');
          expect(failedAt).toBeGreaterThan(-1);
          expect(output.slice(failedAt)).toContain('job queue error: database unreachable');
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(server.child.exitCode).toBeNull();

      postgres = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: postgresPort });
      const startedAgainAt = Date.now();
      await vi.waitFor(async () => expect((await api(server.port, '/api/ready')).status).toBe(200), {
        timeout: 15_000,
        interval: 100,
      });
      const recoveredMs = Date.now() - startedAgainAt;

      // The same process serves again: sign-in, a write, and a new generation run worked by its jobs.
      expect(server.child.pid).toBe(pid);
      const again = await signIn();
      expect(again.status).toBe(200);
      const fresh = again.headers.get('set-auth-token')!;
      const created = await api(server.port, '/api/projects', {
        method: 'POST',
        headers: json(fresh),
        body: JSON.stringify({ name: 'After the restart', description: 'Sourdough bread and pastries' }),
      });
      expect(created.status).toBe(201);
      const after = await startRun(token, 'Cold Brew after'); // the session made before the outage still holds
      expect(await runEnded(token, after, 30_000)).toBe('completed');

      // The interrupted run is taken up again once its heartbeat is stale (20 s) and completes.
      expect(await runEnded(token, interrupted, 60_000)).toBe('completed');
      const listed = await api(server.port, `/api/projects/${interrupted}/keywords`, { headers: json(token) });
      expect(((await listed.json()) as unknown[]).length).toBe(keywords.length);

      // The outage was told in one line per failed call or job, never a stack.
      const outageLines = server
        .output()
        .split('\n')
        .filter((line) => line.includes('ECONNREFUSED'));
      expect(outageLines.length).toBeGreaterThan(0);
      expect(outageLines.filter((line) => line.includes('"stack"') || line.includes('request failed'))).toEqual([]);
      if (process.env.CRASH_LOOP_REPORT) {
        console.log({ readyMs: ready.ms, downForMs: startedAgainAt - stoppedAt, recoveredMs });
      }
    },
  );
});
