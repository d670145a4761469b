import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { projects } from '../apps/server/src/db/schema';
import { startFakeSearchConsole } from '../apps/server/test/fakes/search-console';
import { signUp, startRemoteBenchServer } from './support';

const ROWS = 100_000;
const MB = 1024 * 1024;
const SITE = 'https://greenleaf.example/';

interface Memory {
  rss: number;
  heapUsed: number;
}

/**
 * A Search Console property of 100,000 queries fetched by the import job from the loopback fake
 * (four pages of queries, four of query and page): the time from linking the property until the
 * import is the project's, and the server's memory (RSS and V8 heap) before and at its peak.
 */
export async function benchSearchConsoleImport(): Promise<Array<[string, string, string]>> {
  const fake = await startFakeSearchConsole();
  fake.addProperty({ siteUrl: SITE, permissionLevel: 'siteOwner', rowCount: ROWS });
  const server = await startRemoteBenchServer(fake.env);
  try {
    const owner = await signUp(server.baseUrl, `search-console-${Date.now()}@bench.test`);
    const as = { authorization: `Bearer ${owner.token}` };
    // The consent as a browser goes through it: our redirect, the fake's page, the callback.
    const connect = await fetch(`${server.baseUrl}/api/auth/search-console/connect`, {
      headers: as,
      redirect: 'manual',
    });
    const back = await fetch(connect.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    const connected = await fetch(`${server.baseUrl}${callback.pathname}${callback.search}`, {
      headers: as,
      redirect: 'manual',
    });
    if (!connected.headers.get('location')?.includes('search-console=connected')) {
      throw new Error(`Search Console did not connect: ${connected.status} ${connected.headers.get('location')}`);
    }
    const [project] = await server.database.db
      .insert(projects)
      .values({ userId: owner.id, name: 'Bench Search Console', siteUrl: SITE, country: 'United States' })
      .returning({ id: projects.id });
    const projectId = project!.id;

    const memory = async () => (await (await fetch(`${server.baseUrl}/api/bench/memory`)).json()) as Memory;
    const before = await memory();
    const peak = { ...before };
    const sampler = setInterval(() => {
      void memory().then(({ rss, heapUsed }) => {
        peak.rss = Math.max(peak.rss, rss);
        peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
      });
    }, 50);
    const started = performance.now();
    const linked = await fetch(`${server.baseUrl}/api/projects/${projectId}/search-console`, {
      method: 'PUT',
      headers: { ...as, 'content-type': 'application/json' },
      body: JSON.stringify({ siteUrl: SITE }),
    });
    if (linked.status !== 200) throw new Error(`link answered ${linked.status} ${await linked.text()}`);
    let state: { status: string; rows: number } | undefined;
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      const { rows } = await server.database.db.execute<{ status: string; rows: number }>(
        sql`select status, rows from search_console_imports where project_id = ${projectId} order by id desc limit 1`,
      );
      state = rows[0];
      if (state && state.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const importMs = performance.now() - started;
    clearInterval(sampler);
    if (state?.status !== 'completed' || state.rows !== ROWS) {
      throw new Error(`the import ended as ${JSON.stringify(state)}`);
    }
    const growth = (value: number) => `${value >= 0 ? '+' : ''}${(value / MB).toFixed(0)} MB`;
    const added = (peak.rss - before.rss) / MB;
    return [
      [
        `Search Console import, ${ROWS.toLocaleString('en-US')} queries with their pages (loopback fake)`,
        `${(importMs / 1000).toFixed(1)} s`,
        importMs < 60_000 ? 'meets < 60 s' : 'MISSES < 60 s',
      ],
      [
        '  server memory while importing (peak)',
        `RSS ${growth(peak.rss - before.rss)}, heap ${growth(peak.heapUsed - before.heapUsed)}`,
        added < 150 ? 'meets < 150 MB' : 'MISSES < 150 MB',
      ],
    ];
  } finally {
    await server.close();
    await fake.close();
  }
}

// `npx tsx bench/search-console-import.ts`: only these rows.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchSearchConsoleImport();
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n${'measure'.padEnd(width)} | result | budget`);
  for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)} | ${value} | ${budget}`);
}
