import { projects } from '../apps/server/src/db/schema';
import { cyclingPages, signUp, throughput, type RemoteBenchServer } from './support';

const KEYWORDS = 100_000;

/** A project of 100,000 keywords: its first and a deep page against `select 1`, and its CSV export. */
export async function benchKeywords(server: RemoteBenchServer) {
  const owner = await signUp(server.baseUrl, 'bench-keywords@example.com');
  const [project] = await server.database.db
    .insert(projects)
    .values({ userId: owner.id, name: 'Bench Keywords', description: 'A project with many keywords' })
    .returning({ id: projects.id });
  const projectId = project!.id;
  await server.database.pool.query(
    `insert into keywords (project_id, keyword, normalized, source, created_at)
     select $1, 'keyword idea ' || g, 'keyword idea ' || g, 'import', now() - g * interval '1 second'
     from generate_series(1, $2::int) g`,
    [projectId, KEYWORDS],
  );
  // Cached estimates for every keyword, as Show CPC leaves them: bids from $0.10 to about $10.
  await server.database.pool.query(
    `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
       competition_index, low_bid_micros, high_bid_micros, difficulty)
     select 'estimate', '|', '', 'keyword idea ' || g, 1000, 'Medium', 50,
       100000 + (g % 97) * 50000, 100000 + (g % 97) * 50000 + (g % 13) * 200000, 40
     from generate_series(1, $1::int) g`,
    [KEYWORDS],
  );
  await server.database.pool.query('vacuum analyze keywords');
  await server.database.pool.query('vacuum analyze keyword_metrics');

  const baseline = await throughput(`${server.baseUrl}/api/bench/select-1`, owner.token);
  const pageUrl = `${server.baseUrl}/api/projects/${projectId}/keywords/page`;
  const firstPage = await throughput(`${pageUrl}?page=1`, owner.token);
  const deepPage = await throughput(`${pageUrl}?page=${KEYWORDS / 20 - 10}`, owner.token);
  const figuresPage = await throughput(`${pageUrl}?page=1&metrics=true`, owner.token);
  const filteredPage = await throughput(`${pageUrl}?page=1&metrics=true&minCpc=1&maxCpc=2`, owner.token);
  const filteredDeepPage = await throughput(`${pageUrl}?page=200&metrics=true&minCpc=1&maxCpc=2`, owner.token);
  // A page asked again is answered from what the server kept; these ask a page not asked before each time.
  const pages = KEYWORDS / 20;
  const newPages = await throughput(pageUrl, owner.token, 20, 5, cyclingPages(pageUrl, pages));
  const newFiguresPages = await throughput(pageUrl, owner.token, 20, 5, cyclingPages(pageUrl, pages, '&metrics=true'));

  const memory = async () =>
    ((await (await fetch(`${server.baseUrl}/api/bench/memory`)).json()) as { rss: number }).rss;
  const rssBefore = await memory();
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    void memory().then((rss) => (peakRss = Math.max(peakRss, rss)));
  }, 20);
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/projects/${projectId}/keywords/export`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body!) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const exportMs = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, await memory());
  if (lines !== KEYWORDS + 1) throw new Error(`the export had ${lines} lines, not ${KEYWORDS + 1}`);

  return {
    baseline,
    firstPage,
    deepPage,
    figuresPage,
    filteredPage,
    filteredDeepPage,
    newPages,
    newFiguresPages,
    exportMs,
    exportBytes: bytes,
    exportMemoryGrowthMb: (peakRss - rssBefore) / 1024 / 1024,
  };
}
