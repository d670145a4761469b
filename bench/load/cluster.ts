// Keywright instances in their own processes sharing one PostgreSQL database, as DESIGN.md's scale-out section runs them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, withDatabase } from '../../apps/server/src/db/admin';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { claimPort } from '../../apps/server/test/support/ports';
import { LOAD_ORIGIN } from './client';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ClusterOptions {
  instances?: number;
  /** The built server (`apps/server/dist`, as `npm start` runs it) or the source through tsx (no build needed). */
  server: 'dist' | 'source';
  /** A PostgreSQL server to make a fresh database on (dropped at the end); unset: an embedded one in a temporary directory. */
  databaseServerUrl?: string;
}

export interface LoadCluster {
  baseUrls: string[];
  pids: number[];
  /** The database the instances share; its PostgreSQL backends carry the name in their process titles. */
  databaseName: string;
  /** Lines the instances logged at error level or above (pino's JSON lines), for the report. */
  errorLogLines(): string[];
  close(): Promise<void>;
}

interface Instance {
  child: ChildProcess;
  port: number;
  output: string;
  exited: Promise<void>;
}

function startInstance(options: ClusterOptions, databaseUrl: string, dataDir: string, port: number): Instance {
  const entry =
    options.server === 'dist'
      ? [path.join(repoRoot, 'apps/server/dist/server.js')]
      : ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // Shared by every instance, so a session made on one is good on the others.
      AUTH_SECRET: 'load-secret-load-secret-load-secret-0123',
      APP_URL: LOAD_ORIGIN,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RUN_JOBS: 'true',
      // Every user signs in from loopback: the per-address limit would stop the load, not a guesser.
      AUTH_SIGN_IN_PER_MINUTE: '1000000',
      // Offline providers, whatever the calling shell has set.
      METRICS_PROVIDER: 'estimate',
      LLM_BASE_URL: '',
      LLM_API_KEY: '',
      LLM_MODEL: '',
      OIDC_ISSUER: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = {
    child,
    port,
    output: '',
    exited: new Promise((resolve) => child.once('exit', () => resolve())),
  };
  const collect = (chunk: Buffer) => {
    instance.output += chunk.toString();
    if (instance.output.length > 1_000_000) instance.output = instance.output.slice(-500_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return instance;
}

function untilRunning(instance: Instance): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (instance.output.includes('is running at')) resolve();
    };
    instance.child.stdout!.on('data', check);
    check();
    void instance.exited.then(() => reject(new Error(`a load instance exited: ${instance.output.slice(-2000)}`)));
  });
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGTERM');
  const killer = setTimeout(() => instance.child.kill('SIGKILL'), 20_000);
  await instance.exited;
  clearTimeout(killer);
}

/** A fresh database and `instances` Keywright processes on it, each listening on its own loopback port. */
export async function startLoadCluster(options: ClusterOptions): Promise<LoadCluster> {
  const instanceCount = options.instances ?? 2;
  if (options.server === 'dist' && !existsSync(path.join(repoRoot, 'apps/server/dist/server.js'))) {
    throw new Error('apps/server/dist/server.js is missing: run `npm run build` first');
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keywright-load-'));
  chmodSync(dir, 0o755); // when run as root, PostgreSQL runs as the postgres user and must reach its directory
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(dir, { recursive: true, force: true })];
  const instances: Instance[] = [];
  const name = `keywright_load_${randomBytes(4).toString('hex')}`;
  const close = async () => {
    await Promise.all(instances.map(stopInstance));
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    let serverUrl = options.databaseServerUrl;
    if (!serverUrl) {
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
      cleanups.push(() => embedded.stop());
      serverUrl = embedded.url;
    }
    await adminQuery(serverUrl, `create database ${name}`);
    const adminUrl = serverUrl;
    cleanups.push(() => adminQuery(adminUrl, `drop database if exists ${name} with (force)`));
    const databaseUrl = withDatabase(serverUrl, name);

    // One after the other: the first applies the migrations, the others find them applied.
    for (let i = 0; i < instanceCount; i++) {
      const instance = startInstance(options, databaseUrl, path.join(dir, `instance-${i}`), await claimPort());
      instances.push(instance);
      await untilRunning(instance);
    }
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  return {
    baseUrls: instances.map((instance) => `http://127.0.0.1:${instance.port}`),
    pids: instances.map((instance) => instance.child.pid!),
    databaseName: name,
    errorLogLines: () =>
      instances.flatMap((instance) =>
        instance.output.split('\n').filter((line) => /"level":(50|60)/.test(line) || /^\s*Error\b/.test(line)),
      ),
    close,
  };
}

/** Seconds of CPU a process has used (user and system), from /proc; null where there is no /proc. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The machine's busy and total CPU seconds over all cores, from /proc/stat; null where there is none. */
export function machineCpuSeconds(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // user nice system idle iowait irq softirq steal (guest time is counted in user already)
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const idle = ticks[3]! + ticks[4]!; // idle and iowait
    const total = ticks.reduce((sum, value) => sum + value, 0);
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return null;
  }
}

/**
 * CPU seconds so far of each PostgreSQL backend serving `databaseName` (its process title reads
 * `postgres: user database host(port) ...`), by pid; empty where there is no /proc.
 */
export function databaseBackendCpuSeconds(databaseName: string): Map<number, number> {
  const seconds = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return seconds;
  }
  for (const entry of entries) {
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(databaseName)) continue;
      const cpu = processCpuSeconds(Number(entry));
      if (cpu != null) seconds.set(Number(entry), cpu);
    } catch {
      // gone meanwhile
    }
  }
  return seconds;
}
