// A project of 1,000,000 keywords (issue 28): its keyword pages, the analysis page and the CSV
// exports against the authenticated `select 1`, each measure right after its own yardstick.
// `npm run build && npx tsx bench/million.ts` runs only these rows (SECONDS=5 per measure;
// MATCH=regexp measures only the rows whose name matches; PIN=1 pins this process, the load
// generator, to core 1 and the server with its PostgreSQL to core 0).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { projects } from '../apps/server/src/db/schema';
import { signUp, startRemoteBenchServer, throughput, type RemoteBenchServer } from './support';

const KEYWORDS = 1_000_000;
const PAGES = KEYWORDS / 20;
const SECONDS = Number(process.env.SECONDS ?? 5);
const MATCH = process.env.MATCH ? new RegExp(process.env.MATCH) : null;

/** Words the keywords are made of, so a text search matches some of them, not every one. */
const TRADES = ['plumber', 'electrician', 'roofer', 'painter', 'locksmith', 'gardener', 'mover', 'cleaner', 'welder'];
const QUALIFIERS = [
  'emergency',
  'cheap',
  'best',
  'local',
  'licensed',
  'commercial',
  'residential',
  'mobile',
  '24 hour',
];
const PLACES = [
  'austin',
  'dallas',
  'houston',
  'el paso',
  'waco',
  'plano',
  'frisco',
  'irving',
  'tyler',
  'laredo',
  'allen',
];

/** Fills the project: keywords, intents, figures for nine in ten, a Search Console import matching one in four. */
export async function seed(
  server: { database: RemoteBenchServer['database'] },
  projectId: number,
  userId: string | null,
): Promise<void> {
  const { pool } = server.database;
  // The GIN indexes (intents, trigrams) are built after the rows, as a restore does: much faster
  // than a million entries added one by one.
  const { rows: gin } = await pool.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = 'keywords' and indexdef like '% USING gin %'`,
  );
  for (const { name } of gin) await pool.query(`drop index ${name}`);
  // One statement for the keywords and their intents (the count and version triggers run once a statement).
  await pool.query(
    `insert into keywords (project_id, keyword, normalized, source, created_at, intent, intent_open)
     select $1, text, text, 'import', now() - g * interval '1 second',
       case g % 6 when 0 then array['commercial'] when 1 then array['transactional', 'commercial']
         when 2 then array['navigational'] else array['informational'] end, false
     from (
       select g, ($3::text[])[1 + g % 9] || ' ' || ($4::text[])[1 + (g / 9) % 9] || ' ' || ($5::text[])[1 + (g / 81) % 11]
         || ' ' || g as text
       from generate_series(1, $2::int) g
     ) words`,
    [projectId, KEYWORDS, TRADES, QUALIFIERS, PLACES],
  );
  for (const { definition } of gin) await pool.query(definition);
  // Figures as a fetch leaves them, for the project's place: nine keywords in ten, with many ties.
  await pool.query(
    `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
       competition_index, low_bid_micros, high_bid_micros, difficulty)
     select 'estimate', 'united states|austin', 'english', k.normalized,
       (array[10, 20, 30, 50, 70, 90, 140, 210, 320, 480, 720, 1000, 1600, 2400, 3600, 5400, 8100])[1 + g % 17],
       (array['Low', 'Medium', 'High'])[1 + (g * 31 % 100) / 34], g * 31 % 100,
       100000 + (g % 97) * 50000, 100000 + (g % 97) * 50000 + (g % 13) * 200000, 40
     from (select normalized, row_number() over () as g from keywords where project_id = $1) k
     where g % 10 <> 3`,
    [projectId],
  );
  const { rows } = await pool.query<{ id: number }>(
    `insert into search_console_imports (project_id, user_id, source, status, rows, finished_at)
     values ($1, $2, 'upload', 'completed', 0, now()) returning id`,
    [projectId, userId],
  );
  await pool.query(
    `insert into search_console_queries (import_id, query, normalized, clicks, impressions, ctr, position)
     select $1, normalized, normalized, (g * 7 % 500)::int, (g * 7 % 500 + g % 3000)::int,
       (g * 7 % 500)::float / (g * 7 % 500 + g % 3000 + 1), 1 + (g * 7919 % 600) / 10.0
     from (select normalized, row_number() over () as g from keywords where project_id = $2) k
     where g % 4 = 0`,
    [rows[0]!.id, projectId],
  );
  await pool.query(`insert into search_console_projects (project_id, current_import_id) values ($1, $2)`, [
    projectId,
    rows[0]!.id,
  ]);
  await pool.query(`select nextval('keyword_metrics_version')`);
  for (const table of ['keywords', 'keyword_metrics', 'search_console_queries'])
    await pool.query(`vacuum analyze ${table}`);
}

/** Each measure: a name, the path and query asked (the same each time, or `cycle` pages of it in turn). */
type Measure = [name: string, path: 'keywords/page' | 'analysis', query: string, cycle?: number];

const deep = PAGES - 10;
const measures: Measure[] = [
  ['keywords: first page', 'keywords/page', 'page=1'],
  ['keywords: deep page, newest', 'keywords/page', `page=${deep}`],
  ['keywords: deep page, oldest', 'keywords/page', `page=${deep}&sort=oldest`],
  ['keywords: deep page, keyword A-Z', 'keywords/page', `page=${deep}&sort=keyword`],
  ['keywords: deep page, keyword Z-A', 'keywords/page', `page=${deep}&sort=keyword_desc`],
  ['keywords: deep page, Search Console clicks', 'keywords/page', `page=${deep}&sort=clicks_desc&searchConsole=true`],
  ['keywords: deep page, Search Console position', 'keywords/page', `page=${deep}&sort=position&searchConsole=true`],
  ['keywords: deep pages in turn (none asked before), newest', 'keywords/page', 'sort=newest', 40_000],
  ['keywords: deep pages in turn, Search Console impressions', 'keywords/page', 'sort=impressions_desc', 40_000],
  ['keywords: first page with figures', 'keywords/page', 'page=1&metrics=true'],
  ['keywords: CPC filter $1-$2, first page', 'keywords/page', 'page=1&metrics=true&minCpc=1&maxCpc=2'],
  ['keywords: CPC filter $1-$2, page 5,000', 'keywords/page', 'page=5000&metrics=true&minCpc=1&maxCpc=2'],
  ['keywords: intent filter (commercial), first page', 'keywords/page', 'page=1&intent=commercial'],
  ['keywords: intent filter (commercial), page 10,000', 'keywords/page', 'page=10000&intent=commercial'],
  ['keywords: text search "plumber emergency" (~12,000), first page', 'keywords/page', 'search=plumber%20emergency'],
  ['keywords: text search "plumber emergency", page 500', 'keywords/page', 'search=plumber%20emergency&page=500'],
  ['keywords: text search "7777" (few), first page', 'keywords/page', 'search=7777'],
  ['analysis: by searches, most first', 'analysis', 'sort=avg_monthly_searches&order=desc'],
  ['analysis: by searches, page 40,000', 'analysis', 'sort=avg_monthly_searches&order=desc&page=40000'],
  ['analysis: by high CPC, lowest first, page 40,000', 'analysis', 'sort=cpc_high&order=asc&page=40000'],
  ['analysis: by competition, page 49,000 (no figure)', 'analysis', 'sort=competition&order=desc&page=49000'],
  ['analysis: by keyword, page 40,000', 'analysis', 'sort=keyword&order=asc&page=40000'],
  ['analysis: by date added, page 40,000', 'analysis', 'sort=created_at&order=desc&page=40000'],
  ['analysis: deep pages in turn (none asked before), by low CPC', 'analysis', 'sort=cpc_low&order=desc', 40_000],
  [
    'analysis: High, 1,000-10,000 searches, $1-$3',
    'analysis',
    'competition=High&minVolume=1000&maxVolume=10000&minCpc=1&maxCpc=3',
  ],
  ['analysis: intent filter (navigational), page 5,000', 'analysis', 'intent=navigational&page=5000'],
  [
    'analysis: text search "roofer cheap", by searches',
    'analysis',
    'search=roofer%20cheap&sort=avg_monthly_searches&order=desc',
  ],
];

/** Server memory growth while a CSV of the project streams to a client reading it as fast as it can. */
async function exportGrowth(server: RemoteBenchServer, token: string, url: string) {
  const memory = async () =>
    ((await (await fetch(`${server.baseUrl}/api/bench/memory`)).json()) as { rss: number }).rss;
  const before = await memory();
  let peak = before;
  const sampler = setInterval(() => void memory().then((rss) => (peak = Math.max(peak, rss))), 50);
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  let lines = 0;
  for await (const chunk of response.body!) for (const byte of chunk as Uint8Array) if (byte === 10) lines += 1;
  clearInterval(sampler);
  peak = Math.max(peak, await memory());
  return { ms: performance.now() - started, lines, growthMb: (peak - before) / 1024 / 1024 };
}

/** Rows for bench/run.ts's table: [measure, result, budget]. */
export async function benchMillion(server: RemoteBenchServer): Promise<Array<[string, string, string]>> {
  const owner = await signUp(server.baseUrl, 'bench-million@example.com');
  const [project] = await server.database.db
    .insert(projects)
    .values({
      userId: owner.id,
      name: 'Bench Million',
      description: 'A project of a million keywords',
      country: 'United States',
      city: 'Austin',
      language: 'English',
    })
    .returning({ id: projects.id });
  const projectId = project!.id;
  const seeding = performance.now();
  await seed(server, projectId, owner.id);
  const rows: Array<[string, string, string]> = [
    [
      '1,000,000 keywords: seeding (keywords, figures, Search Console)',
      `${(performance.now() - seeding).toFixed(0)} ms`,
      '',
    ],
  ];
  const base = `${server.baseUrl}/api/projects/${projectId}`;
  for (const [name, path, query, cycle] of measures) {
    if (MATCH && !MATCH.test(name)) continue;
    // The first call works out what the server keeps (counts, anchors, matching sets).
    const started = performance.now();
    // Pages asked in turn start from the first of them, so it is that one that works out what is kept.
    const firstUrl = `${base}/${path}?${query}${cycle ? `&page=${cycle}` : ''}`;
    const first = await fetch(firstUrl, { headers: { authorization: `Bearer ${owner.token}` } });
    if (!first.ok) throw new Error(`${path}?${query}: ${first.status} ${await first.text()}`);
    await first.arrayBuffer();
    const firstMs = performance.now() - started;
    const baseline = await throughput(`${server.baseUrl}/api/bench/select-1`, owner.token, 20, SECONDS);
    let page = 0;
    const nextPath = cycle
      ? () => `/api/projects/${projectId}/${path}?${query}&page=${cycle + (page++ % 5_000)}`
      : undefined;
    const value = await throughput(`${base}/${path}?${query}`, owner.token, 20, SECONDS, nextPath);
    const ratio = value / baseline;
    rows.push([
      `1,000,000 keywords, ${name}`,
      `${value.toFixed(0)} req/s (${(ratio * 100).toFixed(0)}% of SELECT 1 at ${baseline.toFixed(0)}); first call ${firstMs.toFixed(0)} ms`,
      ratio >= 0.6 ? 'meets >= 60%' : 'MISSES >= 60%',
    ]);
  }
  if (!MATCH || MATCH.test('export')) {
    for (const [name, path] of [
      ['CSV export with figures', 'keywords/export?metrics=true'],
      ['analysis CSV export, by searches', 'analysis/export?sort=avg_monthly_searches&order=desc'],
    ] as const) {
      const exported = await exportGrowth(server, owner.token, `${base}/${path}`);
      if (exported.lines !== KEYWORDS + 1) throw new Error(`${path}: ${exported.lines} lines, not ${KEYWORDS + 1}`);
      rows.push([
        `1,000,000 keywords, ${name}`,
        `${exported.ms.toFixed(0)} ms, server memory +${exported.growthMb.toFixed(1)} MB`,
        exported.growthMb < 50 ? 'meets < 50 MB' : 'MISSES < 50 MB',
      ]);
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.env.PIN) execFileSync('taskset', ['-p', '-c', '1', String(process.pid)]);
  const server = await startRemoteBenchServer();
  try {
    const rows = await benchMillion(server);
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\n${'measure'.padEnd(width)} | result | budget`);
    for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)} | ${value} | ${budget}`);
  } finally {
    await server.close();
  }
}
