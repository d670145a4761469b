// The Search Console view of a project with 100,000 queries (issue 26) against the authenticated
// `select 1`. `npx tsx bench/search-console.ts` runs only these rows.
import { fileURLToPath } from 'node:url';
import { projects } from '../apps/server/src/db/schema';
import { searchConsoleCsv, type SearchConsoleCsvRow } from '../apps/server/test/support/search-console-files';
import { cyclingPages, signUp, startRemoteBenchServer, throughput, type RemoteBenchServer } from './support';

const QUERIES = 100_000;
const MB = 1024 * 1024;
/** One query in this many is a keyword of the project already. */
const KEYWORD_EVERY = 10;

const measures = [
  ['first page, by impressions', ''],
  [
    'striking distance (positions 4-20, 100+ impressions, not yet keywords)',
    'minPosition=4&maxPosition=20&minImpressions=100&notInProject=true',
  ],
  ['search (1,111 matches)', 'q=query%2042'],
  ['sorted by position, page 50', 'sort=position&page=50'],
] as const;

/** Rows for bench/run.ts's table: [measure, result, budget]. */
export async function benchSearchConsole(server: RemoteBenchServer): Promise<Array<[string, string, string]>> {
  const owner = await signUp(server.baseUrl, `bench-search-console-${Date.now()}@example.com`);
  const [project] = await server.database.db
    .insert(projects)
    .values({
      userId: owner.id,
      name: 'Bench Search Console',
      description: 'A site with many queries in Search Console',
      country: 'United States',
      city: 'Portland',
      language: 'English',
    })
    .returning({ id: projects.id });
  const projectId = project!.id;
  // An import as an upload leaves it: impressions falling off as real sites' do (a few queries with
  // many, most with a handful), positions spread from 1 to 60, clicks from a CTR that falls with position.
  const { rows } = await server.database.pool.query<{ id: string }>(
    `insert into search_console_imports (project_id, user_id, source, status, rows, finished_at)
     values ($1, $2, 'upload', 'completed', $3, now()) returning id`,
    [projectId, owner.id, QUERIES],
  );
  const importId = rows[0]!.id;
  await server.database.pool.query(
    `insert into search_console_queries (import_id, query, normalized, clicks, impressions, ctr, position)
     select $1, 'search console query ' || g, 'search console query ' || g,
       floor(greatest(1, 200000 / g) * 0.3 / (1 + (g * 7919 % 600) / 10.0))::int,
       greatest(1, 200000 / g)::int,
       0.3 / (1 + (g * 7919 % 600) / 10.0),
       1 + (g * 7919 % 600) / 10.0
     from generate_series(1, $2::int) g`,
    [importId, QUERIES],
  );
  await server.database.pool.query(
    `insert into search_console_projects (project_id, current_import_id) values ($1, $2)`,
    [projectId, importId],
  );
  await server.database.pool.query(
    `insert into keywords (project_id, keyword, normalized, source, created_at)
     select $1, 'search console query ' || g, 'search console query ' || g, 'import', now() - g * interval '1 second'
     from generate_series(1, $2::int) g where g % $3::int = 0`,
    [projectId, QUERIES, KEYWORD_EVERY],
  );
  await server.database.pool.query('vacuum analyze search_console_queries');
  await server.database.pool.query('vacuum analyze keywords');

  const queriesUrl = `${server.baseUrl}/api/projects/${projectId}/search-console/queries`;
  const results: Array<[string, string, string]> = [];
  for (const [name, query] of measures) {
    const started = performance.now();
    const first = await fetch(`${queriesUrl}?${query}`, { headers: { authorization: `Bearer ${owner.token}` } });
    if (!first.ok) throw new Error(`${query}: ${first.status} ${await first.text()}`);
    const { total } = (await first.json()) as { total: number };
    const firstMs = performance.now() - started;
    // The yardstick right before each measure, so the machine's load drifts little between the two.
    const baseline = await throughput(`${server.baseUrl}/api/bench/select-1`, owner.token);
    const value = await throughput(`${queriesUrl}?${query}`, owner.token);
    const ratio = value / baseline;
    results.push([
      `Search Console view of 100,000 queries, ${name} (${total.toLocaleString('en-US')} in all)`,
      `${value.toFixed(0)} req/s (${(ratio * 100).toFixed(0)}% of SELECT 1 at ${baseline.toFixed(0)}); first call ${firstMs.toFixed(0)} ms`,
      ratio >= 0.6 ? 'meets >= 60%' : 'MISSES >= 60%',
    ]);
  }
  const keywordsUrl = `${server.baseUrl}/api/projects/${projectId}/keywords/page?searchConsole=true&sort=clicks_desc`;
  const keywordsBaseline = await throughput(`${server.baseUrl}/api/bench/select-1`, owner.token);
  const keywordsPage = await throughput(keywordsUrl, owner.token);
  results.push([
    "keywords page of 10,000 keywords with their Search Console figures, by clicks (the project's 100,000 queries)",
    `${keywordsPage.toFixed(0)} req/s (${((keywordsPage / keywordsBaseline) * 100).toFixed(0)}% of SELECT 1 at ${keywordsBaseline.toFixed(0)})`,
    keywordsPage / keywordsBaseline >= 0.6 ? 'meets >= 60%' : 'MISSES >= 60%',
  ]);
  const keywordsPages = await throughput(
    keywordsUrl,
    owner.token,
    20,
    5,
    cyclingPages(keywordsUrl, 500, '&searchConsole=true&sort=clicks_desc'),
  );
  results.push(['  its 500 pages in turn, none asked before (making each)', `${keywordsPages.toFixed(0)} req/s`, '']);

  // The rows above ask one page again and again (answered from the page kept for the import).
  const baseline = await throughput(`${server.baseUrl}/api/bench/select-1`, owner.token);
  const newPages = await throughput(queriesUrl, owner.token, 20, 5, cyclingPages(queriesUrl, QUERIES / 20));
  results.push([
    '  pages 1 to 5,000 by impressions in turn, none asked before (making each)',
    `${newPages.toFixed(0)} req/s (${((newPages / baseline) * 100).toFixed(0)}% of SELECT 1 at ${baseline.toFixed(0)})`,
    '',
  ]);
  const positionPages = await throughput(
    queriesUrl,
    owner.token,
    20,
    5,
    cyclingPages(queriesUrl, QUERIES / 20, '&sort=position'),
  );
  results.push([
    '  the same sorted by position (its index, ties by query in an incremental sort)',
    `${positionPages.toFixed(0)} req/s`,
    '',
  ]);
  return [...(await benchUpload(server)), ...results];
}

/**
 * Search Console's export of 100,000 queries (Queries.csv, the most the upload takes) uploaded into
 * a new project over HTTP: the time until the answer, and the server's memory before, at its peak
 * and once answered.
 */
async function benchUpload(server: RemoteBenchServer): Promise<Array<[string, string, string]>> {
  const owner = await signUp(server.baseUrl, `bench-search-console-upload-${Date.now()}@example.com`);
  const [project] = await server.database.db
    .insert(projects)
    .values({ userId: owner.id, name: 'Bench Search Console upload', country: 'United States', language: 'English' })
    .returning({ id: projects.id });
  const file = searchConsoleCsv(
    Array.from({ length: QUERIES }, (_, index): SearchConsoleCsvRow => {
      const impressions = Math.max(1, Math.floor(200_000 / (index + 1)));
      const position = 1 + ((index * 7919) % 600) / 10;
      return [
        `search console query ${index + 1}`,
        String(Math.floor((impressions * 0.3) / position)),
        impressions.toLocaleString('en-US'),
        `${((0.3 / position) * 100).toFixed(2)}%`,
        position.toFixed(1),
      ];
    }),
  );
  const memory = async () =>
    (await (await fetch(`${server.baseUrl}/api/bench/memory`)).json()) as { rss: number; heapUsed: number };
  const before = await memory();
  const peak = { ...before };
  const sampler = setInterval(() => {
    void memory().then(({ rss, heapUsed }) => {
      peak.rss = Math.max(peak.rss, rss);
      peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
    });
  }, 25);
  const form = new FormData();
  form.append('file', new Blob([file]), 'Queries.csv');
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/projects/${project!.id}/search-console/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  const answer = (await response.json()) as { stored?: number };
  const uploadMs = performance.now() - started;
  clearInterval(sampler);
  const after = await memory();
  if (answer.stored !== QUERIES) throw new Error(`the upload answered ${response.status} ${JSON.stringify(answer)}`);
  const growth = (value: number) => `${value >= 0 ? '+' : ''}${(value / MB).toFixed(0)} MB`;
  return [
    [
      `Search Console export upload, ${QUERIES.toLocaleString('en-US')} queries (${(file.length / MB).toFixed(1)} MB Queries.csv)`,
      `${uploadMs.toFixed(0)} ms; server memory at its peak RSS ${growth(peak.rss - before.rss)}, heap ${growth(peak.heapUsed - before.heapUsed)}; once answered RSS ${growth(after.rss - before.rss)}`,
      '',
    ],
  ];
}

// `npx tsx bench/search-console.ts`: only these rows.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startRemoteBenchServer();
  try {
    const rows = await benchSearchConsole(server);
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\n${'measure'.padEnd(width)} | result | budget`);
    for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)} | ${value} | ${budget}`);
  } finally {
    await server.close();
  }
}
