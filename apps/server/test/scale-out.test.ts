import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { spawnServer, stopServer, untilStarted, type ServerProcess } from './support/process';

// Several Keywright processes on one PostgreSQL, as DESIGN.md's scale-out section says.

const databaseName = `keywright_scale_${randomBytes(4).toString('hex')}`;
let databaseUrl: string;
const processes: ServerProcess[] = [];

async function admin(text: string): Promise<void> {
  const url = new URL(inject('databaseServerUrl'));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

/** A Keywright process; resolves once it says it is ready. */
async function start(args: string[], env: Record<string, string>): Promise<{ port: number }> {
  const server = await spawnServer({
    args,
    env: {
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'scale-out-secret-scale-out-secret-0123',
      APP_URL: 'http://localhost:3000',
      ...env,
    },
  });
  processes.push(server);
  await untilStarted(server);
  return { port: server.port };
}

function call(port: number, pathname: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: 'http://localhost:3000' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return fetch(`http://127.0.0.1:${port}${pathname}`, { ...init, headers });
}

beforeAll(async () => {
  await admin(`create database ${databaseName}`);
  const url = new URL(inject('databaseServerUrl'));
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  await Promise.all(processes.map((server) => stopServer(server)));
  await admin(`drop database if exists ${databaseName} with (force)`);
});

describe('several instances on one database', () => {
  it('share sessions, and every generation run is worked exactly once', { timeout: 120_000 }, async () => {
    // Started one after the other: the first applies the migrations, the others find them applied.
    const web = await start([], { RUN_JOBS: 'false' });
    const other = await start([], {});
    await start(['--worker'], {});

    const signUp = await call(web.port, '/api/auth/sign-up/email', {
      method: 'POST',
      body: JSON.stringify({ email: 'scale@example.com', password: 'scale-password', name: 'Scale' }),
    });
    const token = signUp.headers.get('set-auth-token')!;
    const me = await call(other.port, '/api/me', { token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('scale@example.com');

    const projectIds: number[] = [];
    for (const [index, instance] of [web, other, web, other, web, other].entries()) {
      const started = await call(instance.port, '/api/start-keyword-generation', {
        method: 'POST',
        token,
        body: JSON.stringify({
          projectName: `Bakery ${index}`,
          productService: 'Sourdough bread and pastries',
          keywordCount: 10,
        }),
      });
      expect(started.status).toBe(202);
      projectIds.push(((await started.json()) as { projectId: number }).projectId);
    }

    for (const projectId of projectIds) {
      const status = await vi.waitFor(
        async () => {
          const body = (await (await call(web.port, `/api/project-status/${projectId}`, { token })).json()) as {
            status: string;
          };
          if (body.status === 'pending') throw new Error('still pending');
          return body.status;
        },
        { timeout: 60_000, interval: 200 },
      );
      expect(status).toBe('completed');
    }

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const runs = await client.query<{ attempts: number; keywords_added: number }>(
        'select attempts, keywords_added from generation_runs order by id',
      );
      expect(runs.rows).toEqual(projectIds.map(() => ({ attempts: 1, keywords_added: 10 })));
      const keywords = await client.query<{ count: number }>('select count(*)::int as count from keywords');
      expect(keywords.rows[0]!.count).toBe(60);
    } finally {
      await client.end();
    }
  });
});
