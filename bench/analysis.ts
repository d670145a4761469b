// The Google Ads analysis page of a project of 100,000 keywords against the authenticated `select 1`.
// `npx tsx bench/analysis.ts` runs only these rows.
import { fileURLToPath } from 'node:url';
import { projects } from '../apps/server/src/db/schema';
import { signUp, startRemoteBenchServer, throughput, type RemoteBenchServer } from './support';

const KEYWORDS = 100_000;
/** Keyword Planner's volume buckets, from 10 to 110,000 searches a month. */
const VOLUMES = [
  10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300, 1600, 1900, 2400, 2900,
  3600, 4400, 5400, 6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100, 33100, 40500, 49500, 60500, 74000, 90500,
  110000,
];

const measures = [
  ['sorted by searches, most first', 'sort=avg_monthly_searches&order=desc'],
  ['sorted by high CPC, lowest first', 'sort=cpc_high&order=asc'],
  ['filtered: High, 1,000-10,000 searches, $1-$3', 'competition=High&minVolume=1000&maxVolume=10000&minCpc=1&maxCpc=3'],
  ['text search (1,111 matches)', 'search=idea%2042'],
] as const;

/** Rows for bench/run.ts's table: [measure, result, budget]. */
export async function benchAnalysis(server: RemoteBenchServer): Promise<Array<[string, string, string]>> {
  const owner = await signUp(server.baseUrl, 'bench-analysis@example.com');
  // A place of its own, so its cached figures are its own.
  const [project] = await server.database.db
    .insert(projects)
    .values({
      userId: owner.id,
      name: 'Bench Analysis',
      description: 'A project with many keywords and their figures',
      country: 'United States',
      city: 'Austin',
      language: 'English',
    })
    .returning({ id: projects.id });
  await server.database.pool.query(
    `insert into keywords (project_id, keyword, normalized, source, created_at)
     select $1, 'analysis idea ' || g, 'analysis idea ' || g, 'import', now() - g * interval '1 second'
     from generate_series(1, $2::int) g`,
    [project!.id, KEYWORDS],
  );
  // Figures as a fetch leaves them: most searches small, competition and bids spread; one keyword
  // in twenty known to have none, one in ten not fetched yet.
  await server.database.pool.query(
    `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
       competition_index, low_bid_micros, high_bid_micros, difficulty)
     select 'estimate', 'united states|austin', 'english', 'analysis idea ' || g,
       case when g % 20 <> 0 then ($2::int[])[1 + floor(power((g * 7919 % 1000) / 1000.0, 3) * 42)::int] end,
       case when g % 20 <> 0 then (array['Low', 'Medium', 'High'])[1 + (g * 31 % 100) / 34] end,
       case when g % 20 <> 0 then g * 31 % 100 end,
       case when g % 20 <> 0 then 100000 + (g % 97) * 50000 end,
       case when g % 20 <> 0 then 100000 + (g % 97) * 50000 + (g % 13) * 200000 end,
       case when g % 20 <> 0 then 40 end
     from generate_series(1, $1::int) g where g % 10 <> 3`,
    [KEYWORDS, VOLUMES],
  );
  await server.database.pool.query('vacuum analyze keywords');
  await server.database.pool.query('vacuum analyze keyword_metrics');

  const pageUrl = `${server.baseUrl}/api/projects/${project!.id}/analysis`;
  const rows: Array<[string, string, string]> = [];
  for (const [name, query] of measures) {
    // The first call works out the set's counts; the pages after it reuse them.
    const started = performance.now();
    const first = await fetch(`${pageUrl}?${query}`, { headers: { authorization: `Bearer ${owner.token}` } });
    if (!first.ok) throw new Error(`${query}: ${first.status} ${await first.text()}`);
    await first.arrayBuffer();
    const firstMs = performance.now() - started;
    // The yardstick right before each measure, so the machine's load drifts little between the two.
    const baseline = await throughput(`${server.baseUrl}/api/bench/select-1`, owner.token);
    const value = await throughput(`${pageUrl}?${query}`, owner.token);
    const ratio = value / baseline;
    rows.push([
      `analysis page of 100,000 keywords, ${name}`,
      `${value.toFixed(0)} req/s (${(ratio * 100).toFixed(0)}% of SELECT 1 at ${baseline.toFixed(0)}); first call ${firstMs.toFixed(0)} ms`,
      ratio >= 0.6 ? 'meets >= 60%' : 'MISSES >= 60%',
    ]);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startRemoteBenchServer();
  try {
    const rows = await benchAnalysis(server);
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\n${'measure'.padEnd(width)} | result | budget`);
    for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)} | ${value} | ${budget}`);
  } finally {
    await server.close();
  }
}
