import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeSearchConsole, type FakeSearchConsole } from '../fakes/search-console';
import { searchConsoleRowLimit as PAGE } from '../../src/providers/search-console/search-console-client';
import { embeddedPostgresIn, startServer, stopServer, type ServerProcess } from '../support/process';

const PLACE = { country: 'United States', language: 'English' };

// A Search Console fetch killed with SIGKILL half-way: the project keeps showing its previous
// import, and the restarted server resumes the fetch from the rows it holds, to completion.
describe('the server killed with SIGKILL during a Search Console import', () => {
  const site = 'https://greenleaf.example/';
  /** Three pages of 25,000 queries: the kill comes after the first is stored. */
  const ROWS = 60_000;
  let scDir: string;
  let scServer: ServerProcess | undefined;
  let fake: FakeSearchConsole;

  beforeAll(async () => {
    scDir = mkdtempSync(path.join(os.tmpdir(), 'keywright-crash-sc-'));
    chmodSync(scDir, 0o755);
    fake = await startFakeSearchConsole();
    fake.addProperty({ siteUrl: site, permissionLevel: 'siteOwner', rowCount: ROWS });
  });
  afterAll(async () => {
    if (scServer) await stopServer(scServer);
    await fake?.close();
    rmSync(scDir, { recursive: true, force: true });
  });

  it('keeps the previous queries and resumes the fetch where it stopped', { timeout: 240_000 }, async () => {
    const boot = () => startServer({ env: { DATA_DIR: scDir, ...fake.env } });
    scServer = await boot();
    const port = () => scServer!.port;
    let bearer = '';
    const send = async (method: string, pathname: string, body?: unknown) => {
      const response = await fetch(`http://127.0.0.1:${port()}${pathname}`, {
        method,
        redirect: 'manual',
        headers: {
          authorization: `Bearer ${bearer}`,
          origin: `http://localhost:${port()}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return {
        status: response.status,
        location: response.headers.get('location'),
        answer: text ? JSON.parse(text) : null,
      };
    };
    const signUp = await fetch(`http://127.0.0.1:${port()}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port()}` },
      body: JSON.stringify({ email: 'crash-sc@example.com', password: 'crash-password', name: 'Crash SC' }),
    });
    bearer = signUp.headers.get('set-auth-token')!;

    // Connect through the fake's consent, then link a project: its first import runs to the end.
    const consent = await send('GET', '/api/auth/search-console/connect');
    const back = await fetch(consent.location!, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    expect((await send('GET', `${callback.pathname}${callback.search}`)).location).toBe(
      '/projects?search-console=connected',
    );
    const project = await send('POST', '/api/projects', {
      name: 'Green Leaf',
      description: 'Organic coffee beans roasted weekly',
      ...PLACE,
      site_url: site,
    });
    expect(project.status, JSON.stringify(project.answer)).toBe(201);
    const projectId = (project.answer as { id: number }).id;
    expect((await send('PUT', `/api/projects/${projectId}/search-console`, { siteUrl: site })).status).toBe(200);

    const scDatabase = async () => {
      const postgres = embeddedPostgresIn(scDir)!;
      const client = new pg.Client({ host: '127.0.0.1', port: postgres.port, user: 'postgres', database: 'keywright' });
      await client.connect();
      return client;
    };
    const imports = async (client: pg.Client) =>
      (
        await client.query<{ id: number; status: string; rows: number; stored: number; current: boolean }>(
          `select i.id::int, i.status, i.rows,
                  (select count(*)::int from search_console_queries q where q.import_id = i.id) as stored,
                  coalesce(p.current_import_id = i.id, false) as current
           from search_console_imports i left join search_console_projects p on p.project_id = i.project_id
           where i.project_id = $1 order by i.id`,
          [projectId],
        )
      ).rows;
    let client = await scDatabase();
    const [first] = await vi.waitFor(
      async () => {
        const rows = await imports(client);
        expect(rows).toEqual([
          { id: expect.any(Number), status: 'completed', rows: ROWS, stored: ROWS, current: true },
        ]);
        return rows;
      },
      { timeout: 90_000, interval: 250 },
    );

    // A refresh whose second page never comes: killed once the first page is stored.
    fake.requests.length = 0;
    fake.fail('query', { delayMs: 1 }, { delayMs: 120_000 });
    expect((await send('POST', `/api/projects/${projectId}/search-console/refresh`)).status).toBe(202);
    await vi.waitFor(
      async () => {
        const running = (await imports(client)).find((row) => row.status === 'running');
        expect(running?.stored).toBe(PAGE);
      },
      { timeout: 60_000, interval: 100 },
    );
    scServer.child.kill('SIGKILL');
    await scServer.exit;
    const left = await imports(client);
    expect(left).toEqual([
      { ...first!, current: true },
      { id: expect.any(Number), status: 'running', rows: PAGE, stored: PAGE, current: false },
    ]);
    await client.end();

    fake.requests.length = 0;
    scServer = await boot();
    client = await scDatabase();
    try {
      const done = await vi.waitFor(
        async () => {
          const rows = await imports(client);
          expect(rows).toEqual([{ id: left[1]!.id, status: 'completed', rows: ROWS, stored: ROWS, current: true }]);
          return rows;
        },
        { timeout: 120_000, interval: 500 },
      );
      expect(done).toHaveLength(1);
      // Resumed from the rows it held: the first page was not fetched again.
      const starts = fake.requests
        .filter((request) => request.endpoint === 'query' && request.status === 200)
        .map((request) => `${(request.body!.dimensions as string[]).join('+')}@${String(request.body!.startRow)}`);
      // Each pass pages on until a page comes back short of full.
      const pass = (dimensions: string, from: number) => {
        const requests: string[] = [];
        for (let start = from; ; start += PAGE) {
          requests.push(`${dimensions}@${start}`);
          if (ROWS - start < PAGE) return requests;
        }
      };
      expect(starts).toEqual([...pass('query', PAGE), ...pass('query+page', 0)]);
      const { rows: pages } = await client.query<{ missing: number }>(
        'select count(*)::int as missing from search_console_queries where import_id = $1 and page is null',
        [left[1]!.id],
      );
      expect(pages[0]!.missing).toBe(0);
    } finally {
      await client.end();
    }
    expect(await stopServer(scServer)).toBe(0);
    scServer = undefined;
  });
});
