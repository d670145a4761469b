// One load run from start to end: the instances and their database, the users' data, the load, and where the CPU went.
import { LoadClient } from './client';
import {
  databaseBackendCpuSeconds,
  machineCpuSeconds,
  processCpuSeconds,
  startLoadCluster,
  type ClusterOptions,
} from './cluster';
import { prepareLoadUsers, type FixtureSize } from './fixtures';
import { runLoad, type LoadReport } from './generator';

export interface ScenarioOptions extends ClusterOptions {
  size: FixtureSize;
  rate: number;
  seconds: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface CpuShare {
  /** Each instance's CPU during the load, in cores (1 = one core busy all the time). */
  instances: number[];
  generator: number;
  /** The PostgreSQL backends serving the run's database (not the server's background processes). */
  database: number;
  /** Everything else busy on the machine: other work there, PostgreSQL's background processes. */
  rest: number | null;
  cores: number | null;
}

export interface ScenarioReport extends LoadReport {
  prepareSeconds: number;
  cpu: CpuShare;
  /** Lines the instances logged at error level during the whole scenario. */
  serverErrorLines: string[];
}

export async function runLoadScenario(options: ScenarioOptions): Promise<ScenarioReport> {
  const log = options.log ?? (() => {});
  const cluster = await startLoadCluster(options);
  try {
    log(`load: ${cluster.baseUrls.length} instances at ${cluster.baseUrls.join(', ')}`);
    const preparedAt = performance.now();
    const client = new LoadClient(cluster.baseUrls);
    const users = await prepareLoadUsers(client, options.size).finally(() => client.close());
    const prepareSeconds = (performance.now() - preparedAt) / 1000;
    log(
      `load: ${users.length} users prepared in ${prepareSeconds.toFixed(1)} s; ${options.rate} calls/s for ${options.seconds} s`,
    );

    const cpuBefore = cluster.pids.map(processCpuSeconds);
    const backendsBefore = databaseBackendCpuSeconds(cluster.databaseName);
    const machineBefore = machineCpuSeconds();
    const generatorBefore = process.cpuUsage();
    const wallBefore = performance.now();
    const report = await runLoad({
      baseUrls: cluster.baseUrls,
      users,
      rate: options.rate,
      seconds: options.seconds,
      timeoutMs: options.timeoutMs,
    });
    const wall = (performance.now() - wallBefore) / 1000;
    const generatorUsage = process.cpuUsage(generatorBefore);
    const generator = (generatorUsage.user + generatorUsage.system) / 1e6 / wall;
    const instances = cluster.pids.map((pid, i) => {
      const after = processCpuSeconds(pid);
      const before = cpuBefore[i];
      return after == null || before == null ? 0 : (after - before) / wall;
    });
    let databaseSeconds = 0;
    for (const [pid, seconds] of databaseBackendCpuSeconds(cluster.databaseName)) {
      databaseSeconds += seconds - (backendsBefore.get(pid) ?? 0);
    }
    const database = databaseSeconds / wall;
    const machineAfter = machineCpuSeconds();
    let rest: number | null = null;
    let cores: number | null = null;
    if (machineBefore && machineAfter) {
      const busy = (machineAfter.busy - machineBefore.busy) / wall;
      cores = Math.round((machineAfter.total - machineBefore.total) / wall);
      rest = Math.max(0, busy - generator - database - instances.reduce((sum, value) => sum + value, 0));
    }
    return {
      ...report,
      prepareSeconds,
      cpu: { instances, generator, database, rest, cores },
      serverErrorLines: cluster.errorLogLines(),
    };
  } finally {
    await cluster.close();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The report as lines for a console: the whole run, each journey, each 10 s, and the CPU. */
export function describeLoadReport(report: ScenarioReport): string[] {
  const lines = [
    `load: ${report.sent} calls at ${report.rate}/s for ${report.seconds} s; ${report.throughput.toFixed(1)} answers/s; ` +
      `p50 ${ms(report.overall.p50)}, p95 ${ms(report.overall.p95)}, p99 ${ms(report.overall.p99)}, max ${ms(report.overall.max)}; ` +
      `${report.errorCount} errors`,
  ];
  const width = Math.max(...report.journeys.map((journey) => journey.name.length));
  for (const journey of report.journeys) {
    lines.push(
      `  ${journey.name.padEnd(width)}  n=${String(journey.count).padStart(6)}  p50 ${ms(journey.p50).padStart(7)}  ` +
        `p95 ${ms(journey.p95).padStart(7)}  p99 ${ms(journey.p99).padStart(7)}  max ${ms(journey.max).padStart(7)}  errors ${journey.errors}`,
    );
  }
  lines.push(
    `  each 10 s (calls, p99): ${report.windows.map((window) => `${window.count}/${ms(window.p99)}`).join(', ')}`,
  );
  lines.push(`  users prepared through the API in ${report.prepareSeconds.toFixed(1)} s`);
  lines.push(`  start lag of the generator: p99 ${ms(report.startLag.p99)}, max ${ms(report.startLag.max)}`);
  const cores = (value: number) => value.toFixed(2);
  lines.push(
    `  CPU during the load, in cores: instances ${report.cpu.instances.map(cores).join(' + ')}, ` +
      `PostgreSQL backends ${cores(report.cpu.database)}, generator ${cores(report.cpu.generator)}` +
      (report.cpu.rest == null
        ? ''
        : `, everything else ${cores(report.cpu.rest)}; the machine has ${report.cpu.cores}`),
  );
  for (const error of report.errors) lines.push(`  error: ${error.journey}: ${error.call}: ${error.problem}`);
  for (const line of report.serverErrorLines.slice(0, 10)) lines.push(`  server logged: ${line.slice(0, 300)}`);
  return lines;
}
