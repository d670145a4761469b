// Mixed traffic from 50 users on two built instances sharing one PostgreSQL, at a fixed arrival rate.
// `npm run bench` runs it in full; `npx tsx bench/load.ts` runs only it (after `npm run build`).
// LOAD_RPS and LOAD_SECONDS shorten it for a quick try; LOAD_DATABASE_URL names a PostgreSQL server to use
// (a fresh database is made there and dropped) instead of an embedded one.
import { fileURLToPath } from 'node:url';
import type { FixtureSize } from './load/fixtures';
import { describeLoadReport, runLoadScenario } from './load/scenario';

const TARGET = { rate: 200, seconds: 300, p99Ms: 250 };

/** Per user: three projects of 60 keywords, a list of 30 of them to read and one whose items come and go. */
export const benchLoadSize: FixtureSize = {
  users: 50,
  projectsPerUser: 3,
  keywordsPerProject: 60,
  browseListItems: 30,
  workListItems: 15,
};

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${raw}`);
  return value;
}

export async function benchLoad(): Promise<Array<[string, string, string]>> {
  const rate = positiveNumber('LOAD_RPS', TARGET.rate);
  const seconds = positiveNumber('LOAD_SECONDS', TARGET.seconds);
  const report = await runLoadScenario({
    server: 'dist',
    databaseServerUrl: process.env.LOAD_DATABASE_URL || undefined,
    size: benchLoadSize,
    rate,
    seconds,
    log: (line) => console.log(line),
  });
  for (const line of describeLoadReport(report)) console.log(line);

  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const held = report.throughput >= 0.98 * rate;
  const meets = report.errorCount === 0 && report.overall.p99 < TARGET.p99Ms && held;
  const isTargetRun = rate >= TARGET.rate && seconds >= TARGET.seconds;
  const budget =
    `${meets ? 'meets' : 'MISSES'} 0 errors, p99 < ${TARGET.p99Ms} ms, rate held` +
    (isTargetRun ? '' : ` (at ${rate}/s for ${seconds} s; the budget is ${TARGET.rate}/s for ${TARGET.seconds} s)`);
  const rows: Array<[string, string, string]> = [
    [
      `load: 50 users, 2 instances, one PostgreSQL, ${rate} calls/s for ${seconds} s`,
      `${report.throughput.toFixed(1)} answers/s; p50 ${ms(report.overall.p50)}, p95 ${ms(report.overall.p95)}, ` +
        `p99 ${ms(report.overall.p99)}; ${report.errorCount} errors`,
      budget,
    ],
  ];
  for (const journey of report.journeys) {
    rows.push([
      `  load: ${journey.name} (${journey.count} calls)`,
      `p50 ${ms(journey.p50)}, p95 ${ms(journey.p95)}, p99 ${ms(journey.p99)}; ${journey.errors} errors`,
      '',
    ]);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchLoad();
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n${'measure'.padEnd(width)} | result | budget`);
  for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)} | ${value} | ${budget}`);
}
