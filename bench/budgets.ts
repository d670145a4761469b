// `npx tsx bench/budgets.ts`: only the throughput budgets of DESIGN.md (pages against the
// authenticated `select 1`), seeded as bench/keywords.ts, bench/projects.ts and bench/keyword-lists.ts
// seed them, measured ROUNDS times in turn so each ratio comes with its spread.
//   ROUNDS=3 SECONDS=5      rounds, and seconds per measure
//   PIN=1                   load generator on core 1, the server (and its PostgreSQL) on core 0
//   CPU_PROF=dir            the server writes a CPU profile (node --cpu-prof) into dir on exit
//   ONLY=projects,lists     seed and measure only the named groups (keywords, projects, lists)
//   KEEP=1                  keep the server and its database up at the end, until SIGINT
//   MATCH=regexp            measure only these; NO_YARDSTICK=1: without the select 1 runs
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { connect } from '../apps/server/src/db/client';
import { keywordLists, projects } from '../apps/server/src/db/schema';
import { cyclingPages, signUp, throughput } from './support';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const ONLY = new Set((process.env.ONLY ?? 'keywords,projects,lists').split(','));

if (process.env.PIN) execFileSync('taskset', ['-p', '-c', '1', String(process.pid)]);
const child = spawn(
  process.execPath,
  [
    ...(process.env.CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROF] : []),
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'server-process.ts'),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_SERVER_ENV: '{}' } },
);
// Pinned before it starts its PostgreSQL, which inherits the core.
if (process.env.PIN) execFileSync('taskset', ['-p', '-c', '0', String(child.pid)]);
process.on('exit', () => child.kill('SIGTERM'));
const line = await new Promise<string>((resolve, reject) => {
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const newline = output.indexOf('\n');
    if (newline >= 0) resolve(output.slice(0, newline));
  });
  child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
});
const { baseUrl, databaseUrl } = JSON.parse(line) as { baseUrl: string; databaseUrl: string };
const database = connect(databaseUrl, 4);
const { pool, db } = database;

/** `nextPath`: a new path per request, so no page asked is one answered before (see `throughput`). */
const measures: Array<{ name: string; url: string; token: string; nextPath?: () => string }> = [];

if (ONLY.has('projects')) {
  const owner = await signUp(baseUrl, 'bench-projects@example.com');
  await db.insert(projects).values(
    Array.from({ length: 1000 }, (_, i) => ({
      userId: owner.id,
      name: `Project ${i + 1}`,
      description: `A benchmark project about topic ${i % 37}`,
      country: ['United States', 'Germany', 'France'][i % 3]!,
      city: ['New York', 'Berlin', 'Paris', 'Austin'][i % 4]!,
      language: ['English', 'German', 'French'][i % 3]!,
    })),
  );
  measures.push({ name: 'projects list (1,000)', url: `${baseUrl}/api/projects`, token: owner.token });
}

if (ONLY.has('keywords')) {
  const owner = await signUp(baseUrl, 'bench-keywords@example.com');
  const [project] = await db
    .insert(projects)
    .values({ userId: owner.id, name: 'Bench Keywords', description: 'A project with many keywords' })
    .returning({ id: projects.id });
  await pool.query(
    `insert into keywords (project_id, keyword, normalized, source, created_at)
     select $1, 'keyword idea ' || g, 'keyword idea ' || g, 'import', now() - g * interval '1 second'
     from generate_series(1, 100000) g`,
    [project!.id],
  );
  await pool.query(
    `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
       competition_index, low_bid_micros, high_bid_micros, difficulty)
     select 'estimate', '|', '', 'keyword idea ' || g, 1000, 'Medium', 50,
       100000 + (g % 97) * 50000, 100000 + (g % 97) * 50000 + (g % 13) * 200000, 40
     from generate_series(1, 100000) g`,
  );
  await pool.query('vacuum analyze keywords');
  await pool.query('vacuum analyze keyword_metrics');
  const page = `${baseUrl}/api/projects/${project!.id}/keywords/page`;
  measures.push(
    { name: 'keywords first page', url: `${page}?page=1`, token: owner.token },
    { name: 'keywords deep page', url: `${page}?page=4990`, token: owner.token },
    { name: 'keywords figures page', url: `${page}?page=1&metrics=true`, token: owner.token },
    { name: 'keywords CPC filter p1', url: `${page}?page=1&metrics=true&minCpc=1&maxCpc=2`, token: owner.token },
    { name: 'keywords CPC filter p200', url: `${page}?page=200&metrics=true&minCpc=1&maxCpc=2`, token: owner.token },
    // Every request a page not asked before: the cost of making a page, not of answering it again.
    { name: 'keywords pages, each new', url: page, token: owner.token, nextPath: cyclingPages(page, 5000) },
    {
      name: 'figures pages, each new',
      url: page,
      token: owner.token,
      nextPath: cyclingPages(page, 5000, '&metrics=true'),
    },
  );
}

if (ONLY.has('lists')) {
  const owner = await signUp(baseUrl, 'bench-lists@example.com');
  const [project] = await db
    .insert(projects)
    .values({ userId: owner.id, name: 'Bench Lists', description: 'A project whose keywords fill lists' })
    .returning({ id: projects.id });
  const projectId = project!.id;
  await pool.query(
    `insert into keywords (project_id, keyword, normalized, source, created_at)
     select $1, 'list keyword ' || g, 'list keyword ' || g, 'import', now() - g * interval '1 second'
     from generate_series(1, 10000) g`,
    [projectId],
  );
  await pool.query(
    `insert into keyword_metrics (provider, geo, language, keyword, avg_monthly_searches, competition,
       competition_index, low_bid_micros, high_bid_micros, difficulty)
     select 'estimate', '|', '', 'list keyword ' || g, 1000, 'Medium', 50,
       100000 + (g % 97) * 50000, 100000 + (g % 97) * 50000 + (g % 13) * 200000, 40
     from generate_series(1, 10000) g`,
  );
  const lists = await db
    .insert(keywordLists)
    .values(
      Array.from({ length: 1000 }, (_, i) => ({
        userId: owner.id,
        name: `List ${i + 1}`,
        projectId: i % 2 === 0 ? projectId : null,
      })),
    )
    .returning({ id: keywordLists.id });
  const bigListId = lists[0]!.id;
  await pool.query(
    `insert into keyword_list_items (list_id, keyword_id, added_at)
     select $1, k.id, now() - (row_number() over (order by k.id)) * interval '1 second'
     from keywords k where k.project_id = $2`,
    [bigListId, projectId],
  );
  await pool.query(
    `insert into keyword_list_items (list_id, keyword_id)
     select l.id, k.id from keyword_lists l
     join lateral (select id from keywords where project_id = $2 order by id offset (l.id % 1000) limit 10) k on true
     where l.user_id = $1 and l.id <> $3`,
    [owner.id, projectId, bigListId],
  );
  for (const table of ['keyword_lists', 'keyword_list_items', 'keywords', 'keyword_metrics'])
    await pool.query(`vacuum analyze ${table}`);
  const list = `${baseUrl}/api/keyword-lists/${bigListId}`;
  measures.push(
    { name: 'lists page (1,000)', url: `${baseUrl}/api/keyword-lists`, token: owner.token },
    { name: 'list first page', url: `${list}?page=1`, token: owner.token },
    { name: 'list deep page', url: `${list}?page=490`, token: owner.token },
    { name: 'list figures page', url: `${list}?page=1&metrics=true`, token: owner.token },
  );
}

const token = measures[0]!.token;
if (process.env.MATCH)
  measures.splice(0, Infinity, ...measures.filter((m) => new RegExp(process.env.MATCH!).test(m.name)));
const withYardstick = !process.env.NO_YARDSTICK;
const baselines: number[] = [];
const ratios = new Map<string, number[]>();
const selectOne = () => throughput(`${baseUrl}/api/bench/select-1`, token, 20, SECONDS);
for (let round = 1; round <= ROUNDS; round++) {
  console.log(`round ${round}`);
  for (const measure of measures) {
    // The yardstick right before each measure, so the machine's load drifts little between the two.
    const baseline = withYardstick ? await selectOne() : 1;
    baselines.push(baseline);
    const value = await throughput(measure.url, measure.token, 20, SECONDS, measure.nextPath);
    const ratio = value / baseline;
    ratios.set(measure.name, [...(ratios.get(measure.name) ?? []), ratio]);
    console.log(
      `  ${measure.name.padEnd(26)} ${value.toFixed(0).padStart(6)} req/s against ${baseline.toFixed(0).padStart(6)}: ${(ratio * 100).toFixed(0)}%`,
    );
  }
}

const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
  return { min: sorted[0]!, median, max: sorted.at(-1)! };
};
const base = spread(baselines);
if (baselines.length)
  console.log(
    `\nSELECT 1: median ${base.median.toFixed(0)} req/s, ${base.min.toFixed(0)}–${base.max.toFixed(0)} ` +
      `(spread ${(((base.max - base.min) / base.median) * 100).toFixed(0)}%) over ${baselines.length} runs`,
  );
for (const [name, values] of ratios) {
  const { min, median, max } = spread(values);
  console.log(`${name.padEnd(26)} median ${pct(median)} (${pct(min)}–${pct(max)})`);
}

if (process.env.KEEP) {
  // For EXPLAIN by hand: the seeded database stays up until this process is interrupted.
  console.log(`database kept at ${databaseUrl}; Ctrl-C to stop`);
  for (const measure of measures) console.log(`${measure.name}: ${measure.url} (bearer ${measure.token})`);
  console.log(`server pid ${child.pid}, ${baseUrl}`);
  await new Promise((resolve) => process.once('SIGINT', resolve));
}
await database.close();
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
