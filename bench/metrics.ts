import { createEstimateMetricsProvider } from '../apps/server/src/providers/metrics/estimate';
import { projects } from '../apps/server/src/db/schema';
import { startFakeGoogleAds } from '../apps/server/test/fakes/google-ads';
import { signUp, startRemoteBenchServer } from './support';

const KEYWORDS = 10_000;
const PAGE_SIZE = 20;

/** The offline estimator: 1,000 distinct keywords per call, median of 20 warm calls, and its first call. */
export async function benchEstimator() {
  const provider = createEstimateMetricsProvider();
  const place = { country: 'United States', city: 'California', language: 'English' };
  const batch = (round: number) =>
    Array.from({ length: 1000 }, (_, index) => `keyword idea ${round} number ${index} running shoes`);
  let started = performance.now();
  await provider.historicalMetrics(batch(0), place);
  const coldMs = performance.now() - started;
  const times: number[] = [];
  for (let round = 1; round <= 20; round++) {
    started = performance.now();
    await provider.historicalMetrics(batch(round), place);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { coldMs, medianMs: times[Math.floor(times.length / 2)]! };
}

/**
 * Show CPC on a project of 10,000 keywords with the Google Ads client against the loopback fake:
 * upstream requests of the first call and of a repeat, and the time to serve all 500 pages after.
 */
export async function benchProjectMetrics() {
  const fake = await startFakeGoogleAds();
  const server = await startRemoteBenchServer({
    METRICS_PROVIDER: 'google-ads',
    GOOGLE_ADS_API_BASE_URL: fake.baseUrl,
    GOOGLE_OAUTH_TOKEN_URL: fake.tokenUrl,
    GOOGLE_ADS_CUSTOMER_ID: '123-456-7890',
    GOOGLE_ADS_CLIENT_ID: fake.credentials.clientId,
    GOOGLE_ADS_CLIENT_SECRET: fake.credentials.clientSecret,
    GOOGLE_ADS_REFRESH_TOKEN: fake.credentials.refreshToken,
  });
  try {
    const owner = await signUp(server.baseUrl, 'bench-metrics@example.com');
    const [project] = await server.database.db
      .insert(projects)
      .values({
        userId: owner.id,
        name: 'Bench Metrics',
        description: 'Metrics for many keywords',
        country: 'United States',
      })
      .returning({ id: projects.id });
    await server.database.pool.query(
      `insert into keywords (project_id, keyword, normalized, source, created_at)
       select $1, 'running shoes idea ' || g, 'running shoes idea ' || g, 'import', now() - g * interval '1 second'
       from generate_series(1, $2::int) g`,
      [project!.id, KEYWORDS],
    );
    const metricsPage = async (page: number) => {
      const response = await fetch(`${server.baseUrl}/api/google-ads/keyword-metrics`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId: project!.id, page, pageSize: PAGE_SIZE }),
      });
      if (!response.ok) throw new Error(`keyword-metrics page ${page}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { data: unknown[] };
    };
    const planningCalls = () => fake.requests.filter((request) => request.endpoint === 'historical').length;

    let started = performance.now();
    await metricsPage(1);
    const firstMs = performance.now() - started;
    const firstCalls = planningCalls();

    started = performance.now();
    await metricsPage(1);
    const repeatMs = performance.now() - started;
    const repeatCalls = planningCalls() - firstCalls;

    const pages = Math.ceil(KEYWORDS / PAGE_SIZE);
    started = performance.now();
    let rows = 0;
    for (let page = 1; page <= pages; page++) rows += (await metricsPage(page)).data.length;
    const allPagesMs = performance.now() - started;
    if (rows !== KEYWORDS) throw new Error(`the pages held ${rows} rows, not ${KEYWORDS}`);
    const allPagesCalls = planningCalls() - firstCalls;

    return { firstMs, firstCalls, repeatMs, repeatCalls, pages, allPagesMs, allPagesCalls };
  } finally {
    await server.close();
    await fake.close();
  }
}
