import { fileURLToPath } from 'node:url';
import { projects } from '../apps/server/src/db/schema';
import { plannerFile, realisticPlannerRows } from '../apps/server/test/support/keyword-planner-files';
import { signUp, startRemoteBenchServer, type RemoteBenchServer } from './support';

const ROWS = 100_000;
const MB = 1024 * 1024;

interface Memory {
  rss: number;
  heapUsed: number;
}

/**
 * A Keyword Planner download of 100,000 rows (UTF-16, tab-separated, the largest the import takes)
 * imported into a new project over HTTP: the time until the answer, and the server's memory (RSS
 * and V8 heap) before, at its peak while importing, and once answered.
 */
export async function benchKeywordPlanner(server: RemoteBenchServer): Promise<Array<[string, string, string]>> {
  const owner = await signUp(server.baseUrl, `planner-${Date.now()}@bench.test`);
  const [project] = await server.database.db
    .insert(projects)
    .values({ userId: owner.id, name: 'Bench Planner', country: 'United States', city: 'Denver', language: 'English' })
    .returning({ id: projects.id });
  const projectId = project!.id;
  const file = plannerFile(realisticPlannerRows(ROWS));

  const memory = async () => (await (await fetch(`${server.baseUrl}/api/bench/memory`)).json()) as Memory;
  const before = await memory();
  const peak = { ...before };
  const sampler = setInterval(() => {
    void memory().then(({ rss, heapUsed }) => {
      peak.rss = Math.max(peak.rss, rss);
      peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
    });
  }, 25);
  const form = new FormData();
  form.append('file', new Blob([file]), 'Keyword Stats 2026-11-23 at 10_15_42.csv');
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/projects/${projectId}/keyword-planner-import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  const answer = (await response.json()) as { added?: number };
  const importMs = performance.now() - started;
  clearInterval(sampler);
  const after = await memory();
  if (answer.added !== ROWS) throw new Error(`the import answered ${response.status} ${JSON.stringify(answer)}`);

  const growth = (value: number) => `${value >= 0 ? '+' : ''}${(value / MB).toFixed(0)} MB`;
  return [
    [
      `Keyword Planner import, ${ROWS.toLocaleString('en-US')} rows (${(file.length / MB).toFixed(1)} MB UTF-16)`,
      `${importMs.toFixed(0)} ms`,
      '',
    ],
    [
      '  server memory while importing (peak)',
      `RSS ${growth(peak.rss - before.rss)}, heap ${growth(peak.heapUsed - before.heapUsed)}`,
      '',
    ],
    [
      '  server memory once answered',
      `RSS ${growth(after.rss - before.rss)}, heap ${growth(after.heapUsed - before.heapUsed)}`,
      '',
    ],
  ];
}

// `npx tsx bench/keyword-planner.ts`: only these rows.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startRemoteBenchServer();
  try {
    const rows = await benchKeywordPlanner(server);
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\n${'measure'.padEnd(width)} | result | budget`);
    for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)} | ${value} | ${budget}`);
  } finally {
    await server.close();
  }
}
